// The runtime schema of every JSON result the wasm API returns, by result name. Each is tied to
// the type the worker hands on (schemaTie.ts): the ts-rs-generated type, or for the summary and
// the series' meta a view over it in types.ts (an old run file's summary may lack p9999; a
// series' meta is the series without points). engineResult.ts parses with them.
import { z } from 'zod/mini';
import type { Scenario } from './generated/Scenario';
import type { ScenarioError } from './generated/ScenarioError';
import type { FioImport } from './generated/FioImport';
import type { Unmodelled } from './generated/Unmodelled';
import type { UnmodelledKind } from './generated/UnmodelledKind';
import type { Workload } from './generated/Workload';
import type { HddSummary } from './generated/HddSummary';
import type { MediaSummary } from './generated/MediaSummary';
import type { NandSummary } from './generated/NandSummary';
import type { TierSummary } from './generated/TierSummary';
import type { ReplaySummary } from './generated/ReplaySummary';
import type { ZnsSummary } from './generated/ZnsSummary';
import type { ZonedLogSummary } from './generated/ZonedLogSummary';
import type { Knob } from './generated/Knob';
import type { KnobLayout } from './generated/KnobLayout';
import type { LayoutGroup } from './generated/LayoutGroup';
import type { WorkloadKindText } from './generated/WorkloadKindText';
import type { GcPolicy } from './generated/GcPolicy';
import type { HandleSummary } from './generated/HandleSummary';
import type { GroupSummary } from './generated/GroupSummary';
import type { TenantSummary } from './generated/TenantSummary';
import type { PowerCutSummary } from './generated/PowerCutSummary';
import type { Recovery } from './generated/Recovery';
import type { CutCommand } from './generated/CutCommand';
import type { LatencySummary as EngineLatencySummary } from './generated/LatencySummary';
import type { PlacementSummary } from './generated/PlacementSummary';
import { ERROR_CODES, type ErrorCode } from './errors';
import { numbers, oneOf, tied } from './schemaTie';
import { fioComparison, fitStep, measuredLog, measuredResult } from './fioResultSchemas';
import { galleryEntries, galleryMeasured } from './gallerySchemas';
import type { ArticleEngineValue, ArticleMeasure, ArticleMeasureAxis, ArticleValue, Axis, AxisId, BlockMapLayout, Budget, DriveSnapshot, DriveSnapshotsJson, SnapshotDriver, EngineLabConfig, Figure, FigureMember, LabCounters, LabelId, LabLayout, TraceFed, TraceFinished, TraceProblem, TraceRefusal, TraceSummary, TraceTimeline, Cause, LatencyBand, LatencyCauses, LatencySummary, OpCauses, Preset, DriveIdentity, SlowCommand, SeriesMeta, SeriesRole, Summary, SummaryField, SummaryGroup, Unit } from './types';

const text = z.string();
const texts = z.array(text);
const count = z.number();

const unit = oneOf<Unit>({ s: true, ms: true, us: true, gib: true, gb: true, kib: true, mb_per_s: true, percent: true, ratio: true, count: true, none: true, bytes: true, iops: true, tb: true });

const axisId = oneOf<AxisId>({
  time: true, access_span: true, data_written: true, operation: true, latency: true, round: true, copy: true, transfer_size: true, test: true, throughput: true,
  waf: true, gc_copy_rate: true, table_lookups: true, operations_at_or_below: true, operations_in_bin: true, slc_cache: true, run: true, reads_from_cache: true, promotion_rate: true, cache_tier: true,
});

const labelId = oneOf<LabelId>({
  read: true, write: true, random_read: true, random_write: true, write_speed_per_round: true, cdm_test: true, write_speed_per_copy: true, read_speed_per_run: true, throughput: true,
  gc_copies: true, sram: true, dram: true, hmb: true, nand_miss: true, latency_per_operation: true, write_amplification: true, write_amplification_window: true,
  folding: true, slc_cache_data: true, slc_cache_size: true, cache_hits: true, promotions: true, cached_data: true, latency_cause: true, placement_handle: true,
});

const seriesRole = oneOf<SeriesRole>({ headline: true, throughput: true, latency_cdf: true, latency_histogram: true, waf: true, gc: true, mapping: true, slc_cache: true, tier: true, latency_cause: true });

