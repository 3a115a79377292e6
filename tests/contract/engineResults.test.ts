// The wasm API's JSON results are checked at the boundary (web/src/engine/engineResult.ts, the
// schemas in schemas.ts): every schema takes what the real engine returns, unchanged; a
// malformed result is refused as an EngineError naming the result and the path that failed,
// from each area of the worker API and across Comlink to the page, which shows it.
import { readdirSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { KnobsSkeleton } from '../../web/src/app/PlaygroundSidebar';
import { createEngineApi } from '../../web/src/engine/api';
import { EngineClient } from '../../web/src/engine/bridge';
import { engineResult, type ResultName } from '../../web/src/engine/engineResult';
import { describeError, EngineError, type EngineErrorData } from '../../web/src/engine/errors';
import * as wasm from '../../web/src/engine/pkg/ssd_wasm.js';
import { RESULTS } from '../../web/src/engine/schemas';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { channelWorker } from './channelWorker';
import { loadEngine } from './loadEngine';

/** The raw JSON of every kind of result, as the engine returned it: several of most. */
const seen = new Map<ResultName, string[]>();
const keep = (name: ResultName, json: string) => seen.set(name, [...(seen.get(name) ?? []), json]);

/** Short runs of every device kind, and one that stops at a ceiling (a `stopped` notice). */
const RUNS: { preset: string; workload?: object }[] = [
  { preset: 'tlc-random-read' },
  { preset: 'hdd-7200-like' },
  { preset: 'h10-like' },
  { preset: '900p-like', workload: { size: 2 ** 28 } },
  // Reads a second apart into 1 µs windows: the charts fill up long before the reads are done.
  { preset: 'tlc-random-read', workload: { kind: 'job', rw: 'randread', iodepth: 1, runtime: 0, io_size: '4m', thinktime: 1_000_000, log_avg_msec: 0.001 } },
  // A zoned drive under the host's log-structured store: the zones' and the host's sections.
  { preset: 'zn540-like-zoned-log' },
];

/** Two reclaim unit handles (NVMe FDP) under random writes tagged round robin: `placement`'s results. */
const FDP_RUN = { device: { fdp: { enabled: true, handles: 2 } }, workload: { kind: 'job', rw: 'randwrite', size: 2 ** 28, io_size: 2 ** 27, runtime: 0, dataplacement: 'fdp', plids: '0,1' } };

function runToEnd(scenario: object): void {
  const sim = new wasm.Simulation(JSON.stringify(scenario));
  keep('budget', sim.budget());
  keep('series_meta', sim.series_meta());
  while (!sim.run(1_000_000));
  for (const name of ['summary', 'stopped', 'series_meta', 'block_map_layout', 'snapshots', 'latency_causes', 'placement', 'tenants', 'power_cut'] as const) keep(name, sim[name]());
  sim.free();
}

beforeAll(() => {
  loadEngine();
  for (const name of ['presets', 'figures', 'knobs', 'lab_knobs', 'lab_defaults', 'knob_layout', 'summary_fields'] as const) keep(name, wasm[name]());
  keep('scenario', wasm.default_scenario());
  // One member's line of article 004: values measured on it, and values missing the other member.
  keep('article_values', wasm.article_values('article-004-cached-vs-not', JSON.stringify([{ member: 'momentus-xt-like', points: [4, 5.3, 1024, 60] }])));
  // The gallery of real drives, and one drive measured (its protocol's runs are short).
  keep('gallery', wasm.gallery());
  keep('gallery_measure', wasm.gallery_measure('bg3-like'));
  const presets = JSON.parse(wasm.presets()) as { name: string; scenario: { workload: object } }[];
  for (const p of presets) keep('scenario', wasm.validate_scenario(JSON.stringify(p.scenario)));
  for (const { preset, workload } of RUNS) {
    const scenario = presets.find((p) => p.name === preset)!.scenario;
    runToEnd({ ...scenario, workload: { ...scenario.workload, ...workload } });
  }
  const tlc = presets.find((p) => p.name === 'tlc-random-read')!.scenario as { device: object; workload: object };
  runToEnd({ ...tlc, device: { ...tlc.device, fdp: FDP_RUN.device.fdp }, workload: FDP_RUN.workload });
  // Two tenants at once with their own placement ids: \`tenants\`' results (a row each).
  const tenant = { enabled: true, size: 2 ** 27, io_size: 2 ** 24, runtime: 0 };
  runToEnd({ ...tlc, device: { ...tlc.device, fdp: FDP_RUN.device.fdp }, workload: { kind: 'tenants', tenant_1: { ...tenant, rw: 'randwrite', plid: 1 }, tenant_2: { ...tenant, rw: 'randread', offset: 2 ** 27 } } });
  // A power cut during random writes: \`power_cut\`'s results (lost and shorn writes listed).
  runToEnd({ ...tlc, workload: { kind: 'job', rw: 'randwrite', bs: '20k', iodepth: 32, size: 2 ** 28, runtime: 1, power_cut_s: 0.004 } });
  const lab = new wasm.NandLab('{"blocks":8,"pages_per_block":4}');
  keep('lab_layout', lab.layout());
  for (let i = 0; i < 100; i++) lab.step('random');
  keep('lab_counters', lab.counters());
  lab.free();
  // Every fio fixture: jobs with and without options the engine does not model.
  const fio = new URL('../fixtures/fio/', import.meta.url);
  for (const file of readdirSync(fio)) keep('fio_import', wasm.fio_import(readFileSync(new URL(file, fio), 'utf8')));
  // fio's own results: a JSON result, its bandwidth log, and the result against a run's summary.
  const measured = new URL('../fixtures/fio-results/', import.meta.url);
  const result = readFileSync(new URL('randread-4k-qd32.json', measured), 'utf8');
  keep('fio_result', wasm.fio_result(result));
  keep('fio_log', wasm.fio_log(readFileSync(new URL('randread-4k-qd32_bw.1.log', measured), 'utf8'), 'randread-4k-qd32_bw.1.log', undefined));
  keep('fio_compare', wasm.fio_compare(result, undefined, seen.get('summary')![0]));
  // A fit's steps to its end, told that comparison (which no drive then beats) or, every other time, a refusal.
  const told = seen.get('fio_compare')![0];
  const drive = presets.find((p) => p.name === '970-evo-plus-like')!.scenario;
  let step = wasm.fio_fit_start(JSON.stringify({ ...drive, workload: { kind: 'job', rw: 'randread' } }));
  for (let i = 0; (JSON.parse(step) as { run: unknown }).run !== null; i++) {
    keep('fio_fit', step);
    step = wasm.fio_fit_next(JSON.stringify((JSON.parse(step) as { state: unknown }).state), i % 2 ? undefined : told);
  }
  keep('fio_fit', step);
  // A trace read in two chunks, and one refused at a line.
  const trace = readFileSync(new URL('../fixtures/traces/blkparse_sda.txt', import.meta.url));
  const scan = new wasm.TraceScan('{"format":"auto","devices":[],"complete":false}');
  keep('trace_fed', scan.feed(trace.subarray(0, 100)));
  keep('trace_fed', scan.feed(trace.subarray(100)));
  keep('trace_finished', scan.finish());
  scan.free();
  const refused = new wasm.TraceScan('{"format":"fio_v3"}');
  keep('trace_fed', refused.feed(new TextEncoder().encode('fio version 3 iolog\n1 /dev/sda read -1 4096\n')));
  keep('trace_finished', refused.finish());
  refused.free();
});

describe('every schema takes what the real engine returns', () => {
  it('has real results of every kind there is a schema for, a stopped run among them', () => {
    expect([...seen.keys()].sort()).toEqual(Object.keys(RESULTS).sort());
    expect(seen.get('stopped')).toContain('null');
    expect(seen.get('stopped')!.some((s) => s.includes('too_much_memory'))).toBe(true);
  });

  it.each(Object.keys(RESULTS) as ResultName[])('%s: passes, with nothing dropped or added', (name) => {
    // Equal to the plain parse: a field the engine sends that the schema does not name would be
    // stripped, and show up here.
    for (const json of seen.get(name)!) expect(engineResult(name, json)).toStrictEqual(JSON.parse(json));
  });
});

/** What JSON.parse returns (any): a test edits the engine's JSON freely. */
type Parsed = ReturnType<typeof JSON.parse>;

/** A real result, parsed, changed by `edit`, and written again. */
function edited(name: ResultName, edit: (value: Parsed) => void): string {
  const value = JSON.parse(seen.get(name)![0]);
  edit(value);
  return JSON.stringify(value);
}

function refusal(name: ResultName, json: string): EngineError {
  try {
    engineResult(name, json);
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

describe('a malformed result is refused, naming the result and the path', () => {
  // The JSON is made when the case runs: the real results are read in beforeAll.
  const cases: [string, ResultName, () => string, string, RegExp][] = [
    ['a string where a number belongs', 'summary', () => edited('summary', (s) => (s.read_latency.p99_us = '541')), 'summary.read_latency.p99_us', /expected number, received string/],
    ['a missing field', 'summary', () => edited('summary', (s) => delete s.events), 'summary.events', /expected number, received undefined/],
    ["a device section's value of the wrong type", 'summary', () => edited('summary', (s) => (s.erases = '3')), 'summary.erases', /expected number, received string/],
    ['a flag that is a number', 'summary', () => edited('summary', (s) => (s.truncated = 0)), 'summary.truncated', /expected boolean, received number/],
    ['null where a field is optional, not nullable', 'knobs', () => edited('knobs', (k) => (k[0].min = null)), 'knobs[0].min', /expected number, received null/],
    ['an id outside its enum', 'series_meta', () => edited('series_meta', (m) => (m[0].x.unit = 'furlongs')), 'series_meta[0].x.unit', /Invalid option/],
    ['a scenario that is not an object', 'presets', () => edited('presets', (p) => (p[1].scenario = '{}')), 'presets[1].scenario', /expected a scenario object/],
    ['a figure member without its id', 'figures', () => edited('figures', (f) => delete f[0].members[1].id), 'figures[0].members[1].id', /expected string, received undefined/],
    ["an article value's band that is not a pair", 'figures', () => edited('figures', (f) => (f[0].article_values[0].band = [1])), 'figures[0].article_values[0].band', /expected array|Too small/],
    ['an article measure the page does not know', 'figures', () => edited('figures', (f) => (f[0].article_values[0].measure = { median: { member: 'x', from: 0, to: 1 } })), 'figures[0].article_values[0].measure', /Invalid input/],
    ['an article value with a field too many', 'figures', () => edited('figures', (f) => (f[0].article_values[0].source = 'p. 3')), 'figures[0].article_values[0]', /Unrecognized key/],
    ["an engine value without its verdict", 'article_values', () => edited('article_values', (v) => delete v[0].in_band), 'article_values[0].in_band', /expected boolean, received undefined/],
    ['a notice with an unknown code', 'stopped', () => JSON.stringify({ field: 'workload.size', code: 'too_big', message: 'm' }), 'stopped.code', /Invalid option/],
    ['a list where an object belongs', 'budget', () => '[]', 'budget', /expected object, received array/],
  ];

  it.each(cases)('%s', (_, name, json, field, problem) => {
    const err = refusal(name, json());
    expect(err.code).toBe('internal');
    expect(err.field).toBe(field);
    expect(err.message).toMatch(new RegExp(`^The engine's ${name} is not what the page expects: `));
    expect(err.message).toMatch(problem);
  });

  it('says how many more problems there were, and refuses text that is not JSON', () => {
    const two = refusal('budget', edited('budget', (b) => ((b.memory_bytes = '1'), delete b.work_limit)));
    expect(two.field).toBe('budget.memory_bytes');
    expect(two.message).toMatch(/\(and 1 more problem\)$/);
    const text = refusal('lab_counters', '{"waf": 1');
    expect(text).toMatchObject({ field: 'lab_counters', code: 'internal', message: expect.stringMatching(/lab_counters .*: not JSON/) });
  });
});

/** The real engine, except that `results` replace what some of its calls return. */
function apiReturning(results: { summary?: string; knobs?: string; counters?: string }) {
  const Simulation = class extends wasm.Simulation {
    // Runs start from a compiled scenario: the one built there answers with this class's summary.
    static from_compiled(compiled: Parameters<typeof wasm.Simulation.from_compiled>[0]): InstanceType<typeof wasm.Simulation> {
      return Object.setPrototypeOf(wasm.Simulation.from_compiled(compiled), Simulation.prototype) as InstanceType<typeof wasm.Simulation>;
    }
    summary(): string {
      return results.summary ?? super.summary();
    }
  };
  const NandLab = class extends wasm.NandLab {
    counters(): string {
      return results.counters ?? super.counters();
    }
  };
  const knobs = () => results.knobs ?? wasm.knobs();
  return createEngineApi(Promise.resolve(), { ...wasm, Simulation, NandLab, knobs });
}

const QUICK_RUN = '{"workload":{"kind":"job","rw":"randread","size":"64m","iodepth":4,"runtime":0.002}}';

describe('each area of the worker API refuses a malformed result, and the engine goes on', () => {
  it('a run: refused at the summary, and the next call is answered (no trap, nothing poisoned)', async () => {
    const api = apiReturning({ summary: edited('summary', (s) => (s.write_iops = 'fast')) });
    const err = await api.run(QUICK_RUN, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ code: 'internal', field: 'summary.write_iops', message: expect.stringMatching(/summary .*expected number, received string/) });
    await expect(api.validate(QUICK_RUN)).resolves.toContain('"version"');
  });

  it('the catalogue: refused at the knob table', async () => {
    const api = apiReturning({ knobs: edited('knobs', (k) => (k[3].kind = 'dial')) });
    await expect(api.catalog()).rejects.toMatchObject({ code: 'internal', field: 'knobs[3].kind' });
    await expect(api.knobs()).rejects.toMatchObject({ field: 'knobs[3].kind' });
  });

  it('the NAND lab: refused at the counters', async () => {
    const api = apiReturning({ counters: edited('lab_counters', (c) => delete c.waf) });
    const { id } = await api.labOpen('{}');
    await expect(api.labRun(id, [{ op: 'step', workload: 'random' }])).rejects.toMatchObject({ code: 'internal', field: 'lab_counters.waf' });
    await api.labClose(id);
  });

  it('reaches the page as an EngineError with its field and code, and the worker is kept', async () => {
    let workers = 0;
    const bad = apiReturning({ summary: edited('summary', (s) => delete s.read_latency) });
    const client = new EngineClient({ createWorker: () => (workers++, channelWorker(bad)) });
    try {
      const err = await client.run(QUICK_RUN, () => {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      const data = (err as EngineError).toData();
      expect(data).toMatchObject({ code: 'internal', field: 'summary.read_latency' });
      // What the run panel shows: the path, then what is wrong with which result.
      expect(describeError(data)).toMatch(/^summary\.read_latency: The engine's summary is not what the page expects: .*expected object, received undefined/);
      expect(client.state.status).toBe('ready');
      expect(workers).toBe(1); // not a trap: no fresh worker
    } finally {
      client.dispose();
    }
  });
});

describe('the page, when the catalogue is refused', () => {
  it('says why there are no knobs where they would be, in English and Japanese, instead of loading forever', async () => {
    const client = new EngineClient({ createWorker: () => channelWorker(apiReturning({ knobs: edited('knobs', (k) => (k[3].kind = 'dial')) })) });
    try {
      const err = await client.catalog().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      const skeleton = (lang: Lang, catalogError: EngineErrorData | null = (err as EngineError).toData()) =>
        renderToStaticMarkup(createElement(I18nProvider, { initial: lang, children: createElement(KnobsSkeleton, { failed: false, catalogError }) }));
      const en = skeleton('en');
      expect(en).toContain('role="alert"');
      expect(en).toContain('aria-busy="false"');
      expect(en).toMatch(/The engine&#x27;s presets and knobs could not be read: knobs\[3\]\.kind: The engine&#x27;s knobs is not what the page expects: Invalid option/);
      expect(skeleton('ja')).toMatch(/エンジンのプリセットと設定項目を読み込めませんでした：\s*knobs\[3\]\.kind/);
      // Without a refusal it still reads as loading.
      expect(skeleton('en', null)).toContain('aria-busy="true"');
    } finally {
      client.dispose();
    }
  });
});

describe('the cost of checking', () => {
  it('a summary is checked in microseconds (it is read once a run; the series list twice)', () => {
    const json = seen.get('summary')![0];
    // 1,000 parses in batches of 100; the quickest batch, so a busy machine does not count.
    const time = (parse: () => unknown) => {
      for (let i = 0; i < 200; i++) parse(); // warm up
      const batches = Array.from({ length: 10 }, () => {
        const started = performance.now();
        for (let i = 0; i < 100; i++) parse();
        return (performance.now() - started) / 100;
      });
      return Math.min(...batches);
    };
    const plainMs = time(() => JSON.parse(json));
    const checkedMs = time(() => engineResult('summary', json));
    const seriesMs = time(() => engineResult('series_meta', seen.get('series_meta')!.at(-1)!));
    console.log(`summary: JSON.parse ${(plainMs * 1e3).toFixed(1)} µs, checked ${(checkedMs * 1e3).toFixed(1)} µs; series_meta checked ${(seriesMs * 1e3).toFixed(1)} µs`);
    // A chunk of a run takes ~30 ms, and these are read once or twice a run: 2 ms would still
    // be nothing; more means the check went badly wrong (measured: 13-16 µs, JSON.parse alone 4).
    expect(checkedMs).toBeLessThan(2);
    expect(seriesMs).toBeLessThan(2);
  });
});
