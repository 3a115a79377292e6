// D3 does the maths for the charts (scales, ticks, paths); React renders the resulting SVG.
import { format, line, area, scaleLinear, type ScaleLinear } from 'd3';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Frame {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  innerWidth: number;
  innerHeight: number;
}

/** Largest finite x and y in flat [x0, y0, x1, y1, ...] points (0 when empty). */
export function pointExtent(points: Float64Array): { xMax: number; yMax: number } {
  let xMax = 0;
  let yMax = 0;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i];
    const y = points[i + 1];
    if (Number.isFinite(x) && x > xMax) xMax = x;
    if (Number.isFinite(y) && y > yMax) yMax = y;
  }
  return { xMax, yMax };
}

/**
 * Scales for a chart of size width x height. Both axes start at zero (throughput and time
 * are never negative, and a zero baseline keeps bar-like reading honest). `xMaxHint` lets
 * the x axis span the whole planned run so the line grows across it instead of rescaling.
 */
export function chartFrame(points: Float64Array, width: number, height: number, margins: Margins, xMaxHint = 0): Frame {
  const innerWidth = Math.max(10, width - margins.left - margins.right);
  const innerHeight = Math.max(10, height - margins.top - margins.bottom);
  const { xMax, yMax } = pointExtent(points);
  const x = scaleLinear()
    .domain([0, Math.max(xMax, xMaxHint) || 1])
    .range([0, innerWidth]);
  const y = scaleLinear()
    .domain([0, yMax > 0 ? yMax * 1.08 : 1])
    .range([innerHeight, 0])
    .nice();
  return { x, y, innerWidth, innerHeight };
}

/** Indices 0..n-1 of the points, the datum the d3 shape generators iterate over. */
function indices(points: Float64Array): number[] {
  return Array.from({ length: Math.floor(points.length / 2) }, (_, i) => i);
}

export function linePath(points: Float64Array, frame: Frame): string {
  const gen = line<number>()
    .defined((i) => Number.isFinite(points[2 * i + 1]))
    .x((i) => frame.x(points[2 * i]))
    .y((i) => frame.y(points[2 * i + 1]));
  return gen(indices(points)) ?? '';
}

export function areaPath(points: Float64Array, frame: Frame): string {
  const gen = area<number>()
    .defined((i) => Number.isFinite(points[2 * i + 1]))
    .x((i) => frame.x(points[2 * i]))
    .y0(frame.innerHeight)
    .y1((i) => frame.y(points[2 * i + 1]));
  return gen(indices(points)) ?? '';
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
