// Does moving a knob change what the engine runs? The question the dead-knob test asks of every
// preset × slider knob, and a story linter of every knob a step offers. The move goes through the
// page's own edit path (`withValue`: followers, and a view of another quantity taking it over —
// over-provisioning sets the user capacity to 0), the engine compiles both scenarios, and their
// fingerprints (`Compiled.fingerprint`: what the engine runs after every default, override and
// derivation, not the JSON text) are compared. A knob the catalogue marks as doing nothing here
// (`Knob.inert`, shown at the knob in EN and JA) or that the page does not show (`knobApplies`)
// answers why instead; a refused value answers with the engine's refusal.
import { Compiled } from '../../web/src/engine/pkg/ssd_wasm.js';
import { isEngineErrorData, type EngineErrorData } from '../../web/src/engine/errors';
import { inertReason, type Inert } from '../../web/src/scenario/knobViews';
import { knobApplies, type Knob } from '../../web/src/scenario/knobs';
import { getPath, type Json, type JsonObject } from '../../web/src/scenario/paths';
import { withValue } from '../../web/src/session/scenarioEdits';
import type { CodecContext } from '../../web/src/scenario/urlCodec';
import { sliderStops } from '../../web/src/panels/knobSlider';
import { loadEngine } from './loadEngine';

export interface CompiledFingerprint {
  /** The scenario as the engine normalised it (what the knobs then show). */
  scenario: JsonObject;
  fingerprint: string;
}

/** Compiles a scenario with the engine (loaded on first use): its normalised form and fingerprint, or the refusal. */
export function compileFingerprint(scenario: JsonObject): CompiledFingerprint | { refused: EngineErrorData } {
  loadEngine();
  let compiled: Compiled;
  try {
    compiled = new Compiled(JSON.stringify(scenario));
  } catch (err) {
    if (isEngineErrorData(err)) return { refused: err };
    throw err;
  }
  try {
    return { scenario: JSON.parse(compiled.scenario_json()) as JsonObject, fingerprint: compiled.fingerprint() };
  } finally {
    compiled.free();
  }
}

export interface KnobMove {
  path: string;
  value: Json;
  /** The move changes what the engine runs. */
  changed: boolean;
  /** Why the knob does nothing here, as the page shows it at the knob (the engine's catalogue). */
  inert: Inert | null;
  /** The page does not show this knob for this scenario (another device kind, its `when`). */
  hidden: boolean;
  /** The engine refused the moved scenario (the page marks the knob with this). */
  refused: EngineErrorData | null;
  /** The scenario the move made (as the page sends it to the engine). */
  moved: JsonObject;
}

/**
 * Moves knob `path` of `scenario` to `value` the way the page does and says whether what the
 * engine runs changed, or why not. `scenario` must be one the engine accepts.
 */
export function knobMoveEffect(knobs: readonly Knob[], codec: CodecContext, scenario: JsonObject, path: string, value: Json): KnobMove {
  const knob = knobs.find((k) => k.path === path);
  if (!knob) throw new Error(`no knob ${path}`);
  const before = compileFingerprint(scenario);
  if ('refused' in before) throw new Error(`the scenario itself is refused: ${before.refused.field}: ${before.refused.message}`);
  const moved = withValue(before.scenario, path, value, { knobs, codec });
  const after = compileFingerprint(moved);
  const refused = 'refused' in after ? after.refused : null;
  return {
    path,
    value,
    changed: !refused && 'fingerprint' in after && after.fingerprint !== before.fingerprint,
    inert: inertReason(knob, before.scenario),
    hidden: !knobApplies(knob, before.scenario),
    refused,
    moved,
  };
}

/**
 * Values a reader could move a slider knob to from `current`: the slider's stops either side of
 * it and its two ends (each different from `current`, inside the knob's range).
 */
export function sliderTargets(knob: Knob, current: Json | undefined): number[] {
  const stops = sliderStops(knob);
  if (!stops) return [];
  const now = typeof current === 'number' ? current : 0;
  const below = stops.filter((s) => s < now).at(-1);
  const above = stops.find((s) => s > now);
  return [...new Set([below, above, stops[0], stops.at(-1)])].filter((v): v is number => v !== undefined && v !== now);
}

/** The current value of a knob in a scenario (for `sliderTargets`). */
export function knobValue(scenario: JsonObject, path: string): Json | undefined {
  return getPath(scenario, path);
}