const summaryGroup = oneOf<SummaryGroup>({
  throughput: true, latency_read: true, latency_write: true, host: true, nand: true, gc: true, wear: true, capacity: true,
  mapping: true, hmb: true, slc_cache: true, media: true, hdd: true, tier: true, zns: true, run: true,
});

const knobKind = oneOf<Knob['kind']>({ int: true, number: true, bytes: true, bool: true, enum: true, bytes_list: true, text: true });

/** p9999_us: a run file made before the engine gave the 99.99th percentile has none. */
const latency = tied<LatencySummary>()(z.object({ ...numbers(['count', 'mean_us', 'p50_us', 'p99_us', 'p999_us', 'max_us']), p9999_us: z.optional(count) }));

/** Summary's numbers every run has: all but the two latency records and the two flags (the tie keeps the lists whole). */
const RUN_NUMBERS = [
  'duration_s', 'read_mb_per_s', 'write_mb_per_s', 'read_iops', 'write_iops', 'host_read_bytes', 'host_written_bytes', 'host_trimmed_bytes',
  'write_amplification', 'scale', 'user_capacity_bytes', 'events', 'time_window_ms',
] as const;

/** A device kind's section of the summary, present only in a run that has the kind. */
const NAND_SECTION = tied<NandSummary>()(
  z.object({
    ...numbers([
      'nand_written_bytes', 'gc_runs', 'gc_moved_bytes', 'erases', 'wear_level_moves', 'wear_level_moved_bytes', 'erase_count_max', 'erase_count_mean',
      'endurance_used_percent', 'estimated_tbw', 'most_worn_block_tbw', 'flash_operations', 'read_retries', 'suspended_reads', 'reads_ahead_of_gc', 'plane_utilisation_percent', 'raw_capacity_bytes', 'op_percent', 'spare_percent_of_raw',
      'working_blocks_per_plane', 'map_sram_hit_percent', 'map_dram_hit_percent', 'map_hmb_hit_percent', 'map_miss_percent', 'translation_page_reads',
      'translation_page_writes', 'hmb_granted_bytes', 'hmb_table_bytes', 'hmb_covered_span_bytes', 'slc_cache_bytes', 'slc_written_bytes', 'folded_bytes',
    ]),
    /** Only where GC chose victims in the run. */
    gc_spare_percent: z.optional(count),
    /** Only where a larger grant the drive accepts would hold more of the table. */
    hmb_next_grant_bytes: z.optional(count),
    hmb_next_covered_span_bytes: z.optional(count),
  }),
);
const MEDIA_SECTION = tied<MediaSummary>()(z.object(numbers(['media_written_bytes', 'media_operations', 'media_utilisation_percent'])));
const HDD_SECTION = tied<HddSummary>()(z.object(numbers(['seeks', 'mean_seek_ms', 'mean_rotation_ms', 'read_cache_hit_percent'])));
const TIER_SECTION = tied<TierSummary>()(
  z.object(numbers(['tier_read_hit_percent', 'tier_promoted_bytes', 'tier_written_back_bytes', 'tier_evicted_bytes', 'tier_cached_bytes'])),
);
/** A zoned drive's zones (`device.zns` on), present only on one. */
const ZNS_SECTION = tied<ZnsSummary>()(
  z.object(
    numbers([
      'zns_zones', 'zns_zone_size_bytes', 'zns_zone_capacity_bytes', 'zns_device_write_amplification', 'zns_nand_written_bytes', 'zns_pad_bytes',
      'zns_zone_resets', 'zns_zones_finished', 'zns_append_commands', 'zns_open_commands', 'zns_close_commands', 'zns_implicit_closes',
      'zns_unwritten_read_bytes', 'zns_zones_empty', 'zns_zones_open',
      'zns_zones_closed', 'zns_zones_full', 'zns_zones_read_only', 'zns_zones_offline', 'zns_errors', 'zns_errors_boundary',
      'zns_errors_zone_full', 'zns_errors_read_only', 'zns_errors_offline', 'zns_errors_invalid_write', 'zns_errors_too_many_active', 'zns_errors_too_many_open',
      'zns_errors_invalid_transition', 'zns_errors_unwritten_read', 'zns_first_error_zone', 'zns_zones_with_errors', 'zns_erase_count_max',
    ]),
  ),
);
/** The host's log-structured store (workload kind zoned_log), present only in such a run. */
const ZONED_LOG_SECTION = tied<ZonedLogSummary>()(z.object(numbers(['host_data_set_bytes', 'host_user_written_bytes', 'host_copied_bytes', 'host_write_amplification', 'end_to_end_write_amplification', 'host_zone_cleanings', 'host_victim_live_percent'])));
/** A trace workload's replay, present only in a trace run. */
const TRACE_SECTION = tied<ReplaySummary>()(z.object(numbers(['trace_commands', 'trace_read_bytes', 'trace_written_bytes', 'trace_trimmed_bytes', 'trace_footprint_bytes'])));

