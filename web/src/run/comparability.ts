// Whether the current run belongs on a comparison. Pins share the chart's axes (or they are not
// drawn at all), but the same axes can carry different things: article 000's random-write
// figure and a random-read run are both "throughput against access span". Only ids decide:
// the workload kind, and each headline series' role, label id and axis ids and units.
import type { SeriesMeta } from '../engine/types';
import { workloadKind } from '../scenario/knobs';
import type { Pin } from '../session/pins';

export type Mismatch = 'workload' | 'quantity';

/** What a line measures, as ids: "headline/random_write/access_span:GiB/throughput:MB/s". */
export function quantityKey(meta: SeriesMeta): string {
  return `${meta.role}/${meta.label_id}/${meta.x.id}:${meta.x.unit}/${meta.y.id}:${meta.y.unit}`;
}

function kindOf(scenario: unknown): string | null {
  return scenario ? workloadKind(scenario) : null;
}

const keys = (metas: readonly SeriesMeta[]) => [...new Set(metas.map(quantityKey))].sort().join('|');

/**
 * Why the run is not comparable with the pins drawn (null when some pin measures what it
 * measures under the same kind of workload). No pins, or a run with nothing drawn yet: null.
 */
export function runMismatch(pins: readonly Pin[], runSeries: readonly SeriesMeta[], runScenario: unknown): Mismatch | null {
  if (pins.length === 0 || runSeries.length === 0) return null;
  const kind = kindOf(runScenario);
  const sameKind = pins.filter((p) => kindOf(p.scenario) === kind);
  if (sameKind.length === 0) return 'workload';
  const mine = keys(runSeries);
  return sameKind.some((p) => keys(p.series.map((s) => s.meta)) === mine) ? null : 'quantity';
}

/** The label ids the pins' lines carry (for the note: "the comparison measures random writes"). */
export function pinLabelIds(pins: readonly Pin[]): SeriesMeta[] {
  const seen = new Map<string, SeriesMeta>();
  for (const p of pins) for (const s of p.series) if (!seen.has(s.meta.label_id)) seen.set(s.meta.label_id, s.meta);
  return [...seen.values()];
}

export { kindOf as pinWorkloadKind };
