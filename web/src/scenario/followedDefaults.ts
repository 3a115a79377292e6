// A knob whose default follows another field (the NAND timings follow the cell type: the
// engine's catalogue gives each cell type's datasheet values as `follows`). When that field
// changes, a value the scenario holds for such a knob was the old choice's timing, so it takes
// the new choice's default; an empty knob already follows the field on its own.
import { getPath, jsonText, setPath, type Json, type JsonObject } from './paths';
import type { Knob } from './knobs';
import { setView } from './knobViews';

/**
 * `scenario` with `path` set to `value` and every knob following `path` moved to its default for
 * `value`; a knob that is a view of another's quantity (over-provisioning) takes it over (knobViews.ts).
 */
export function setWithFollowers<T extends JsonObject>(knobs: readonly Knob[], scenario: T, path: string, value: Json): T {
  let next = setView(knobs, scenario, path, value);
  for (const knob of knobs) {
    const follows = knob.follows;
    if (!follows || follows.path !== path) continue;
    const held = getPath(next, knob.path);
    if (held === undefined || held === null) continue;
    const at = follows.options.indexOf(jsonText(value));
    if (at >= 0) next = setPath(next, knob.path, follows.values[at]);
  }
  return next;
}
