// Knobs that are views of one quantity, and knobs that do nothing on this drive, as the engine's
// catalogue declares them. Over-provisioning and user capacity state one capacity two ways
// (`Knob.view_of`): a stated user capacity wins, and the scenario the engine normalises then holds
// the drive's over-provisioning, so the OP knob always shows the drive's real OP; setting OP sets
// the user capacity to 0 ("derive it from OP"), so OP decides. A knob with `inert` conditions
// does nothing while one holds (HMB size on a drive without HMB): the page says why at the knob.
import { getPath, jsonText, setPath, type Json, type JsonObject } from './paths';
import type { Knob } from './knobs';
import type { Inert } from '../engine/generated/Inert';

export type { Inert };

/** `scenario` with the knob at `path` set: a view of another quantity takes that one over. */
export function setView<T extends JsonObject>(knobs: readonly Knob[], scenario: T, path: string, value: Json): T {
  const other = knobs.find((k) => k.path === path)?.view_of;
  const next = setPath(scenario, path, value);
  return other && getPath(next, other) !== undefined ? setPath(next, other, 0) : next;
}

/** The paths a reset of `path` puts back: the knob and the other view of its quantity, either way round. */
export function viewPaths(knobs: readonly Knob[], path: string): string[] {
  const others = knobs.filter((k) => k.view_of === path).map((k) => k.path);
  const own = knobs.find((k) => k.path === path)?.view_of;
  return [...new Set([path, ...(own ? [own] : []), ...others])];
}

/** Why the knob does nothing in this scenario (the catalogue's first condition that holds), or null. */
export function inertReason(knob: Pick<Knob, 'inert'>, scenario: unknown): Inert | null {
  for (const inert of knob.inert ?? []) {
    const value = getPath(scenario, inert.path);
    if (value !== undefined && jsonText(value) === inert.equals) return inert;
  }
  return null;
}
