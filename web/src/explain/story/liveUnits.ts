// A live number in the unit of the chart beside it: a sentence that says "68.8 GiB" next to a
// chart in GB reads as a different number, so a story can ask for `{summary:id|gb}`. Only
// conversions within one dimension exist (sizes to sizes, times to times).
import type { DisplayUnit } from '../stories/schema';

/** Base units per display unit: bytes for sizes, microseconds for times. */
const SCALE: Record<DisplayUnit, { dim: 'size' | 'time'; per: number }> = {
  gb: { dim: 'size', per: 1e9 },
  gib: { dim: 'size', per: 2 ** 30 },
  tb: { dim: 'size', per: 1e12 },
  s: { dim: 'time', per: 1e6 },
  ms: { dim: 'time', per: 1e3 },
  us: { dim: 'time', per: 1 },
};

/** The engine's units a field may be converted from, as base units each. */
const FROM: Partial<Record<string, { dim: 'size' | 'time'; per: number }>> = {
  bytes: { dim: 'size', per: 1 },
  gib: SCALE.gib,
  gb: SCALE.gb,
  tb: SCALE.tb,
  s: SCALE.s,
  ms: SCALE.ms,
  us: SCALE.us,
};

/** The value in `to`, or null when the field's unit is not of the same kind (GB from a count). */
export function convertUnit(value: number, from: string, to: DisplayUnit): number | null {
  const f = FROM[from];
  const t = SCALE[to];
  if (!f || f.dim !== t.dim) return null;
  return (value * f.per) / t.per;
}

/** Whether a field in `from` can be shown in `to` (the contract test checks every placeholder). */
export function convertible(from: string, to: DisplayUnit): boolean {
  return convertUnit(1, from, to) !== null;
}
