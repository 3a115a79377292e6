// Scales and ticks for the generic chart: linear or log on either axis, or named categories
// on x (benchmark tests as grouped bars). D3 does the maths; the chart renders the result.
import { scaleBand, scaleLinear, scaleLog, type ScaleBand, type ScaleContinuousNumeric } from 'd3';
import type { Margins } from './scales';

export type ScaleKind = 'linear' | 'log';

export interface FrameInput {
  series: readonly Float64Array[];
  width: number;
  height: number;
  margins: Margins;
  xScale: ScaleKind;
  yScale: ScaleKind;
  /** Named x positions 0, 1, 2, … (bars); empty for a numeric x. */
  categories?: readonly string[];
  /** Planned end of x (a run's runtime) so a live line grows across the chart. */
  xMaxHint?: number;
  /** Values the y axis must include (percentile lines). */
  extraY?: readonly number[];
}

export interface PlotFrame {
  innerWidth: number;
  innerHeight: number;
  x(value: number): number;
  y(value: number): number;
  /** Pixel → x value (for a numeric x); category index for bars. */
  xInvert(px: number): number;
  xTicks: number[];
  yTicks: number[];
  /** For bars: the width of one category's band. */
  bandwidth: number;
  xLog: boolean;
  yLog: boolean;
}

type Scale = ScaleContinuousNumeric<number, number>;

interface Extent {
  min: number;
  max: number;
  minPositive: number;
  values: number[];
}

function extent(series: readonly Float64Array[], offset: 0 | 1, extra: readonly number[] = []): Extent {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let minPositive = Number.POSITIVE_INFINITY;
  const values: number[] = [];
  const see = (v: number) => {
    if (!Number.isFinite(v)) return;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v > 0 && v < minPositive) minPositive = v;
  };
  for (const points of series) {
    for (let i = offset; i < points.length; i += 2) {
      see(points[i]);
      if (offset === 0 && points.length <= 64) values.push(points[i]);
    }
  }
  extra.forEach(see);
  return { min, max, minPositive, values };
}

/** Log ticks that stay readable: decades, plus 2 and 5 when the range is short. */
function logTicks(scale: Scale, maxTicks: number): number[] {
  const [a, b] = scale.domain();
  const decades = Math.log10(b / a);
  const all = scale.ticks(maxTicks);
  const keep = decades > 2.5 ? (t: number) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9 : (t: number) => /^[125]/.test(t.toExponential());
  const ticks = all.filter(keep);
  return ticks.length >= 2 ? ticks : all.slice(0, maxTicks);
}

export function plotFrame(input: FrameInput): PlotFrame {
  const { margins } = input;
  const innerWidth = Math.max(10, input.width - margins.left - margins.right);
  const innerHeight = Math.max(10, input.height - margins.top - margins.bottom);
  const categories = input.categories ?? [];
  const y = yAxis(input, innerHeight);
  const x = categories.length ? categoryAxis(categories, innerWidth) : numericXAxis(input, innerWidth);
  return { innerWidth, innerHeight, ...x, y: (v) => y.scale(v), yTicks: y.ticks, yLog: y.log };
}

/** y: from zero (rates, percentages and latencies are never negative) unless logarithmic. */
function yAxis(input: FrameInput, innerHeight: number): { scale: Scale; ticks: number[]; log: boolean } {
  const ye = extent(input.series, 1, input.extraY);
  let scale: Scale;
  const log = input.yScale === 'log' && Number.isFinite(ye.minPositive);
  if (log) {
    const lo = ye.minPositive;
    const hi = Math.max(ye.max, lo * 10);
    scale = scaleLog().domain([lo / 1.3, hi * 1.3]).range([innerHeight, 0]).nice();
  } else {
    const hi = Number.isFinite(ye.max) && ye.max > 0 ? ye.max * 1.08 : 1;
    const lo = Number.isFinite(ye.min) && ye.min < 0 ? ye.min * 1.08 : 0;
    scale = scaleLinear().domain([lo, hi]).range([innerHeight, 0]).nice();
  }
  const ticks = log ? logTicks(scale, 8) : scale.ticks(Math.max(3, Math.min(7, Math.floor(innerHeight / 45))));
  return { scale, ticks, log };
}

type XAxis = Pick<PlotFrame, 'x' | 'xInvert' | 'xTicks' | 'bandwidth' | 'xLog'>;

/** Named x positions (benchmark tests): one band each, bars grouped inside it. */
function categoryAxis(categories: readonly string[], innerWidth: number): XAxis {
  const band: ScaleBand<number> = scaleBand<number>()
    .domain(categories.map((_, i) => i))
    .range([0, innerWidth])
    .paddingInner(0.28)
    .paddingOuter(0.14);
  return {
    x: (v) => (band(Math.round(v)) ?? 0) + band.bandwidth() / 2,
    xInvert: (px) => {
      const step = band.step();
      const i = Math.floor((px - band(0)! + (step - band.bandwidth()) / 2) / step);
      return Math.max(0, Math.min(categories.length - 1, i));
    },
    xTicks: categories.map((_, i) => i),
    bandwidth: band.bandwidth(),
    xLog: false,
  };
}

function numericXAxis(input: FrameInput, innerWidth: number): XAxis {
  const xe = extent(input.series, 0);
  const xLog = input.xScale === 'log' && Number.isFinite(xe.minPositive);
  const tickCount = Math.max(2, Math.floor(innerWidth / 90));
  const { scale, ticks } = xLog ? logX(xe, innerWidth, tickCount) : linearX(input, xe, innerWidth, tickCount);
  return { x: (v) => scale(v), xInvert: (px) => scale.invert(px), xTicks: ticks, bandwidth: 0, xLog };
}

function logX(xe: Extent, innerWidth: number, tickCount: number): { scale: Scale; ticks: number[] } {
  const lo = xe.minPositive;
  const hi = Math.max(xe.max, lo * 2);
  const scale = scaleLog().domain([lo / 1.25, hi * 1.25]).range([0, innerWidth]);
  // A sweep's own x values (1, 2, 4 … 64 GiB) make the best ticks.
  const distinct = [...new Set(xe.values)].filter((v) => v > 0).sort((a, b) => a - b);
  return { scale, ticks: distinct.length >= 2 && distinct.length <= 16 ? distinct : logTicks(scale, tickCount) };
}

function linearX(input: FrameInput, xe: Extent, innerWidth: number, tickCount: number): { scale: Scale; ticks: number[] } {
  const hint = input.xMaxHint ?? 0;
  const hi = Math.max(Number.isFinite(xe.max) ? xe.max : 0, hint);
  const lo = Number.isFinite(xe.min) && xe.min < 0 ? xe.min : 0;
  const scale = scaleLinear()
    .domain([lo, hi > lo ? hi : lo + 1])
    .range([0, innerWidth]);
  const ticks = scale.ticks(tickCount);
  // A count on x (run, round, copy 1, 2, 3 …) has no half steps: whole-number ticks only.
  const counted = xe.values.length > 0 && input.series.every((p) => p.length <= 64) && xe.values.every(Number.isInteger);
  const whole = ticks.filter(Number.isInteger);
  return { scale, ticks: counted && whole.length >= 2 ? whole : ticks };
}

/** Index of the point whose x is nearest `x`, in points sorted by x (-1 when empty). */
export function nearestIndex(points: Float64Array, x: number): number {
  const n = points.length >> 1;
  if (n === 0) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[2 * mid] < x) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(points[2 * (lo - 1)] - x) <= Math.abs(points[2 * lo] - x)) return lo - 1;
  return lo;
}
