// The one place a JSON result of the wasm API becomes a TypeScript value: parsed and checked
// against its schema (schemas.ts), never cast. A result that does not match is refused as an
// EngineError naming the result and the path that failed, as the engine refuses a scenario, so
// the page shows an error where it would otherwise draw garbage.
import { en } from 'zod/locales';
import { z } from 'zod/mini';
import { EngineError } from './errors';
import { RESULTS, type ResultName, type ResultOf } from './schemas';

export type { ResultName, ResultOf } from './schemas';

// Zod Mini carries no messages of its own: the English ones, for the refusal's text.
z.config(en());

/** The schemas seen through their results' types, so a name picks its schema's type. */
const SCHEMAS: { [N in ResultName]: z.ZodMiniType<ResultOf<N>> } = RESULTS;

/** `json`, the wasm call `name`'s result, parsed and checked; an EngineError (code `internal`) if it does not match. */
export function engineResult<N extends ResultName>(name: N, json: string): ResultOf<N> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw malformed(name, [], `not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const checked = SCHEMAS[name].safeParse(value);
  if (checked.success) return checked.data;
  const [first, ...more] = checked.error.issues;
  return failed(name, first, more.length);
}

/** `json` itself, once it has passed as `name`: for results the page is handed as text (scenarios). */
export function checkedText(name: ResultName, json: string): string {
  engineResult(name, json);
  return json;
}

function failed(name: ResultName, issue: z.core.$ZodIssue | undefined, more: number): never {
  const also = more > 0 ? ` (and ${more} more ${more === 1 ? 'problem' : 'problems'})` : '';
  throw malformed(name, issue?.path ?? [], `${issue?.message ?? 'Invalid input'}${also}`);
}

/**
 * The refusal: `field` is the result's name and the dotted path in it (`summary.read_latency.p99_us`,
 * `presets[3].scenario`, as the engine names a scenario's fields); the message names the result.
 */
function malformed(name: ResultName, path: readonly PropertyKey[], problem: string): EngineError {
  const field = path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`), name);
  return new EngineError({ field, code: 'internal', message: `The engine's ${name} is not what the page expects: ${problem}` });
}
