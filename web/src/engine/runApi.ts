// The worker API's run: a compiled scenario simulated to completion in chunks, each chunk's new
// points handed over as it is made, the block map streamed at a pace a person can watch. A run
// is stopped between two chunks by a flag (Squoosh's bridge): the worker, its wasm and its
// compiled scenarios stay.
import * as Comlink from 'comlink';
import type { Simulation } from './pkg/ssd_wasm.js';
import { nextChunkSize, ownedCopy } from './chunking';
import type { CompiledScenarios } from './compiledScenarios';
import type { EngineGuard, WasmInstance } from './engineGuard';
import { engineResult } from './engineResult';
import { newSimulation } from './newSimulation';
import { CancelledError, EngineError, refusalFrom } from './errors';
import { traceFeed, type TraceFeed } from './traceFeed';
import type { Scenario } from './generated/Scenario';
import type { BlockMap, DriveSnapshots, LatencyCauses, RunChunk, RunOptions, RunResult, SeriesMeta } from './types';

/** How often a running simulation sends a snapshot of its block map. */
const BLOCK_MAP_EVERY_MS = 250;

/** Called once per chunk; may return a promise, which the run awaits (backpressure). */
export type ChunkListener = (chunk: RunChunk) => void | Promise<void>;

export function runApi(engine: EngineGuard, compiled: CompiledScenarios) {
  const { ready, guard, read } = engine;
  /** The runs going on (one in a worker: the page stops the last before it starts the next). */
  const running = new Set<RunToken>();

  async function runKept(entry: NonNullable<ReturnType<CompiledScenarios['byHandle']>>, onChunk: ChunkListener, options: RunOptions): Promise<RunResult> {
    const instance = await ready;
    const token: RunToken = { cancelled: false };
    running.add(token);
    const sim = guard(() => newSimulation(engine.wasm, '', options.causes !== false, entry.compiled));
    try {
      // A runaway run stops with its partial results after the page's wall-time limit.
      guard(() => sim.limit_wall_time(engine.wasm.wall_time_limit_s()));
      const { series, chunks } = await streamChunks(engine, sim, instance, onChunk, options, token, entry.scenario);
      const summary = read('summary', () => sim.summary());
      const stopped = read('stopped', () => sim.stopped());
      const tenants = read('tenants', () => sim.tenants());
      const powerCut = read('power_cut', () => sim.power_cut());
      const blockMap = options.blockMap === false ? null : guard(() => readBlockMap(sim));
      const snapshots = options.blockMap === false ? null : readSnapshots(engine, sim);
      const latencyCauses = options.blockMap === false || options.causes === false ? null : readLatencyCauses(engine, sim);
      const transfer = [...(blockMap ? mapBuffers(blockMap) : []), ...(snapshots ? [snapshots.cells.buffer as ArrayBuffer] : [])];
      return Comlink.transfer({ summary, tenants, powerCut, stopped, series, chunks, blockMap, snapshots, latencyCauses, scenario: entry.scenario }, transfer);
    } finally {
      running.delete(token);
      // Freeing memory of a trapped instance could trap again; it is discarded anyway.
      if (!engine.poisoned()) sim.free();
    }
  }

  return {
    /**
     * Runs a scenario to completion in chunks, handing each chunk's new points to `onChunk` as
     * transferred Float64Arrays. The scenario is compiled first (once: a text compiled before,
     * for its validation or an earlier run, is kept). Rejects with CancelledError when stopped.
     */
    async run(scenarioJson: string, onChunk: ChunkListener, options: RunOptions = {}): Promise<RunResult> {
      await ready;
      const { handle } = compiled.compile(scenarioJson);
      return runKept(compiled.byHandle(handle)!, onChunk, options);
    },

    /** Runs the scenario a compile returned the handle of: nothing is parsed or checked again. */
    async runCompiled(handle: number, onChunk: ChunkListener, options: RunOptions = {}): Promise<RunResult> {
      await ready;
      const entry = compiled.byHandle(handle);
      if (!entry) throw new EngineError({ field: '', code: 'internal', message: `No compiled scenario ${handle} in this engine (compile it again)` });
      return runKept(entry, onChunk, options);
    },

    /**
     * Stops the run going on at its next chunk boundary (it rejects with CancelledError). The
     * wasm instance, its compiled scenarios and the worker stay: the next run starts at once.
     * Messages are taken in order, so a stop sent before a new run never reaches the new one.
     */
    cancelRun(): void {
      for (const token of running) token.cancelled = true;
    },
  };
}

/** A run's cancel flag, read between chunks. */
interface RunToken {
  cancelled: boolean;
}

