// The engine API that the worker exposes through Comlink. It is a plain module (no worker or
// DOM globals) so the contract tests can drive the real wasm from Node with initSync().
import * as Comlink from 'comlink';
import * as wasmBindings from './pkg/ssd_wasm.js';
import type { NandLab, Simulation } from './pkg/ssd_wasm.js';
import { nextChunkSize, ownedCopy } from './chunking';
import { abortError, EngineError, refusalFrom } from './errors';
import { WORKLOAD_KINDS, type Knob } from '../scenario/knobs';
import type { BlockMap, Budget, Catalog, Figure, LabBatch, LabCommand, LabCounters, LabOpened, Preset, RunChunk, RunOptions, RunResult, SeriesMeta, Summary, SummaryField } from './types';

/** The wasm exports the API uses; tests pass a stand-in to make the engine trap on purpose. */
export type WasmBindings = Pick<typeof wasmBindings, 'NandLab' | 'Simulation' | 'default_scenario' | 'figures' | 'knobs' | 'presets' | 'summary_fields' | 'validate_scenario'>;

function readBlockMap(sim: Simulation): BlockMap | null {
  try {
    const layout = JSON.parse(sim.block_map_layout()) as { planes: number; blocks_per_plane: number; units_per_block: number };
    // Media without blocks (3D XPoint, written in place) lays out as all zeros: no map.
    if (layout.planes === 0 || layout.blocks_per_plane === 0) return null;
    return {
      planes: layout.planes,
      blocksPerPlane: layout.blocks_per_plane,
      unitsPerBlock: layout.units_per_block,
      valid: sim.block_valid_units(),
      eraseCounts: sim.block_erase_counts(),
      states: sim.block_states(),
    };
  } catch (err) {
    if (refusalFrom(err)) return null; // a device without blocks (a future HDD model) has no map
    throw err; // a trap: the caller's guard poisons the instance
  }
}

/** What init() / initSync() resolve to, as far as the API needs it: the instance's memory. */
export interface WasmInstance {
  readonly memory: WebAssembly.Memory;
}

/** How often a running simulation sends a snapshot of its block map. */
const BLOCK_MAP_EVERY_MS = 250;

/** Called once per chunk; may return a promise, which the run awaits (backpressure). */
export type ChunkListener = (chunk: RunChunk) => void | Promise<void>;

/**
 * Builds the API around a promise that settles when the wasm module is initialised.
 * Every method awaits it, so the worker can call Comlink.expose() synchronously at load
 * (a late expose loses the first call) while init() is still fetching the wasm. Runs report
 * the instance's memory size when it resolves to one (tests with a stand-in may not).
 */
