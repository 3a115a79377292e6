// Which engine series the throughput chart shows. Engines report many series (mapping-cache
// hit rates, WAF, benchmark results); this chart wants data rates over one shared x axis.
import type { SeriesMeta } from '../engine/types';

const isRate = (s: SeriesMeta) => /B\/s$/i.test(s.y.unit);
const isTime = (s: SeriesMeta) => /^time$/i.test(s.x.name);
const sameAxes = (a: SeriesMeta, b: SeriesMeta) => a.x.name === b.x.name && a.x.unit === b.x.unit && a.y.unit === b.y.unit;

/**
 * Indexes of the throughput series to draw together: rates over time when there are any (read
 * and write), else the first group of rates sharing an x axis (a benchmark's result).
 */
export function throughputSeries(series: SeriesMeta[]): number[] {
  const rates = series.map((s, i) => (isRate(s) ? i : -1)).filter((i) => i >= 0);
  const timed = rates.filter((i) => isTime(series[i]));
  const pool = timed.length ? timed : rates;
  if (pool.length === 0) return [];
  const first = series[pool[0]];
  return pool.filter((i) => sameAxes(series[i], first));
}

/** "Throughput over time" for time series, "Throughput by access span" for a sweep. */
export function chartTitle(first: SeriesMeta | undefined): string {
  if (!first || isTime(first)) return 'Throughput over time';
  return `${first.y.name} by ${first.x.name.toLowerCase()}`;
}
