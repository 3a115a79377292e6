import { describe, expect, it } from 'vitest';
import { blockMapCsv, blocksPerCell, cellAt, eraseRange, NO_HANDLE } from '../../web/src/charts/blockMapModel';
import { chartDefs, isGeometric } from '../../web/src/run/chartSpecs';
import { csvField, csvRows, parseCsv, seriesCsv } from '../../web/src/charts/exportChart';
import { formatValue, unitsOnChart } from '../../web/src/run/format';
import { unitText, withUnit } from '../../web/src/i18n/units';
import { cdfToHistogram, percentiles } from '../../web/src/run/latency';
import { PALETTE, seriesStyle } from '../../web/src/charts/palette';
import { nearestIndex, plotFrame } from '../../web/src/charts/plotFrame';
import { mergeRefLines } from '../../web/src/charts/percentileLines';
import type { Axis, AxisId, BlockMap, LabelId, SeriesMeta, SeriesRole, Summary, Unit } from '../../web/src/engine/types';

const axis = (id: AxisId, unit: Unit, categories: string[] = []): Axis => ({ id, unit, name: `English ${id}`, categories });
const series = (id: string, role: SeriesRole, x: Axis, y: Axis, label_id: LabelId = 'read'): SeriesMeta => ({ id, role, label_id, label: id, x, y });
const time = axis('time', 's');
const mbps = axis('throughput', 'mb_per_s');
const pct = axis('table_lookups', 'percent');
const waf = axis('waf', 'ratio');
const margins = { top: 10, right: 10, bottom: 30, left: 50 };

describe('chartDefs: charts from the series roles and axis ids', () => {
  it('a span sweep: headline, throughput over time, latency distribution, mapping tiers', () => {
    const list = [
      series('span_sweep', 'headline', axis('access_span', 'gib'), mbps),
      series('read_throughput', 'throughput', time, mbps),
      series('map_hit_sram', 'mapping', time, pct),
      series('map_miss', 'mapping', time, pct),
      series('latency_cdf_read', 'latency_cdf', axis('latency', 'us'), axis('operations_at_or_below', 'percent')),
    ];
    expect(chartDefs(list).map((d) => [d.id, d.series, d.mark])).toEqual([
      ['headline', [0], 'line'],
      ['throughput', [1], 'line'],
      ['latency', [4], 'line'],
      ['mapping', [2, 3], 'line'],
    ]);
  });

  it('never reads English names or unit text: renamed axes change nothing', () => {
    const renamed = (a: Axis): Axis => ({ ...a, name: 'Zeit' });
    const list = [series('x1', 'headline', renamed(axis('access_span', 'gib')), renamed(mbps)), series('x2', 'throughput', renamed(time), renamed(mbps))];
    expect(chartDefs(list).map((d) => d.id)).toEqual(['headline', 'throughput']);
  });

  it('CrystalDiskMark read and write share the categorical headline as bars', () => {
    const tests = axis('test', 'none', ['SEQ1M Q8T1', 'RND4K Q1T1']);
    const defs = chartDefs([series('cdm_read', 'headline', tests, mbps), series('cdm_write', 'headline', tests, mbps), series('read_throughput', 'throughput', time, mbps), series('waf', 'waf', time, waf)]);
    expect(defs[0]).toEqual({ id: 'headline', series: [0, 1], mark: 'bars', role: 'headline' });
    expect(defs.map((d) => d.id)).toEqual(['headline', 'throughput', 'waf']);
  });

  it('GC’s copy rate gets its own chart; cumulative and windowed WAF share one', () => {
    const defs = chartDefs([
      series('throughput_vs_written', 'headline', axis('data_written', 'gb'), mbps),
      series('write_throughput', 'throughput', time, mbps),
      series('waf', 'waf', time, waf, 'write_amplification'),
      series('waf_window', 'waf', time, waf, 'write_amplification_window'),
      series('gc_throughput', 'gc', time, axis('gc_copy_rate', 'mb_per_s')),
    ]);
    expect(defs.map((d) => [d.id, d.series])).toEqual([
      ['headline', [0]],
      ['throughput', [1]],
      ['waf', [2, 3]],
      ['gc', [4]],
    ]);
  });
});

