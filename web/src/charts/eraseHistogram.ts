// The drive's blocks by erase (P/E) count, kept apart from drawing so it can be tested: bins with
// integer edges (one per count when the counts span few values, else 1-2-5 widths giving at most
// 40 bins), and the numbers the chart marks and says — min, mean, max and the spread max − min,
// which static wear levelling keeps within its limit.

/** Blocks whose erase count is in `from..=to`. */
export interface EraseBin {
  from: number;
  to: number;
  blocks: number;
}

export interface EraseHistogram {
  bins: EraseBin[];
  /** Erase counts per bin (1: one bin per count). */
  width: number;
  blocks: number;
  min: number;
  max: number;
  mean: number;
  /** max − min: how unevenly the drive wore. */
  spread: number;
}

/** Most bins a histogram draws: a wider range gets wider bins. */
export const MAX_BINS = 40;

/**
 * The narrowest 1-2-5 bin width (1, 2, 5, 10, 20, 50, …) whose bins, with edges on its
 * multiples, cover `min..=max` in at most `MAX_BINS` bins.
 */
export function binWidth(min: number, max: number): number {
  for (let decade = 1; ; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const w = step * decade;
      if (Math.floor(max / w) - Math.floor(min / w) + 1 <= MAX_BINS) return w;
    }
  }
}

/** The histogram of `counts` (one erase count per block); no blocks gives no bins. */
export function eraseHistogram(counts: ArrayLike<number>): EraseHistogram {
  const n = counts.length;
  if (n === 0) return { bins: [], width: 1, blocks: 0, min: 0, max: 0, mean: 0, spread: 0 };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const c = counts[i];
    if (c < min) min = c;
    if (c > max) max = c;
    sum += c;
  }
  const width = binWidth(min, max);
  // Edges on multiples of the width, so the axis reads 0, 50, 100 rather than 37, 87, 137.
  const start = Math.floor(min / width) * width;
  const bins: EraseBin[] = [];
  for (let from = start; from <= max; from += width) bins.push({ from, to: from + width - 1, blocks: 0 });
  for (let i = 0; i < n; i++) bins[Math.floor((counts[i] - start) / width)].blocks += 1;
  return { bins, width, blocks: n, min, max, mean: sum / n, spread: max - min };
}

/**
 * The erase counts the x axis spans: the bins' edges, widened to at least `slots` bin widths
 * (centred, never below 0) so one or two bins draw as bars, not as the whole plot.
 */
export function histogramDomain(h: EraseHistogram, slots = 8): [number, number] {
  if (h.bins.length === 0) return [0, slots];
  const lo = h.bins[0].from;
  const hi = h.bins[h.bins.length - 1].to + 1;
  const missing = slots * h.width - (hi - lo);
  if (missing <= 0) return [lo, hi];
  const left = Math.min(lo, Math.floor(missing / 2 / h.width) * h.width);
  return [lo - left, hi + missing - left];
}
