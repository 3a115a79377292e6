// What a running simulation has streamed so far, and how the run's view changes as it starts,
// streams, finishes or fails. Pure functions over the view, so the run stream only wires them up.
import { CancelledError } from '../engine/bridge';
import { EngineError } from '../engine/errors';
import { PointBuffer } from '../engine/chunking';
import type { BlockMap, Budget, RunChunk, RunResult, SeriesMeta } from '../engine/types';
import type { Scenario } from '../engine/generated/Scenario';
import type { RunError, RunView } from './runView';

/**
 * Chunks land here as they arrive and reach the screen with the next painted frame: the
 * points (buffers mutated in place), progress, the block map the simulation sent last, the
 * run's budget (first chunk) and wasm memory (last chunk).
 */
export interface Streamed {
  buffers: PointBuffer[];
  progress: number;
  blockMap: BlockMap | null;
  budget: Budget | null;
  /** The run's scenario, typed (first chunk). */
  scenario: Scenario | null;
  memoryBytes: number | null;
  /** performance.now() when the run started. */
  startedAt: number;
}

export function freshStream(): Streamed {
  return { buffers: [], progress: 0, blockMap: null, budget: null, scenario: null, memoryBytes: null, startedAt: performance.now() };
}

export const IDLE_VIEW: RunView = {
  status: 'idle',
  progress: 0,
  series: [],
  buffers: [],
  summary: null,
  error: null,
  scenarioJson: null,
  scenario: null,
  elapsedMs: 0,
  frame: 0,
  blockMap: null,
  snapshots: null,
  latencyCauses: null,
  runs: 0,
  stale: false,
  budget: null,
  memoryBytes: null,
};

/**
 * Takes in one chunk. Returns the series list when it is new or grew (the first chunk, and
 * the last one, which adds the latency CDFs): the caller renders series and buffers together.
 */
export function receiveChunk(stream: Streamed, chunk: RunChunk): SeriesMeta[] | null {
  if (chunk.blockMap) stream.blockMap = chunk.blockMap;
  if (chunk.budget) stream.budget = chunk.budget;
  if (chunk.scenario) stream.scenario = chunk.scenario;
  if (chunk.memoryBytes !== undefined) stream.memoryBytes = chunk.memoryBytes;
  const grew = stream.buffers.length < chunk.series.length;
  if (grew) stream.buffers = chunk.series.map((_, i) => stream.buffers[i] ?? new PointBuffer());
  chunk.points.forEach((p, i) => stream.buffers[i]?.append(p));
  stream.progress = chunk.progress;
  return grew ? chunk.series : null;
}

/** `scenario`: the run's typed scenario when it is known before the run (a compiled one). */
export function startedView(v: RunView, scenarioJson: string, scenario: Scenario | null = null): RunView {
  return { ...v, status: 'running', progress: 0, summary: null, tenants: null, powerCut: null, stopped: null, error: null, scenarioJson, scenario: scenario ?? v.scenario, elapsedMs: 0, runs: v.runs + 1, stale: v.series.length > 0 };
}

/** One painted frame of a streaming run. */
export function streamedView(v: RunView, stream: Streamed, blockMap: BlockMap | null, budget: Budget | null): RunView {
  return { ...v, progress: stream.progress, buffers: stream.buffers, blockMap: blockMap ?? v.blockMap, budget: budget ?? v.budget, frame: v.frame + 1, elapsedMs: performance.now() - stream.startedAt };
}

export function doneView(v: RunView, result: RunResult, stream: Streamed): RunView {
  return {
    ...v,
    status: 'done',
    progress: 1,
    scenario: result.scenario,
    series: result.series,
    buffers: stream.buffers,
    summary: result.summary,
    tenants: result.tenants,
    powerCut: result.powerCut,
    stopped: result.stopped,
    blockMap: result.blockMap,
    snapshots: result.snapshots,
    latencyCauses: result.latencyCauses,
    budget: stream.budget,
    memoryBytes: stream.memoryBytes,
    stale: false,
    frame: v.frame + 1,
    elapsedMs: performance.now() - stream.startedAt,
  };
}

export function failedView(v: RunView, err: unknown, stream: Streamed): RunView {
  const cancelled = err instanceof CancelledError;
  return {
    ...v,
    status: cancelled ? 'cancelled' : 'failed',
    progress: stream.progress,
    error: cancelled ? null : runError(err),
    // A cancel or a trap replaced the engine: the memory figure was the old one's.
    memoryBytes: cancelled || (err instanceof EngineError && err.code === 'engine_abort') ? null : v.memoryBytes,
    // A run stopped before its first points leaves the previous run's charts: say so.
    series: v.stale ? [] : v.series,
    buffers: v.stale ? [] : stream.buffers,
    blockMap: v.stale ? null : v.blockMap,
    snapshots: v.stale ? null : v.snapshots,
    latencyCauses: v.stale ? null : v.latencyCauses,
    budget: stream.budget,
    stale: false,
    frame: v.frame + 1,
    elapsedMs: performance.now() - stream.startedAt,
  };
}

/** Why a run failed, as the page shows it: the engine's code and field when it gave them. */
export function runError(err: unknown): RunError {
  if (err instanceof EngineError) return { code: err.code, field: err.field, message: err.message };
  return { code: null, field: '', message: err instanceof Error ? err.message : String(err) };
}
