import { describe, expect, it } from 'vitest';
import { chartTitle, throughputSeries } from '../../web/src/charts/pickSeries';
import type { SeriesMeta } from '../../web/src/engine/types';

const axis = (name: string, unit: string, categories: string[] = []) => ({ name, unit, categories });
const series = (id: string, x: ReturnType<typeof axis>, y: ReturnType<typeof axis>): SeriesMeta => ({ id, label: id, x, y });
const time = axis('Time', 's');
const mbps = axis('Throughput', 'MB/s');

describe('throughputSeries', () => {
  it('draws read and write throughput over time together, skipping other series', () => {
    const list = [
      series('cdm_read', axis('Test', '', ['SEQ1M Q8T1']), mbps),
      series('read_throughput', time, mbps),
      series('write_throughput', time, mbps),
      series('waf', time, axis('WAF', 'x')),
      series('map_hit_sram', time, axis('Table lookups', '%')),
    ];
    expect(throughputSeries(list)).toEqual([1, 2]);
  });

  it('falls back to a benchmark result sharing one x axis', () => {
    const list = [series('span_sweep', axis('Access span', 'GiB'), mbps), series('map_miss', time, axis('Table lookups', '%'))];
    expect(throughputSeries(list)).toEqual([0]);
  });

  it('draws nothing when there is no rate', () => {
    expect(throughputSeries([series('waf', time, axis('WAF', 'x'))])).toEqual([]);
    expect(throughputSeries([])).toEqual([]);
  });
});

describe('chartTitle', () => {
  it('names the chart after its axes', () => {
    expect(chartTitle(series('r', time, mbps))).toBe('Throughput over time');
    expect(chartTitle(series('s', axis('Access span', 'GiB'), mbps))).toBe('Throughput by access span');
    expect(chartTitle(undefined)).toBe('Throughput over time');
  });
});
