// The back-of-envelope models the stories show beside the engine (greedy GC's write
// amplification, the SLC cache's size, a cached table's reach), and live numbers rendered in the
// unit of the chart beside them ("74 GB" next to a chart in GB, not "68.8 GiB").
import { describe, expect, it } from 'vitest';
import type { SummaryField } from '../../web/src/engine/types';
import { fastSpan, greedyWaf, lambertW0, modelValues, slcCacheBytes, tableCoverageBytes, tailMean } from '../../web/src/explain/stories/models';
import { convertUnit, convertible } from '../../web/src/explain/story/liveUnits';
import { summaryText, type LiveValues } from '../../web/src/explain/story/StepText';

describe('back-of-envelope models', () => {
  it('Lambert W inverts w e^w, and the FIFO / greedy write amplification matches published values', () => {
    for (const x of [-0.3678, -0.2, -0.01]) {
      const w = lambertW0(x);
      expect(w * Math.exp(w)).toBeCloseTo(x, 12);
    }
    // Xiang & Kurkoski (2011): α = 1.3 gives 2.36 (FIFO); greedy converges to it for large blocks.
    expect(greedyWaf(1.3, 1e9)).toBeCloseTo(2.36, 2);
    // NAND 101's steady state: 7 % spare, 1,024 units per block (the engine lands within 0.2 %).
    expect(greedyWaf(1.07, 1024)).toBeCloseTo(7.76, 2);
    // Article 003: more spare, much less copying.
    expect(greedyWaf(1.4316, 512)).toBeCloseTo(1.863, 2);
    expect(greedyWaf(1.28, 1024)).toBeLessThan(greedyWaf(1.07, 1024) / 3);
  });

  it("the SLC cache is static + ratio × free / bits per cell: the 660p's 74 GB", () => {
    expect(slcCacheBytes(6e9, 53, 512_110_190_592, 4) / 1e9).toBeCloseTo(73.85, 2);
    // Half full: the cache shrinks with the free capacity.
    expect(slcCacheBytes(6e9, 53, 256e9, 4) / 1e9).toBeCloseTo(39.9, 1);
  });

  it('a cached table covers 1,024 times its size (4 bytes per 4 KiB)', () => {
    expect(tableCoverageBytes(2 ** 20)).toBe(2 ** 30);
  });

  it("the engine's side: a steady state's mean, and a sweep's fast range", () => {
    expect(tailMean([0, 1, 1, 1, 2, 1, 3, 8, 4, 8], 0.25)).toBe(8);
    expect(tailMean([], 0.25)).toBeNull();
    // BG4-like, HMB off: 1,353 MB/s at 1 GiB, 495 at 2 GiB.
    expect(fastSpan([1, 1353, 2, 495, 4, 354])).toBe(1);
    expect(fastSpan([1, 1300, 2, 1290, 4, 1280, 8, 400])).toBe(4);
  });

  it('computes model and engine from a step: scenario, summary and series', () => {
    const series = (points: Record<string, number[]>) => (id: string) => points[id] ?? null;
    const waf = modelValues('greedy-waf', {
      scenario: { device: { nand: { pages_per_block: 256, page_bytes: 16384 } } },
      summary: { gc_spare_percent: 7 },
      series: series({ waf_window: [0, 1, 100, 7.7, 200, 7.8] }),
    });
    expect(waf.model).toBeCloseTo(7.76, 2);
    expect(waf.engine).toBeCloseTo(7.8, 6);
    expect(waf.unit).toBe('ratio');
    const slc = modelValues('slc-cache', {
      scenario: { device: { nand: { cell: 'qlc' }, slc_cache: { static_bytes: '6GB', dynamic_percent: 53 } }, precondition: { fill_percent: 0 } },
      summary: { user_capacity_bytes: 512_110_190_592, slc_cache_bytes: 73_854_484_480 },
      series: series({}),
    });
    expect(slc.unit).toBe('gb');
    expect(slc.model).toBeCloseTo(73.855, 2);
    expect(slc.engine).toBeCloseTo(73.854, 3);
    const table = modelValues('table-coverage', { scenario: { device: { mapping: { sram_bytes: '1m' } } }, summary: {}, series: series({ span_sweep: [1, 1353, 2, 495] }) });
    expect([table.model, table.engine, table.unit]).toEqual([1, 1, 'gib']);
    // Before the run: the model alone, no engine number.
    expect(modelValues('greedy-waf', { scenario: null, summary: null, series: () => null })).toEqual({ model: null, engine: null, unit: 'ratio' });
  });
});

describe('live numbers in the unit of the chart beside them', () => {
  it('converts sizes to sizes and times to times, and nothing else', () => {
    expect(convertUnit(73_854_484_480, 'bytes', 'gb')).toBeCloseTo(73.854, 3);
    expect(convertUnit(2 ** 30 * 24, 'bytes', 'gib')).toBe(24);
    expect(convertUnit(19_709.951, 'us', 'ms')).toBeCloseTo(19.71, 2);
    expect(convertUnit(6.8, 'ms', 'us')).toBeCloseTo(6800, 6);
    expect(convertUnit(5, 'percent', 'gb')).toBeNull();
    expect(convertUnit(5, 'bytes', 'ms')).toBeNull();
    expect(convertible('us', 'ms')).toBe(true);
  });

  const fields: SummaryField[] = [
    { id: 'slc_cache_bytes', unit: 'bytes' },
    { id: 'write_latency.p50_us', unit: 'us' },
    { id: 'tier_promoted_bytes', unit: 'bytes' },
  ] as unknown as SummaryField[];
  const live: LiveValues = {
    summary: { slc_cache_bytes: 73_854_484_480, write_latency: { p50_us: 19_709.951 }, tier_promoted_bytes: 102_400_000 } as never,
    fields,
    scenario: null,
    knobs: [],
  };

  it('renders a placeholder in the unit it asks for (the chart’s), in both languages', () => {
    // The summary panel's own unit: binary bytes and microseconds.
    expect(summaryText('slc_cache_bytes', live, 'en', 'en-US')).toMatch(/68\.\d+\s*GiB/);
    expect(summaryText('slc_cache_bytes', live, 'en', 'en-US', 'gb')).toBe('73.85 GB');
    expect(summaryText('write_latency.p50_us', live, 'en', 'en-US', 'ms')).toBe('19.71 ms');
    expect(summaryText('tier_promoted_bytes', live, 'ja', 'ja-JP', 'gb')).toBe('0.102 GB');
    // A unit that does not fit the field falls back to the field's own.
    expect(summaryText('write_latency.p50_us', live, 'en', 'en-US', 'gb')).toBe(summaryText('write_latency.p50_us', live, 'en', 'en-US'));
  });
});
