// The playground's knobs: each is one typed entry that reads its value from a scenario and
// writes it back (TensorFlow-Playground style). The scenario JSON stays the single source of
// truth; knobs are views onto it, so a knob change is visible in the JSON editor and vice versa.
import type { Scenario } from './generated/Scenario';
import type { Job } from './generated/Job';
import type { Rw } from './generated/Rw';

export const GIB = 1024 ** 3;

export interface NumberKnob {
  kind: 'number';
  id: string;
  label: string;
  unit: string;
  hint: string;
  /** Dotted scenario path, matched against the field an engine error names. */
  field: string;
  min: number;
  max: number;
  step: number;
  read(job: Job): number;
  write(job: Job, value: number): Job;
}

export interface ChoiceKnob {
  kind: 'choice';
  id: string;
  label: string;
  hint: string;
  field: string;
  options: { value: string; label: string }[];
  read(job: Job): string;
  write(job: Job, value: string): Job;
}

export type Knob = NumberKnob | ChoiceKnob;

const RW_OPTIONS: { value: Rw; label: string }[] = [
  { value: 'randread', label: 'Random read' },
  { value: 'randwrite', label: 'Random write' },
  { value: 'read', label: 'Sequential read' },
  { value: 'write', label: 'Sequential write' },
  { value: 'randrw', label: 'Random mixed' },
  { value: 'rw', label: 'Sequential mixed' },
];

const BS_OPTIONS = [4096, 8192, 16384, 65536, 131072, 1048576].map((bytes) => ({
  value: String(bytes),
  label: bytes >= 1048576 ? `${bytes / 1048576} MiB` : `${bytes / 1024} KiB`,
}));

/** Sizes may be written as strings ("4k") in a scenario; the knobs show the byte count. */
export function sizeToBytes(size: number | string): number {
  if (typeof size === 'number') return size;
  const m = /^\s*([\d.]+)\s*([a-zA-Z]*)\s*$/.exec(size);
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  const suffix = m[2];
  const binary: Record<string, number> = { '': 1, b: 1, B: 1, k: 1024, K: 1024, KiB: 1024, m: 1024 ** 2, M: 1024 ** 2, MiB: 1024 ** 2, g: GIB, G: GIB, GiB: GIB, t: 1024 * GIB, T: 1024 * GIB, TiB: 1024 * GIB };
  const decimal: Record<string, number> = { KB: 1e3, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };
  const mult = binary[suffix] ?? decimal[suffix];
  return mult === undefined ? Number.NaN : value * mult;
}

/** Rounds away binary-fraction noise for display (0.07 * 1000 → 70, not 70.00000000000001). */
export function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

export const KNOBS: Knob[] = [
  {
    kind: 'choice',
    id: 'rw',
    label: 'Access pattern',
    hint: 'fio rw',
    field: 'workload.rw',
    options: RW_OPTIONS,
    read: (job) => job.rw,
    write: (job, value) => ({ ...job, rw: value as Rw }),
  },
  {
    kind: 'choice',
    id: 'bs',
    label: 'Block size',
    hint: 'fio bs',
    field: 'workload.bs',
    options: BS_OPTIONS,
    read: (job) => String(sizeToBytes(job.bs)),
    write: (job, value) => ({ ...job, bs: Number(value) }),
  },
  {
    kind: 'number',
    id: 'iodepth',
    label: 'Queue depth',
    unit: 'commands',
    hint: 'Commands kept in flight',
    field: 'workload.iodepth',
    min: 1,
    max: 1024,
    step: 1,
    read: (job) => job.iodepth,
    write: (job, value) => ({ ...job, iodepth: value }),
  },
  {
    kind: 'number',
    id: 'span',
    label: 'Span',
    unit: 'GiB',
    hint: 'Region the job touches; 0 = whole drive',
    field: 'workload.size',
    min: 0,
    max: 4096,
    step: 0.25,
    read: (job) => tidy(sizeToBytes(job.size) / GIB),
    // Whole 4 KiB units, the FTL's mapping granularity, so a fractional GiB stays valid.
    write: (job, value) => ({ ...job, size: Math.round((value * GIB) / 4096) * 4096 }),
  },
  {
    kind: 'number',
    id: 'runtime',
    label: 'Runtime',
    unit: 'ms',
    hint: 'Simulated time to run',
    field: 'workload.runtime',
    min: 0,
    max: 3_600_000,
    step: 10,
    read: (job) => tidy(job.runtime * 1000),
    write: (job, value) => ({ ...job, runtime: value / 1000 }),
  },
];

/** The job of a single-job scenario; benchmarks (span sweeps etc.) have no job knobs yet. */
export function jobOf(scenario: Scenario): Job | null {
  const workload = scenario.workload as Scenario['workload'] | undefined;
  return workload?.kind === 'job' ? workload : null;
}

export function withJob(scenario: Scenario, job: Job): Scenario {
  return { ...scenario, workload: { ...scenario.workload, ...job } } as Scenario;
}

/** Parses editor text into a scenario, or returns the JSON syntax error. */
export function parseScenario(text: string): { scenario: Scenario } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'A scenario must be a JSON object' };
    return { scenario: value as Scenario };
  } catch (err) {
    return { error: `Scenario JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export function formatScenario(scenario: Scenario): string {
  return JSON.stringify(scenario, null, 2);
}

/** The dotted field an engine error names ("workload.iodepth: must be …" → "workload.iodepth"). */
export function errorField(message: string): string | null {
  const m = /^([A-Za-z_][\w]*(?:\.[\w]+|\[\d+\])*):\s/.exec(message);
  return m ? m[1] : null;
}

/** Seconds of simulated time the scenario asks for (for the chart's x axis), or 0 if unknown. */
export function plannedRuntimeS(scenario: Scenario | null): number {
  if (!scenario) return 0;
  const job = jobOf(scenario);
  return job && typeof job.runtime === 'number' && job.runtime > 0 ? job.runtime : 0;
}
