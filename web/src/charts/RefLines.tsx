// Reference lines (latency percentiles) and their labels. The lines are drawn beneath the
// data, thin and dashed, so a spike at p99 stays visible; the labels go above the data and
// are stacked so none overlaps another (read and write percentiles often crowd together).
import type { RefLine } from './chartTypes';
import type { PlotFrame } from './plotFrame';
import { stackLabels } from './labelLayout';

/** Height of one label line plus air, px. */
export const REF_LABEL_GAP = 15;
const LABEL_ABOVE = 7;

export function RefLineMarks({ lines, frame }: { lines: readonly RefLine[]; frame: PlotFrame }) {
  return (
    <g className="ref-lines">
      {lines.map((r) => (
        <line
          key={r.key}
          className="ref-line"
          data-ref={r.key}
          x1={0}
          x2={frame.innerWidth}
          y1={frame.y(r.value)}
          y2={frame.y(r.value)}
          stroke={r.color}
          strokeDasharray="4 4"
          strokeWidth={1}
          strokeOpacity={0.75}
        />
      ))}
    </g>
  );
}

/** Where each label's text sits (its baseline-centre y), collision-free inside the plot. */
export function refLabelPositions(lines: readonly RefLine[], frame: PlotFrame): number[] {
  return stackLabels(
    lines.map((r) => frame.y(r.value) - LABEL_ABOVE),
    REF_LABEL_GAP,
    REF_LABEL_GAP / 2,
    Math.max(REF_LABEL_GAP / 2, frame.innerHeight - REF_LABEL_GAP / 2),
  );
}

export function RefLineLabels({ lines, frame }: { lines: readonly RefLine[]; frame: PlotFrame }) {
  const ys = refLabelPositions(lines, frame);
  const right = frame.innerWidth - 4;
  return (
    <g className="ref-labels" pointerEvents="none">
      {lines.map((r, i) => {
        const lineY = frame.y(r.value);
        // A label pushed away from its line keeps a short leader back to it.
        const moved = Math.abs(ys[i] + LABEL_ABOVE - lineY) > 2;
        return (
          <g key={r.key} data-ref-label={r.key}>
            {moved && <line x1={right + 2} x2={right + 2} y1={ys[i]} y2={lineY} stroke={r.color} strokeWidth={1} strokeOpacity={0.6} />}
            <text x={right} y={ys[i]} dy="0.32em" textAnchor="end" fontSize={11} fontWeight={600} fill={r.color} stroke="#fff" strokeWidth={3} paintOrder="stroke">
              {r.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
