// What a story step asks the reader to look at, drawn on the chart itself: a vertical line (a
// knee, a cliff, a spike) or a shaded band, each with a short label. The marks are drawn in the
// chart's own frame (the same d3 scales as the lines), behind the lines, so the data stays
// readable; their labels go on top, each on a white plate, so no line strikes them through.
// A knee or cliff follows the data: a fixed x the run no longer bends at is moved to where it
// does, or left off (issue 27: a marker stayed when the data moved).
import type { ReactNode } from 'react';
import type { PlotSeries } from '../../charts/chartTypes';
import type { PlotFrame } from '../../charts/plotFrame';
import { followData, type Mark } from './markFollow';

/** Which part of the highlight Chart draws: the marks behind the lines, or their labels above. */
export type HighlightLayerName = 'under' | 'over';

const COLOR = '#b3261e';
const BAND = 'rgba(230, 159, 0, 0.1)';
const LABEL_GAP_PX = 16;
/** 11.5 px bold text: about 7 px a Latin character, 12 a Japanese one. */
const labelWidth = (text: string) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 7), 0);

/** Pixel positions of the marks inside the plot, clamped to it; a mark off a log axis (x ≤ 0) is dropped. */
export function placeMarks(marks: readonly Mark[], frame: Pick<PlotFrame, 'x' | 'innerWidth' | 'xLog'>): { mark: Mark; left: number; right: number }[] {
  const clamp = (px: number) => Math.max(0, Math.min(frame.innerWidth, px));
  return marks
    .filter((m) => !frame.xLog || (m.x > 0 && (m.x2 === undefined || m.x2 > 0)))
    .map((mark) => {
      const a = frame.x(mark.x);
      const b = mark.x2 === undefined ? a : frame.x(mark.x2);
      return { mark, left: clamp(Math.min(a, b)), right: clamp(Math.max(a, b)) };
    })
    .filter((p) => Number.isFinite(p.left) && Number.isFinite(p.right));
}

/** Where each label sits: its anchor x, baseline-centre y and plate, in plot px. */
export function placeLabels(placed: ReturnType<typeof placeMarks>, innerWidth: number) {
  return placed.map(({ mark, left, right }, i) => {
    // Rows at the top (the band the chart keeps clear above the data), stacked so two marks
    // close together do not print over each other.
    const y = 12 + (i % 3) * LABEL_GAP_PX;
    const nearRight = left > innerWidth * 0.62;
    let anchor: 'start' | 'end' = nearRight ? 'end' : 'start';
    let tx = mark.kind === 'band' ? (nearRight ? right - 4 : left + 4) : nearRight ? left - 5 : left + 5;
    const w = labelWidth(mark.label);
    // On a narrow (phone) plot a label would run past the plot's edge: it turns to stay inside.
    if (anchor === 'start' && tx + w > innerWidth) [anchor, tx] = ['end', innerWidth - 2];
    else if (anchor === 'end' && tx - w < 0) [anchor, tx] = ['start', 2];
    return { tx, y, anchor, plate: { x: anchor === 'start' ? tx - 3 : tx - w - 3, y: y - 8, width: w + 6, height: 16 } };
  });
}

/** The layer itself, for Chart's `overlay` prop: drawn once under the lines, once over them. */
export function highlightOverlay(marks: readonly Mark[]): ((frame: PlotFrame, layer?: HighlightLayerName, series?: readonly PlotSeries[]) => ReactNode) | undefined {
  if (marks.length === 0) return undefined;
  return function HighlightOverlay(frame: PlotFrame, layer: HighlightLayerName = 'under', series: readonly PlotSeries[] = []) {
    const placed = placeMarks(followData(marks, series, frame.xLog), frame);
    if (layer === 'over') {
      const labels = placeLabels(placed, frame.innerWidth);
      return (
        <g className="story-highlight-labels" data-testid="story-highlight-labels" pointerEvents="none">
          {placed.map(({ mark }, i) => (
            <g key={i} data-mark-label={mark.kind}>
              <rect {...labels[i].plate} rx={3} fill="#fff" fillOpacity={0.92} />
              <text x={labels[i].tx} y={labels[i].y} dy="0.32em" textAnchor={labels[i].anchor} fontSize={11.5} fontWeight={700} fill={COLOR}>
                {mark.label}
              </text>
            </g>
          ))}
        </g>
      );
    }
    return (
      <g className="story-highlight" data-testid="story-highlight" pointerEvents="none">
        {placed.map(({ mark, left, right }, i) => (
          <g key={i} data-mark={mark.kind} data-x={mark.x}>
            {mark.kind === 'band' ? (
              <rect x={left} y={0} width={Math.max(2, right - left)} height={frame.innerHeight} fill={BAND} stroke="rgba(230, 159, 0, 0.55)" strokeDasharray="4 3" />
            ) : (
              <line x1={left} x2={left} y1={0} y2={frame.innerHeight} stroke={COLOR} strokeWidth={1.6} strokeDasharray="6 4" />
            )}
          </g>
        ))}
      </g>
    );
  };
}
