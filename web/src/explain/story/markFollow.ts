// A story's knee or cliff is where the data bends, not a number frozen when the story was
// written: when the engine's numbers move (a fitted parameter, a fix), the mark moves with them,
// or is left off when the run no longer bends near it.
import type { PlotSeries } from '../../charts/chartTypes';

/** A knee, cliff or spike a story points at (a vertical line), or a band: drawn by HighlightLayer. */
export interface Mark {
  kind: 'knee' | 'cliff' | 'spike' | 'band';
  x: number;
  x2?: number;
  label: string;
  /** Placed from the run's own summary (a story's `x_from`): already where this run bends. */
  fixed?: boolean;
}

/** A drop to below this share of the level before it is a knee or a cliff. */
const DROP = 0.8;
/** How far the data's knee may be from the story's: a factor of 2 on a log axis, 20 % of the range on a linear one. */
const NEAR_LOG = Math.log(2);
const NEAR_LINEAR = 0.2;

/** Moving median of 5, so one noisy window is not a cliff. */
function smooth(ys: number[]): number[] {
  return ys.map((_, i) => {
    const w = ys.slice(Math.max(0, i - 2), i + 3).sort((a, b) => a - b);
    return w[w.length >> 1];
  });
}

/**
 * Each line's steepest drop, as the x of the last point before it and the first after it: the
 * knee of a span sweep, the cliff where an SLC cache runs out. None for a line that never falls
 * below `DROP` of its level.
 */
export function dataKnees(series: readonly PlotSeries[]): [number, number][] {
  const knees: [number, number][] = [];
  for (const s of series) {
    const n = s.points.length >> 1;
    if (n < 3) continue;
    const xs = Array.from({ length: n }, (_, i) => s.points[2 * i]);
    const ys = smooth(Array.from({ length: n }, (_, i) => s.points[2 * i + 1]));
    let best = -1;
    let ratio = DROP;
    for (let i = 1; i < n; i++) {
      const r = ys[i - 1] > 0 ? ys[i] / ys[i - 1] : 1;
      if (r < ratio) [best, ratio] = [i, r];
    }
    if (best > 0) knees.push([xs[best - 1], xs[best]]);
  }
  return knees;
}

/**
 * The marks as the data has them: a knee or cliff moves to the nearest knee any line shows near
 * it, or is dropped when none does; spikes, bands and marks placed from the run's own summary
 * stay as written. With no data yet, as written.
 */
export function followData(marks: readonly Mark[], series: readonly PlotSeries[], xLog: boolean): Mark[] {
  // The step before's ghost line (ghost.ts, keys 'ghost-…') bends where that step's knee was:
  // a mark follows this step's own lines only (article 000's '48 GiB covered' was moved onto the
  // ghost's drop at 32 GiB).
  const drawn = series.filter((s) => s.points.length >= 6 && !s.key.startsWith('ghost-'));
  if (drawn.length === 0) return [...marks];
  const knees = dataKnees(drawn);
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of drawn) for (let i = 0; i < s.points.length; i += 2) [lo, hi] = [Math.min(lo, s.points[i]), Math.max(hi, s.points[i])];
  const distance = (a: number, b: number) => (xLog ? Math.abs(Math.log(a / b)) / NEAR_LOG : Math.abs(a - b) / (NEAR_LINEAR * (hi - lo || 1)));
  return marks.flatMap((m) => {
    if ((m.kind !== 'knee' && m.kind !== 'cliff') || m.fixed) return [m];
    // Inside a drop (between the points either side of it) the mark agrees with the data: a
    // knee from the summary (24 GiB covered, sampled at 16 and 32) stays where it is.
    if (knees.some(([a, b]) => m.x >= a && m.x <= b)) return [m];
    const near = knees.map(([, b]) => b).filter((k) => distance(k, m.x) <= 1).sort((a, b) => distance(a, m.x) - distance(b, m.x))[0];
    return near === undefined ? [] : [{ ...m, x: near }];
  });
}
