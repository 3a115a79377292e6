// Which device kinds a scenario uses, for everything on the page that shows a knob, a summary
// value, a group or the block map only for some kinds (the engine's `devices` lists). A plain
// drive is one kind; a hybrid (`device.kind` hybrid) is its own kind plus the kinds of its two
// tiers, each described by the part of `device` that kind owns: an Optane H10-like module is
// hybrid + xpoint_ssd + nand_ssd, a Momentus XT-like disk hybrid + nand_ssd + hdd.
import { getPath } from './paths';

/** What stores the data when a scenario does not say: scenarios older than the device seam. */
export const DEFAULT_DEVICE_KIND = 'nand_ssd';

/** The tiers of a hybrid whose `device.tier` does not name them (the engine's defaults). */
export const DEFAULT_TIERS = { cache: 'xpoint_ssd', backing: 'nand_ssd' } as const;

/** The scenario's device kind (`device.kind`); a scenario or link without one is a NAND SSD. */
export function deviceKind(scenario: unknown): string {
  const kind = getPath(scenario, 'device.kind');
  return typeof kind === 'string' ? kind : DEFAULT_DEVICE_KIND;
}

/**
 * Every device kind in use: `device.kind`, and for a hybrid its cache and backing tiers'
 * kinds too (hybrid first, then cache, then backing; each once).
 */
export function deviceKinds(scenario: unknown): string[] {
  const kind = deviceKind(scenario);
  if (kind !== 'hybrid') return [kind];
  const tier = (part: 'cache' | 'backing') => {
    const v = getPath(scenario, `device.tier.${part}`);
    return typeof v === 'string' ? v : DEFAULT_TIERS[part];
  };
  return [...new Set([kind, tier('cache'), tier('backing')])];
}

/** The device kinds in use (`deviceKinds`), or one kind alone. */
export type KindsInUse = string | readonly string[];

/**
 * True when something listed for `devices` (absent or empty: every kind) applies to a drive
 * using these kinds. A single kind stands for a drive of that kind alone.
 */
export function forDevices(devices: readonly string[] | null | undefined, kinds: KindsInUse): boolean {
  if (!devices?.length) return true;
  const inUse = typeof kinds === 'string' ? [kinds] : kinds;
  return devices.some((d) => inUse.includes(d));
}
