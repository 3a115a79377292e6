// Shapes of what crosses the worker boundary. Every JSON the engine returns is typed by ts-rs
// (web/src/engine/generated), so it cannot drift from the Rust side; what is written here is the
// worker's own protocol (chunks, options, results gathered from several calls) and page views
// over the engine's arrays (the block map, a lab batch as typed arrays).
import type { Series } from './generated/Series';
import type { Summary as SummarySections } from './generated/Summary';
import type { LatencySummary as EngineLatencySummary } from './generated/LatencySummary';
import type { Scenario } from './generated/Scenario';
import type { Knob } from './generated/Knob';
import type { PlacementSummary } from './generated/PlacementSummary';
import type { TenantSummary } from './generated/TenantSummary';
import type { PowerCutSummary } from './generated/PowerCutSummary';
import type { KnobLayout } from './generated/KnobLayout';
import type { SummaryField } from './generated/SummaryField';
import type { Budget } from './generated/Budget';
import type { ScenarioError } from './generated/ScenarioError';
import type { ArticleValue } from './generated/ArticleValue';
import type { LatencyCauses } from './generated/LatencyCauses';

export type { Axis } from './generated/Axis';
export type { AxisId } from './generated/AxisId';
export type { LabelId } from './generated/LabelId';
export type { SeriesRole } from './generated/SeriesRole';
export type { SummaryGroup } from './generated/SummaryGroup';
export type { Unit } from './generated/Unit';
export type { ArticleEngineValue } from './generated/ArticleEngineValue';
export type { ArticleLine } from './generated/ArticleLine';
export type { ArticleMeasure } from './generated/ArticleMeasure';
export type { ArticleMeasureAxis } from './generated/ArticleMeasureAxis';
export type { ArticleValue, Budget, SummaryField };

/**
 * A run's summary: the values every run has and, flattened in, the sections of the device kinds
 * it has (a NAND drive's, media written in place, a disk's, a hybrid's tier), each present or
 * absent whole. Ids are the same whichever section a value comes in.
 */
export type Summary = { [K in keyof SummarySections]: K extends 'read_latency' | 'write_latency' ? LatencySummary : SummarySections[K] };

/**
 * One kind of operation's latency, µs. The 99.99th percentile (`p9999_us`) came with latency
 * causes (issue 28): a run file made before it has none, so the page reads it as optional.
 */
export type LatencySummary = Flat<Omit<EngineLatencySummary, 'p9999_us'> & { p9999_us?: number }>;

type Flat<T> = { [K in keyof T]: T[K] };

/** One entry of Simulation.series_meta(): a series without its points. */
export type SeriesMeta = Omit<Series, 'points'>;

/**
 * One entry of presets(): `scenario` is a scenario object (not a JSON string), `blurb` the preset
 * in plain words (English; Japanese by name in i18n), `identity` the drive's colour slot.
 */
import type { Preset } from './generated/Preset';
export type { Preset };
export type { DriveIdentity } from './generated/DriveIdentity';

/** One entry of figures(): full scenarios overlaid as in an article's chart ("compare variants"). */
export type { Figure } from './generated/Figure';
export type { FigureMember } from './generated/FigureMember';
import type { Figure } from './generated/Figure';

/** Everything the page needs from the engine before the first run, in one round trip. */
export interface Catalog {
  defaultScenario: string;
  /** Scenarios normalised by the engine (every default filled in, canonical field order). */
  presets: Preset[];
  figures: Figure[];
  knobs: Knob[];
  /** The NAND lab's knobs (`lab.blocks` …): what a lab may be given. */
  labKnobs: Knob[];
  /** Where the knobs go: the panels' groups in order, the workload kinds in menu order. */
  layout: KnobLayout;
  /** The normalised default workload of each workload kind. */
  workloadDefaults: Record<string, Record<string, unknown>>;
  /** Every value of Summary with its unit, group and English label, in display order. */
  summaryFields: SummaryField[];
}