const summary = tied<Summary>()(
  z.object({
    ...numbers(RUN_NUMBERS),
    read_latency: latency,
    write_latency: latency,
    truncated: z.boolean(),
    time_window_widened: z.boolean(),
    ...z.partial(NAND_SECTION).shape,
    ...z.partial(MEDIA_SECTION).shape,
    ...z.partial(HDD_SECTION).shape,
    ...z.partial(TIER_SECTION).shape,
    ...z.partial(TRACE_SECTION).shape,
    ...z.partial(ZNS_SECTION).shape,
    ...z.partial(ZONED_LOG_SECTION).shape,
  }),
);

const budget = tied<Budget>()(
  z.object({
    ...numbers(['memory_bytes', 'expected_memory_bytes', 'work_limit', 'typical_work', 'seconds_estimate', 'precondition_share']),
    /** None without a ceiling (native tools). */
    seconds_limit: z.nullable(count),
  }),
);

const axis = tied<Axis>()(z.object({ id: axisId, unit, name: text, categories: texts }));
const seriesMeta = tied<SeriesMeta>()(z.object({ id: text, role: seriesRole, label_id: labelId, label: text, x: axis, y: axis }));

const scenarioError = tied<ScenarioError>()(z.object({ field: text, code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]), message: text }));

/**
 * A scenario (in a preset, a figure, or normalised by the engine) is checked only as an object:
 * its shape is the engine's to check, which it does with the knob table whenever a scenario is
 * validated or run, naming the field; a second copy of those rules here could only drift.
 */
const scenario = z.custom<Scenario>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'Invalid input: expected a scenario object');

/** An imported fio job: always a `job` workload; its fields are the engine's to check, as a scenario's are. */
const jobWorkload = z.custom<Workload>((v) => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'job', 'Invalid input: expected a job workload');
const unmodelledKind = oneOf<UnmodelledKind>({ no_effect: true, not_modelled: true, not_imported: true });
const unmodelled = tied<Unmodelled>()(z.object({ section: text, line: count, option: text, value: text, kind: unmodelledKind, reason: text }));
const fioImport = tied<FioImport>()(z.object({ workload: jobWorkload, name: text, jobs: texts, unmodelled: z.array(unmodelled) }));

const driveIdentity = tied<DriveIdentity>()(z.object({ slot: count }));
const preset = tied<Preset>()(z.object({ name: text, title: text, description: text, blurb: text, identity: z.optional(driveIdentity), scenario }));
const figureMember = tied<FigureMember>()(z.object({ id: text, label: text, scenario }));

// An article value: what the article measured, how the engine's number is taken from the lines
// (one key naming the measure), its band. Strict objects: a measure the page does not know is
// refused here, not drawn wrongly.
const point = z.strictObject({ member: text, x: count });
const range = z.strictObject({ member: text, from: count, to: count });
const pair = z.tuple([point, point]);
const measure = tied<ArticleMeasure>()(
  z.union([
    z.strictObject({ at: point }),
    z.strictObject({ mean: range }),
    z.strictObject({ min: range }),
    z.strictObject({ max: range }),
    z.strictObject({ p90: range }),
    z.strictObject({ rise: range }),
    z.strictObject({ p90_rise: range }),
    z.strictObject({ tail_mean: z.strictObject({ member: text, share: count }) }),
    z.strictObject({ first_below: z.strictObject({ member: text, below: count }) }),
    z.strictObject({ ratio: pair }),
    z.strictObject({ difference: pair }),
  ]),
);
const articleValue = tied<ArticleValue>()(
  z.strictObject({ id: text, label: text, article: z.optional(count), measure, band: z.tuple([count, count]), differs: z.optional(text) }),
);
const measureAxis = oneOf<ArticleMeasureAxis>({ x: true, y: true, ratio: true });
const articleEngineValue = tied<ArticleEngineValue>()(z.object({ id: text, engine: z.optional(count), error: z.optional(text), in_band: z.boolean(), axis: measureAxis }));

