// The engine API that the worker exposes through Comlink. It is a plain module (no worker or
// DOM globals) so the contract tests can drive the real wasm from Node with initSync().
import * as Comlink from 'comlink';
import { Simulation, default_scenario, presets, validate_scenario } from './pkg/ssd_wasm.js';
import { nextChunkSize, ownedCopy } from './chunking';
import type { Preset, RunChunk, RunOptions, RunResult, SeriesMeta, Summary } from './types';

/** Called once per chunk; may return a promise, which the run awaits (backpressure). */
export type ChunkListener = (chunk: RunChunk) => void | Promise<void>;

/** Turns anything thrown by wasm-bindgen (an Error, or a bare string) into a message. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return String(err);
}

/**
 * Builds the API around a promise that settles when the wasm module is initialised.
 * Every method awaits it, so the worker can call Comlink.expose() synchronously at load
 * (a late expose loses the first call) while init() is still fetching the wasm.
 */
export function createEngineApi(ready: Promise<unknown>) {
  return {
    /** Resolves once the wasm is usable; rejects with the load error otherwise. */
    async ping(): Promise<true> {
      await ready;
      return true;
    },

    async defaultScenario(): Promise<string> {
      await ready;
      return default_scenario();
    },

    async presets(): Promise<Preset[]> {
      await ready;
      return JSON.parse(presets()) as Preset[];
    },

    /** Normalised scenario JSON, or an Error naming the field and allowed range. */
    async validate(scenarioJson: string): Promise<string> {
      await ready;
      return validate_scenario(scenarioJson);
    },

    /**
     * Runs a scenario to completion in chunks, handing each chunk's new points to `onChunk`
     * as transferred Float64Arrays. Cancellation is the caller terminating the worker, so no
     * cancel flag is needed here.
     */
    async run(scenarioJson: string, onChunk: ChunkListener, options: RunOptions = {}): Promise<RunResult> {
      await ready;
      const targetMs = options.targetChunkMs ?? 30;
      let maxEvents = options.fixedChunkEvents ?? options.initialChunkEvents ?? 2_000;
      const sim = new Simulation(scenarioJson);
      try {
        // The series live from the start; a few (the latency CDFs) are added when the run
        // finishes, so the list is read again then.
        let series = JSON.parse(sim.series_meta()) as SeriesMeta[];
        let done = false;
        let chunks = 0;
        while (!done) {
          const started = performance.now();
          done = sim.run(maxEvents);
          const elapsedMs = performance.now() - started;
          if (done) series = JSON.parse(sim.series_meta()) as SeriesMeta[];
          const points = series.map((_, i) => ownedCopy(sim.take_points(i)));
          const chunk: RunChunk = { index: chunks, progress: done ? 1 : sim.progress(), done, series, points };
          chunks += 1;
          await onChunk(Comlink.transfer(chunk, points.map((p) => p.buffer as ArrayBuffer)));
          // Size the next chunk so one takes ~targetMs: small enough that progress feels live,
          // large enough that the Comlink round trip per chunk stays negligible.
          if (options.fixedChunkEvents === undefined) maxEvents = nextChunkSize(maxEvents, elapsedMs, targetMs);
        }
        const summary = JSON.parse(sim.summary()) as Summary;
        return { summary, series, chunks };
      } finally {
        sim.free();
      }
    },
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
