// fio's own results as the engine sends them (ssd_core::fio::{result, log, compare, fit}): a JSON
// result's jobs and directions, a bandwidth or latency log's curves, a result held against a run,
// and a step of the fit of a drive's knobs to it. Tied to the generated types, as schemas.ts does.
import { z } from 'zod/mini';
import type { FioComparison } from './generated/FioComparison';
import type { FioLogKind } from './generated/FioLogKind';
import type { FitMove } from './generated/FitMove';
import type { FitOutput } from './generated/FitOutput';
import type { FitStep } from './generated/FitStep';
import type { MeasuredCurve } from './generated/MeasuredCurve';
import type { MeasuredDirection } from './generated/MeasuredDirection';
import type { MeasuredJob } from './generated/MeasuredJob';
import type { MeasuredLatency } from './generated/MeasuredLatency';
import type { MeasuredLog } from './generated/MeasuredLog';
import type { MeasuredOp } from './generated/MeasuredOp';
import type { MeasuredResult } from './generated/MeasuredResult';
import type { MetricError } from './generated/MetricError';
import { numbers, oneOf, tied } from './schemaTie';

const text = z.string();
const maybe = z.nullable(z.number());
const op = oneOf<MeasuredOp>({ read: true, write: true, trim: true });
const latency = tied<MeasuredLatency>()(z.object({ mean_us: z.number(), p50_us: maybe, p99_us: maybe, p999_us: maybe, p9999_us: maybe }));
const direction = tied<MeasuredDirection>()(z.object({ op, ...numbers(['io_bytes', 'runtime_ms', 'mb_per_s', 'iops']), clat: z.nullable(latency) }));
const job = tied<MeasuredJob>()(z.object({ name: text, directions: z.array(direction) }));
const curve = tied<MeasuredCurve>()(z.object({ op, points: z.array(z.tuple([z.number(), z.number()])) }));
const metric = tied<MetricError>()(z.object({ metric: text, op, ...numbers(['measured', 'model', 'ratio', 'error_percent']) }));

export const measuredResult = tied<MeasuredResult>()(z.object({ fio_version: text, jobs: z.array(job) }));
export const measuredLog = tied<MeasuredLog>()(z.object({ kind: oneOf<FioLogKind>({ bandwidth: true, latency: true }), curves: z.array(curve) }));
export const fioComparison = tied<FioComparison>()(z.object({ job: text, metrics: z.array(metric), geomean_ratio: maybe }));

const fitMove = tied<FitMove>()(z.object({ knob: text, ...numbers(['before', 'after']) }));
const fitOutput = tied<FitOutput>()(
  z.object({ drive: text, fitted: z.boolean(), knobs: z.array(fitMove), tried: z.number(), before: fioComparison, after: fioComparison }),
);
const scenarioObject = z.nullable(z.record(z.string(), z.unknown()));
/** The search's state is the engine's to read (handed back as it came); the drive to run is a scenario the run checks. */
export const fitStep = tied<FitStep>()(
  z.object({ state: z.unknown(), run: scenarioObject, ...numbers(['tried', 'most']), output: z.nullable(fitOutput), fitted: scenarioObject }),
);
