// Errors as data: the engine refuses a scenario with {field, code, message}, and
// the page keys on `field` (which control to mark) and `code` (what kind of problem), never on
// the English message. EngineError carries them through the worker and across Comlink.
import * as Comlink from 'comlink';
import type { ErrorCode } from './generated/ErrorCode';
import type { ScenarioError } from './generated/ScenarioError';

export type { ErrorCode };

/**
 * Every code once. A Record over the generated ErrorCode type, so a code the engine adds is a
 * type error here; the list is needed at run time to check a code arriving from outside.
 */
const CODES: Record<ErrorCode, true> = {
  syntax: true,
  not_an_object: true,
  invalid_type: true,
  unknown_field: true,
  invalid_option: true,
  out_of_range: true,
  not_whole_bytes: true,
  unsafe_integer: true,
  not_power_of_two: true,
  not_aligned: true,
  inconsistent: true,
  too_much_memory: true,
  too_much_work: true,
  too_much_time: true,
  unsupported_version: true,
  engine_abort: true,
  internal: true,
};
export const ERROR_CODES = Object.keys(CODES) as readonly ErrorCode[];

/**
 * A run stopped at one of the engine's ceilings (its work, its charts' points, its wall time),
 * not by its input.
 */
export function isCeilingStop(code: string): boolean {
  return code === 'too_much_memory' || code === 'too_much_work' || code === 'too_much_time';
}

/** What crosses the wasm and worker boundaries (the engine's ScenarioError): plain data. */
export type EngineErrorData = ScenarioError;

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
 * What the wasm threw, as an EngineError when it is a refusal; null when it is not (a trap such
 * as WebAssembly.RuntimeError "unreachable", or anything else unexpected): the instance is then
 * unusable and the caller must treat it as an abort.
 */
export function refusalFrom(thrown: unknown): EngineError | null {
  if (thrown instanceof EngineError) return thrown;
  if (isEngineErrorData(thrown)) return new EngineError(thrown);
  // The engine's last resort when its error would not serialise: text, still a refusal.
  if (typeof thrown === 'string') return new EngineError({ field: '', code: 'internal', message: thrown });
  // WebAssembly.RuntimeError ("unreachable": a Rust panic), a RangeError, a TypeError…
  return null;
}

/** A run (or any call) stopped on purpose: a newer run replaced it, or the reader stopped it. */
export class CancelledError extends Error {
  constructor() {
    super('Run cancelled');
    this.name = 'CancelledError';
  }
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
      // A run the worker stopped between chunks arrives as itself, so `instanceof` holds.
      if (serialized.isError && (serialized.value as { name?: unknown }).name === 'CancelledError') throw new CancelledError();
      if (serialized.isError) throw Object.assign(new Error(), serialized.value as object);
      throw serialized.value;
    },
  };
  Comlink.transferHandlers.set('throw', handler);
}
