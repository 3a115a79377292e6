// The scenario as text: the JSON the editor holds, parsed or refused as the engine would word
// it, and the validation state every view of the scenario reads.
import type { CompiledRef } from '../engine/bridge';
import { EngineError, type EngineErrorData } from '../engine/errors';
import { isObject, type JsonObject } from '../scenario/paths';

export type Validation =
  | { status: 'pending' }
  /** `compiled`: the engine's compile of it, which its runs start from. */
  | { status: 'valid'; normalized: string; scenario: JsonObject; compiled: CompiledRef }
  /** The engine's refusal as data: forms mark `error.field`, nothing parses the message. */
  | { status: 'invalid'; error: EngineErrorData };

export function formatScenario(scenario: unknown): string {
  return JSON.stringify(scenario, null, 2);
}

/** Parses editor text into a scenario object, or returns the JSON syntax error (as the engine would name it). */
export function parseScenario(text: string): { scenario: JsonObject } | { error: EngineErrorData } {
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value)) return { error: { field: '', code: 'not_an_object', message: 'A scenario must be a JSON object' } };
    return { scenario: value };
  } catch (err) {
    return { error: { field: '', code: 'syntax', message: `Scenario JSON: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

/** Any failure as error data: an EngineError keeps its field and code; anything else is internal. */
export function errorData(err: unknown): EngineErrorData {
  if (err instanceof EngineError) return err.toData();
  return { field: '', code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
