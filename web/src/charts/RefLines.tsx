// Reference lines (latency percentiles, an article's numbers) and their labels. The lines are
// drawn beneath the data, thin and dashed, so a spike at p99 stays visible; the labels go above
// the data and are stacked so none overlaps another (read and write percentiles often crowd
// together). A line may cross the whole plot, run over part of x (an article's mean over a
// range), mark one point (a short dash), or stand upright at an x (where a line falls off).
import type { RefLine } from './chartTypes';
import type { PlotFrame } from './plotFrame';
import { stackLabels } from './labelLayout';

/** Height of one label line plus air, px. */
export const REF_LABEL_GAP = 15;
const LABEL_ABOVE = 7;
/** Half the width of the short mark at one point, px. */
const POINT_HALF = 14;
/** A label's width, estimated (11 px semibold text; a Japanese character is about twice a Latin one), to keep it inside the plot. */
const labelWidth = (text: string) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 11 : 6.3), 0);

interface Placed {
  line: RefLine;
  /** The line's ends, px. */
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  /** The label's anchor and baseline-centre, and where its leader meets the line. */
  tx: number;
  ty: number;
  anchor: 'start' | 'end';
  leaderTo: number;
}

/** Where a line is drawn, in px; null when it falls outside the plot (an upright line off the x range). */
function ends(r: RefLine, frame: PlotFrame): Pick<Placed, 'x1' | 'x2' | 'y1' | 'y2'> | null {
  if (r.vertical) {
    const x = frame.x(r.value);
    return Number.isFinite(x) && x >= 0 && x <= frame.innerWidth ? { x1: x, x2: x, y1: 0, y2: frame.innerHeight } : null;
  }
  const y = frame.y(r.value);
  if (!r.span) return { x1: 0, x2: frame.innerWidth, y1: y, y2: y };
  const [a, b] = r.span.map((v) => frame.x(v));
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  const [lo, hi] = a === b ? [a - POINT_HALF, a + POINT_HALF] : [Math.min(a, b), Math.max(a, b)];
  const clamp = (v: number) => Math.min(frame.innerWidth, Math.max(0, v));
  return { x1: clamp(lo), x2: clamp(hi), y1: y, y2: y };
}

/**
 * Every drawable line with its label placed: across lines stacked by y, upright ones in rows
 * from `top` px down. The rows above `top` belong to whatever else labels the top of the plot
 * (a story step's highlight): no label goes there, so a percentile near the top ("Write p99.9")
 * moves below them, with a leader back to its line, instead of printing over them.
 */
export function placeRefLines(lines: readonly RefLine[], frame: PlotFrame, top = 0): Placed[] {
  const drawn = lines.flatMap((line) => {
    const at = ends(line, frame);
    return at ? [{ line, ...at }] : [];
  });
  const across = drawn.filter((d) => !d.line.vertical);
  const ys = stackLabels(
    across.map((d) => d.y1 - LABEL_ABOVE),
    REF_LABEL_GAP,
    Math.min(top, frame.innerHeight / 2) + REF_LABEL_GAP / 2,
    Math.max(Math.min(top, frame.innerHeight / 2) + REF_LABEL_GAP / 2, frame.innerHeight - REF_LABEL_GAP / 2),
  );
  const right = frame.innerWidth - 4;
  // Upright labels take the first row from the top where they meet no other label.
  const rows: [number, number][][] = [];
  return drawn.map((d) => {
    const w = labelWidth(d.line.label);
    if (d.line.vertical) {
      const anchor = d.x1 + 4 + w <= frame.innerWidth ? 'start' : 'end';
      const from = anchor === 'start' ? d.x1 : d.x1 - w - 4;
      let row = rows.findIndex((r) => r.every(([a, b]) => from + w + 4 < a || from > b));
      if (row < 0) row = rows.push([]) - 1;
      rows[row].push([from, from + w + 4]);
      return { ...d, tx: anchor === 'start' ? d.x1 + 4 : d.x1 - 4, ty: top + REF_LABEL_GAP / 2 + row * REF_LABEL_GAP, anchor, leaderTo: NaN };
    }
    const ty = ys[across.indexOf(d)];
    if (!d.line.span) return { ...d, tx: right, ty, anchor: 'end', leaderTo: d.y1 };
    // A partial line's label sits just past its right end; where the plot ends first, before its
    // left end; where neither side has room, above the line from its left end.
    if (d.x2 + 6 + w <= frame.innerWidth) return { ...d, tx: d.x2 + 6, ty, anchor: 'start', leaderTo: d.y1 };
    if (d.x1 - 6 - w >= 0) return { ...d, tx: d.x1 - 6, ty, anchor: 'end', leaderTo: d.y1 };
    return { ...d, tx: Math.min(d.x1 + 2, frame.innerWidth - w), ty, anchor: 'start', leaderTo: d.y1 };
  });
}

/** Where each across line's label sits (its baseline-centre y), collision-free inside the plot. */
export function refLabelPositions(lines: readonly RefLine[], frame: PlotFrame): number[] {
  return placeRefLines(lines, frame).map((p) => p.ty);
}

export function RefLineMarks({ lines, frame }: { lines: readonly RefLine[]; frame: PlotFrame }) {
  return (
    <g className="ref-lines">
      {placeRefLines(lines, frame).map(({ line: r, x1, x2, y1, y2 }) => (
        <line
          key={r.key}
          className="ref-line"
          data-ref={r.key}
          x1={x1}
          x2={x2}
          y1={y1}
          y2={y2}
          stroke={r.color}
          strokeDasharray={r.dash ?? '4 4'}
          // A partial line is the article's number itself: a touch stronger than a percentile's.
          strokeWidth={r.span || r.vertical ? 1.5 : 1}
          strokeOpacity={r.span || r.vertical ? 0.9 : 0.75}
        />
      ))}
    </g>
  );
}

export function RefLineLabels({ lines, frame, top = 0 }: { lines: readonly RefLine[]; frame: PlotFrame; top?: number }) {
  return (
    <g className="ref-labels" pointerEvents="none">
      {placeRefLines(lines, frame, top).map(({ line: r, tx, ty, anchor, leaderTo }) => {
        // A label pushed away from its line keeps a short leader back to it.
        const moved = Number.isFinite(leaderTo) && Math.abs(ty + LABEL_ABOVE - leaderTo) > 2;
        const lx = anchor === 'end' ? tx + 2 : tx - 2;
        return (
          <g key={r.key} data-ref-label={r.key}>
            {moved && <line x1={lx} x2={lx} y1={ty} y2={leaderTo} stroke={r.color} strokeWidth={1} strokeOpacity={0.6} />}
            <text x={tx} y={ty} dy="0.32em" textAnchor={anchor} fontSize={11} fontWeight={600} fill={r.color} stroke="#fff" strokeWidth={3} paintOrder="stroke">
              {r.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