describe('chartDefs: SLC cache and hybrid tiers', () => {
  it('an SLC cache: folding joins GC’s chart, the cache’s size and contents get their own time chart', () => {
    const copyRate = axis('gc_copy_rate', 'mb_per_s');
    const slc = axis('slc_cache', 'gb');
    const defs = chartDefs([
      series('throughput_vs_written', 'headline', axis('data_written', 'gb'), mbps),
      series('write_throughput', 'throughput', time, mbps),
      series('gc_throughput', 'gc', time, copyRate, 'gc_copies'),
      series('fold_throughput', 'gc', time, copyRate, 'folding'),
      series('slc_cache_data_vs_written', 'slc_cache', axis('data_written', 'gb'), slc, 'slc_cache_data'),
      series('slc_cache_size_vs_written', 'slc_cache', axis('data_written', 'gb'), slc, 'slc_cache_size'),
      series('map_hit_dram', 'mapping', time, pct, 'dram'),
      series('slc_cache_data', 'slc_cache', time, slc, 'slc_cache_data'),
      series('slc_cache_size', 'slc_cache', time, slc, 'slc_cache_size'),
    ]);
    expect(defs.map((d) => [d.id, d.series, d.role])).toEqual([
      ['headline', [0], 'headline'],
      ['throughput', [1], 'time'],
      ['gc', [2, 3], 'time'],
      ['mapping', [6], 'time'],
      // Over time first, whatever the engine's order; against data written, a chart of its own
      // named for its x axis.
      ['slc_cache', [7, 8], 'time'],
      ['slc_cache_by_data_written', [4, 5], 'other'],
    ]);
  });

  it('a hybrid’s cache tier: hit rate, promotion rate and cached data each get a chart of the tier role', () => {
    const defs = chartDefs([
      series('application_load', 'headline', axis('run', 'none'), mbps, 'read_speed_per_run'),
      series('read_throughput', 'throughput', time, mbps),
      series('map_hit_dram', 'mapping', time, pct, 'dram'),
      series('tier_read_hits', 'tier', time, axis('reads_from_cache', 'percent'), 'cache_hits'),
      series('tier_promotions', 'tier', time, axis('promotion_rate', 'mb_per_s'), 'promotions'),
      series('tier_cached', 'tier', time, axis('cache_tier', 'gb'), 'cached_data'),
      series('latency_cdf_read', 'latency_cdf', axis('latency', 'us'), axis('operations_at_or_below', 'percent')),
    ]);
    expect(defs.map((d) => [d.id, d.series, d.mark, d.role])).toEqual([
      ['headline', [0], 'line', 'headline'],
      ['throughput', [1], 'line', 'time'],
      ['latency', [6], 'line', 'cdf'],
      ['tier', [3], 'line', 'time'],
      ['tier_promotion_rate', [4], 'line', 'time'],
      ['tier_cache_tier', [5], 'line', 'time'],
      ['mapping', [2], 'line', 'time'],
    ]);
  });
});