/** Steps the simulation to its end, a chunk at a time; the final series list and the chunks sent. */
async function streamChunks(engine: EngineGuard, sim: Simulation, instance: WasmInstance | void, onChunk: ChunkListener, options: RunOptions, token: RunToken, scenario: Scenario): Promise<{ series: SeriesMeta[]; chunks: number }> {
  const { guard, read } = engine;
  const targetMs = options.targetChunkMs ?? 30;
  let maxEvents = options.fixedChunkEvents ?? options.initialChunkEvents ?? 2_000;
  // Known before the first event: the page shows it while the run goes.
  const budget = read('budget', () => sim.budget());
  // The series live from the start; a few (the latency CDFs) are added when the run
  // finishes, so the list is read again then.
  let series = read('series_meta', () => sim.series_meta());
  let done = false;
  let chunks = 0;
  // The block map streams too, at a pace a person can watch (copying it is O(blocks)).
  let mapAt = -Infinity;
  const feed: TraceFeed | null = options.trace ? traceFeed(engine, sim, options.trace, options.traceSliceBytes) : null;
  while (!done) {
    await feed?.top();
    // The page's message to stop (or a newer run) is taken in while a chunk or the trace feed is awaited.
    if (token.cancelled) throw new CancelledError();
    const started = performance.now();
    done = guard(() => sim.run(maxEvents));
    const elapsedMs = performance.now() - started;
    if (done) series = read('series_meta', () => sim.series_meta());
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
      ...(chunks === 0 ? { budget, scenario } : {}),
      // Read while the simulation still holds its heap; wasm memory never shrinks anyway.
      ...(done && instance ? { memoryBytes: instance.memory.buffer.byteLength } : {}),
    };
    chunks += 1;
    await onChunk(Comlink.transfer(chunk, [...points.map((p) => p.buffer as ArrayBuffer), ...(liveMap ? mapBuffers(liveMap) : [])]));
    if (token.cancelled && !done) throw new CancelledError();
    // Size the next chunk so one takes ~targetMs: small enough that progress feels live,
    // large enough that the Comlink round trip per chunk stays negligible.
    if (options.fixedChunkEvents === undefined) maxEvents = nextChunkSize(maxEvents, elapsedMs, targetMs);
  }
  return { series, chunks };
}

/** The drive's state along the finished run; null when the engine took none (a disk, XPoint). */
function readSnapshots({ guard, read }: EngineGuard, sim: Simulation): DriveSnapshots | null {
  const json = read('snapshots', () => sim.snapshots());
  if (json.snapshots.length === 0) return null;
  const cells = guard(() => sim.snapshot_cells());
  return { ...json, cells };
}

/**
 * Where the run's commands spent their time, by cause; null when the device booked none (no
 * command of either kind), or for an engine built before causes were booked (issue 28).
 */
function readLatencyCauses({ read }: EngineGuard, sim: Simulation): LatencyCauses | null {
  const booked = sim as Partial<{ latency_causes(): string }>;
  if (typeof booked.latency_causes !== 'function') return null;
  const causes = read('latency_causes', () => booked.latency_causes!.call(sim));
  return causes.causes.length === 0 || (!causes.read && !causes.write) ? null : causes;
}

function mapBuffers(map: BlockMap): ArrayBuffer[] {
  return [map.valid.buffer, map.eraseCounts.buffer, map.states.buffer, ...(map.handles ? [map.handles.buffer] : []), ...(map.zoneStates ? [map.zoneStates.buffer] : [])] as ArrayBuffer[];
}

function readBlockMap(sim: Simulation): BlockMap | null {
  let read: { layout: string; valid: Uint32Array; eraseCounts: Uint32Array; states: Uint8Array; handles: Uint8Array; zoneStates: Uint8Array; placement: string };
  try {
    read = { layout: sim.block_map_layout(), valid: sim.block_valid_units(), eraseCounts: sim.block_erase_counts(), states: sim.block_states(), handles: sim.block_handles(), zoneStates: sim.block_zone_states(), placement: sim.placement() };
  } catch (err) {
    if (refusalFrom(err)) return null; // a device without blocks (a future HDD model) has no map
    throw err; // a trap: the caller's guard poisons the instance
  }
  // Checked outside the catch: a malformed layout is an error, not a drive without blocks.
  const layout = engineResult('block_map_layout', read.layout);
  // Media without blocks (3D XPoint, written in place) lays out as all zeros: no map.
  if (layout.planes === 0 || layout.blocks_per_plane === 0) return null;
  const { valid, eraseCounts, states, handles, zoneStates } = read;
  const map: BlockMap = { planes: layout.planes, blocksPerPlane: layout.blocks_per_plane, unitsPerBlock: layout.units_per_block, valid, eraseCounts, states };
  // Only a drive with NVMe FDP on has handles to colour blocks by.
  if (handles.length === valid.length) map.handles = handles;
  // Only a zoned drive has zones.
  if (zoneStates.length === valid.length) map.zoneStates = zoneStates;
  const placement = engineResult('placement', read.placement);
  if (placement) map.placement = placement;
  return map;
}
