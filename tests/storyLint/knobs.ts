// A knob a story step offers must change what its step runs. Moving it (to every other option of
// an enum; to half and twice its value, within its range, otherwise) must change the scenario the
// engine compiles (the normalised JSON: a value another field overrides normalises back), the
// knob must apply to the step's drive and workload (`when`, device kinds), and no `inert` rule of
// the catalogue may hold for the step (the engine's own "this knob does nothing here because …").
import type { Catalog } from '../../web/src/engine/types';
import { knobApplies, type Knob } from '../../web/src/scenario/knobs';
import { getPath, jsonText, setPath, type Json, type JsonObject } from '../../web/src/scenario/paths';

export interface KnobProblem {
  at: string;
  message: string;
}

/** The values a reader could move a knob to from `current`. */
export function movesOf(knob: Knob, current: Json | undefined): Json[] {
  if (knob.options?.length) {
    const asText = current === undefined ? undefined : jsonText(current);
    return knob.options.filter((o) => o !== asText).map((o) => (typeof current === 'number' && Number.isFinite(Number(o)) ? Number(o) : o));
  }
  if (typeof current === 'boolean') return [!current];
  const base = typeof current === 'number' ? current : (knob.min ?? 0);
  const clamp = (v: number) => Math.min(knob.max ?? Infinity, Math.max(knob.min ?? -Infinity, v));
  const whole = knob.kind === 'int' || knob.kind === 'bytes';
  const candidates = base === 0 ? [clamp(knob.max ?? 1), clamp(1)] : [clamp(base / 2), clamp(base * 2)];
  return [...new Set(candidates.map((v) => (whole ? Math.round(v) : v)))].filter((v) => v !== current);
}

/** Why a knob does nothing on this scenario, by the catalogue's own rules; null when it may act. */
export function deadBecause(knob: Knob, scenario: JsonObject): string | null {
  if (!knobApplies(knob, scenario)) return `it does not apply to this drive or workload${knob.when ? ` (only while ${knob.when.path} = ${knob.when.equals})` : ''}`;
  const inert = (knob.inert ?? []).find((r) => jsonText(getPath(scenario, r.path) ?? null) === r.equals);
  return inert ? `inert: ${inert.reason}` : null;
}

/** The knob moved as a form moves it: a knob that is a view of another sets that one to 0. */
export function moved(knob: Knob, scenario: JsonObject, value: Json): JsonObject {
  const next = setPath(scenario, knob.path, value);
  return knob.view_of ? setPath(next, knob.view_of, 0) : next;
}

/**
 * Every problem with the knobs a preset step offers. `compile` is the engine's validate: the
 * normalised scenario JSON (throws when the engine refuses it, which is a problem too).
 */
export async function lintStepKnobs(at: string, scenario: JsonObject, paths: readonly string[], catalog: Catalog, compile: (json: string) => Promise<string>): Promise<KnobProblem[]> {
  const problems: KnobProblem[] = [];
  const base = await compile(JSON.stringify(scenario));
  for (const path of paths) {
    const knob = catalog.knobs.find((k) => k.path === path);
    if (!knob) {
      problems.push({ at, message: `${path}: no such knob` });
      continue;
    }
    const dead = deadBecause(knob, scenario);
    if (dead) problems.push({ at, message: `${path}: ${dead}` });
    const moves = movesOf(knob, getPath(scenario, path));
    if (moves.length === 0) problems.push({ at, message: `${path}: nowhere to move it` });
    for (const value of moves) {
      let text: string;
      try {
        text = await compile(JSON.stringify(moved(knob, scenario, value)));
      } catch (e) {
        problems.push({ at, message: `${path} = ${jsonText(value)}: the engine refuses it (${(e as Error).message})` });
        continue;
      }
      if (text === base) problems.push({ at, message: `${path} = ${jsonText(value)}: the engine runs the same scenario (a dead knob)` });
    }
  }
  return problems;
}
