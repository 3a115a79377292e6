// Which device kinds a scenario uses, for everything on the page that shows a knob, a summary
// value, a group or the block map only for some kinds (the engine's `devices` lists). A plain
// drive is one kind; a hybrid (`device.kind` hybrid) is its own kind plus the kinds of its two
// tiers, each described by the part of `device` that kind owns: an Optane H10-like module is
// hybrid + xpoint_ssd + nand_ssd, a Momentus XT-like disk hybrid + nand_ssd + hdd.
//
// The page keeps no device default of its own: every scenario it reads has come through the
// engine (a preset, a compile, the link codec over a preset), which fills `device.kind` and a
// hybrid's tiers in (the generated `Device` and `Tier` types require them). A fragment that
// does not name them (a test's partial object) has no kind known, and nothing is hidden for it.
import { getPath } from './paths';

/** The scenario's device kind (`device.kind`); null for a fragment that does not name one. */
export function deviceKind(scenario: unknown): string | null {
  const kind = getPath(scenario, 'device.kind');
  return typeof kind === 'string' ? kind : null;
}

/**
 * Every device kind in use: `device.kind`, and for a hybrid its cache and backing tiers'
 * kinds too (hybrid first, then cache, then backing; each once). Empty when the scenario
 * names no kind.
 */
export function deviceKinds(scenario: unknown): string[] {
  const kind = deviceKind(scenario);
  if (kind === null) return [];
  if (kind !== 'hybrid') return [kind];
  const tiers = (['cache', 'backing'] as const).map((part) => getPath(scenario, `device.tier.${part}`));
  return [...new Set([kind, ...tiers.filter((t): t is string => typeof t === 'string')])];
}

/** The device kinds in use (`deviceKinds`), or one kind alone. */
export type KindsInUse = string | readonly string[];

/**
 * True when something listed for `devices` (absent or empty: every kind) applies to a drive
 * using these kinds. A single kind stands for a drive of that kind alone; no kind known (a
 * fragment, `deviceKinds` empty) hides nothing.
 */
export function forDevices(devices: readonly string[] | null | undefined, kinds: KindsInUse): boolean {
  if (!devices?.length) return true;
  const inUse = typeof kinds === 'string' ? [kinds] : kinds;
  return inUse.length === 0 || devices.some((d) => inUse.includes(d));
}
