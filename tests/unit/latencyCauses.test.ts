// Latency causes on the page (issue 28): the trace's causes stacked in the engine's order, a
// picked point's breakdown summing to its latency, the per-band rows, the QoS job and its marks,
// the document's schema and the run file that carries it.
import { describe, expect, it } from 'vitest';
import { chartDefs } from '../../web/src/run/chartSpecs';
import { bandRows, causesShown, opBands } from '../../web/src/charts/causes/causeBands';
import { CauseBands } from '../../web/src/charts/causes/CauseBands';
import { CAUSE_COLORS, causeColor } from '../../web/src/charts/causes/causeColors';
import { causeIdOf, causeIndices, pickIndex, pointBreakdown, stackLayers, tallestIndex } from '../../web/src/charts/causes/causeStack';
import { isQosJob, qosLines, qosOf, samplesFor, type Qos } from '../../web/src/run/qos';
import { latencyText } from '../../web/src/run/causeText';
import { QosLine } from '../../web/src/panels/QosLine';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { PointBuffer } from '../../web/src/engine/chunking';
import { engineResult } from '../../web/src/engine/engineResult';
import type { LatencyCauses, Summary } from '../../web/src/engine/types';
import { decodeRun, encodeRun, RUN_FILE_FORMAT } from '../../web/src/explain/story/runFile';
import { en } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';
import { CAUSE_SERIES, CAUSES, DOC, TRACE, TRACE_META } from './latencyCausesFixture';

const SOURCE = { series: CAUSE_SERIES, doc: DOC };
/** Every cause id of the contract's table, `suspend` (issue 28's later part) and `flush` (issue 46). */
const CONTRACT_CAUSES = 'host firmware map_dram map_hmb map_nand buffer queue_host behind_gc behind_fold behind_wear_level behind_erase behind_table media_read media_program media_write read_retry channel link seek rotation transfer promotion other suspend flush'.split(' ');

