// A run's headline: the series its first chart draws and a pin keeps.
import type { SeriesMeta } from '../engine/types';

/** Same axes: one chart can hold both (by axis id and unit id, and the same categories). */
export const sameAxes = (a: SeriesMeta, b: SeriesMeta) =>
  a.x.id === b.x.id && a.x.unit === b.x.unit && a.y.id === b.y.id && a.y.unit === b.y.unit && a.x.categories.join() === b.x.categories.join();

/**
 * The series a figure's member keeps as a pin: the one the figure names (CacheLib's figure is
 * write amplification, not the cache's throughput), else the run's headline.
 */
export function memberSeries(series: readonly SeriesMeta[], figure: { series?: string }): number[] {
  if (figure.series === undefined) return headlineSeries(series);
  const at = series.findIndex((s) => s.id === figure.series);
  return at < 0 ? [] : [at];
}

/** The workload's own series (a plain job has none: its throughput over time leads), those on the first one's axes. */
export function headlineSeries(series: readonly SeriesMeta[]): number[] {
  const all = series.map((_, i) => i);
  const withRole = (role: string) => all.filter((i) => series[i].role === role);
  const heads = withRole('headline').length ? withRole('headline') : withRole('throughput');
  return heads.length ? heads.filter((i) => sameAxes(series[i], series[heads[0]])) : [];
}
