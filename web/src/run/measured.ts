// A fio result the reader loaded (ssd_core::fio::result, docs/fio.md "Comparing with your own fio
// results"), drawn on the run's charts: the measured bandwidth as a reference line on throughput
// over time, a bandwidth log as a line of its own, and the measured completion-latency percentiles
// as marks on the latency CDF. A plain store (set by the playground, read by each chart), so no
// chart is handed it through every layer; nothing here measures, it only places fio's numbers.
import type { MeasuredJob } from '../engine/generated/MeasuredJob';
import type { MeasuredLog } from '../engine/generated/MeasuredLog';
import type { MeasuredOp } from '../engine/generated/MeasuredOp';
import type { SeriesMeta } from '../engine/types';
import type { RefLine } from './refLine';

/** What the overlay draws: the measured job and the logs loaded beside it. */
export interface MeasuredOnRun {
  job: MeasuredJob;
  logs: readonly MeasuredLog[];
}

/** The measured values' colour: black, apart from every run and pin colour. */
export const MEASURED_COLOR = '#000000';

let current: MeasuredOnRun | null = null;
const listeners = new Set<() => void>();

export const measuredStore = {
  get: (): MeasuredOnRun | null => current,
  set(next: MeasuredOnRun | null) {
    current = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The directions a chart's series draw: its series' label ids (read, write), or both for a total. */
function opsOf(metas: readonly SeriesMeta[]): MeasuredOp[] {
  const ops = metas.flatMap((m): MeasuredOp[] => (m.label_id === 'read' || m.label_id === 'random_read' ? ['read'] : m.label_id === 'write' || m.label_id === 'random_write' ? ['write'] : []));
  return ops.length ? ops : ['read', 'write'];
}

const US_PER: Record<string, number> = { us: 1, ms: 1e3, s: 1e6 };
const S_PER: Record<string, number> = { s: 1, ms: 1e-3 };

/** Throughput over time in MB/s: fio's bandwidth of each direction the chart draws, across the plot. */
export function measuredBandwidthLines(m: MeasuredOnRun | null, metas: readonly SeriesMeta[], label: (op: MeasuredOp, mbPerS: number) => string): RefLine[] {
  const first = metas[0];
  if (!m || !first || first.x.id !== 'time' || first.y.unit !== 'mb_per_s') return [];
  const ops = opsOf(metas);
  return m.job.directions
    .filter((d) => ops.includes(d.op) && d.mb_per_s > 0)
    .map((d) => ({ key: `fio-bw-${d.op}`, label: label(d.op, d.mb_per_s), value: d.mb_per_s, color: MEASURED_COLOR, dash: '8 4' }));
}

/** The latency CDF: fio's p50, p99, p99.9 and p99.99 completion latency of the chart's direction, as upright marks. */
export function measuredLatencyMarks(m: MeasuredOnRun | null, metas: readonly SeriesMeta[], label: (op: MeasuredOp, percent: string, us: number) => string): RefLine[] {
  const first = metas[0];
  const per = first ? US_PER[first.x.unit] : undefined;
  if (!m || !first || first.x.id !== 'latency' || per === undefined) return [];
  const ops = opsOf(metas);
  return m.job.directions
    .filter((d) => ops.includes(d.op) && d.clat)
    .flatMap((d) => {
      const c = d.clat!;
      const marks: [string, string, number | null][] = [
        ['p50', '50', c.p50_us],
        ['p99', '99', c.p99_us],
        ['p999', '99.9', c.p999_us],
        ['p9999', '99.99', c.p9999_us],
      ];
      return marks.flatMap(([key, percent, us]) =>
        us !== null && us > 0 ? [{ key: `fio-${d.op}-${key}`, label: label(d.op, percent, us), value: us / per, color: MEASURED_COLOR, dash: '1 3', vertical: true }] : [],
      );
    });
}

/** A bandwidth log's curve of each direction the chart draws, as flat [x, y, …] in the chart's x unit. */
export function measuredBandwidthCurves(m: MeasuredOnRun | null, metas: readonly SeriesMeta[]): { op: MeasuredOp; points: Float64Array }[] {
  const first = metas[0];
  const per = first ? S_PER[first.x.unit] : undefined;
  if (!m || !first || first.x.id !== 'time' || first.y.unit !== 'mb_per_s' || per === undefined) return [];
  const ops = opsOf(metas);
  return m.logs
    .filter((l) => l.kind === 'bandwidth')
    .flatMap((l) => l.curves)
    .filter((c) => ops.includes(c.op))
    .map((c) => ({ op: c.op, points: Float64Array.from(c.points.flatMap(([s, v]) => [s / per, v])) }));
}
