// "Where the time goes" by percentile band: for reads and writes, one 100 % bar per band of the
// latency distribution (≤ p50, p50–p99, p99–p99.9, > p99.9) and one for the slowest command,
// each split by cause, from the engine's causes document.
import type { LatencyCauses, OpCauses } from '../../engine/types';
import { causeColor } from './causeColors';

/** The bands the engine gives, in order; `max` is the op's slowest command. */
export const BAND_IDS = ['to_p50', 'p50_p99', 'p99_p999', 'above_p999', 'max'] as const;
export type BandId = (typeof BAND_IDS)[number];

export interface BandPart {
  id: string;
  color: string;
  us: number;
  /** Of the row's mean, 0..1. */
  share: number;
}

export interface BandRow {
  band: BandId;
  /** Mean latency of the band's commands (the command's own latency for `max`), µs. */
  meanUs: number;
  count: number;
  fromUs: number;
  toUs: number;
  /** Non-zero causes in stacking order (bottom first becomes left first). */
  parts: BandPart[];
}

function parts(causes: readonly string[], values: readonly number[]): BandPart[] {
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  return causes.flatMap((id, i) => {
    const us = Math.max(0, values[i] ?? 0);
    return us > 0 ? [{ id, color: causeColor(id), us, share: total > 0 ? us / total : 0 }] : [];
  });
}

/**
 * The band a tail is read by, shown even when it holds no command: an empty p99–p99.9 band says
 * why (too few commands to tell p99.9 from p99, or none between them) instead of vanishing.
 */
export const TAIL_BAND: BandId = 'p99_p999';

/** One op's rows: its bands that hold commands (and the tail band always), then its slowest command. */
export function bandRows(causes: readonly string[], op: OpCauses): BandRow[] {
  const rows: BandRow[] = op.bands
    .filter((b) => (b.count > 0 || b.id === TAIL_BAND) && (BAND_IDS as readonly string[]).includes(b.id))
    .map((b) => ({ band: b.id as BandId, meanUs: b.mean_us, count: b.count, fromUs: b.from_us, toUs: b.to_us, parts: parts(causes, b.causes_us) }));
  rows.push({ band: 'max', meanUs: op.max.latency_us, count: 1, fromUs: op.max.latency_us, toUs: op.max.latency_us, parts: parts(causes, op.max.causes_us) });
  return rows;
}

/** The ops that ran, each with its rows. */
export function opBands(doc: LatencyCauses | null): { op: 'read' | 'write'; rows: BandRow[] }[] {
  if (!doc) return [];
  return (['read', 'write'] as const).flatMap((op) => {
    const c = doc[op];
    return c && c.count > 0 ? [{ op, rows: bandRows(doc.causes, c) }] : [];
  });
}

/** Causes that show in any row, in stacking order: the bars' shared legend. */
export function causesShown(doc: LatencyCauses | null): string[] {
  const seen = new Set(opBands(doc).flatMap((o) => o.rows.flatMap((r) => r.parts.map((p) => p.id))));
  return (doc?.causes ?? []).filter((id) => seen.has(id));
}
