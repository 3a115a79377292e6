// Which charts a run gets, decided from the series' axes rather than hand-written per series:
// the workload's headline (the first series and its siblings), throughput over time, the
// latency distribution, WAF/GC, the mapping-cache tiers, and one chart per remaining axis
// pair, so a series the engine adds later is drawn without UI changes.
import type { SeriesMeta } from '../engine/types';

export type Mark = 'line' | 'dots' | 'bars';

/** 'headline', 'throughput', 'latency', 'waf', 'gc', 'mapping', or `series-<id>` for the rest. */
export type ChartId = string;

export interface ChartDef {
  id: ChartId;
  /** Indexes into the run's series list. */
  series: number[];
  mark: Mark;
  /** What the chart is for: picks its title and its extra controls. */
  role: 'headline' | 'latency_trace' | 'cdf' | 'time' | 'other';
}

const isTime = (s: SeriesMeta) => s.x.name === 'Time';
const isRate = (s: SeriesMeta) => /B\/s$/.test(s.y.unit);
const isGc = (s: SeriesMeta) => s.id.startsWith('gc_');
const sameAxes = (a: SeriesMeta, b: SeriesMeta) => a.x.name === b.x.name && a.x.unit === b.x.unit && a.y.unit === b.y.unit && a.x.categories.join() === b.x.categories.join();

export function chartDefs(series: readonly SeriesMeta[]): ChartDef[] {
  if (series.length === 0) return [];
  const taken = new Set<number>();
  const defs: ChartDef[] = [];
  const take = (id: ChartId, picked: number[], mark: Mark, role: ChartDef['role']) => {
    const free = picked.filter((i) => !taken.has(i));
    if (free.length === 0) return;
    free.forEach((i) => taken.add(i));
    defs.push({ id, series: free, mark, role });
  };
  const all = series.map((_, i) => i);
  const first = series[0];
  const headline = all.filter((i) => sameAxes(series[i], first) && isGc(series[i]) === isGc(first));
  const headMark: Mark = first.x.categories.length ? 'bars' : first.id === 'latency_trace' ? 'dots' : 'line';
  take('headline', headline, headMark, first.id === 'latency_trace' ? 'latency_trace' : 'headline');
  // Host throughput; GC's own copying gets its chart beside write amplification.
  take('throughput', all.filter((i) => isTime(series[i]) && isRate(series[i]) && !isGc(series[i])), 'line', 'time');
  take('latency', all.filter((i) => series[i].id.startsWith('latency_cdf')), 'line', 'cdf');
  take('waf', all.filter((i) => isTime(series[i]) && series[i].id === 'waf'), 'line', 'time');
  const gc = all.filter((i) => isTime(series[i]) && isGc(series[i]));
  const gcUnit = gc.length ? series[gc[0]].y.unit : '';
  take('gc', gc.filter((i) => series[i].y.unit === gcUnit), 'line', 'time');
  take('mapping', all.filter((i) => series[i].id.startsWith('map_')), 'line', 'time');
  for (const i of all) {
    if (taken.has(i)) continue;
    take(`series-${series[i].id}`, all.filter((j) => !taken.has(j) && sameAxes(series[j], series[i])), 'line', isTime(series[i]) ? 'time' : 'other');
  }
  return defs;
}

/**
 * True when x values grow geometrically (1, 2, 4, … GiB spans; 4 KiB … 1 MiB transfers): such
 * sweeps read best on a log axis, as the articles draw them.
 */
export function isGeometric(points: Float64Array): boolean {
  const xs: number[] = [];
  for (let i = 0; i < points.length; i += 2) xs.push(points[i]);
  if (xs.length < 3 || xs.length > 64 || xs.some((x) => !(x > 0))) return false;
  return xs[xs.length - 1] / xs[0] >= 16;
}
