// The teaching layer: glossary completeness, marked-up text, chart captions, number formats,
// reference-label layout, knob slider stops and the block-map legend scale.
import { describe, expect, it } from 'vitest';
import { GLOSSARY, GLOSSARY_IDS, glossaryAnchor, isGlossaryId } from '../../web/src/glossary/terms';
import { parseRich, plainRich } from '../../web/src/glossary/RichText';
import { placePopover } from '../../web/src/glossary/Term';
import { glossaryTarget } from '../../web/src/glossary/Glossary';
import { CAPTIONS, captionId, captionText } from '../../web/src/charts/captions';
import { csvNumber, formatValue } from '../../web/src/run/format';
import { separated, stackLabels } from '../../web/src/charts/labelLayout';
import { placeRefLines, refLabelPositions, REF_LABEL_GAP } from '../../web/src/charts/RefLines';
import { plotFrame } from '../../web/src/charts/plotFrame';
import { rampTicks } from '../../web/src/charts/blockMapExport';
import { histogramIndex, histogramSteps } from '../../web/src/run/latency';
import { chartDefs } from '../../web/src/run/chartSpecs';
import type { SeriesMeta } from '../../web/src/engine/types';
import { nearestStop, sliderStops } from '../../web/src/panels/knobSlider';
import { formatSummaryValue, humanTime } from '../../web/src/panels/summaryFields';
import type { Knob } from '../../web/src/scenario/knobs';
import { en } from '../../web/src/i18n/en';

const REQUIRED = ['ftl', 'l2p', 'hmb', 'dram-less', 'op', 'waf', 'gc', 'trim', 'slc-cache', 'qd', 'span', 'page', 'block', 'erase'];
const sentences = (text: string) => text.split(/(?<=[.!?。])\s*/).filter((s) => s.trim().length > 0).length;

