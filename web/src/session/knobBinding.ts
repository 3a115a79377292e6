// What a knob on screen is bound to: the scenario it reads, whether it differs from where it
// started, the engine's refusal (marked at the knob whose field it names) and the two ways to
// change it. The playground, an embed and a story step each hand their knobs one binding, so a
// knob works out nothing of its own and every edit takes the same validated path.
import type { EngineErrorData } from '../engine/errors';
import { knobForField, type Knob } from '../scenario/knobs';
import type { Json, JsonObject } from '../scenario/paths';

export interface KnobBinding {
  scenario: JsonObject;
  /** The workload kind (some knobs read differently per kind). */
  kind: string;
  /** Paths that differ from where the reader started (the preset, the story step). */
  edited: readonly string[];
  /** The engine's refusal of the scenario or of its run, if any. */
  error: EngineErrorData | null;
  set(path: string, value: Json): void;
  reset(path: string): void;
}

/** The path of the knob, among `knobs`, that the binding's refusal names (null: none of them). */
export function refusedKnob(binding: Pick<KnobBinding, 'error'>, knobs: readonly Knob[]): string | null {
  return knobForField(knobs, binding.error?.field)?.path ?? null;
}
