// Quality of service as enterprise spec sheets state it: "99 % / 99.99 % of 4K random reads at
// QD1 under X µs / Y µs". Only a run of exactly that job gets the sentence and the CDF's marks.
import type { Summary } from '../engine/types';
import { parseBytes } from '../scenario/bytes';
import type { RefLine } from './refLine';

export interface Qos {
  p99Us: number;
  /** Absent from a run made before the engine gave the 99.99th percentile. */
  p9999Us?: number;
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
  return typeof l.p9999_us === 'number' ? { p99Us: l.p99_us, p9999Us: l.p9999_us } : { p99Us: l.p99_us };
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
