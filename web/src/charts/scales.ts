// Small chart helpers shared by every chart: tick text, axis titles, means, and thinning long
// series to what the pixels can show.
import { format } from 'd3';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const siFormat = format('~s');
const groupedFormat = format(',~r');

/** Axis tick text: plain digits up to 9999, SI prefixes beyond (12k, 1.5M); small values trimmed. */
export function formatTick(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 10_000) return siFormat(value);
  if (magnitude >= 1) return groupedFormat(Number(value.toPrecision(6)));
  return format('~g')(Number(value.toPrecision(3)));
}

/** "Throughput (MB/s)" style axis title; unitless axes get no empty brackets. */
export function axisTitle(name: string, unit: string): string {
  return unit ? `${name} (${unit})` : name;
}

/** Mean of the y values, for a reference line and the chart's caption. */
export function meanY(points: Float64Array): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 1; i < points.length; i += 2) {
    if (Number.isFinite(points[i])) {
      sum += points[i];
      n += 1;
    }
  }
  return n ? sum / n : null;
}

/**
 * The order to draw a line's points in, with -1 where the line breaks: between two points
 * further apart in x than `factor` times the usual (median) step. A series over time has a
 * point per window; a window with nothing to measure (no reads to hit a cache while the host
 * idles) has none, and a line drawn across the gap would show a trend that never happened.
 */
export function lineOrder(points: Float64Array, factor = 4): number[] {
  const n = points.length >> 1;
  const order = Array.from({ length: n }, (_, i) => i);
  if (n < 4) return order;
  const steps: number[] = [];
  for (let i = 1; i < n; i++) steps.push(points[2 * i] - points[2 * i - 2]);
  const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)];
  if (!(median > 0)) return order;
  const out: number[] = [0];
  for (let i = 1; i < n; i++) {
    if (steps[i - 1] > factor * median) out.push(-1);
    out.push(i);
  }
  return out;
}

/**
 * Thins a long series for drawing: per pixel column keeps the first, lowest, highest and last
 * point (in x order), so the drawn shape (spikes included) is unchanged while the path stays
 * ~4 points per pixel however long the run. Short series are returned as they are.
 */
export function decimateForWidth(points: Float64Array, x: (v: number) => number, widthPx: number): Float64Array {
  const n = Math.floor(points.length / 2);
  if (n <= 4 * Math.max(1, widthPx)) return points;
  const out = new Float64Array(8 * (Math.ceil(widthPx) + 2));
  let used = 0;
  let column = Number.NaN;
  let first = -1;
  let min = -1;
  let max = -1;
  let last = -1;
  const flush = () => {
    if (first < 0) return;
    const keep = [first, min, max, last].sort((a, b) => a - b);
    let previous = -1;
    for (const i of keep) {
      if (i === previous) continue;
      previous = i;
      if (used + 2 > out.length) return;
      out[used++] = points[2 * i];
      out[used++] = points[2 * i + 1];
    }
  };
  for (let i = 0; i < n; i++) {
    const c = Math.floor(x(points[2 * i]));
    const y = points[2 * i + 1];
    if (c !== column) {
      flush();
      column = c;
      first = min = max = last = i;
      continue;
    }
    last = i;
    if (y < points[2 * min + 1]) min = i;
    if (y > points[2 * max + 1]) max = i;
  }
  flush();
  return out.subarray(0, used);
}
