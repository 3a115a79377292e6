// Errors as data (CONTRACT §1): the engine refuses a scenario with {field, code, message}, and
// the page keys on `field` (which control to mark) and `code` (what kind of problem), never on
// the English message. EngineError carries them through the worker and across Comlink.
import * as Comlink from 'comlink';

/**
 * The engine's error codes (Rust `ErrorCode`, serde snake_case). Listed here, not only as a
 * type, because a code arriving from outside is checked against it at run time.
 */
export const ERROR_CODES = [
  'syntax',
  'not_an_object',
  'invalid_type',
  'unknown_field',
  'invalid_option',
  'out_of_range',
  'not_whole_bytes',
  'unsafe_integer',
  'not_power_of_two',
  'not_aligned',
  'inconsistent',
  'too_much_memory',
  'too_much_work',
  'unsupported_version',
  'engine_abort',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What crosses the wasm and worker boundaries: plain data, no prototype needed. */
export interface EngineErrorData {
  /** Dotted path of the field at fault ("workload.iodepth", "workload.spans[2]"), or "" for the whole document. */
  field: string;
  code: ErrorCode;
  /** English, for display only. */
  message: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export function isEngineErrorData(value: unknown): value is EngineErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.field === 'string' && isErrorCode(v.code) && typeof v.message === 'string';
}

export class EngineError extends Error {
  readonly field: string;
  readonly code: ErrorCode;

  constructor({ field, code, message }: EngineErrorData) {
    super(message);
    this.name = 'EngineError';
    this.field = field;
    this.code = code;
  }

  toData(): EngineErrorData {
    return { field: this.field, code: this.code, message: this.message };
  }
}

/** "workload.iodepth: must be …": the message for a place that does not sit at the field. */
export function describeError(error: EngineErrorData): string {
  return error.field ? `${error.field}: ${error.message}` : error.message;
}

/**
 * Until the engine throws {field, code, message} objects (CONTRACT §1), wasm-bindgen throws an
 * Error whose text is "field: message". Only this shim reads the text; the code is a guess
 * (`out_of_range` for a field, `syntax` for the document) and goes when the engine change lands.
 */
function fromLegacyText(text: string): EngineErrorData {
  const m = /^([A-Za-z_]\w*(?:\.\w+|\[\d+\])*):\s(.*)$/s.exec(text);
  return m ? { field: m[1], code: 'out_of_range', message: m[2] } : { field: '', code: 'syntax', message: text };
}

/**
 * What the wasm threw, as an EngineError when it is a refusal; null when it is not (a trap such
 * as WebAssembly.RuntimeError "unreachable", or anything else unexpected): the instance is then
 * unusable and the caller must treat it as an abort.
 */
export function refusalFrom(thrown: unknown): EngineError | null {
  if (thrown instanceof EngineError) return thrown;
  if (isEngineErrorData(thrown)) return new EngineError(thrown);
  if (typeof WebAssembly !== 'undefined' && thrown instanceof WebAssembly.RuntimeError) return null;
  // wasm-bindgen's JsError arrives as a plain Error (name "Error"); TypeError & co. are bugs.
  if (thrown instanceof Error && thrown.name === 'Error' && thrown.constructor === Error) return new EngineError(fromLegacyText(thrown.message));
  return null;
}

/** The error the worker raises once its wasm has trapped. */
export function abortError(thrown: unknown): EngineError {
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return new EngineError({ field: '', code: 'engine_abort', message: `The simulation engine stopped unexpectedly (${detail}).` });
}

interface SerializedThrow {
  isError: boolean;
  /** Set when the thrown value was an EngineError: field and code survive the trip. */
  engine?: EngineErrorData;
  value: unknown;
}

let registered = false;

/**
 * Replaces Comlink's 'throw' handler, which keeps only message/name/stack of an Error, with
 * one that also keeps an EngineError's field and code. Comlink's handler table is per realm,
 * so both the worker and the page call this (it is idempotent).
 */
export function registerErrorTransfer(): void {
  if (registered) return;
  registered = true;
  const builtIn = Comlink.transferHandlers.get('throw');
  if (!builtIn) throw new Error('Comlink has no throw handler to extend');
  const handler: Comlink.TransferHandler<{ value: unknown }, SerializedThrow> = {
    canHandle: (value): value is { value: unknown } => builtIn.canHandle(value),
    serialize({ value }) {
      if (value instanceof EngineError) {
        return [{ isError: true, engine: value.toData(), value: { message: value.message, name: value.name, stack: value.stack } }, []];
      }
      if (value instanceof Error) return [{ isError: true, value: { message: value.message, name: value.name, stack: value.stack } }, []];
      return [{ isError: false, value }, []];
    },
    deserialize(serialized) {
      if (serialized.engine && isEngineErrorData(serialized.engine)) throw new EngineError(serialized.engine);
      if (serialized.isError) throw Object.assign(new Error(), serialized.value as object);
      throw serialized.value;
    },
  };
  Comlink.transferHandlers.set('throw', handler);
}
