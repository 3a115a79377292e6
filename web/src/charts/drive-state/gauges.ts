// What each gauge of the drive-state panel reads: a value on a scale, never past it.
//
// The SLC cache is the one whose two numbers can cross. Its size is not fixed: it is the
// static part plus a share of the free native space, so it shrinks as native data grows
// (folded data, and host data written directly to native blocks once the cache ran out). The
// SLC blocks already written stay until they are folded and reclaimed, so for a while the
// cache holds more than its size now allows ("7.28 of 6.86 GB"). The gauge's scale is then
// what the SLC blocks hold, the size is a mark inside it, and the excess is named: waiting
// to be folded.
import type { DriveSnapshot } from '../../engine/types';

export type GaugeId = 'slc' | 'buffer' | 'free' | 'tier';

export interface GaugeReading {
  id: GaugeId;
  /** What the bar fills to, in the scale's unit. */
  value: number;
  /** The bar's full length: value ≤ scale. */
  scale: number;
  /** A mark on the bar (the SLC cache's size when its data is over it), in the scale's unit. */
  mark: number | null;
}

export interface SlcReading extends GaugeReading {
  id: 'slc';
  dataGb: number;
  sizeGb: number;
  /** GB held in SLC over the cache's size now (0 when within it). */
  overGb: number;
}

export function slcReading(slc: { data_gb: number; size_gb: number }): SlcReading {
  const dataGb = Math.max(0, slc.data_gb);
  const sizeGb = Math.max(0, slc.size_gb);
  const overGb = Math.max(0, dataGb - sizeGb);
  return { id: 'slc', value: dataGb, scale: Math.max(dataGb, sizeGb), mark: overGb > 0 && dataGb > 0 ? sizeGb : null, dataGb, sizeGb, overGb };
}

/** Every gauge the snapshot has, in the panel's order (the table lookups are shares, not a gauge). */
export function gaugeReadings(s: DriveSnapshot): GaugeReading[] {
  const out: GaugeReading[] = [];
  if (s.slc) out.push(slcReading(s.slc));
  // The engine's own values, unclamped: a test over every shipped run holds them within scale.
  if (s.buffer_percent !== null) out.push({ id: 'buffer', value: s.buffer_percent, scale: 100, mark: null });
  if (s.blocks > 0) out.push({ id: 'free', value: s.free_blocks, scale: s.blocks, mark: null });
  if (s.tier) out.push({ id: 'tier', value: s.tier.read_hit_percent ?? 0, scale: 100, mark: null });
  return out;
}

/** The bar's fill, 0..1 (drawn clamped; the test asks the reading itself to be in range). */
export function gaugeShare(g: GaugeReading): number {
  return g.scale > 0 ? Math.max(0, Math.min(1, g.value / g.scale)) : 0;
}
