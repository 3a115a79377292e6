// Reference-line labels without collisions: each label wants to sit just above its line, but
// percentiles crowd together (read p50/p99/p99.9 next to write's). A 1-D stacking pass
// keeps them `gap` px apart, as close to where they want to be as the bounds allow.

/**
 * Positions (label centres, px, y growing downwards) for labels that want to be at
 * `wanted`, each `gap` px from the next, within [min, max]. Returned in the input's order.
 * When the labels cannot all fit, they are spread evenly over the bounds (still in order).
 */
export function stackLabels(wanted: readonly number[], gap: number, min: number, max: number): number[] {
  const n = wanted.length;
  if (n === 0) return [];
  const order = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const room = max - min;
  if (gap * (n - 1) > room) {
    const step = n > 1 ? room / (n - 1) : 0;
    const out = new Array<number>(n);
    order.forEach((o, k) => (out[o.i] = min + k * step));
    return out;
  }
  // Top down: push each label below the one above it; then bottom up: pull back inside
  // `max`, pushing earlier ones up. The result is the closest non-overlapping placement.
  const ys = order.map((o) => Math.min(max, Math.max(min, o.y)));
  for (let k = 1; k < n; k++) ys[k] = Math.max(ys[k], ys[k - 1] + gap);
  if (ys[n - 1] > max) {
    ys[n - 1] = max;
    for (let k = n - 2; k >= 0; k--) ys[k] = Math.min(ys[k], ys[k + 1] - gap);
  }
  const out = new Array<number>(n);
  order.forEach((o, k) => (out[o.i] = ys[k]));
  return out;
}

/** True when no two positions are closer than `gap` (what the layout promises). */
export function separated(ys: readonly number[], gap: number): boolean {
  const sorted = [...ys].sort((a, b) => a - b);
  return sorted.every((y, k) => k === 0 || y - sorted[k - 1] >= gap - 1e-9);
}
