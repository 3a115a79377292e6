// What the page draws of a run: its status, series, summary and bounds as they stream in.
// Types only, shared by the run's lifecycle and streaming (runStream, streamedRun) and every
// view that draws a run, so none of them imports another for its shape.
import type { ScenarioError } from '../engine/generated/ScenarioError';
import type { Scenario } from '../engine/generated/Scenario';
import type { ErrorCode } from '../engine/errors';
import type { PointBuffer } from '../engine/chunking';
import type { BlockMap, Budget, DriveSnapshots, LatencyCauses, PowerCutSummary, SeriesMeta, Summary, TenantSummary } from '../engine/types';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** Why a run failed: the engine's code when it gave one (engine_abort: the worker was replaced). */
export interface RunError {
  code: ErrorCode | null;
  /** The field a run-time refusal names ("" when none): the form marks it like a validation error. */
  field: string;
  message: string;
}

export interface RunView {
  status: RunStatus;
  progress: number;
  series: SeriesMeta[];
  /** Indexed like `series`; mutated in place as chunks arrive. */
  buffers: PointBuffer[];
  summary: Summary | null;
  /** The ceiling the last run stopped at (its field and code), if it stopped before its end. */
  stopped?: ScenarioError | null;
  error: RunError | null;
  /** The scenario JSON of the current/last run, as it was asked to run (a key: never parsed). */
  scenarioJson: string | null;
  /** The current/last run's scenario as the engine normalised it (known from the start for a compiled run, else when it ends). */
  scenario: Scenario | null;
  elapsedMs: number;
  /** Bumped once per painted frame; lets memoised children notice new points. */
  frame: number;
  /** The drive's blocks when the run finished. */
  blockMap: BlockMap | null;
  /** The drive's state along the finished run, drawn under a chart's cursor; null while running. */
  snapshots: DriveSnapshots | null;
  /** Each tenant's results when the finished run's workload is tenants; null otherwise and while running. */
  tenants?: TenantSummary[] | null;
  /** What a power cut left, when the finished run's job had one; null otherwise and while running. */
  powerCut?: PowerCutSummary | null;
  /** Where the finished run's commands spent their time, by cause; null while running, or when it booked none. */
  latencyCauses?: LatencyCauses | null;
  /** Runs started on this page so far. */
  runs: number;
  /**
   * True from the start of a run until its first points arrive: the charts keep showing the
   * previous run (dimmed) instead of flashing empty on every knob change.
   */
  stale: boolean;
  /**
   * What the engine admitted the current run under (memory and time bounds), from its first
   * chunk on; until then the last run's, shown dimmed like the charts (`stale`). Views built
   * from pooled runs (story figures) leave it out.
   */
  budget?: Budget | null;
  /**
   * The engine's wasm memory when its last run finished, bytes. It stays while the next run
   * goes (the same engine, whose memory never shrinks); null until a run finishes, and again
   * once the engine is replaced (cancel, trap).
   */
  memoryBytes?: number | null;
}
