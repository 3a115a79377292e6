// Which charts a run gets, decided from the engine's series roles and axis ids,
// never from names or unit text: the workload's headline, host throughput over time, the
// latency distribution, a hybrid's cache tier, write amplification, GC (and SLC folding), the
// mapping-cache tiers, the SLC cache's size and contents, and one chart per remaining axis pair,
// so a series the engine adds later is drawn without UI changes.
import type { SeriesMeta, SeriesRole } from '../engine/types';
import { headlineSeries, sameAxes } from '../session/headlineSeries';
import { HISTOGRAM_ROLE } from './latency';
import { isCauseSeries } from './causeSeries';

export type Mark = 'line' | 'dots' | 'bars';

export { sameAxes } from '../session/headlineSeries';

/** 'headline', 'throughput', 'latency', 'tier', 'waf', 'gc', 'mapping', 'slc_cache' (`<one of those>_by_<x axis id>`
 * for the same role on another x; `tier_<y axis id>` for the cache tier's other measures over time: promotion rate,
 * cached data), or `series-<id>` for the rest. */
export type ChartId = string;

export interface ChartDef {
  id: ChartId;
  /** Indexes into the run's series list. */
  series: number[];
  mark: Mark;
  /** What the chart is for: picks its title and its extra controls. */
  role: 'headline' | 'latency_trace' | 'cdf' | 'time' | 'other';
}


const isTime = (s: SeriesMeta) => s.x.id === 'time';

/**
 * Charts other than the headline, by the role they draw. `byY`: the role's series on the same
 * x that measure different things are charts of that role too (`<id>_<y axis id>`), titled
 * as such; otherwise they fall through to charts of their own axes.
 */
const BY_ROLE: [ChartId, SeriesRole, ChartDef['role'], byY?: boolean][] = [
  ['throughput', 'throughput', 'time'],
  ['latency', 'latency_cdf', 'cdf'],
  ['tier', 'tier', 'time', true],
  ['waf', 'waf', 'time'],
  ['gc', 'gc', 'time'],
  ['mapping', 'mapping', 'time'],
  ['slc_cache', 'slc_cache', 'time'],
];

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
  const withRole = (role: SeriesRole) => all.filter((i) => series[i].role === role);
  // The engine's latency histogram is the latency chart's other view, not a chart of its own.
  if (withRole('latency_cdf').length) all.filter((i) => (series[i].role as string) === HISTOGRAM_ROLE).forEach((i) => taken.add(i));
  // A latency trace's causes are stacked under the trace itself (causes/CauseStack.tsx), never charts of their own.
  all.filter((i) => isCauseSeries(series[i])).forEach((i) => taken.add(i));
  // The workload's own chart; a plain job has none, and its throughput over time leads instead.
  const heads = headlineSeries(series);
  if (heads.length) {
    const first = series[heads[0]];
    const trace = first.x.id === 'operation';
    const headMark: Mark = first.x.categories.length ? 'bars' : trace ? 'dots' : 'line';
    take('headline', heads, headMark, trace ? 'latency_trace' : 'headline');
  }
  for (const [id, role, chartRole, byY] of BY_ROLE) {
    // One chart holds one pair of axes. The role's series against another x get
    // `<id>_by_<x>` (the SLC cache against time and against data written); with `byY`, those
    // against the same x measuring another y get `<id>_<y>` (a cache tier's hit rate,
    // promotion rate and contents over time); any other axes fall through to a chart of
    // their own below.
    const members = withRole(role).filter((i) => !taken.has(i));
    if (!members.length) continue;
    // Over time first, where the role has a time series: the role's chart title says so.
    const lead = series[members.find((i) => isTime(series[i])) ?? members[0]];
    take(id, members.filter((i) => sameAxes(series[i], lead)), 'line', chartRole);
    for (const i of members) {
      const other = series[i];
      const sameX = other.x.id === lead.x.id;
      const sub = sameX ? `${id}_${other.y.id}` : `${id}_by_${other.x.id}`;
      if (taken.has(i) || (sameX && !byY) || defs.some((d) => d.id === sub)) continue;
      take(sub, members.filter((j) => sameAxes(series[j], other)), 'line', isTime(other) ? 'time' : 'other');
    }
  }
  for (const i of all) {
    if (taken.has(i)) continue;
    take(`series-${series[i].id}`, all.filter((j) => !taken.has(j) && sameAxes(series[j], series[i])), 'line', isTime(series[i]) ? 'time' : 'other');
  }
  return defs;
}

/**
 * True when x values grow geometrically (1, 2, 4, … GiB spans; 4 KiB … 1 MiB transfers): such
 * sweeps read best on a log axis, as the articles draw them. Evenly spaced values (time windows
 * of a long run: 7, 15, 22, … s) span a wide range too, but most of their steps are small.
 */
export function isGeometric(points: Float64Array): boolean {
  const xs: number[] = [];
  for (let i = 0; i < points.length; i += 2) xs.push(points[i]);
  if (xs.length < 3 || xs.length > 64 || xs.some((x) => !(x > 0))) return false;
  const steps = xs.slice(1).map((x, i) => x / xs[i]).sort((a, b) => a - b);
  return xs[xs.length - 1] / xs[0] >= 16 && steps[Math.floor(steps.length / 2)] >= 1.25;
}

/**
 * Figures whose claim is a ratio between drives: article 004's cached 5.3 MB/s against the disk's
 * 0.8 (both sat on the floor of a linear axis) and article 001's 61 against 45 MB/s (squashed
 * under the cache's 1,000), and the latency traces of articles 000 and 001, whose usual writes
 * (0.015 ms, 70 ms) sit on the floor under their spikes (12 ms, 6,300 ms). Their y axis starts
 * on a log scale, where equal ratios look equal; the reader's switch still turns it off. Keyed
 * by the engine's figure id.
 */
export const LOG_Y_FIGURES: ReadonlySet<string> = new Set(['article-000-write-latency', 'article-001-application-load', 'article-001-whole-drive-write', 'article-001-write-latency', 'article-004-cached-vs-not']);

/** The y scale a chart starts on: log for a ratio figure's chart that can take one. */
export function defaultLogY(figure: string | null | undefined, canLogY: boolean): boolean {
  return canLogY && !!figure && LOG_Y_FIGURES.has(figure);
}