describe('glossary', () => {
  it('has every required term, each in English and Japanese, in 1–3 sentences', () => {
    for (const id of REQUIRED) expect(isGlossaryId(id), id).toBe(true);
    expect(GLOSSARY_IDS.length).toBeGreaterThanOrEqual(REQUIRED.length + 8);
    for (const id of GLOSSARY_IDS) {
      for (const lang of ['en', 'ja'] as const) {
        const { term, definition } = GLOSSARY[id][lang];
        expect(term.trim(), `${id} ${lang}`).not.toBe('');
        const n = sentences(definition);
        expect(n, `${id} ${lang}: ${definition}`).toBeGreaterThanOrEqual(1);
        expect(n, `${id} ${lang}: ${definition}`).toBeLessThanOrEqual(3);
      }
      // Japanese definitions are written in Japanese, not copied English.
      expect(GLOSSARY[id].ja.definition, id).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(glossaryAnchor(id)).toBe(`glossary-${id}`);
    }
  });

  it('lists every id once, alphabetically by English term', () => {
    expect(new Set(GLOSSARY_IDS).size).toBe(Object.keys(GLOSSARY).length);
    const terms = GLOSSARY_IDS.map((id) => GLOSSARY[id].en.term.toLowerCase());
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('opens the dialog from #glossary and #glossary-<id> links only', () => {
    expect(glossaryTarget('#glossary')).toBe('all');
    expect(glossaryTarget('#glossary-hmb')).toBe('hmb');
    expect(glossaryTarget('#glossary-nonsense')).toBe('all');
    expect(glossaryTarget('#charts')).toBeNull();
    expect(glossaryTarget('')).toBeNull();
  });

  it('places a popover inside the viewport, below the word or above it near the bottom', () => {
    const at = (left: number, top: number) => ({ left, top, right: left + 40, bottom: top + 18, width: 40, height: 18, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    const phone = { width: 390, height: 844 };
    const below = placePopover(at(350, 100), 120, phone);
    expect(below.top).toBeGreaterThan(118);
    expect(below.left + below.width).toBeLessThanOrEqual(390 - 8);
    expect(below.left).toBeGreaterThanOrEqual(8);
    const above = placePopover(at(20, 800), 120, phone);
    expect(above.top + 120).toBeLessThanOrEqual(800);
  });
});

describe('marked-up text', () => {
  it('splits [[id]] and [[id|words]] into terms, leaving unknown ids as plain words', () => {
    expect(parseRich('a [[hmb]] b [[l2p|the table]] c [[nope|x]]')).toEqual(['a ', { id: 'hmb', text: undefined }, ' b ', { id: 'l2p', text: 'the table' }, ' c ', 'x']);
    expect(plainRich('fits in [[dram|DRAM]] or [[hmb]]')).toBe('fits in DRAM or HMB');
    expect(plainRich('[[l2p]]', 'ja')).toBe('L2P テーブル');
  });
});

describe('chart captions', () => {
  const titled = Object.keys(en)
    .filter((k) => k.startsWith('chart.') && /^chart\.(span_sweep|throughput_vs_written|latency_trace|steady_state|file_copy|transfer_size_sweep|application_load|cdm_read|read_throughput|write_throughput|throughput|latency|waf|gc|mapping|slc_cache.*|tier.*|blocks)$/.test(k))
    .map((k) => k.slice('chart.'.length));

  it('has a caption for every chart the page titles, in both languages, with valid glossary marks', () => {
    expect(titled.length).toBeGreaterThanOrEqual(20);
    for (const id of titled) expect(Object.hasOwn(CAPTIONS, id), id).toBe(true);
    for (const [id, c] of Object.entries(CAPTIONS)) {
      for (const lang of ['en', 'ja'] as const) {
        expect(c[lang].trim(), `${id} ${lang}`).not.toBe('');
        for (const m of c[lang].matchAll(/\[\[([a-z0-9-]+)/g)) expect(isGlossaryId(m[1]), `${id} ${lang}: ${m[1]}`).toBe(true);
      }
    }
  });

  it('picks the headline caption by its series id, the latency view, and a generic one otherwise', () => {
    expect(captionId({ id: 'headline' }, 'span_sweep')).toBe('span_sweep');
    expect(captionId({ id: 'headline' }, 'something_new')).toBe('generic');
    expect(captionId({ id: 'latency' }, 'latency_cdf_read', 'hist')).toBe('latency_hist');
    expect(captionId({ id: 'series-foo' }, 'foo')).toBe('generic');
    expect(captionText('en', 'generic', { x: 'Time', y: 'Throughput' })).toBe('Each point is Throughput against Time, as the engine reports it.');
    expect(plainRich(captionText('en', 'span_sweep', { x: '', y: '' }))).toContain('the L2P table no longer fits');
  });
});

describe('numbers people read and numbers programs read', () => {
  it('tooltips show about 4 significant digits, whole numbers grouped', () => {
    expect(formatValue(514.9491)).toBe('514.9');
    expect(formatValue(339.96799999999996)).toBe('340');
    expect(formatValue(0.012345)).toBe('0.01235');
    expect(formatValue(12345.67)).toBe('12,346');
    expect(formatValue(202060)).toBe('202,060');
    expect(formatValue(3.5, 'ja-JP')).toBe('3.5');
  });

  it('CSV cells drop float noise but keep 12 significant digits and integers exact', () => {
    expect(csvNumber(339.96799999999996)).toBe('339.968');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvNumber(514.9491)).toBe('514.9491');
    expect(csvNumber(549755813888)).toBe('549755813888');
    expect(csvNumber(Number.NaN)).toBe('');
  });
});

describe('reference-label layout', () => {
  it('stacks crowded labels apart, in order, inside the bounds', () => {
    const wanted = [100, 103, 101, 240, 99, 102];
    const ys = stackLabels(wanted, 15, 0, 300);
    expect(separated(ys, 15)).toBe(true);
    expect(ys.every((y) => y >= 0 && y <= 300)).toBe(true);
    // Order by wanted position is kept (ties by input order), and a free label stays put.
    const order = (a: number[]) => a.map((y, i) => [y, i]).sort((p, q) => p[0] - q[0] || p[1] - q[1]).map(([, i]) => i);
    expect(order(ys)).toEqual(order(wanted));
    expect(ys[3]).toBe(240);
    // Near the bottom edge they are pushed up, not out.
    const low = stackLabels([295, 296, 297], 15, 0, 300);
    expect(Math.max(...low)).toBeLessThanOrEqual(300);
    expect(separated(low, 15)).toBe(true);
    // Too many for the room: spread evenly over it.
    expect(stackLabels([5, 5, 5], 15, 0, 20)).toEqual([0, 10, 20]);
  });

  it('places the six latency percentile labels of a trace without overlaps', () => {
    const frame = plotFrame({ series: [new Float64Array([0, 0, 1000, 30])], width: 800, height: 360, margins: { top: 14, right: 24, bottom: 50, left: 70 }, xScale: 'linear', yScale: 'linear', categories: [], extraY: [] });
    const lines = [19.1, 19.3, 25.9, 0.5, 0.6, 0.62].map((value, i) => ({ key: String(i), label: `p${i}`, value, color: '#000' }));
    const ys = refLabelPositions(lines, frame);
    expect(separated(ys, REF_LABEL_GAP)).toBe(true);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(frame.innerHeight);
  });
});

describe("an article's marks", () => {
  const frame = plotFrame({ series: [new Float64Array([4, 1, 1024, 70])], width: 800, height: 360, margins: { top: 14, right: 24, bottom: 50, left: 70 }, xScale: 'log', yScale: 'linear', categories: [], extraY: [] });
  const mark = (key: string, value: number, more: object) => ({ key, label: `article ${value}`, value, color: '#000', ...more });

  it('a point is a short dash, a mean a dash over its range, each labelled beside it', () => {
    const [point, mean] = placeRefLines([mark('p', 5.23, { span: [4, 4] }), mark('m', 60, { span: [256, 1024] })], frame);
    // Centred on x = 4, clipped at the plot's left edge.
    expect(point.x1).toBe(Math.max(0, frame.x(4) - 14));
    expect(point.x2).toBe(frame.x(4) + 14);
    expect([point.tx, point.anchor]).toEqual([point.x2 + 6, 'start']);
    expect([mean.x1, mean.x2]).toEqual([frame.x(256), frame.x(1024)]);
    // No room past the plot's right edge: the label goes before the dash.
    expect([mean.tx, mean.anchor]).toEqual([mean.x1 - 6, 'end']);
    // Room on neither side: above the dash, from its left end.
    const [wide] = placeRefLines([mark('w', 60, { span: [8, 1024], label: 'article 60 MB/s (mean)' })], frame);
    expect([wide.tx, wide.anchor]).toEqual([wide.x1 + 2, 'start']);
  });

  it("upright labels start below a story's highlight labels when asked", () => {
    const [plain] = placeRefLines([mark('a', 30, { vertical: true })], frame);
    const [below] = placeRefLines([mark('a', 30, { vertical: true })], frame, 52);
    expect(below.ty - plain.ty).toBe(52);
  });

  it("across labels keep out of a story's highlight rows too (a p99.9 near the top of a phone's plot)", () => {
    const top = [mark('p999', 68, {}), mark('p99', 60, {})];
    const free = placeRefLines(top, frame);
    const kept = placeRefLines(top, frame, 52);
    // Without a highlight the top label sits up in the rows a highlight label would take.
    expect(Math.min(...free.map((p) => p.ty))).toBeLessThan(52);
    expect(Math.min(...kept.map((p) => p.ty))).toBeGreaterThanOrEqual(52);
    expect(separated(kept.map((p) => p.ty), REF_LABEL_GAP)).toBe(true);
  });

  it('upright lines stand at their x, off-range ones are left out, near ones take rows of their own', () => {
    const placed = placeRefLines([mark('a', 30, { vertical: true }), mark('b', 32, { vertical: true }), mark('c', 4096, { vertical: true })], frame);
    expect(placed.map((p) => p.line.key)).toEqual(['a', 'b']);
    expect(placed[0].x1).toBe(frame.x(30));
    expect([placed[0].y1, placed[0].y2]).toEqual([0, frame.innerHeight]);
    expect(placed[1].ty - placed[0].ty).toBe(REF_LABEL_GAP);
  });
});

describe('knob sliders', () => {
  // A knob the catalogue gives a slider (`slider: false`: one it does not).
  const knob = (path: string, kind: Knob['kind'], min: number, max: number, slider = true): Knob => ({ path, group: 'x', kind, unit: kind === 'bytes' ? 'B' : '%', min, max, label: path, help: '', slider });
  const MiB = 2 ** 20;

  it('sizes step over nice binary sizes from 0 (off) to the knob maximum, all in range', () => {
    const stops = sliderStops(knob('device.mapping.hmb.host_memory_buffer_bytes', 'bytes', 0, 64 * 2 ** 30))!;
    expect(stops[0]).toBe(0);
    expect(stops).toContain(48 * MiB);
    expect(stops).toContain(64 * MiB);
    expect(stops[stops.length - 1]).toBe(64 * 2 ** 30);
    expect(stops.every((v) => Number.isInteger(v) && v >= 0 && v <= 64 * 2 ** 30)).toBe(true);
    expect(stops).toEqual([...stops].sort((a, b) => a - b));
    // 61 MiB (the BG4's default) shows at the 64 MiB stop, log-wise.
    expect(stops[nearestStop(stops, 61 * MiB, true)]).toBe(64 * MiB);
    expect(stops[nearestStop(stops, 0, true)]).toBe(0);
  });

  it('percentages step finely at the low end and never leave the range', () => {
    const op = sliderStops(knob('device.capacity.op_percent', 'number', 0, 400))!;
    expect(op).toContain(7);
    expect(op).toContain(28);
    expect(op[op.length - 1]).toBe(400);
    expect(op.every((v) => v >= 0 && v <= 400)).toBe(true);
    const slc = sliderStops(knob('device.slc_cache.dynamic_percent', 'number', 0, 100))!;
    expect(slc.length).toBe(101);
    expect(sliderStops(knob('workload.iodepth', 'int', 1, 1024, false))).toBeNull();
  });
});

describe('block map legend', () => {
  it('labels the ramp at its ends and middle', () => {
    expect(rampTicks(0, 100, (v) => `${v} %`)).toEqual(['0 %', '50 %', '100 %']);
    expect(rampTicks(3, 8, String)).toEqual(['3', '6', '8']);
    expect(rampTicks(5, 5, String)).toEqual(['5']);
  });
});

describe('the engine’s latency histogram', () => {
  const meta = (id: string, role: string): SeriesMeta =>
    ({ id, role, label_id: 'read', label: id, x: { id: 'latency', unit: 'us', name: 'Latency', categories: [] }, y: { id: 'operations_at_or_below', unit: 'percent', name: 'Share', categories: [] } }) as unknown as SeriesMeta;

  it('is the latency chart’s histogram view, not a chart of its own', () => {
    const series = [meta('latency_cdf_read', 'latency_cdf'), meta('latency_histogram_read', 'latency_histogram'), meta('latency_cdf_write', 'latency_cdf'), meta('latency_histogram_write', 'latency_histogram')];
    const defs = chartDefs(series);
    expect(defs.map((d) => d.id)).toEqual(['latency']);
    expect(defs[0].series).toEqual([0, 2]);
    expect(histogramIndex(series, 'latency_cdf_write')).toBe(3);
    expect(histogramIndex(series.slice(0, 1), 'latency_cdf_read')).toBe(-1);
  });

  it('draws each bin from its lower edge, closing the last one a log step further', () => {
    const steps = histogramSteps(new Float64Array([10, 5, 20, 60, 40, 35]));
    expect(Array.from(steps)).toEqual([10, 5, 20, 60, 40, 35, 80, 0]);
    expect(histogramSteps(new Float64Array(0)).length).toBe(0);
    // Already closed by the engine: drawn as it is.
    expect(Array.from(histogramSteps(new Float64Array([10, 5, 20, 95, 40, 0])))).toEqual([10, 5, 20, 95, 40, 0]);
  });
});

describe('summary values a newcomer can read', () => {
  it('says times in the unit a person would use, with sensible precision', () => {
    expect(humanTime(0.0504, 's')).toEqual({ value: 50.4, unit: 'ms' });
    expect(humanTime(4200, 'ms')).toEqual({ value: 4.2, unit: 's' });
    expect(humanTime(22400, 'us')).toEqual({ value: 22.4, unit: 'ms' });
    expect(humanTime(0, 's')).toEqual({ value: 0, unit: 's' });
    expect(humanTime(12, 'percent')).toEqual({ value: 12, unit: 'percent' });
    expect(formatSummaryValue(0.6515, 'percent')).toBe('0.652');
    expect(formatSummaryValue(99.3512, 'percent')).toBe('99.35');
  });
});
