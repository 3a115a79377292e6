// Latency helpers: a histogram derived from the engine's latency CDF (quantiles), and the
// summary's percentiles as reference lines in the chart's unit.
import type { SeriesMeta, Summary, Unit } from '../engine/types';

/** The engine's own latency histogram (x = bin lower edge, y = % of operations, log bins). */
export const HISTOGRAM_ROLE = 'latency_histogram';

/** The run's histogram series for a CDF series (latency_cdf_read → latency_histogram_read), or -1. */
export function histogramIndex(series: readonly Pick<SeriesMeta, 'id' | 'role'>[], cdfId: string): number {
  const want = cdfId.replace(/^latency_cdf_/, 'latency_histogram_');
  // Compared as text: the role exists only in engines that export the histogram.
  return series.findIndex((s) => (s.role as string) === HISTOGRAM_ROLE && s.id === want);
}

/**
 * The engine's bins as step points: each lower edge → its share, closed by the last bin's upper
 * edge at 0 so the last bin has its width. The engine writes that closing point itself; bins
 * without it get one a log step further. Empty input stays empty.
 */
export function histogramSteps(bins: Float64Array): Float64Array {
  const n = bins.length >> 1;
  if (n === 0 || (n >= 2 && bins[2 * n - 1] === 0)) return bins;
  const out = new Float64Array(2 * (n + 1));
  out.set(bins);
  const last = bins[2 * (n - 1)];
  const ratio = n >= 2 && bins[2 * (n - 2)] > 0 ? last / bins[2 * (n - 2)] : 2;
  out[2 * n] = last * ratio;
  out[2 * n + 1] = 0;
  return out;
}

/**
 * Share of operations per latency bin (log-spaced bins), from CDF points (latency, % at or
 * below). Returned as step points: bin start → % of operations in the bin, plus a closing point.
 */
export function cdfToHistogram(cdf: Float64Array, bins = 32): Float64Array {
  const n = cdf.length >> 1;
  if (n < 2) return new Float64Array(0);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < n; i++) {
    xs.push(cdf[2 * i]);
    ys.push(cdf[2 * i + 1]);
  }
  const lo = Math.max(xs.find((x) => x > 0) ?? 1, 1e-9);
  const hi = Math.max(xs[n - 1], lo * 1.0001);
  // The CDF as a step function: the share at or below x is the largest quantile reached.
  const at = (x: number) => {
    let share = 0;
    for (let i = 0; i < n && xs[i] <= x; i++) share = ys[i];
    return share;
  };
  const ratio = Math.pow(hi / lo, 1 / bins);
  const out = new Float64Array(2 * (bins + 1));
  let edge = lo / Math.sqrt(ratio);
  let below = at(edge);
  for (let b = 0; b < bins; b++) {
    const next = b === bins - 1 ? hi * 1.0001 : edge * ratio;
    const share = at(next);
    out[2 * b] = edge;
    out[2 * b + 1] = Math.max(0, share - below);
    below = share;
    edge = next;
  }
  out[2 * bins] = edge;
  out[2 * bins + 1] = 0;
  return out;
}

/** Microseconds per unit (dividing keeps 22400 µs → 22.4 ms exact). */
const US_PER: Partial<Record<Unit, number>> = { us: 1, ms: 1e3, s: 1e6 };

export interface Percentile {
  op: 'read' | 'write';
  name: 'p50' | 'p99' | 'p99.9';
  /** In the chart's y unit. */
  value: number;
}

/** p50 / p99 / p99.9 of each operation kind that ran, converted from µs to `unit`. */
export function percentiles(summary: Summary | null, unit: Unit): Percentile[] {
  const per = US_PER[unit];
  if (!summary || per === undefined) return [];
  const out: Percentile[] = [];
  for (const op of ['read', 'write'] as const) {
    const l = op === 'read' ? summary.read_latency : summary.write_latency;
    if (!l || !(l.count > 0)) continue;
    out.push({ op, name: 'p50', value: l.p50_us / per }, { op, name: 'p99', value: l.p99_us / per }, { op, name: 'p99.9', value: l.p999_us / per });
  }
  return out;
}