describe('chartDefs: jobs, traces and other axes', () => {
  it('a job’s headline is its throughput over time (no duplicate chart)', () => {
    const defs = chartDefs([
      series('read_throughput', 'throughput', time, mbps),
      series('write_throughput', 'throughput', time, mbps),
      series('gc_throughput', 'gc', time, axis('gc_copy_rate', 'mb_per_s')),
      series('map_hit_sram', 'mapping', time, pct),
    ]);
    expect(defs.map((d) => [d.id, d.series])).toEqual([
      ['headline', [0, 1]],
      ['gc', [2]],
      ['mapping', [3]],
    ]);
  });

  it('a latency trace (x axis: operation) is dots, with its own role', () => {
    const defs = chartDefs([series('latency_trace', 'headline', axis('operation', 'none'), axis('latency', 'ms'))]);
    expect(defs[0]).toMatchObject({ mark: 'dots', role: 'latency_trace' });
  });

  it('a series on other axes than its role’s chart still gets a chart, grouped by axes', () => {
    const defs = chartDefs([
      series('span_sweep', 'headline', axis('access_span', 'gib'), mbps),
      series('map_hit_sram', 'mapping', time, pct),
      series('map_lookups', 'mapping', time, axis('table_lookups', 'count')),
      series('map_lookups_2', 'mapping', time, axis('table_lookups', 'count')),
    ]);
    expect(defs.map((d) => [d.id, d.series])).toEqual([
      ['headline', [0]],
      ['mapping', [1]],
      ['series-map_lookups', [2, 3]],
    ]);
    expect(chartDefs([])).toEqual([]);
  });

  it('recognises geometric sweeps for a log x axis', () => {
    expect(isGeometric(new Float64Array([1, 5, 2, 5, 4, 5, 64, 5]))).toBe(true);
    expect(isGeometric(new Float64Array([0, 5, 1, 5, 2, 5]))).toBe(false);
    expect(isGeometric(new Float64Array([1, 5, 2, 5, 3, 5]))).toBe(false);
    // Article 000's spans: doublings, then 48 and 64 GiB.
    const spans = [1, 2, 4, 8, 16, 32, 48, 64].flatMap((x) => [x, 500]);
    expect(isGeometric(new Float64Array(spans))).toBe(true);
    // A long run's time windows (63 of 7.3 s) cover a 63× range but are evenly spaced.
    const windows = Array.from({ length: 63 }, (_, i) => [7.33 * (i + 1), 61]).flat();
    expect(isGeometric(new Float64Array(windows))).toBe(false);
  });
});