/** The drive's blocks after a run, for the block map (block order: plane-major). */
export interface BlockMap {
  planes: number;
  blocksPerPlane: number;
  unitsPerBlock: number;
  /** Valid mapping units per block. */
  valid: Uint32Array;
  eraseCounts: Uint32Array;
  /** 0 free, 1 open, 2 closed, 3 being collected. */
  states: Uint8Array;
  /** With NVMe FDP on: per block, the reclaim unit handle whose unit it is (255: none). */
  handles?: Uint8Array;
  /** On a zoned drive: per block, its zone's state (0 empty … 6 offline, `ZONE_STATE_KEYS`; 255: none). */
  zoneStates?: Uint8Array;
  /** With NVMe FDP on: what each handle's data cost the NAND over the run. */
  placement?: PlacementSummary;
}
export type { PlacementSummary };
export type { TenantSummary, PowerCutSummary };
export type { HandleSummary } from './generated/HandleSummary';

/** How the engine lays the block map out (`block_map_layout()`); all 0 for media without blocks. */
export type { BlockMapLayout } from './generated/BlockMapLayout';

/** What the worker streams after every chunk of simulation. */
export interface RunChunk {
  index: number;
  /** 0..1; exactly 1 on the last chunk. */
  progress: number;
  done: boolean;
  series: SeriesMeta[];
  /** Per series (same order as `series`): new points only, flat [x0, y0, x1, y1, ...]. */
  points: Float64Array[];
  /** A snapshot of the drive's blocks while the run goes on (a few times a second). */
  blockMap?: BlockMap;
  /** First chunk only: the limits the engine admitted the run under, known before it started. */
  budget?: Budget;
  /** First chunk only: the scenario being run, as the engine normalised it. */
  scenario?: Scenario;
  /**
   * Last chunk only: the worker's wasm memory when the run ended, bytes. wasm memory only
   * grows, so this is the most the engine has held since the worker started, not this run alone.
   */
  memoryBytes?: number;
}

export interface RunOptions {
  /** Wall-clock time one chunk should take in the worker; the chunk size adapts to it. */
  targetChunkMs?: number;
  initialChunkEvents?: number;
  /** Disables adaptation (tests use it to show chunking does not change results). */
  fixedChunkEvents?: number;
  /** false: skip reading the block map (compare runs only need the headline series). */
  blockMap?: boolean;
  /** false: the engine books no latency causes (a faster run, every other number the same; `latencyCauses` null). */
  causes?: boolean;
  /** A trace workload's file, pushed into the run as it asks (`traceFeed.ts`). */
  trace?: Blob;
  /** Bytes read from the trace file at a time (tests show slicing does not change results). */
  traceSliceBytes?: number;
}

// The drive's state at points of a run, as the engine recorded it (`Simulation::snapshots`):
// the engine's types. `DriveSnapshotsJson` is the engine's JSON; the page's `DriveSnapshots` adds
// the map cells, which come apart as bytes (`snapshot_cells()`, layout in the engine's doc).
import type { DriveSnapshots as DriveSnapshotsJson } from './generated/DriveSnapshots';
export type { DriveSnapshotsJson };
export type { DriveSnapshot } from './generated/DriveSnapshot';
export type { SnapshotDriver } from './generated/SnapshotDriver';

/** A run's snapshots and their map cells: one byte per cell, `cells_per_snapshot` per snapshot. */
export type DriveSnapshots = DriveSnapshotsJson & { cells: Uint8Array };

/**
 * Where a run's commands spent their time, by cause (`Simulation::latency_causes`, issue 28):
 * the engine's types. Every `causes_us` list is aligned with the document's `causes`, the
 * stacking order bottom first; bands are `to_p50`, `p50_p99`, `p99_p999`, `above_p999`.
 */
