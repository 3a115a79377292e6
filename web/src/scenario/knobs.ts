// The engine's knob table (`knobs()` in the wasm): one entry per scenario field the UI may
// edit, with unit, static range, label and help. The forms are built from it, so a knob the
// engine gains later shows up without UI code; the engine validates with the same table.
import { getPath, jsonText, type Json } from './paths';
import { parseBytes } from './bytes';
import { deviceKinds, forDevices, type KindsInUse } from './devices';

export { deviceKind, deviceKinds, type KindsInUse } from './devices';

// The knob entry's type is generated from the Rust table by ts-rs: never written twice.
import type { Knob } from '../engine/generated/Knob';
import type { Kind as KnobKind } from '../engine/generated/Kind';
// Where the knobs go (the panels' groups, the workload kinds in menu order): the engine's too.
import type { KnobLayout } from '../engine/generated/KnobLayout';
import type { LayoutGroup } from '../engine/generated/LayoutGroup';
import type { WorkloadKindText } from '../engine/generated/WorkloadKindText';
export type { Knob, KnobKind, KnobLayout, LayoutGroup, WorkloadKindText };

export function workloadKind(scenario: unknown): string {
  const kind = getPath(scenario, 'workload.kind');
  return typeof kind === 'string' ? kind : 'job';
}

/** True when a drive using these device kinds has this field (`devices` absent: every kind has it). */
export function knobForDevice(knob: Pick<Knob, 'devices'>, kinds: KindsInUse): boolean {
  return forDevices(knob.devices, kinds);
}

/**
 * The knobs that apply to a workload kind (workload fields exist only for some kinds) and,
 * given them, the device kinds in use (`deviceKinds`). Without them every kind's fields count:
 * the URL codec reads and writes a NAND field of an XPoint scenario too, so a value the user
 * set before switching kinds survives a share link and is there again when they switch back.
 */
export function knobsFor(knobs: readonly Knob[], kind: string, devices?: KindsInUse): Knob[] {
  return knobs.filter((k) => (!k.workloads?.length || k.workloads.includes(kind)) && (devices === undefined || knobForDevice(k, devices)));
}

export interface KnobGroup {
  group: string;
  knobs: Knob[];
  /** The group's place in the engine's layout (title, open at first); absent for a group it does not name yet. */
  place?: LayoutGroup;
}

/**
 * Knobs grouped in `order`; with `rest`, groups the order does not name (a group the engine
 * adds later, such as an SLC cache) follow, so they appear without a UI change.
 */
export function groupKnobs(knobs: readonly Knob[], order: readonly LayoutGroup[], rest: false | KnobLayout): KnobGroup[] {
  const known: { group: string; place?: LayoutGroup }[] = order.map((place) => ({ group: place.id, place }));
  if (rest) {
    const others = [...rest.device_groups, ...rest.workload_groups].map((g) => g.id);
    for (const k of knobs) if (!known.some((g) => g.group === k.group) && !others.includes(k.group)) known.push({ group: k.group });
  }
  return known.map((g) => ({ ...g, knobs: knobs.filter((k) => k.group === g.group) })).filter((g) => g.knobs.length > 0);
}

/** Knobs a workload kind uses, split into the Device and Workload panels. */
export function panelGroups(knobs: readonly Knob[], kind: string, layout: KnobLayout): { device: KnobGroup[]; workload: KnobGroup[] } {
  const usable = knobsFor(knobs, kind);
  return { device: groupKnobs(usable, layout.device_groups, layout), workload: groupKnobs(usable, layout.workload_groups, false) };
}

/**
 * The groups open when a panel is first drawn, as the engine's layout says: those open at first,
 * and those with a field holding a positive value (a drive with an SLC cache shows it at once).
 */
export function openAtFirst(groups: readonly KnobGroup[], scenario: unknown): string[] {
  const positive = (path: string) => {
    const v = getPath(scenario, path);
    return typeof v === 'number' && v > 0;
  };
  return groups.filter((g) => g.place && (g.place.open || g.place.open_when_positive?.some(positive))).map((g) => g.group);
}

/**
 * True when a knob matters in this scenario: a device kind in use has the field (no GC or SLC
 * cache on a 3D XPoint drive; a hybrid has its tiers' fields), and it has no `when` or the field its `when` names holds that value
 * (PCIe lanes only for PCIe, custom CrystalDiskMark tests only for the custom profile). A field
 * the scenario lacks keeps the knob shown. A hidden knob keeps its value in the scenario.
 */
export function knobApplies(knob: Knob, scenario: unknown): boolean {
  if (!knobForDevice(knob, deviceKinds(scenario))) return false;
  if (!knob.when) return true;
  const value = getPath(scenario, knob.when.path);
  return value === undefined || jsonText(value) === knob.when.equals;
}

/**
 * The drive has erase blocks to draw in the block map: a device kind in use has blocks per
 * plane in the knob table (a 3D XPoint drive, written in place, and a disk have none; a hybrid
 * with a NAND tier has its blocks).
 */
export function hasEraseBlocks(knobs: readonly Knob[], kinds: KindsInUse): boolean {
  return knobs.some((k) => k.path === 'device.nand.blocks_per_plane' && knobForDevice(k, kinds));
}

/** The drive has an SLC cache: a static part or a dynamic share of its free space. */
export function hasSlcCache(scenario: unknown): boolean {
  const positive = (path: string) => {
    const v = getPath(scenario, path);
    return typeof v === 'number' && v > 0;
  };
  return positive('device.slc_cache.dynamic_percent') || positive('device.slc_cache.static_bytes');
}

/** Enum options are text; fields such as PCIe lanes hold numbers. Keep the field's JSON type. */
export function enumValue(option: string, current: Json | undefined): Json {
  if (typeof current === 'number') {
    const n = Number(option);
    return Number.isFinite(n) ? n : option;
  }
  return option;
}

/** A size list as the engine stores it (bytes), from "1g, 2g, 4g". NaN entries mark typos. */
export function parseBytesList(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((t) => parseBytes(t));
}

/**
 * The knob an engine error's `field` belongs to: the knob itself, or the list knob holding an
 * entry ("workload.spans[2]" → workload.spans). Keyed on the structured field, never on text.
 */
export function knobForField(knobs: readonly Knob[], field: string | null | undefined): Knob | undefined {
  if (!field) return undefined;
  return knobs.find((k) => k.path === field || field.startsWith(`${k.path}[`));
}
