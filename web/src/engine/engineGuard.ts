// What every part of the worker API shares: the promise of a usable wasm instance, and the
// guard that tells the engine refusing an input from the engine trapping.
import type * as wasmBindings from './pkg/ssd_wasm.js';
import { engineResult, type ResultName, type ResultOf } from './engineResult';
import { abortError, EngineError, refusalFrom } from './errors';

/** The wasm exports the API uses; tests pass a stand-in to make the engine trap on purpose. */
export type WasmBindings = Pick<typeof wasmBindings, 'Compiled' | 'NandLab' | 'Simulation' | 'article_values' | 'default_scenario' | 'figures' | 'fio_compare' | 'fio_export' | 'fio_fit_next' | 'fio_fit_start' | 'fio_import' | 'fio_log' | 'fio_result' | 'gallery' | 'gallery_measure' | 'knob_layout' | 'knobs' | 'lab_defaults' | 'lab_knobs' | 'presets' | 'summary_fields' | 'TraceScan' | 'validate_scenario' | 'wall_time_limit_s'>;

/** What init() / initSync() resolve to, as far as the API needs it: the instance's memory. */
export interface WasmInstance {
  readonly memory: WebAssembly.Memory;
}

export interface EngineGuard {
  /** Settles when the wasm module is initialised; every method awaits it first. */
  ready: Promise<WasmInstance | void>;
  wasm: WasmBindings;
  /** Runs a wasm call: a refusal becomes an EngineError, anything else poisons the instance. */
  guard<T>(call: () => T): T;
  /** A wasm call returning JSON, guarded, its result checked against its schema (engineResult.ts). */
  read<N extends ResultName>(name: N, call: () => string): ResultOf<N>;
  /** True after a trap: the instance's memory can no longer be trusted, not even to free. */
  poisoned(): boolean;
}

export function engineGuard(ready: Promise<WasmInstance | void>, wasm: WasmBindings): EngineGuard {
  // After a trap the wasm instance's memory is in an unknown state (a panic unwound nothing):
  // every later call fails the same way, and the page replaces this worker.
  let poisoned: EngineError | null = null;
  const guard = <T>(call: () => T): T => {
    if (poisoned) throw poisoned;
    try {
      return call();
    } catch (err) {
      const refusal = refusalFrom(err);
      if (refusal) throw refusal;
      poisoned = abortError(err);
      throw poisoned;
    }
  };
  const read = <N extends ResultName>(name: N, call: () => string) => engineResult(name, guard(call));
  return { ready, wasm, guard, read, poisoned: () => poisoned !== null };
}
