// The engine API that the worker exposes through Comlink. It is a plain module (no worker or
// DOM globals) so the contract tests can drive the real wasm from Node with initSync(). Each
// area of the API is built in its own file; this one puts them together.
import * as wasmBindings from './pkg/ssd_wasm.js';
import { catalogueApi } from './catalogueApi';
import { compileApi } from './compileApi';
import { compiledScenarios } from './compiledScenarios';
import { engineGuard, type WasmBindings, type WasmInstance } from './engineGuard';
import { fioApi } from './fioApi';
import { galleryApi } from './galleryApi';
import { labApi } from './labApi';
import { runApi } from './runApi';
import { traceApi } from './traceApi';

export type { WasmBindings, WasmInstance } from './engineGuard';
export type { ChunkListener } from './runApi';

/**
 * Builds the API around a promise that settles when the wasm module is initialised.
 * Every method awaits it, so the worker can call Comlink.expose() synchronously at load
 * (a late expose loses the first call) while init() is still fetching the wasm. Runs report
 * the instance's memory size when it resolves to one (tests with a stand-in may not). One
 * guard is shared by all areas: a trap in any of them poisons the whole instance.
 */
export function createEngineApi(ready: Promise<WasmInstance | void>, wasm: WasmBindings = wasmBindings) {
  const engine = engineGuard(ready, wasm);
  // What the page compiles is kept for its runs: a scenario is compiled once.
  const compiled = compiledScenarios(engine);
  return { ...catalogueApi(engine), ...compileApi(engine, compiled), ...fioApi(engine), ...galleryApi(engine), ...labApi(engine), ...runApi(engine, compiled), ...traceApi(engine) };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