const figure = tied<Figure>()(z.object({ name: text, title: text, description: text, article: text, series: z.optional(text), members: z.array(figureMember), article_values: z.array(articleValue) }));

const knob = tied<Knob>()(
  z.object({
    path: text,
    group: text,
    kind: knobKind,
    unit: text,
    min: z.optional(count),
    max: z.optional(count),
    options: z.optional(texts),
    option_labels: z.optional(texts),
    label: text,
    help: text,
    workloads: z.optional(texts),
    nullable: z.optional(z.boolean()),
    when: z.optional(z.object({ path: text, equals: text })),
    devices: z.optional(texts),
    follows: z.optional(z.object({ path: text, options: texts, values: z.array(count) })),
    slider: z.optional(z.boolean()),
    view_of: z.optional(text),
    inert: z.optional(z.array(z.object({ path: text, equals: text, id: text, reason: text }))),
  }),
);

const layoutGroup = tied<LayoutGroup>()(
  z.object({ id: text, title: text, other_title: z.optional(z.object({ unless_devices: texts, title: text })), open: z.boolean(), open_when_positive: z.optional(texts) }),
);
const workloadKindText = tied<WorkloadKindText>()(z.object({ id: text, label: text, help: text }));
const knobLayout = tied<KnobLayout>()(z.object({ device_groups: z.array(layoutGroup), workload_groups: z.array(layoutGroup), workload_kinds: z.array(workloadKindText) }));
const summaryField = tied<SummaryField>()(z.object({ id: text, unit, group: summaryGroup, label: text, devices: z.optional(texts), slice: z.optional(z.boolean()) }));