describe('the latency trace stacked by cause', () => {
  it('stacks the non-zero causes bottom first in the document order, each layer on the ones below', () => {
    const layers = stackLayers(SOURCE);
    expect(layers.map((l) => l.id)).toEqual(['firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link']);
    for (let i = 0; i < TRACE.length / 2; i++) {
      expect(layers[0].y0[i]).toBe(0);
      layers.slice(1).forEach((l, k) => expect(l.y0[i]).toBe(layers[k].y1[i]));
      expect(layers[layers.length - 1].y1[i]).toBeCloseTo(TRACE[2 * i + 1], 9);
    }
  });

  it('keeps the series order without a document, and draws nothing without series', () => {
    expect(stackLayers({ series: CAUSE_SERIES, doc: null }).map((l) => l.id)).toEqual(['link', 'behind_erase', 'firmware', 'media_program', 'buffer', 'channel']);
    expect(stackLayers(null)).toEqual([]);
    expect(stackLayers({ series: [], doc: DOC })).toEqual([]);
  });

  it('a picked point breaks down into its causes, largest first, summing to its latency', () => {
    const layers = stackLayers(SOURCE);
    const b = pointBreakdown(layers, 2)!;
    expect(b.x).toBe(3);
    expect(b.total).toBeCloseTo(TRACE[5], 9);
    expect(b.parts.map((p) => p.id)).toEqual(['media_program', 'behind_erase', 'channel', 'link', 'buffer', 'firmware']);
    expect(b.parts.reduce((s, p) => s + p.value, 0)).toBeCloseTo(b.total, 9);
    expect(b.parts.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1, 9);
    expect(pointBreakdown(layers, 99)).toBeNull();
  });

  it('a click picks the tallest point within its tolerance, else the nearest', () => {
    const layers = stackLayers(SOURCE);
    expect(pickIndex(layers, 2.2, 1)).toBe(2); // points 2 and 3 in reach: 3 (index 2) is the erase spike
    expect(pickIndex(layers, 4.6, 0.1)).toBe(4);
    expect(tallestIndex(layers)).toBe(5);
    expect(pickIndex([], 1, 1)).toBe(-1);
  });

  it('latency_cause series are never charts of their own', () => {
    const metas = [TRACE_META, ...CAUSE_SERIES.map((s) => s.meta)];
    const defs = chartDefs(metas);
    expect(defs.map((d) => d.id)).toEqual(['headline']);
    expect(defs[0].series).toEqual([0]);
    expect(causeIndices(metas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(causeIdOf(CAUSE_SERIES[1].meta)).toBe('behind_erase');
  });
});

describe('where the time goes, by percentile band', () => {
  it('gives a row per band that holds commands, then the slowest command, each split in stacking order', () => {
    const rows = bandRows(DOC.causes, DOC.write!);
    expect(rows.map((r) => r.band)).toEqual(['to_p50', 'p50_p99', 'p99_p999', 'max']);
    expect(rows[3].meanUs).toBeCloseTo(TRACE[11] * 1000, 6);
    for (const r of rows) {
      expect(r.parts.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1, 9);
      expect(r.parts.map((p) => p.id)).toEqual(CAUSES.filter((c) => r.parts.some((p) => p.id === c)));
    }
    expect(rows[0].parts.some((p) => p.id === 'behind_erase')).toBe(false);
    expect(rows[2].parts.find((p) => p.id === 'behind_erase')!.us).toBeCloseTo(3600, 6);
  });

  it('keeps the p99–p99.9 band when it holds no command, and says why (article 002: 768 writes)', () => {
    const empty = (count: number): LatencyCauses => ({
      ...DOC,
      write: { ...DOC.write!, count, bands: DOC.write!.bands.map((b) => (b.id === 'p99_p999' ? { ...b, count: 0, mean_us: 0 } : b.id === 'to_p50' ? { ...b, count: count - 2 } : b)) },
    });
    expect(bandRows(DOC.causes, empty(768).write!).map((r) => [r.band, r.count])).toEqual([
      ['to_p50', 766],
      ['p50_p99', 2],
      ['p99_p999', 0],
      ['max', 1],
    ]);
    const html = (doc: LatencyCauses, lang: Lang = 'en') => renderToStaticMarkup(createElement(I18nProvider, { initial: lang, children: createElement(CauseBands, { doc }) }));
    const short = html(empty(768));
    expect(short).toMatch(/data-band="p99_p999" data-count="0"/);
    expect(short).toContain('768 writes are too few to tell p99.9 from p99 (that takes at least 1,000)');
    expect(html(empty(768), 'ja')).toContain('書き込み 768 回では p99.9 と p99 を区別できません');
    expect(html(empty(5000))).toContain('no writes took longer than p99 and no longer than p99.9');
  });

  it('lists only the ops that ran and the causes that show', () => {
    expect(opBands(DOC).map((o) => o.op)).toEqual(['write']);
    expect(opBands(null)).toEqual([]);
    expect(causesShown(DOC)).toEqual(['firmware', 'buffer', 'behind_erase', 'media_program', 'channel', 'link']);
  });
});

describe('QoS as spec sheets state it', () => {
  const job = (w: object) => ({ workload: { kind: 'job', rw: 'randread', bs: '4k', iodepth: 1, numjobs: 1, ...w } });
  const summary = (p9999?: number, count = 20_000) => ({ read_latency: { count, mean_us: 80, p50_us: 75, p99_us: 110, p999_us: 160, max_us: 400, ...(p9999 === undefined ? {} : { p9999_us: p9999 }) } }) as unknown as Summary;

  it('is the job of 4 KiB random reads at QD1 on one thread, and nothing else', () => {
    expect(isQosJob(job({}))).toBe(true);
    expect(isQosJob(job({ bs: 4096, numjobs: undefined }))).toBe(true);
    expect(isQosJob(job({ iodepth: 32 }))).toBe(false);
    expect(isQosJob(job({ bs: '8k' }))).toBe(false);
    expect(isQosJob(job({ rw: 'randwrite' }))).toBe(false);
    expect(isQosJob(job({ numjobs: 4 }))).toBe(false);
    expect(isQosJob(job({ kind: 'span_sweep' }))).toBe(false);
    expect(isQosJob(null)).toBe(false);
    expect(isQosJob({ workload: 'not a workload' })).toBe(false);
  });

  it('reads p99 and p99.99; a run without p99.99 gives p99 alone', () => {
    expect(qosOf(job({}), summary(190))).toEqual({ count: 20_000, p99Us: 110, p9999Us: 190 });
    expect(qosOf(job({}), summary())).toEqual({ count: 20_000, p99Us: 110 });
    expect(qosOf(job({ iodepth: 4 }), summary(190))).toBeNull();
  });

  it('states a percentile only from enough reads: 100 for p99, 10,000 for p99.99 (647 reads give p99 alone)', () => {
    expect([samplesFor(99), samplesFor(99.9), samplesFor(99.99)]).toEqual([100, 1000, 10_000]);
    expect(qosOf(job({}), summary(190, 647))).toEqual({ count: 647, p99Us: 110 });
    expect(qosOf(job({}), summary(190, 9_999))).toEqual({ count: 9_999, p99Us: 110 });
    expect(qosOf(job({}), summary(190, 10_000))).toEqual({ count: 10_000, p99Us: 110, p9999Us: 190 });
    expect(qosOf(job({}), summary(190, 99))).toEqual({ count: 99 });
    const line = (qos: Qos, lang: Lang = 'en') => renderToStaticMarkup(createElement(I18nProvider, { initial: lang, children: createElement(QosLine, { qos }) }));
    const few = line({ count: 647, p99Us: 81.79 });
    expect(few).toContain('99 % of 4K random reads at QD1 under 81.79 µs');
    expect(few).toContain('99.99 % needs at least 10,000 reads; this run measured 647');
    expect(few).not.toContain('99.99 % under');
    expect(line({ count: 40 })).toContain('too few reads to state it: 40 reads measured, and 99 % needs at least 100');
    expect(line({ count: 40 }, 'ja')).toContain('少なくとも 100 回必要');
    expect(qosLines({ count: 40 }, 'us', (p) => p)).toEqual([]);
  });

  it('says a duration in the unit that suits its size, at most four significant digits', () => {
    expect(latencyText(0.06209, 'en', 'en-US')).toBe('62.1 ns');
    expect(latencyText(81.789, 'en', 'en-US')).toBe('81.79 µs');
    expect(latencyText(21_470, 'en', 'en-US')).toBe('21.47 ms');
    expect(latencyText(5_851_000, 'en', 'en-US')).toBe('5.851 s');
    expect(latencyText(0, 'en', 'en-US')).toBe('0 µs');
  });

  it('marks the CDF upright at both, in the axis unit', () => {
    const lines = qosLines({ count: 20_000, p99Us: 110, p9999Us: 190 }, 'ms', (p, us) => `${p}:${us}`);
    expect(lines.map((l) => [l.key, l.value, l.label, l.vertical])).toEqual([
      ['qos-p99', 0.11, '99:110', true],
      ['qos-p9999', 0.19, '99.99:190', true],
    ]);
    expect(qosLines({ count: 20_000, p99Us: 110 }, 'us', (p) => p)).toHaveLength(1);
    expect(qosLines({ count: 20_000, p99Us: 110 }, 'count', (p) => p)).toEqual([]);
  });
});

describe('the causes document and the words for it', () => {
  it('parses through the one schema, and refuses a malformed one', () => {
    expect(engineResult('latency_causes', JSON.stringify(DOC))).toEqual(DOC);
    expect(() => engineResult('latency_causes', JSON.stringify({ ...DOC, slowest: [{ op: 'trim' }] }))).toThrow(expect.objectContaining({ field: 'latency_causes.slowest[0].op' }) as Error);
  });

  it('names and colours every cause of the contract in EN and JA', () => {
    for (const id of CONTRACT_CAUSES) {
      expect(en).toHaveProperty(`cause.${id}`);
      expect((ja as Record<string, string>)[`cause.${id}`]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]|[A-Z]{2,}/);
      expect(CAUSE_COLORS[id]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(CONTRACT_CAUSES.map((id) => CAUSE_COLORS[id])).size).toBe(CONTRACT_CAUSES.length);
    expect(causeColor('a_cause_added_later')).toMatch(/^#/);
  });
});

describe('the run file carries the causes', () => {
  const scenario = '{"name":"fixture"}';
  const latency = { count: 0, mean_us: 0, p50_us: 0, p99_us: 0, p999_us: 0, max_us: 0 };
  const numbers = ['duration_s', 'read_mb_per_s', 'write_mb_per_s', 'read_iops', 'write_iops', 'host_read_bytes', 'host_written_bytes', 'host_trimmed_bytes', 'write_amplification', 'scale', 'user_capacity_bytes', 'events', 'time_window_ms'];
  // A format-3 summary: no p99.99 yet.
  const summary = { ...Object.fromEntries(numbers.map((k) => [k, 1])), read_latency: latency, write_latency: latency, truncated: false, time_window_widened: false } as unknown as Summary;
  const run = () => {
    const buffer = new PointBuffer(TRACE.length / 2);
    buffer.append(TRACE);
    return { series: [TRACE_META], buffers: [buffer], summary, blockMap: null, snapshots: null, latencyCauses: DOC };
  };

  it('writes the document, without its command lists, and reads it back', () => {
    const text = encodeRun(scenario, run());
    expect(JSON.parse(text)).toMatchObject({ format: RUN_FILE_FORMAT });
    expect(RUN_FILE_FORMAT).toBe(5);
    // A story draws the bands and each point's parts; the slowest and sampled commands stay out.
    expect(decodeRun(scenario, text)?.latencyCauses).toEqual({ ...DOC, slowest: [], sample: [] });
  });

  it('leaves out a cause line that is zero at every point, and keeps the others', () => {
    const full = run();
    const zero = { ...full.series[0], id: 'latency_cause.behind_gc', role: 'latency_cause' as const };
    const none = new PointBuffer(2);
    none.append(new Float64Array([0, 0, 1, 0]));
    const text = encodeRun(scenario, { ...full, series: [...full.series, zero], buffers: [...full.buffers, none] });
    const back = decodeRun(scenario, text);
    expect(back?.series.map((s) => s.id)).toEqual(full.series.map((s) => s.id));
    expect(back?.buffers.length).toBe(full.buffers.length);
  });

  it('still reads format 3 (no causes), and no older one', () => {
    // Format 3 kept every series' points whole (no shared x columns) and had no causes.
    const points = [Buffer.from(TRACE.buffer, TRACE.byteOffset, TRACE.byteLength).toString('base64')];
    const old: Record<string, unknown> = { ...(JSON.parse(encodeRun(scenario, { ...run(), latencyCauses: null })) as Record<string, unknown>), xs: undefined, ys: undefined, points };
    delete old.latency_causes;
    const three = decodeRun(scenario, JSON.stringify({ ...old, format: 3 }));
    expect(three?.latencyCauses).toBeNull();
    expect(three?.buffers[0].view()).toEqual(TRACE);
    expect(decodeRun(scenario, JSON.stringify({ ...old, format: 2 }))).toBeNull();
  });
});
