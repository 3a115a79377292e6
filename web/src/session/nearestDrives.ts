// "Nearest preset drive" (the page's `ssdsim fio compare --nearest`), the parts that need no
// engine: which drives to run the reader's job on, and how their comparisons are ranked. Kept
// apart from the runner so both are tested on their own.
import type { FioComparison } from '../engine/generated/FioComparison';
import type { ScenarioError } from '../engine/generated/ScenarioError';
import { sameJson, type JsonObject } from '../scenario/paths';

/** A preset as the catalogue lists it: its id and its normalised scenario. */
export interface PresetLike {
  name: string;
  scenario: unknown;
}

/** One drive to run the job on: the first preset with it, and the other presets sharing it. */
export interface DriveCandidate {
  preset: string;
  /** Other presets whose drive is the same (same device and scale): run once, named here. */
  alsoIn: string[];
  /** The reader's scenario with this drive in it. */
  scenario: JsonObject;
}

/**
 * What makes a preset's drive: its device and the scale it is simulated at. The scale travels
 * with the device because the preset's geometry is sized for it: a 1 TB drive at scale 1 could
 * exceed the page's memory ceiling that the preset was built to stay under.
 */
function driveOf(scenario: JsonObject): JsonObject {
  return { device: scenario.device ?? null, scale: scenario.scale ?? 1 };
}

/** The reader's scenario on a preset's drive: workload, precondition, host and seed stay the reader's. */
export function onDrive(current: JsonObject, preset: JsonObject): JsonObject {
  return { ...current, ...driveOf(preset) };
}

/**
 * Every shipped drive once, in the catalogue's order: presets that differ only in their workload
 * or precondition (the TLC drive of five presets, the FDP drive of six) give one run, not six.
 */
export function driveCandidates(presets: readonly PresetLike[], current: JsonObject): DriveCandidate[] {
  const out: (DriveCandidate & { drive: JsonObject })[] = [];
  for (const p of presets) {
    const scenario = p.scenario as JsonObject;
    const drive = driveOf(scenario);
    const same = out.find((c) => sameJson(c.drive, drive));
    if (same) same.alsoIn.push(p.name);
    else out.push({ preset: p.name, alsoIn: [], scenario: onDrive(current, scenario), drive });
  }
  return out.map(({ preset, alsoIn, scenario }) => ({ preset, alsoIn, scenario }));
}

/** One drive's outcome: its comparison (and the ceiling it stopped at, if any), or the engine's refusal. */
export type NearestRow =
  | { status: 'compared'; preset: string; alsoIn: string[]; comparison: FioComparison; stopped: ScenarioError | null }
  | { status: 'refused'; preset: string; alsoIn: string[]; message: string };

/** A compared row's distance; null when it has none (nothing to compare) or it was refused. */
export function distanceOf(row: NearestRow): number | null {
  const d = row.status === 'compared' ? row.comparison.geomean_ratio : null;
  return d !== null && Number.isFinite(d) ? d : null;
}

/**
 * Nearest first, as the CLI sorts: by the distance; rows with no distance after them, then the
 * refused ones, each group in the catalogue's order (the sort is stable), so none is hidden.
 */
export function rankNearest(rows: readonly NearestRow[]): NearestRow[] {
  const group = (r: NearestRow) => (r.status === 'refused' ? 2 : distanceOf(r) === null ? 1 : 0);
  return [...rows].sort((a, b) => group(a) - group(b) || (distanceOf(a) ?? 0) - (distanceOf(b) ?? 0));
}
