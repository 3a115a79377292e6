// "Fit the knobs to this result" without a browser: the runner drives the engine's own search
// (the real wasm's fio_fit_*, the one `ssdsim fio fit` drives) over runs that answer at once from
// a fake drive whose best read time is known — it walks the knob there, skips a refused drive,
// fails with the engine's reason when the drive as it is is refused, and leaves no result when
// cancelled — then "Use the fitted drive" as an edit, and the panel's table in EN and JA.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineApi } from '../../web/src/engine/api';
import type { EngineClient } from '../../web/src/engine/bridge';
import { EngineError } from '../../web/src/engine/errors';
import type { FioComparison } from '../../web/src/engine/generated/FioComparison';
import type { FitOutput } from '../../web/src/engine/generated/FitOutput';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { FitKnobs, type FitControls } from '../../web/src/panels/FitKnobs';
import type { JsonObject } from '../../web/src/scenario/paths';
import { FitRuns, type FitState } from '../../web/src/session/fitRuns';
import { withFittedDevice } from '../../web/src/session/scenarioEdits';
import { loadEngine } from '../contract/loadEngine';

let engine: EngineApi;
let scenario: JsonObject;

beforeAll(async () => {
  engine = loadEngine();
  // A drive whose read time is written out (a TLC default follows its cell type's, null until run).
  const drive = (await engine.presets()).find((p) => p.name === '970-evo-plus-like')!.scenario as unknown as JsonObject;
  scenario = { ...drive, workload: { kind: 'job', rw: 'randread', bs: 4096, iodepth: 32 } };
});

const readUs = (s: JsonObject) => ((s.device as { nand: { timing: { read_us: number } } }).nand.timing.read_us);

/** Runs that answer at once: the model is off from the measurement by read_us / `best`; past `refuseOver` µs a run is refused. */
function fakeEngine(best: number, refuseOver: number, log: number[]): EngineClient {
  return {
    fioFitStart: (json: string) => engine.fioFitStart(json),
    fioFitNext: (state: unknown, c: FioComparison | null) => engine.fioFitNext(state, c),
    async run(json: string, onChunk: (c: { progress: number }) => void) {
      const us = readUs(JSON.parse(json) as JsonObject);
      log.push(us);
      if (us > refuseOver) throw new EngineError({ field: 'device.nand.timing.read_us', code: 'out_of_range', message: `must be at most ${refuseOver} (got ${us})` });
      onChunk({ progress: 0.5 });
      return { summary: { us }, stopped: null };
    },
    async fioCompare(_text: string, job: string | null, summaryJson: string): Promise<FioComparison> {
      const ratio = (JSON.parse(summaryJson) as { us: number }).us / best;
      const metric = { metric: 'read_iops', op: 'read' as const, measured: 100, model: 100 * ratio, ratio, error_percent: (ratio - 1) * 100 };
      return { job: job ?? 'j', metrics: [metric], geomean_ratio: Math.exp(Math.abs(Math.log(ratio))) };
    },
    dispose() {},
  } as unknown as EngineClient;
}

async function fit(best: number, refuseOver = Infinity): Promise<{ states: FitState[]; log: number[] }> {
  const states: FitState[] = [];
  const log: number[] = [];
  await new FitRuns((s) => states.push(s), () => fakeEngine(best, refuseOver, log)).run({ scenario, resultText: '{}', job: 'randread' });
  return { states, log };
}

