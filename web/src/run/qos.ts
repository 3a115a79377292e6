// Quality of service as enterprise spec sheets state it: "99 % / 99.99 % of 4K random reads at
// QD1 under X µs / Y µs". Only a run of exactly that job gets the sentence and the CDF's marks,
// and only for a percentile its reads can measure: the p-th percentile of n samples says
// something only when at least one sample lies above it, so p99 needs 100 reads and p99.99
// needs 10,000 (100 / (100 - p)). With fewer, the line says so instead of naming a number.
import type { Summary } from '../engine/types';
import { parseBytes } from '../scenario/bytes';
import type { RefLine } from './refLine';

export interface Qos {
  /** Reads measured. */
  count: number;
  /** Absent when the run has too few reads for it (fewer than 100). */
  p99Us?: number;
  /** Absent with fewer than 10,000 reads, or from a run made before the engine gave it. */
  p9999Us?: number;
}

/** Samples a percentile needs before it says anything: 100 for p99, 10,000 for p99.99. */
export function samplesFor(percent: number): number {
  return Math.round(100 / (100 - percent));
}

const kinds = new Set(['job', 'latency_trace']);

/** True when the scenario's workload is 4 KiB random reads at queue depth 1, one thread. */
export function isQosJob(scenario: unknown): boolean {
  const workload = (scenario as { workload?: unknown } | null)?.workload;
  if (typeof workload !== 'object' || workload === null) return false;
  const w = workload as Record<string, unknown>;
  const bs = typeof w.bs === 'number' || typeof w.bs === 'string' ? parseBytes(w.bs) : Number.NaN;
  return kinds.has(String(w.kind)) && w.rw === 'randread' && bs === 4096 && w.iodepth === 1 && (w.numjobs ?? 1) === 1;
}

/** The run's read QoS, when it is a QoS job that read anything. */
export function qosOf(scenario: unknown, summary: Summary | null): Qos | null {
  const l = summary?.read_latency;
  if (!l || !(l.count > 0) || !isQosJob(scenario)) return null;
  const qos: Qos = { count: l.count };
  if (l.count >= samplesFor(99)) qos.p99Us = l.p99_us;
  if (typeof l.p9999_us === 'number' && l.count >= samplesFor(99.99)) qos.p9999Us = l.p9999_us;
  return qos;
}

/** Microseconds per unit of a latency axis. */
const US_PER: Record<string, number> = { us: 1, ms: 1e3, s: 1e6 };

/**
 * The CDF's marks: upright lines at p99 and p99.99 in the axis' unit, labelled as the spec sheet
 * states them (`label(percent, value)`); none on an axis that is not a latency.
 */
export function qosLines(qos: Qos | null, unit: string, label: (percent: string, us: number) => string): RefLine[] {
  const per = US_PER[unit];
  if (!qos || per === undefined) return [];
  const marks: [string, string, number | undefined][] = [
    ['p99', '99', qos.p99Us],
    ['p9999', '99.99', qos.p9999Us],
  ];
  return marks.flatMap(([key, percent, us]) =>
    us !== undefined && us > 0 ? [{ key: `qos-${key}`, label: label(percent, us), value: us / per, color: key === 'p99' ? '#6b6b6b' : '#3d3d3d', dash: key === 'p99' ? '2 3' : '6 3', vertical: true }] : [],
  );
}
