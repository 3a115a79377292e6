// The page's side of a loaded fio result (run/measured.ts, panels/fioResult.ts): where fio's
// bandwidth, latency percentiles and bandwidth log land on a run's charts, in the charts' units,
// and how the "Measured vs model" table writes a metric and its error.
import { describe, expect, it } from 'vitest';
import type { MeasuredOnRun } from '../../web/src/run/measured';
import { measuredBandwidthCurves, measuredBandwidthLines, measuredLatencyMarks } from '../../web/src/run/measured';
import { errorText, measureOf, metricValue } from '../../web/src/panels/fioResult';
import type { SeriesMeta } from '../../web/src/engine/types';

const meta = (x: { id: string; unit: string }, y: { id: string; unit: string }, label_id: string) =>
  ({ id: 's', role: 'throughput', label_id, label: label_id, x: { ...x, name: '', categories: [] }, y: { ...y, name: '', categories: [] } }) as unknown as SeriesMeta;
const overTime = (unit: string, label = 'read') => meta({ id: 'time', unit }, { id: 'throughput', unit: 'mb_per_s' }, label);
const cdf = (unit: string, label = 'read') => meta({ id: 'latency', unit }, { id: 'operations_at_or_below', unit: 'percent' }, label);

const measured: MeasuredOnRun = {
  job: {
    name: 'randread-4k-qd32',
    directions: [{ op: 'read', io_bytes: 14680064000, runtime_ms: 10001, mb_per_s: 1467.859614, iops: 358364.163584, clat: { mean_us: 89.51, p50_us: 84.48, p99_us: 150.528, p999_us: 259.072, p9999_us: null } }],
  },
  logs: [
    { kind: 'bandwidth', curves: [{ op: 'read', points: [[1, 1431.78], [2, 1476.51]] }] },
    { kind: 'latency', curves: [{ op: 'read', points: [[1, 90]] }] },
  ],
};

describe('a fio result on the run charts', () => {
  it('draws the measured bandwidth across throughput over time, for the directions the chart draws', () => {
    const lines = measuredBandwidthLines(measured, [overTime('s')], (op, mb) => `${op} ${mb}`);
    expect(lines).toEqual([{ key: 'fio-bw-read', label: 'read 1467.859614', value: 1467.859614, color: '#000000', dash: '8 4' }]);
    expect(measuredBandwidthLines(measured, [overTime('s', 'write')], () => '')).toEqual([]);
    expect(measuredBandwidthLines(measured, [cdf('us')], () => '')).toEqual([]);
    expect(measuredBandwidthLines(null, [overTime('s')], () => '')).toEqual([]);
  });

  it('marks the printed percentiles on the latency CDF in its x unit, leaving out the ones fio did not print', () => {
    const us = measuredLatencyMarks(measured, [cdf('us')], (op, p) => `${op} p${p}`);
    expect(us.map((m) => [m.label, m.value, m.vertical])).toEqual([
      ['read p50', 84.48, true],
      ['read p99', 150.528, true],
      ['read p99.9', 259.072, true],
    ]);
    expect(measuredLatencyMarks(measured, [cdf('ms')], () => '')[1].value).toBeCloseTo(0.150528, 9);
    expect(measuredLatencyMarks(measured, [cdf('us', 'write')], () => '')).toEqual([]);
  });

  it('draws a bandwidth log as a line in the chart x unit; a latency log is not a throughput line', () => {
    expect(measuredBandwidthCurves(measured, [overTime('s')]).map((c) => [c.op, Array.from(c.points)])).toEqual([['read', [1, 1431.78, 2, 1476.51]]]);
    expect(Array.from(measuredBandwidthCurves(measured, [overTime('ms')])[0].points)).toEqual([1000, 1431.78, 2000, 1476.51]);
  });
});

describe('the "Measured vs model" table', () => {
  it('names a metric by its measure after the direction, and writes values and signed errors', () => {
    expect(measureOf({ metric: 'read_latency.p99_us', op: 'read', measured: 1, model: 1, ratio: 1, error_percent: 0 })).toBe('latency.p99_us');
    expect(measureOf({ metric: 'write_mb_per_s', op: 'write', measured: 1, model: 1, ratio: 1, error_percent: 0 })).toBe('mb_per_s');
    expect(metricValue(1467.859614, 'en-US')).toBe('1,468');
    expect(metricValue(150.528, 'en-US')).toBe('150.5');
    expect(errorText(50.94, 'en-US')).toBe('+50.9\u00a0%');
    expect(errorText(-0.27, 'en-US')).toBe('−0.3\u00a0%');
    expect(errorText(0, 'en-US')).toBe('0.0\u00a0%');
  });
});