describe('plotFrame', () => {
  const pts = new Float64Array([1, 100, 2, 250, 64, 400]);

  it('linear axes start at zero with headroom', () => {
    const f = plotFrame({ series: [pts], width: 560, height: 240, margins, xScale: 'linear', yScale: 'linear' });
    expect(f.innerWidth).toBe(500);
    expect(f.x(0)).toBe(0);
    expect(f.x(64)).toBe(500);
    expect(f.y(0)).toBe(200);
    expect(f.yTicks[0]).toBe(0);
  });

  it('a count on x (runs 1 to 4) has whole-number ticks; fractional x keeps its ticks', () => {
    const runs = new Float64Array([1, 80, 2, 420, 3, 421, 4, 419]);
    const f = plotFrame({ series: [runs], width: 560, height: 240, margins, xScale: 'linear', yScale: 'linear' });
    expect(f.xTicks).toEqual([0, 1, 2, 3, 4]);
    const times = new Float64Array([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
    expect(plotFrame({ series: [times], width: 560, height: 240, margins, xScale: 'linear', yScale: 'linear' }).xTicks.some((t) => !Number.isInteger(t))).toBe(true);
  });

  it('a log x axis uses a sweep’s own points as ticks', () => {
    const f = plotFrame({ series: [pts], width: 560, height: 240, margins, xScale: 'log', yScale: 'linear' });
    expect(f.xLog).toBe(true);
    expect(f.xTicks).toEqual([1, 2, 64]);
    expect(f.x(2) - f.x(1)).toBeCloseTo(f.x(4) - f.x(2), 6);
  });

  it('a log y axis has decade ticks and ignores zeros', () => {
    const lat = new Float64Array([0, 0, 1, 0.02, 2, 25, 3, 3000]);
    const f = plotFrame({ series: [lat], width: 560, height: 240, margins, xScale: 'linear', yScale: 'log' });
    expect(f.yLog).toBe(true);
    expect(f.yTicks.every((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9)).toBe(true);
  });

  it('categories become bands', () => {
    const f = plotFrame({ series: [new Float64Array([0, 10, 1, 20])], width: 560, height: 240, margins, xScale: 'linear', yScale: 'linear', categories: ['A', 'B'] });
    expect(f.bandwidth).toBeGreaterThan(100);
    expect(f.xInvert(f.x(1))).toBe(1);
    expect(f.xTicks).toEqual([0, 1]);
  });

  it('spans a planned runtime and includes reference lines', () => {
    const f = plotFrame({ series: [new Float64Array([0, 1, 1, 2])], width: 560, height: 240, margins, xScale: 'linear', yScale: 'linear', xMaxHint: 10, extraY: [50] });
    expect(f.x(10)).toBe(500);
    expect(f.y(50)).toBeGreaterThanOrEqual(0);
  });

  it('finds the nearest point by x', () => {
    const p = new Float64Array([0, 0, 1, 0, 2, 0, 4, 0]);
    expect(nearestIndex(p, 2.9)).toBe(2);
    expect(nearestIndex(p, 3.1)).toBe(3);
    expect(nearestIndex(p, -5)).toBe(0);
    expect(nearestIndex(new Float64Array(0), 1)).toBe(-1);
  });
});

describe('latency helpers', () => {
  it('turns a CDF into a histogram whose bins add up to 100 %', () => {
    const cdf = new Float64Array([10, 0, 10, 25, 20, 50, 40, 75, 1000, 99, 2000, 100]);
    const h = cdfToHistogram(cdf, 16);
    let total = 0;
    for (let i = 1; i < h.length; i += 2) total += h[i];
    expect(total).toBeCloseTo(100, 9);
    for (let i = 2; i < h.length; i += 2) expect(h[i]).toBeGreaterThan(h[i - 2]);
  });

  it('takes the summary’s percentiles in the chart’s unit, for operations that ran', () => {
    const lat = (p50: number) => ({ count: 10, mean_us: p50, p50_us: p50, p99_us: p50 * 2, p999_us: p50 * 3, max_us: p50 * 4 });
    const summary = { read_latency: { ...lat(0), count: 0 }, write_latency: lat(22_400) } as unknown as Summary;
    expect(percentiles(summary, 'ms')).toEqual([
      { op: 'write', name: 'p50', value: 22.4 },
      { op: 'write', name: 'p99', value: 44.8 },
      { op: 'write', name: 'p99.9', value: 67.2 },
    ]);
    expect(percentiles(summary, 'mb_per_s')).toEqual([]); // not a time unit
  });

  it('merges percentile lines that coincide into one label', () => {
    const lines = mergeRefLines(
      [
        { key: 'a', label: 'Write p50', value: 22.4, color: 'g' },
        { key: 'b', label: 'Write p99', value: 25.9, color: 'r' },
        { key: 'c', label: 'Write p99.9', value: 25.9, color: 'p' },
      ],
      (v) => `${v} ms`,
    );
    expect(lines.map((l) => l.label)).toEqual(['Write p50 22.4 ms', 'Write p99 / p99.9 25.9 ms']);
  });
});

describe('CSV export', () => {
  it('writes one row per point, 12 significant digits without float noise, and reads back', () => {
    const s = [{ key: 'a', label: 'Read, "QD32"', color: '#000', marker: 'circle' as const, points: new Float64Array([1, 0.1 + 0.2, 2, 1e21, 3, 339.96799999999996]) }];
    const text = seriesCsv(s, { name: 'Access span', unit: 'gib', scale: 'log' }, { name: 'Throughput', unit: 'mb_per_s', scale: 'linear' }, 'en');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['series', 'Access span (GiB)', 'Throughput (MB/s)']);
    expect(rows[1]).toEqual(['Read, "QD32"', '1', '0.3']);
    expect(Number(rows[2][2])).toBe(1e21);
    expect(rows[3][2]).toBe('339.968');
  });

  it('names categories and defuses formula-like text', () => {
    const s = [{ key: 'a', label: '=HYPERLINK("x")', color: '#000', marker: 'circle' as const, points: new Float64Array([0, 5, 1, 6]) }];
    const rows = parseCsv(seriesCsv(s, { name: 'Test', unit: 'none', categories: ['SEQ1M Q8T1', 'RND4K Q1T1'], scale: 'linear' }, { name: 'Throughput', unit: 'mb_per_s', scale: 'linear' }, 'en'));
    expect(rows[1]).toEqual(["'=HYPERLINK(\"x\")", 'SEQ1M Q8T1', '5']);
    expect(csvField(Number.NaN)).toBe('');
    expect(csvRows([['a', 1]])).toBe('a,1\r\n');
  });
});

describe('formatting and palette', () => {
  it('formats exact values with units', () => {
    expect(formatValue(827.60448)).toBe('827.6');
    expect(formatValue(514.9491)).toBe('514.9');
    expect(formatValue(339.96799999999996)).toBe('340');
    expect(formatValue(202060)).toBe('202,060');
    expect(withUnit('en', '1.5', 'ratio')).toBe('1.5×');
    expect(withUnit('en', '12', 'ms')).toBe('12 ms');
    expect(withUnit('en', '45', 'percent')).toBe('45 %');
    expect(withUnit('ja', '7', 'count')).toBe('7');
    expect(unitText('en', 'us')).toBe('µs');
    expect(unitsOnChart(['gib', 'mb_per_s', 's'])).toEqual(['GiB', 'MBps']);
  });

  it('gives every series a distinct colour and marker, then dashes', () => {
    const styles = Array.from({ length: PALETTE.length }, (_, i) => seriesStyle(i));
    expect(new Set(styles.map((s) => s.color)).size).toBe(PALETTE.length);
    expect(new Set(styles.map((s) => s.marker)).size).toBe(PALETTE.length);
    expect(seriesStyle(PALETTE.length).dash).toBeDefined();
  });
});

describe('block map model', () => {
  const map: BlockMap = {
    planes: 2,
    blocksPerPlane: 4,
    unitsPerBlock: 10,
    valid: new Uint32Array([10, 5, 0, 0, 10, 10, 2, 0]),
    eraseCounts: new Uint32Array([1, 2, 3, 4, 0, 0, 9, 1]),
    states: new Uint8Array([2, 1, 0, 0, 2, 3, 2, 0]),
  };

  it('bins blocks into cells when a plane is wider than the canvas', () => {
    expect(blocksPerCell(5472, 500)).toBe(11);
    expect(cellAt(map, 0, 0, 2)).toEqual({ plane: 0, from: 0, to: 1, valid: 0.75, erase: 2, state: 1, handle: NO_HANDLE, zone: NO_HANDLE });
    expect(cellAt(map, 1, 0, 2)?.state).toBe(3); // being collected is the state to see
    expect(cellAt(map, 2, 0, 1)).toBeNull();
    expect(eraseRange(map)).toEqual({ min: 0, max: 9 });
  });

  it('gives a cell the FDP handle most of its blocks belong to, and the CSV a handle column', () => {
    const map: BlockMap = {
      planes: 1,
      blocksPerPlane: 4,
      unitsPerBlock: 4,
      valid: new Uint32Array([4, 4, 0, 2]),
      eraseCounts: new Uint32Array(4),
      states: new Uint8Array([2, 2, 0, 1]),
      handles: new Uint8Array([1, 1, NO_HANDLE, 0]),
    };
    expect(cellAt(map, 0, 0, 2)!.handle).toBe(1);
    expect(cellAt(map, 0, 1, 2)!.handle).toBe(NO_HANDLE);
    expect(cellAt(map, 0, 3, 1)!.handle).toBe(0);
    const csv = blockMapCsv(map);
    expect(csv[0].at(-1)).toBe('fdp_handle');
    expect(csv.slice(1).map((r) => r.at(-1))).toEqual([1, 1, '', 0]);
  });

  it('gives a zoned drive\'s cell the state of its zone, and the CSV a zone state column', () => {
    const map: BlockMap = {
      planes: 1,
      blocksPerPlane: 4,
      unitsPerBlock: 4,
      valid: new Uint32Array([4, 4, 1, 0]),
      eraseCounts: new Uint32Array(4),
      states: new Uint8Array([2, 2, 1, 0]),
      zoneStates: new Uint8Array([4, 4, 1, 0]),
    };
    expect(cellAt(map, 0, 0, 2)!.zone).toBe(4);
    expect(cellAt(map, 0, 2, 1)!.zone).toBe(1);
    expect(cellAt(map, 0, 0, 2)!.handle).toBe(NO_HANDLE);
    expect(blockMapCsv(map).map((r) => r.at(-1))).toEqual(['zone_state', 'full', 'full', 'implicitOpen', 'empty']);
  });

  it('exports every block as a CSV row', () => {
    const rows = blockMapCsv(map);
    expect(rows).toHaveLength(9);
    expect(rows[6]).toEqual([1, 1, 10, 10, 0, 'collecting']);
  });
});
