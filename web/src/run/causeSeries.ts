// A run's latency_cause series: the engine's `latency_cause.<id>`, one value per trace point.
import type { SeriesMeta } from '../engine/types';

export const CAUSE_ROLE = 'latency_cause';
const PREFIX = 'latency_cause.';

export function isCauseSeries(meta: Pick<SeriesMeta, 'role'>): boolean {
  return (meta.role as string) === CAUSE_ROLE;
}

/** Indexes of a run's latency_cause series. */
export function causeIndices(series: readonly SeriesMeta[]): number[] {
  return series.flatMap((s, i) => (isCauseSeries(s) ? [i] : []));
}

/** The cause id a series is for (`latency_cause.behind_erase` → `behind_erase`). */
export function causeIdOf(meta: Pick<SeriesMeta, 'id'>): string {
  return meta.id.startsWith(PREFIX) ? meta.id.slice(PREFIX.length) : meta.id;
}