describe('the fit on a worker of its own', () => {
  it('walks the read time toward the drive the result measured, and stops', async () => {
    const start = readUs(scenario);
    const { states, log } = await fit(start * 0.55);
    const done = states.at(-1)!;
    if (done.status !== 'done') throw new Error(JSON.stringify(done));
    const { output, fitted } = done;
    expect(output.fitted).toBe(true);
    expect(output.knobs.map((k) => k.knob)).toEqual(['device.nand.timing.read_us']);
    const [k] = output.knobs;
    expect(k.before).toBe(start);
    expect(Math.abs(k.after - start * 0.55)).toBeLessThan(Math.abs(k.before - start * 0.55) / 5);
    expect(readUs(fitted)).toBe(k.after);
    expect(output.after.geomean_ratio!).toBeLessThan(output.before.geomean_ratio!);
    // One run per drive tried, the drive as it is first; progress counts them.
    expect(log).toHaveLength(output.tried);
    expect(log[0]).toBe(start);
    const running = states.filter((s) => s.status === 'running');
    expect(Math.max(...running.map((s) => s.tried))).toBe(output.tried);
    expect(running[0]).toEqual({ status: 'running', tried: 0, most: 0, progress: 0 });
    expect(running.slice(1).every((s) => s.most === 41)).toBe(true);
  });

  it('skips a drive the engine refuses, and fails with its reason when the drive as it is is refused', async () => {
    const start = readUs(scenario);
    const { states } = await fit(start * 2, start * 1.5);
    const done = states.at(-1)!;
    expect(done.status === 'done' && done.output.knobs.every((k) => k.after <= start * 1.5)).toBe(true);
    expect(done.status === 'done' && done.output.knobs.length).toBe(1);
    const { states: refused } = await fit(start, start / 2);
    expect(refused.at(-1)).toEqual({ status: 'failed', message: expect.stringContaining(`must be at most ${start / 2}`) as unknown });
  });

  it('stops when cancelled and reports no result', async () => {
    const states: FitState[] = [];
    let runs: FitRuns | null = null;
    const fake = fakeEngine(1, Infinity, []);
    const slow = { ...fake, run: (...a: Parameters<EngineClient['run']>) => (runs!.cancel(), fake.run(...a)) } as unknown as EngineClient;
    runs = new FitRuns((s) => states.push(s), () => slow);
    await runs.run({ scenario, resultText: '{}', job: null });
    expect(states.at(-1)).toEqual({ status: 'idle' });
    expect(states.some((s) => s.status === 'done')).toBe(false);
  });
});

describe('the fitted drive', () => {
  it('"Use the fitted drive" takes the fitted device, keeping the reader’s name, scale and job', () => {
    const mine: JsonObject = { name: 'mine', scale: 8, seed: 3, device: { kind: 'nand_ssd', nand: { timing: { read_us: 60 } } }, workload: { kind: 'job', rw: 'randread' } };
    const fitted: JsonObject = { ...mine, name: 'normalised', scale: 8, device: { kind: 'nand_ssd', nand: { timing: { read_us: 42.6 } } } };
    expect(withFittedDevice(mine, fitted)).toEqual({ ...mine, device: fitted.device });
  });

  const comparison = (model: number): FioComparison => ({ job: 'randread', metrics: [{ metric: 'read_iops', op: 'read', measured: 100, model, ratio: model / 100, error_percent: model - 100 }], geomean_ratio: Math.max(model / 100, 100 / model) });
  const output: FitOutput = { drive: 'd', fitted: true, tried: 41, knobs: [{ knob: 'device.nand.timing.read_us', before: 60, after: 42.6 }], before: comparison(140), after: comparison(99.5) };
  const controls = (o: FitOutput): FitControls => ({
    state: { status: 'done', output: o, fitted: {} },
    run() {},
    cancel() {},
    use() {},
    inUse: false,
    knobs: [{ path: 'device.nand.timing.read_us', group: 'nand', kind: 'number', unit: 'µs', label: 'Read time (tR)', help: '' }],
  });
  const html = (lang: Lang, o: FitOutput) =>
    renderToStaticMarkup(
      <I18nProvider initial={lang}>
        <FitKnobs fit={controls(o)} />
      </I18nProvider>,
    );

  it.each(['en', 'ja'] as Lang[])('shows each knob moved and each metric before and fitted, labelled as fitted (%s)', (lang) => {
    const page = html(lang, output);
    expect(page).toContain(lang === 'en' ? 'Fitted to this one measurement, not the drive’s specification (41 drives tried)' : 'この 1 回の測定にフィットした値で、ドライブの仕様ではありません（41 台試行）');
    expect(page).toMatch(/data-fit-knob="device.nand.timing.read_us" data-before="60" data-after="42.6"><th scope="row">[^<]+<\/th><td>60 µs<\/td><td>42.6 µs<\/td>/);
    // Each model value with its error under it (two columns of errors do not fit the sidebar).
    expect(page).toContain('<td>140<span class="fio-fit-error">+40.0\u00a0%</span></td><td>99.5<span class="fio-fit-error">−0.5\u00a0%</span></td>');
    expect(page).toContain('×\u00a01.400');
    expect(page).toContain(lang === 'en' ? 'Use the fitted drive' : 'フィットしたドライブを使う');
    const none = html(lang, { ...output, knobs: [] });
    expect(none).toContain('data-testid="fio-fit-none"');
    expect(none).not.toContain('fio-fit-use');
  });
});