export type { LatencyCauses } from './generated/LatencyCauses';
export type { OpCauses } from './generated/OpCauses';
export type { Band as LatencyBand } from './generated/Band';
export type { SlowCommand } from './generated/SlowCommand';
export type { Cause } from './generated/Cause';

export interface RunResult {
  summary: Summary;
  /** Each tenant's results (`workload.kind` tenants); null for every other workload. */
  tenants: TenantSummary[] | null;
  /** What a power cut left (`workload.power_cut_s` on a NAND drive); null otherwise. */
  powerCut: PowerCutSummary | null;
  /** The ceiling the run stopped at before its end, naming the field to change; null if it ran to its end. */
  stopped: ScenarioError | null;
  series: SeriesMeta[];
  chunks: number;
  blockMap: BlockMap | null;
  /** The drive's state along the run (`DriveSnapshots`); null when the run recorded none. */
  snapshots: DriveSnapshots | null;
  /** Where the commands' time went, by cause; null for an engine or device that books none. */
  latencyCauses: LatencyCauses | null;
  /** The scenario the run ran, normalised and typed: nothing re-parses scenario text. */
  scenario: Scenario;
}

// NAND lab (web/src/explain/lab/): a small drive stepped one host command at a time.

// The lab drive's shape as the engine laid it out, its counters and its workloads: the engine's types.
import type { LabWorkload } from './generated/LabWorkload';
import type { LabLayout } from './generated/LabLayout';
import type { LabCounters } from './generated/LabCounters';
export type { LabCounters, LabLayout, LabWorkload };
/** The lab a config that says nothing builds (`lab_defaults()`): the lab card starts from it. */
export type { LabConfig as EngineLabConfig } from './generated/LabConfig';

/** One host command: a write, read or trim of a logical page, or the next write of a workload. */
export type LabCommand = { op: 'write' | 'read' | 'trim'; unit: number } | { op: 'step'; workload: LabWorkload };

export interface LabOpened {
  id: number;
  layout: LabLayout;
}

/** What a batch of lab commands did, and the drive's state after it. */
export interface LabBatch {
  /** Every command's events, flat quadruples `[kind | stream << 8, block, page, unit]`. */
  events: Uint32Array;
  /** Per command run, the event index its events end at. */
  commandEnds: Uint32Array;
  /** Per physical page: the logical page it holds, 0xffffffff free, 0xfffffffe stale. */
  pages: Uint32Array;
  eraseCounts: Uint32Array;
  counters: LabCounters;
  /** The command that was refused (the batch stopped there), if any. */
  refusal: import('./errors').EngineErrorData | null;
}

/** A trace format's id, as the engine and `ssdsim trace --format` name it. */
import type { TraceFormatId } from './generated/TraceFormatId';
export type { TraceFormatId };

/** How to read a trace: the format (or detect it), devices to keep (all if none), blkparse's complete events. */
export interface TraceScanOptions {
  format: TraceFormatId | 'auto';
  devices: string[];
  complete: boolean;
}

// What `ssdsim trace` prints (`ssd_core::trace::TraceSummary`) and the line a trace was refused
// at, the field and why (a code the page translates): the engine's types.
import type { TraceRefusal } from './generated/TraceRefusal';
import type { TraceSummary } from './generated/TraceSummary';
export type { TraceRefusal, TraceSummary };
export type { TraceProblem } from './generated/TraceProblem';
export type { TraceOpTotals } from './generated/TraceOpTotals';
export type { TraceTimeline } from './generated/TraceTimeline';
export type { TraceLineCounts } from './generated/TraceLineCounts';
export type { TraceDevice } from './generated/TraceDevice';

/** A chunk of the file read (commands and lines so far, or the refusal), and the file's end. */
export type { TraceFed } from './generated/TraceFed';
export type { TraceFinished } from './generated/TraceFinished';

/** How far a scan has read: bytes of the file, and what they held. */
export interface TraceScanProgress {
  bytes: number;
  totalBytes: number;
  commands: number;
  lines: number;
}
