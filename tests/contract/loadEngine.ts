// Loads the real wasm engine into Node (no fetch here, so initSync with the file's bytes) and
// returns the same API object the worker exposes.
import { readFileSync } from 'node:fs';
import { initSync, type InitOutput } from '../../web/src/engine/pkg/ssd_wasm.js';
import { createEngineApi, type EngineApi } from '../../web/src/engine/api';
import type { RunChunk, RunOptions, RunResult } from '../../web/src/engine/types';

let api: EngineApi | null = null;
let instance: InitOutput | null = null;
/** The wasm memory right after initSync, before any call: the engine's code, data and stack. */
let initialMemoryBytes = 0;

export function loadEngine(): EngineApi {
  if (!api) {
    const wasm = readFileSync(new URL('../../web/src/engine/pkg/ssd_wasm_bg.wasm', import.meta.url));
    instance = initSync({ module: wasm });
    initialMemoryBytes = instance.memory.buffer.byteLength;
    // The instance's memory goes in too, as init() hands it to the worker's API.
    api = createEngineApi(Promise.resolve(instance));
  }
  return api;
}

/** The shared instance's wasm memory now, and as it was loaded (bytes). */
export function engineMemory(): { nowBytes: number; initialBytes: number } {
  loadEngine();
  return { nowBytes: instance!.memory.buffer.byteLength, initialBytes: initialMemoryBytes };
}

export interface CollectedRun {
  result: RunResult;
  chunks: RunChunk[];
  /** Per series: every streamed point, concatenated. */
  points: number[][];
}

/** Runs a scenario through the API, keeping every chunk, as the page would. */
export async function runCollect(scenarioJson: string, options?: RunOptions): Promise<CollectedRun> {
  const chunks: RunChunk[] = [];
  const result = await loadEngine().run(scenarioJson, (c) => void chunks.push(c), options);
  // Series added when the run finishes (latency CDFs) appear only in the last chunk.
  const points = result.series.map((_, i) => chunks.flatMap((c) => Array.from(c.points[i] ?? [])));
  return { result, chunks, points };
}

/** Bit-for-bit equality of two number lists (distinguishes -0 and matches NaN). */
export function sameBits(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