export function createEngineApi(ready: Promise<WasmInstance | void>, wasm: WasmBindings = wasmBindings) {
  const { NandLab, Simulation, default_scenario, figures, knobs, presets, summary_fields, validate_scenario } = wasm;
  const labs = new Map<number, NandLab>();
  let nextLab = 1;
  // After a trap the wasm instance's memory is in an unknown state (a panic unwound nothing):
  // every later call fails the same way, and the page replaces this worker.
  let poisoned: EngineError | null = null;

  /** Runs a wasm call: a refusal becomes an EngineError, anything else poisons the instance. */
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
  const validate = (json: string) => guard(() => validate_scenario(json));
  const normalise = <T>(scenario: T): T => JSON.parse(validate(JSON.stringify(scenario))) as T;

  return {
    /** Resolves once the wasm is usable; rejects with the load error otherwise. */
    async ping(): Promise<true> {
      await ready;
      return true;
    },

    async defaultScenario(): Promise<string> {
      await ready;
      return guard(() => default_scenario());
    },

    async presets(): Promise<Preset[]> {
      await ready;
      return JSON.parse(guard(() => presets())) as Preset[];
    },

    async figures(): Promise<Figure[]> {
      await ready;
      return JSON.parse(guard(() => figures())) as Figure[];
    },

    async knobs(): Promise<Knob[]> {
      await ready;
      return JSON.parse(guard(() => knobs())) as Knob[];
    },

    /** Presets and figures normalised, knobs, and each workload kind's defaults, at once. */
    async catalog(): Promise<Catalog> {
      await ready;
      const workloadDefaults: Catalog['workloadDefaults'] = {};
      for (const kind of WORKLOAD_KINDS) {
        workloadDefaults[kind] = normalise({ workload: { kind } }).workload;
      }
      const figureList = (JSON.parse(guard(() => figures())) as Figure[]).map((f) => ({ ...f, members: f.members.map((m) => ({ ...m, scenario: normalise(m.scenario) })) }));
      const presetList = (JSON.parse(guard(() => presets())) as Preset[]).map((p) => ({ ...p, scenario: normalise(p.scenario) }));
      return {
        defaultScenario: guard(() => default_scenario()),
        presets: presetList,
        figures: figureList,
        // The knob table is the single source of rules, nullability included.
        knobs: JSON.parse(guard(() => knobs())) as Knob[],
        summaryFields: JSON.parse(guard(() => summary_fields())) as SummaryField[],
        workloadDefaults,
      };
    },

    /** Normalised scenario JSON; refuses with an EngineError naming the field and the code. */
    async validate(scenarioJson: string): Promise<string> {
      await ready;
      return validate(scenarioJson);
    },

    // NAND lab (web/src/explain/lab/): small drives stepped one host command at a time.
    /** Opens a lab drive; refuses a bad config with fields `lab.*`. */
    async labOpen(configJson: string): Promise<LabOpened> {
      await ready;
      const lab = guard(() => new NandLab(configJson));
      const id = nextLab++;
      labs.set(id, lab);
      return { id, layout: JSON.parse(guard(() => lab.layout())) as LabOpened['layout'] };
    },

    /**
     * Runs a batch of host commands in one round trip (the animation never waits on the
     * worker). With `stopAfterErase` the batch ends after the first command that erased a
     * block. A refused command ends the batch; what ran before it is still returned.
     */
    async labRun(id: number, commands: LabCommand[], stopAfterErase = false): Promise<LabBatch> {
      await ready;
      const lab = labs.get(id);
      if (!lab) throw new EngineError({ field: 'lab', code: 'internal', message: `no open lab drive ${id}` });
      const parts: Uint32Array[] = [];
      const ends: number[] = [];
      let words = 0;
      let refusal: LabBatch['refusal'] = null;
      for (const c of commands) {
        let events: Uint32Array;
        try {
          events = guard(() => (c.op === 'step' ? lab.step(c.workload) : lab[c.op](c.unit)));
        } catch (err) {
          if (!(err instanceof EngineError) || err.code === 'engine_abort') throw err;
          refusal = err.toData();
          break;
        }
        parts.push(events);
        words += events.length;
        ends.push(words / 4);
        if (stopAfterErase && events.some((w, i) => i % 4 === 0 && (w & 0xff) === 5)) break;
      }
      const events = new Uint32Array(words);
      parts.reduce((at, p) => (events.set(p, at), at + p.length), 0);
      const batch: LabBatch = {
        events,
        commandEnds: Uint32Array.from(ends),
        pages: guard(() => lab.pages()),
        eraseCounts: guard(() => lab.erase_counts()),
        counters: JSON.parse(guard(() => lab.counters())) as LabCounters,
        refusal,
      };
      return Comlink.transfer(batch, [batch.events.buffer, batch.commandEnds.buffer, batch.pages.buffer, batch.eraseCounts.buffer] as ArrayBuffer[]);
    },

    async labClose(id: number): Promise<void> {
      await ready;
      const lab = labs.get(id);
      labs.delete(id);
      if (lab && !poisoned) lab.free();
    },

    /**
     * Runs a scenario to completion in chunks, handing each chunk's new points to `onChunk`
     * as transferred Float64Arrays. Cancellation is the caller terminating the worker, so no
     * cancel flag is needed here.
     */
    async run(scenarioJson: string, onChunk: ChunkListener, options: RunOptions = {}): Promise<RunResult> {
      const instance = await ready;
      const targetMs = options.targetChunkMs ?? 30;
      let maxEvents = options.fixedChunkEvents ?? options.initialChunkEvents ?? 2_000;
      const sim = guard(() => new Simulation(scenarioJson));
      try {
        // Known before the first event: the page shows it while the run goes.
        const budget = JSON.parse(guard(() => sim.budget())) as Budget;
        // The series live from the start; a few (the latency CDFs) are added when the run
        // finishes, so the list is read again then.
        let series = JSON.parse(guard(() => sim.series_meta())) as SeriesMeta[];
        let done = false;
        let chunks = 0;
        // The block map streams too, at a pace a person can watch (copying it is O(blocks)).
        let mapAt = -Infinity;
        while (!done) {
          const started = performance.now();
          done = guard(() => sim.run(maxEvents));
          const elapsedMs = performance.now() - started;
          if (done) series = JSON.parse(guard(() => sim.series_meta())) as SeriesMeta[];
          const points = series.map((_, i) => ownedCopy(guard(() => sim.take_points(i))));
          const now = performance.now();
          const liveMap = !done && options.blockMap !== false && now - mapAt >= BLOCK_MAP_EVERY_MS ? guard(() => readBlockMap(sim)) : null;
          if (liveMap) mapAt = now;
          const chunk: RunChunk = {
            index: chunks,
            progress: done ? 1 : guard(() => sim.progress()),
            done,
            series,
            points,
            ...(liveMap ? { blockMap: liveMap } : {}),
            ...(chunks === 0 ? { budget } : {}),
            // Read while the simulation still holds its heap; wasm memory never shrinks anyway.
            ...(done && instance ? { memoryBytes: instance.memory.buffer.byteLength } : {}),
          };
          chunks += 1;
          const buffers = [...points.map((p) => p.buffer), ...(liveMap ? [liveMap.valid.buffer, liveMap.eraseCounts.buffer, liveMap.states.buffer] : [])];
          await onChunk(Comlink.transfer(chunk, buffers as ArrayBuffer[]));
          // Size the next chunk so one takes ~targetMs: small enough that progress feels live,
          // large enough that the Comlink round trip per chunk stays negligible.
          if (options.fixedChunkEvents === undefined) maxEvents = nextChunkSize(maxEvents, elapsedMs, targetMs);
        }
        const summary = JSON.parse(guard(() => sim.summary())) as Summary;
        const blockMap = options.blockMap === false ? null : guard(() => readBlockMap(sim));
        const transfer = blockMap ? [blockMap.valid.buffer, blockMap.eraseCounts.buffer, blockMap.states.buffer] : [];
        return Comlink.transfer({ summary, series, chunks, blockMap }, transfer as ArrayBuffer[]);
      } finally {
        // Freeing memory of a trapped instance could trap again; it is discarded anyway.
        if (!poisoned) sim.free();
      }
    },
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
