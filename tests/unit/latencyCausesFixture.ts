// A latency-causes fixture made to the issue-28 contract (/tmp/i28/contract.md): a write trace
// of 6 points whose every 3rd write waits behind an erase, its latency_cause series, and the
// LatencyCauses document of the same run.
import type { Axis, Cause, LatencyCauses, OpCauses, SeriesMeta, SlowCommand } from '../../web/src/engine/types';

const ops: Axis = { id: 'operation', unit: 'count', name: 'Operation', categories: [] };
const ms: Axis = { id: 'latency', unit: 'ms', name: 'Latency', categories: [] };

export const CAUSES: Cause[] = ['host', 'firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link', 'other'];

/** Per point (ms): firmware, buffer, behind_erase, media_program, channel, link (host and other stay 0). */
const ROWS = [
  [0.01, 0.2, 0, 17, 1.5, 1.0],
  [0.01, 0.2, 0, 17, 1.5, 1.0],
  [0.01, 0.2, 3.5, 17, 1.5, 1.0],
  [0.01, 0.3, 0, 17, 1.5, 1.0],
  [0.01, 0.2, 0, 17, 1.5, 1.0],
  [0.01, 0.2, 3.6, 17, 1.5, 1.0],
];
const IDS = ['firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link'];

const flat = (ys: number[]) => Float64Array.from(ys.flatMap((y, i) => [i + 1, y]));

export const TRACE_META: SeriesMeta = { id: 'latency_trace', role: 'headline', label_id: 'write', label: 'Write', x: ops, y: ms };
export const TRACE = flat(ROWS.map((r) => r.reduce((s, v) => s + v, 0)));

/** The cause series in an order other than the document's (the page must stack by the document), with two all-zero ones. */
export const CAUSE_SERIES: { meta: SeriesMeta; points: Float64Array }[] = [
  ...['link', 'behind_erase', 'firmware', 'media_program', 'buffer', 'channel'].map((id) => ({
    meta: causeMeta(id),
    points: flat(ROWS.map((r) => r[IDS.indexOf(id)])),
  })),
  { meta: causeMeta('host'), points: flat(ROWS.map(() => 0)) },
  { meta: causeMeta('other'), points: flat(ROWS.map(() => 0)) },
];

export function causeMeta(id: string): SeriesMeta {
  return { id: `latency_cause.${id}`, role: 'latency_cause', label_id: 'latency_cause', label: id, x: ops, y: ms };
}

const us = (row: number[]) => CAUSES.map((c: string) => (IDS.includes(c) ? row[IDS.indexOf(c)] * 1000 : 0));
const slow = (i: number): SlowCommand => ({ op: 'write', issued_s: i * 0.02, latency_us: TRACE[2 * i + 1] * 1000, units: 2048, causes_us: us(ROWS[i]) });

const write: OpCauses = {
  count: 6,
  mean_us: 20_920,
  causes_us: us([0.01, 0.2167, 1.1833, 17, 1.5, 1.0]),
  tail: { id: 'tail', from_us: 23_000, to_us: 24_000, count: 1, mean_us: 23_310, causes_us: us(ROWS[5]) },
  bands: [
    { id: 'to_p50', from_us: 0, to_us: 19_800, count: 3, mean_us: 19_710, causes_us: us(ROWS[0]) },
    { id: 'p50_p99', from_us: 19_800, to_us: 23_000, count: 2, mean_us: 21_260, causes_us: us([0.01, 0.25, 1.75, 17, 1.5, 1.0]) },
    { id: 'p99_p999', from_us: 23_000, to_us: 23_500, count: 1, mean_us: 23_310, causes_us: us(ROWS[5]) },
    { id: 'above_p999', from_us: 23_500, to_us: 24_000, count: 0, mean_us: 0, causes_us: us([0, 0, 0, 0, 0, 0]) },
  ],
  max: slow(5),
};

export const DOC: LatencyCauses = { causes: CAUSES, read: null, write, slowest: [slow(5), slow(2), slow(3)], sample: [slow(0), slow(3)] };