const blockMapLayout = tied<BlockMapLayout>()(z.object(numbers(['planes', 'blocks_per_plane', 'units_per_block'])));
const handleSummary = tied<HandleSummary>()(z.object(numbers(['handle', 'host_written_bytes', 'gc_moved_bytes', 'nand_written_bytes', 'write_amplification', 'nand_share_percent', 'reclaim_units_opened'])));
const groupSummary = tied<GroupSummary>()(
  z.object(numbers(['group', 'first_plane', 'planes', 'host_written_bytes', 'gc_moved_bytes', 'write_amplification', 'reclaim_units_opened'])),
);
const placementSummary = tied<PlacementSummary>()(
  z.object({
    handles: z.array(handleSummary),
    groups: z.array(groupSummary),
    isolation: text,
    ...numbers(['reclaim_unit_bytes', 'group_spill_blocks', 'shared_gc_moved_bytes', 'shared_nand_share_percent', 'shared_reclaim_units_opened', 'invalid_placement_writes']),
  }),
);
/** A latency record the engine gives now (tenants' results come from no older run file). */
const liveLatency = tied<EngineLatencySummary>()(z.object(numbers(['count', 'mean_us', 'p50_us', 'p99_us', 'p999_us', 'p9999_us', 'max_us'])));
const cutCommand = tied<CutCommand>()(
  z.object({ ...numbers(['acked_s', 'offset_bytes', 'bytes', 'durable_bytes']), class: z.enum(['lost', 'shorn', 'out_of_order']) }),
);
const cutRecovery = tied<Recovery>()(z.object(numbers(['checkpoint_bytes', 'entries_since_checkpoint', 'checkpoint_pages', 'replayed_pages', 'time_s'])));
const powerCutSummary = tied<PowerCutSummary>()(
  z.object({
    ...numbers(['at_s', 'acknowledged_writes', 'in_flight_writes', 'lost_writes', 'shorn_writes', 'out_of_order_writes', 'lost_bytes']),
    power_loss_protection: z.boolean(),
    commands: z.array(cutCommand),
    recovery: cutRecovery,
  }),
);
const tenantSummary = tied<TenantSummary>()(
  z.object({
    ...numbers(['tenant', 'plid', 'duration_s', 'read_bytes', 'written_bytes', 'trimmed_bytes', 'read_iops', 'write_iops', 'read_mb_per_s', 'write_mb_per_s']),
    read_latency: liveLatency,
    write_latency: liveLatency,
  }),
);
const labLayout = tied<LabLayout>()(z.object(numbers(['blocks', 'pages_per_block', 'logical_pages', 'working_blocks', 'op_percent'])));
const labDefaults = tied<EngineLabConfig>()(
  z.object({ ...numbers(['blocks', 'pages_per_block', 'op_percent', 'seed']), gc_policy: oneOf<GcPolicy>({ greedy: true, fifo: true, cost_benefit: true }) }),
);
const labCounters = tied<LabCounters>()(z.object(numbers(['host_writes', 'nand_writes', 'gc_moves', 'erases', 'host_reads', 'waf'])));
const orNull = z.nullable(count);
const driveSnapshot = tied<DriveSnapshot>()(
  z.object({
    ...numbers(['time_s', 'written_gb', 'read_gb', 'ops', 'free_blocks', 'blocks']),
    point: z.nullable(z.object({ series: text, x: count })),
    planes: z.object(numbers(['host_read', 'host_program', 'gc_read', 'gc_program', 'erase', 'table'])),
    gc: z.object({ victims: count, victim_valid_percent: orNull, folded_percent: orNull, wear_level_percent: z.optional(count) }),
    closed_valid: z.array(count),
    slc: z.nullable(z.object(numbers(['data_gb', 'size_gb']))),
    buffer_percent: orNull,
    lookups: z.nullable(z.tuple([count, count, count, count])),
    tier: z.nullable(z.object({ cached_gb: count, read_hit_percent: orNull })),
  }),
);
const driveSnapshots = tied<DriveSnapshotsJson>()(
  z.object({
    driver: oneOf<SnapshotDriver>({ time: true, written: true, ops: true, points: true }),
    ...numbers(['blocks', 'cell_blocks', 'cells_per_snapshot']),
    handle_cells: z.optional(z.boolean()),
    zone_cells: z.optional(z.boolean()),
    snapshots: z.array(driveSnapshot),
  }),
);

/** A cause the engine books; one it adds is a compile error here until the page has its words (i18n/*.causes.ts). */
const cause = oneOf<Cause>({
  host: true, firmware: true, map_dram: true, map_hmb: true, map_nand: true, buffer: true, queue_host: true, behind_program: true, behind_gc: true, behind_fold: true, behind_wear_level: true, behind_erase: true, behind_table: true,
  media_read: true, media_program: true, media_write: true, read_retry: true, channel: true, link: true, seek: true, rotation: true, transfer: true, promotion: true, suspend: true, flush: true, other: true,
});
const slowCommand = tied<SlowCommand>()(z.object({ op: z.enum(['read', 'write']), ...numbers(['issued_s', 'latency_us', 'units']), causes_us: z.array(count) }));
const latencyBand = tied<LatencyBand>()(z.object({ id: text, ...numbers(['from_us', 'to_us', 'count', 'mean_us']), causes_us: z.array(count) }));
const opCauses = tied<OpCauses>()(z.object({ ...numbers(['count', 'mean_us']), causes_us: z.array(count), tail: latencyBand, bands: z.array(latencyBand), max: slowCommand }));
/** `slowest`: up to 200, slowest first; `sample`: an even sample of all commands. */
const latencyCauses = tied<LatencyCauses>()(z.object({ causes: z.array(cause), read: z.nullable(opCauses), write: z.nullable(opCauses), slowest: z.array(slowCommand), sample: z.array(slowCommand) }));

