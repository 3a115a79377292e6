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
function logTicks(scale: ScaleContinuousNumeric<number, number>, maxTicks: number): number[] {
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

  // y: from zero (rates, percentages and latencies are never negative) unless logarithmic.
  const ye = extent(input.series, 1, input.extraY);
  let yScale: ScaleContinuousNumeric<number, number>;
  const yLog = input.yScale === 'log' && Number.isFinite(ye.minPositive);
  if (yLog) {
    const lo = ye.minPositive;
    const hi = Math.max(ye.max, lo * 10);
    yScale = scaleLog().domain([lo / 1.3, hi * 1.3]).range([innerHeight, 0]).nice();
  } else {
    const hi = Number.isFinite(ye.max) && ye.max > 0 ? ye.max * 1.08 : 1;
    const lo = Number.isFinite(ye.min) && ye.min < 0 ? ye.min * 1.08 : 0;
    yScale = scaleLinear().domain([lo, hi]).range([innerHeight, 0]).nice();
  }
  const yTicks = yLog ? logTicks(yScale, 8) : yScale.ticks(Math.max(3, Math.min(7, Math.floor(innerHeight / 45))));

  if (categories.length) {
    const band: ScaleBand<number> = scaleBand<number>()
      .domain(categories.map((_, i) => i))
      .range([0, innerWidth])
      .paddingInner(0.28)
      .paddingOuter(0.14);
    return {
      innerWidth,
      innerHeight,
      x: (v) => (band(Math.round(v)) ?? 0) + band.bandwidth() / 2,
      y: (v) => yScale(v),
      xInvert: (px) => {
        const step = band.step();
        const i = Math.floor((px - band(0)! + (step - band.bandwidth()) / 2) / step);
        return Math.max(0, Math.min(categories.length - 1, i));
      },
      xTicks: categories.map((_, i) => i),
      yTicks,
      bandwidth: band.bandwidth(),
      xLog: false,
      yLog,
    };
  }

  const xe = extent(input.series, 0);
  const hint = input.xMaxHint ?? 0;
  let xScale: ScaleContinuousNumeric<number, number>;
  let xTicks: number[];
  const xLog = input.xScale === 'log' && Number.isFinite(xe.minPositive);
  const tickCount = Math.max(2, Math.floor(innerWidth / 90));
  if (xLog) {
    const lo = xe.minPositive;
    const hi = Math.max(xe.max, lo * 2);
    xScale = scaleLog().domain([lo / 1.25, hi * 1.25]).range([0, innerWidth]);
    // A sweep's own x values (1, 2, 4 … 64 GiB) make the best ticks.
    const distinct = [...new Set(xe.values)].filter((v) => v > 0).sort((a, b) => a - b);
    xTicks = distinct.length >= 2 && distinct.length <= 16 ? distinct : logTicks(xScale, tickCount);
  } else {
    const hi = Math.max(Number.isFinite(xe.max) ? xe.max : 0, hint);
    const lo = Number.isFinite(xe.min) && xe.min < 0 ? xe.min : 0;
    xScale = scaleLinear()
      .domain([lo, hi > lo ? hi : lo + 1])
      .range([0, innerWidth]);
    xTicks = xScale.ticks(tickCount);
    // A count on x (run, round, copy 1, 2, 3 …) has no half steps: whole-number ticks only.
    const counted = xe.values.length > 0 && input.series.every((p) => p.length <= 64) && xe.values.every(Number.isInteger);
    const whole = xTicks.filter(Number.isInteger);
    if (counted && whole.length >= 2) xTicks = whole;
  }
  return {
    innerWidth,
    innerHeight,
    x: (v) => xScale(v),
    y: (v) => yScale(v),
    xInvert: (px) => xScale.invert(px),
    xTicks,
    yTicks,
    bandwidth: 0,
    xLog,
    yLog,
  };
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
