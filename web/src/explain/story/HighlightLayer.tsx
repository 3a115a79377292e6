// What a story step asks the reader to look at, drawn on the chart itself: a vertical line (a
// knee, a cliff, a spike) or a shaded band, each with a short label. Drawn in the chart's own
// frame (the same d3 scales as the lines), behind the lines, so the data stays readable.
import type { ReactNode } from 'react';
import type { PlotFrame } from '../../charts/plotFrame';

export interface Mark {
  kind: 'knee' | 'cliff' | 'spike' | 'band';
  x: number;
  x2?: number;
  label: string;
}

const COLOR = '#b3261e';
const BAND = 'rgba(230, 159, 0, 0.1)';
const LABEL_GAP_PX = 16;

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

/** The layer itself, for Chart's `overlay` prop. */
export function highlightOverlay(marks: readonly Mark[]): ((frame: PlotFrame) => ReactNode) | undefined {
  if (marks.length === 0) return undefined;
  return function HighlightOverlay(frame: PlotFrame) {
    const placed = placeMarks(marks, frame);
    return (
      <g className="story-highlight" data-testid="story-highlight" pointerEvents="none">
        {placed.map(({ mark, left, right }, i) => {
          // Labels sit at the top, stacked so two marks close together do not print over each other.
          const y = 12 + (i % 3) * LABEL_GAP_PX;
          const nearRight = left > frame.innerWidth * 0.62;
          const anchor = nearRight ? 'end' : 'start';
          const tx = mark.kind === 'band' ? (nearRight ? right - 4 : left + 4) : nearRight ? left - 5 : left + 5;
          return (
            <g key={i} data-mark={mark.kind}>
              {mark.kind === 'band' ? (
                <rect x={left} y={0} width={Math.max(2, right - left)} height={frame.innerHeight} fill={BAND} stroke="rgba(230, 159, 0, 0.55)" strokeDasharray="4 3" />
              ) : (
                <line x1={left} x2={left} y1={0} y2={frame.innerHeight} stroke={COLOR} strokeWidth={1.6} strokeDasharray="6 4" />
              )}
              <text x={tx} y={y} textAnchor={anchor} fontSize={11.5} fontWeight={700} fill={COLOR} stroke="#fff" strokeWidth={3.5} paintOrder="stroke">
                {mark.label}
              </text>
            </g>
          );
        })}
      </g>
    );
  };
}