const traceFormat = oneOf<TraceSummary['format']>({ msr: true, spc: true, alibaba: true, tencent: true, blkparse: true, fio_v2: true, fio_v3: true });
const traceProblem = oneOf<TraceProblem>({
  missing: true, negative: true, not_a_number: true, too_large: true, unknown_op: true, binary: true, line_too_long: true, unrecognised: true, too_many_devices: true, unreadable: true, unexpected: true,
});
const traceRefusal = tied<TraceRefusal>()(z.object({ line: count, field: text, problem: traceProblem }));
const traceOps = z.object(numbers(['commands', 'bytes']));
const traceTimeline = tied<TraceTimeline>()(
  z.object({ axis: z.enum(['time', 'commands']), width: count, read_bytes: z.array(count), write_bytes: z.array(count), footprint_bytes: z.array(count) }),
);
const traceSummary = tied<TraceSummary>()(
  z.object({
    format: traceFormat,
    ...numbers(['commands', 'footprint_bytes', 'read_footprint_bytes', 'written_footprint_bytes', 'footprint_unit_bytes', 'highest_address_bytes', 'duration_ns']),
    ...numbers(['mean_iops', 'skew_hot20_share', 'skew_sample_fraction']),
    reads: traceOps,
    writes: traceOps,
    trims: traceOps,
    size_histogram: z.array(z.object(numbers(['up_to_bytes', 'commands']))),
    lines: z.object(numbers(['lines', 'commands', 'blank_lines', 'headers', 'flushes', 'other_events', 'file_actions', 'trailer_lines', 'empty_commands', 'other_devices'])),
    clock: z.object(numbers(['last_ns', 'times_clamped', 'largest_step_back_ns'])),
    devices: z.array(z.object({ id: count, label: text, commands: count, kept: z.boolean() })),
    devices_not_found: texts,
    timeline: traceTimeline,
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
);

/** Every JSON result of the wasm API, by the name an error about it gives (the wasm call's). */
export const RESULTS = {
  summary,
  budget,
  series_meta: z.array(seriesMeta),
  /** The ceiling a run stopped at, or null if it ran to its end. */
  stopped: z.nullable(scenarioError),
  presets: z.array(preset),
  figures: z.array(figure),
  /** An article figure's values measured on the lines the page drew. */
  article_values: z.array(articleEngineValue),
  knobs: z.array(knob),
  /** The NAND lab's knobs (`lab.blocks` …), the same shape. */
  lab_knobs: z.array(knob),
  knob_layout: knobLayout,
  summary_fields: z.array(summaryField),
  block_map_layout: blockMapLayout,
  /** NVMe FDP's results per reclaim unit handle, or null without FDP (`Simulation::placement`). */
  placement: z.nullable(placementSummary),
  /** Each tenant's results, or null unless the workload's kind is tenants (`Simulation::tenants`). */
  tenants: z.nullable(z.array(tenantSummary)),
  /** What a power cut left, or null unless the job has one on a NAND drive (`Simulation::power_cut`). */
  power_cut: z.nullable(powerCutSummary),
  /** The drive's state at points along a finished run (`Simulation::snapshots`). */
  snapshots: driveSnapshots,
  /** Where each command's time went, by cause (`Simulation::latency_causes`). */
  latency_causes: latencyCauses,
  lab_layout: labLayout,
  /** The lab a config that says nothing builds (`lab_defaults()`). */
  lab_defaults: labDefaults,
  lab_counters: labCounters,
  /** A scenario as the engine writes it: the default, or one normalised by validation. */
  scenario,
  /** A trace file's chunk read (`TraceScan::feed`), and its end (`TraceScan::finish`). */
  trace_fed: tied<TraceFed>()(z.object({ error: z.nullable(traceRefusal), ...numbers(['commands', 'lines']) })),
  trace_finished: tied<TraceFinished>()(z.object({ error: z.nullable(traceRefusal), summary: z.nullable(traceSummary) })),
  /** A fio job file read into a job workload, with the options not modelled (ssd_core::fio). */
  fio_import: fioImport,
  /** fio's own JSON result, a bw/lat log of it, and the result held against a run (fioResultSchemas.ts). */
  fio_result: measuredResult,
  fio_log: measuredLog,
  fio_compare: fioComparison,
  /** A step of the fit of the drive's headline knobs to a fio result (ssd_core::fio::FioFit). */
  fio_fit: fitStep,
  /** The gallery of real drives, and one drive measured (gallerySchemas.ts). */
  gallery: galleryEntries,
  gallery_measure: galleryMeasured,
};

export type ResultName = keyof typeof RESULTS;
export type ResultOf<N extends ResultName> = z.output<(typeof RESULTS)[N]>;
