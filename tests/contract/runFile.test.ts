// The shipped-run file: a real run read back is bit for bit the run written (-0, NaN and the
// block map's typed arrays included), its summary and series pass the page's schema check, and
// a file is used only for its own scenario in its own format. A run whose job cut the power
// carries what the cut left; a file without it is not used for such a run.
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../web/src/engine/errors';
import { runToEnd, type FinishedRun } from '../../web/src/engine/runToEnd';
import { decodeRun, encodeRun, runFileName, RUN_FILE_FORMAT } from '../../web/src/explain/story/runFile';
import { presetScenario } from '../../web/src/explain/story/stepScenario';
import { codecContext } from '../../web/src/session/catalog';
import { loadEngine } from './loadEngine';

let scenario: string;
let run: FinishedRun;

beforeAll(async () => {
  const engine = loadEngine();
  scenario = (await engine.catalog()).defaultScenario;
  run = await runToEnd(engine, scenario, () => {});
  // Values decimal text would not keep.
  run.buffers[0].append(new Float64Array([-0, NaN, 0.1 + 0.2, Number.MIN_VALUE]));
});

const bits = (a: ArrayBufferView) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

describe('a shipped run file', () => {
  it('reads back bit for bit', () => {
    const back = decodeRun(scenario, encodeRun(scenario, run))!;
    expect(back).not.toBeNull();
    expect(back.buffers.map((b) => bits(b.view()))).toEqual(run.buffers.map((b) => bits(b.view())));
    expect(back.series).toEqual(run.series);
    expect(back.summary).toEqual(run.summary);
    expect(run.blockMap).not.toBeNull();
    expect(back.blockMap).toEqual(run.blockMap);
    // The drive's state along the run travels too, cells byte for byte.
    expect(run.snapshots?.snapshots.length).toBeGreaterThan(0);
    expect(back.snapshots).toEqual(run.snapshots);
    // And the run's typed scenario, as a live run's result carries it (what its charts compare by).
    expect(back.scenario).toEqual(run.scenario);
    expect(back.scenario).toEqual(JSON.parse(scenario));
  });

  it('keeps each x column once: series over one axis share it, their points in well under the whole pairs', () => {
    const file = JSON.parse(encodeRun(scenario, run)) as { xs: string[]; ys: { x: number; y: string }[] };
    expect(file.ys.length).toBeGreaterThan(2);
    expect(file.xs.length).toBeLessThanOrEqual(file.ys.length - 2);
    // Every series' [x, y, …] whole (format 4): what a step opened cold used to fetch.
    const whole = run.buffers.reduce((n, b) => n + Buffer.from(b.view().buffer, b.view().byteOffset, b.view().byteLength).toString('base64').length, 0);
    const columns = [...file.xs, ...file.ys.map((y) => y.y)].reduce((n, t) => n + t.length, 0);
    expect(columns).toBeLessThan(whole * 0.85);
  });

  it('still reads a file of format 4 (every series\' points whole), bit for bit', () => {
    const file = JSON.parse(encodeRun(scenario, run)) as Record<string, unknown>;
    const points = run.buffers.map((b) => Buffer.from(b.view().buffer, b.view().byteOffset, b.view().byteLength).toString('base64'));
    const back = decodeRun(scenario, JSON.stringify({ ...file, format: 4, xs: undefined, ys: undefined, points }))!;
    expect(back.buffers.map((b) => bits(b.view()))).toEqual(run.buffers.map((b) => bits(b.view())));
  });

  it('refuses snapshots the page would not accept from the engine', () => {
    const text = encodeRun(scenario, run).replace('"driver\\":\\"', '"driver\\":\\"sideways');
    expect(text).toContain('sideways');
    expect(() => decodeRun(scenario, text)).toThrow(EngineError);
  });

  it('is refused for another scenario or another format', () => {
    const text = encodeRun(scenario, run);
    expect(decodeRun(`${scenario} `, text)).toBeNull();
    expect(decodeRun(scenario, text.replace(`"format":${RUN_FILE_FORMAT}`, '"format":1'))).toBeNull();
  });

  it('refuses a summary the page would not accept from the engine', () => {
    const text = encodeRun(scenario, { ...run, summary: { ...run.summary, write_amplification: 'high' } as unknown as FinishedRun['summary'] });
    expect(() => decodeRun(scenario, text)).toThrow(EngineError);
  });

  it('is named by FNV-1a 64 of its UTF-8 text, as BigInt arithmetic gives it (the names the build shipped)', () => {
    const fnv = (text: string) => {
      let h = 0xcbf29ce484222325n;
      for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return `${h.toString(16).padStart(16, '0')}.json`;
    };
    // Texts whose hashes carry across the halves at every byte value, and the page's own scenario.
    const texts = [scenario, 'a', '\u00ff\u0100 OP 20 % 書き込み', ...Array.from({ length: 256 }, (_, i) => String.fromCharCode(i).repeat(1 + (i % 7)))];
    for (const text of texts) expect(runFileName(text)).toBe(fnv(text));
  });

  it('is named by its scenario text alone', () => {
    expect(runFileName(scenario)).toBe(runFileName(scenario));
    expect(runFileName(scenario)).not.toBe(runFileName(`${scenario} `));
    expect(runFileName('')).toBe('cbf29ce484222325.json');
  });
});

describe('a shipped run file of a power cut', () => {
  it('carries what a power cut left; a file that says nothing of it is not used for a run that cut the power', async () => {
    const engine = loadEngine();
    const codec = codecContext(await engine.catalog()).codec;
    const set = { 'workload.rw': 'randwrite', 'workload.bs': '20k', 'workload.runtime': '1', 'workload.power_cut_s': '0.004' };
    const cutScenario = JSON.stringify(presetScenario({ preset: 'tlc-random-read', set }, codec).scenario);
    const cut = await runToEnd(engine, cutScenario, () => {}, { blockMap: false });
    expect(cut.powerCut?.lost_writes).toBeGreaterThan(10);
    const text = encodeRun(cutScenario, cut);
    expect(decodeRun(cutScenario, text)!.powerCut).toEqual(cut.powerCut);
    const old = JSON.parse(text) as Record<string, unknown>;
    delete old.power_cut;
    expect(decodeRun(cutScenario, JSON.stringify(old))).toBeNull();
    // A run without a cut: none written, none read back, and an old file of it still used.
    expect(run.powerCut ?? null).toBeNull();
    const plain = JSON.parse(encodeRun(scenario, run)) as Record<string, unknown>;
    expect(plain.power_cut).toBeNull();
    delete plain.power_cut;
    expect(decodeRun(scenario, JSON.stringify(plain))!.powerCut).toBeNull();
  });
});
