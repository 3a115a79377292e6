// The playground in a real browser, used like a person would: it opens and runs the default
// preset, a knob change re-runs it, exports hold the chart's data, Japanese works, cancel is
// immediate, numbers match the native CLI bit for bit, and failures are said out loud.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCsv } from '../../web/src/charts/exportChart';
import { fieldsForDevice, summaryPaths } from '../../web/src/panels/summaryFields';
import { budgetSeconds } from '../../web/src/panels/RunBudget';
import { formatBytesShort } from '../../web/src/scenario/bytes';
import { Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import type { Budget } from '../../web/src/engine/types';
import { loadEngine } from '../contract/loadEngine';
import { artifacts, chartData, engineReady, firstDifference, knobInput, runCount, snapshot, waitForRun, waitForStatus } from './app';
import { openBrowser, type Browser } from './browser';
import { runSsdsim } from './ssdsim';

const baseUrl = inject('baseUrl');

let browser: Browser;
let page: Page;
let defaultPreset: string;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(baseUrl, { waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
});

describe('SSD Playground in Chromium', () => {
  it('opens the default preset and runs it at once; every chart has data', async () => {
    await expect(page.title()).resolves.toBe('SSD Playground');
    await engineReady(page);
    await waitForRun(page);
    defaultPreset = await page.getByTestId('preset-select').inputValue();
    expect(defaultPreset).toBe('tlc-random-read');
    expect(await knobInput(page, 'workload.iodepth').inputValue()).toMatch(/^\d+$/);

    const snap = await snapshot(page);
    expect(snap.progress).toBe(1);
    await expect(page.getByTestId('progress-text').textContent()).resolves.toBe('100%');

    const chart = page.getByTestId('chart-headline');
    const drawn = await chartData(page, 'headline');
    expect(drawn).not.toBeNull();
    const points = drawn!.reduce((n, s) => n + s.points.length, 0);
    expect(points).toBeGreaterThanOrEqual(10);
    expect(Number(await chart.locator('.plot svg').getAttribute('data-points'))).toBe(points);
    const d = await chart.locator('path.series-line').first().getAttribute('d');
    expect(d).toMatch(/^M/);
    expect(d).not.toContain('NaN');
    const axisText = await chart.locator('.axis-title').allTextContents();
    expect(axisText).toEqual(['Throughput (MB/s)', 'Time (s)']);
    expect(await chart.locator('.axis-x text').count()).toBeGreaterThan(2);

    // The headline draws exactly the series the engine streamed.
    const streamed = snap.series.find((s) => s.id === 'read_throughput')!;
    expect(firstDifference(drawn![0].points, streamed.points)).toBe(-1);

    // Secondary charts: latency distribution, mapping-cache tiers, and the block map.
    for (const id of ['latency', 'mapping', 'blocks']) await page.getByTestId(`chart-${id}`).waitFor();
    expect((await chartData(page, 'mapping'))!.length).toBeGreaterThanOrEqual(2);
    const map = await page.evaluate(() => window.__ssd!.blockMap());
    expect(map!.valid.length).toBe(map!.planes * map!.blocksPerPlane);
    const canvas = await page.getByTestId('block-map-canvas').boundingBox();
    expect(canvas!.width).toBeGreaterThan(200);
    expect(canvas!.height).toBeGreaterThan(100);

    // The summary shows every number of the summary a NAND drive has, once each (the media
    // values of 3D XPoint and disks are 0 here and not shown).
    const nand = new Set(fieldsForDevice((await loadEngine().catalog()).summaryFields, 'nand_ssd').map((f) => f.id));
    const paths = summaryPaths(snap.summary ?? {}).filter((p) => nand.has(p));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toContain('write_amplification');
    const shown = await page.locator('[data-testid="summary"] [data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect([...shown].sort()).toEqual([...paths].sort());

    // Under the status: the memory the run takes, its typical time and its ceiling, as the engine works
    // them out before the run (the same scenario's budget, computed here by the same engine),
    // then the wasm memory it ended with.
    loadEngine();
    const sim = new Simulation(snap.scenarioJson!);
    const budget = JSON.parse(sim.budget()) as Budget;
    sim.free();
    expect(budget.memory_bytes).toBeGreaterThan(0);
    await expect(page.getByTestId('run-budget-estimate').textContent()).resolves.toBe(
      `Memory ≈ ${formatBytesShort(budget.expected_memory_bytes)} · typically ${budgetSeconds(budget.seconds_estimate).toLocaleString('en-US')} s, stops by ${budgetSeconds(budget.seconds_limit ?? NaN)} s`,
    );
    const wasmMemory = /^engine wasm memory ([\d.]+) (MiB|GiB)$/.exec((await page.getByTestId('run-budget-memory').textContent()) ?? '');
    expect(wasmMemory, 'the wasm memory line').not.toBeNull();
    expect(Number(wasmMemory![1])).toBeGreaterThan(0);

    // The address bar holds the scenario.
    await page.waitForFunction(() => location.search.includes('preset=tlc-random-read'));
    expect(new URL(page.url()).searchParams.get('v')).toBe('1');
    await page.screenshot({ path: `${artifacts}playground.png`, fullPage: false });
  });
});

describe('the playground against ssdsim, after knob changes, and in its exports', () => {
  it('shows the same numbers as the native ssdsim CLI, bit for bit', async () => {
    const snap = await snapshot(page);
    const native = runSsdsim(snap.scenarioJson!);
    const nativeById = new Map(native.series.map((s) => [s.id, s]));
    for (const s of snap.series) {
      const twin = nativeById.get(s.id);
      expect(twin, `native series ${s.id}`).toBeDefined();
      expect(s.label).toBe(twin!.label);
      const at = firstDifference(s.points, twin!.points);
      // A mismatch after engine edits usually means a stale web/src/engine/pkg: npm run build:engine.
      expect(at, `${s.id}: first differing point`).toBe(-1);
    }
    expect(snap.summary).toEqual(native.summary);
  });

  it('re-runs after a knob change, and the chart changes', async () => {
    const before = await chartData(page, 'headline');
    const input = knobInput(page, 'workload.iodepth');
    await input.fill('4');
    await waitForRun(page, (s) => s.workload.iodepth === 4);
    const after = await chartData(page, 'headline');
    expect(firstDifference(after![0].points, before![0].points)).not.toBe(-1);
    const mean = (pts: [number, number][]) => pts.reduce((a, [, y]) => a + y, 0) / pts.length;
    // Fewer commands in flight: less parallelism across the planes, lower throughput.
    expect(mean(after![0].points)).toBeLessThan(mean(before![0].points));
    await page.waitForFunction(() => new URLSearchParams(location.search).get('workload.iodepth') === '4');
    await expect(page.locator('[data-knob="workload.iodepth"].knob-edited').count()).resolves.toBe(1);
  });

  it('takes a size typed key by key, in any unit', async () => {
    const bs = knobInput(page, 'workload.bs');
    await bs.fill('');
    await bs.pressSequentially('8 KiB', { delay: 40 });
    await expect(bs.inputValue()).resolves.toBe('8 KiB');
    await waitForRun(page, (s) => s.workload.bs === 8192);
    await bs.blur();
    await expect(page.locator('[data-knob="workload.bs"] .field-error').count()).resolves.toBe(0);
    await bs.fill('4k');
    await waitForRun(page, (s) => s.workload.bs === 4096);
    await bs.blur();
    await expect.poll(() => bs.inputValue()).toBe('4 KiB');
  });

  it('exports the chart: CSV holds exactly the drawn points; SVG and PNG are images', async () => {
    const drawn = (await chartData(page, 'headline'))!;
    const chart = page.getByTestId('chart-headline');
    const download = async (item: string) => {
      await chart.getByTestId('export-menu').click();
      const [file] = await Promise.all([page.waitForEvent('download'), chart.getByTestId(item).click()]);
      return { name: file.suggestedFilename(), body: readFileSync((await file.path())) };
    };
    const csv = await download('export-csv');
    expect(csv.name).toBe('ssd-tlc-random-read-headline.csv');
    const rows = parseCsv(csv.body.toString('utf8'));
    expect(rows[0]).toEqual(['series', 'Time (s)', 'Throughput (MB/s)']);
    const fromCsv = rows.slice(1).map((r) => [Number(r[1]), Number(r[2])] as [number, number]);
    // The CSV keeps 12 significant digits (no float noise): the drawn points, rounded so.
    const round12 = (v: number) => (Number.isInteger(v) ? v : Number(v.toPrecision(12)));
    expect(firstDifference(fromCsv, drawn.flatMap((s) => s.points.map(([x, y]) => [round12(x), round12(y)] as [number, number])))).toBe(-1);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(drawn.map((s) => s.label)));

    const svg = await download('export-svg');
    expect(svg.body.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*Throughput over time.*<path class="series-line"/s);
    const png = await download('export-png');
    expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.body.length).toBeGreaterThan(5_000);
  });
});

describe('the playground: block map export, refusals and Japanese', () => {
  it('exports the block map: every block as CSV, and the picture as PNG', async () => {
    const map = (await page.evaluate(() => window.__ssd!.blockMap()))!;
    const card = page.getByTestId('chart-blocks');
    const download = async (item: string) => {
      await card.getByTestId('export-menu').click();
      const [file] = await Promise.all([page.waitForEvent('download'), card.getByTestId(item).click()]);
      return readFileSync((await file.path()));
    };
    const rows = parseCsv((await download('export-csv')).toString('utf8'));
    expect(rows[0]).toEqual(['plane', 'block', 'valid_units', 'units_per_block', 'erase_count', 'state']);
    expect(rows.length - 1).toBe(map.planes * map.blocksPerPlane);
    expect(rows.slice(1).map((r) => Number(r[2]))).toEqual(map.valid);
    const png = await download('export-png');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The map recolours by erase count and by state.
    await card.getByTestId('block-mode').locator('[data-value="state"]').click();
    await expect(card.locator('.block-legend .legend-item').count()).resolves.toBe(4);
  });

  it('shows an invalid value at its knob with the engine’s message, and blocks Run', async () => {
    await knobInput(page, 'workload.iodepth').fill('0');
    const error = page.locator('[data-knob="workload.iodepth"] .field-error');
    await expect(error.textContent({ timeout: 10_000 })).resolves.toBe('must be between 1 and 1024 (got 0)'); // the knob names the field
    await expect(page.getByTestId('run').isDisabled()).resolves.toBe(true);
    await knobInput(page, 'workload.iodepth').fill('32');
    await error.waitFor({ state: 'detached' });
    await page.getByTestId('run').and(page.locator(':enabled')).waitFor();
  });

  it('switches the whole UI to Japanese and back', async () => {
    await waitForRun(page, (s) => s.workload.iodepth === 32); // the re-run after the last test
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
    await expect(page.getByTestId('run').textContent()).resolves.toMatch(/実行/);
    await expect(page.locator('#device-title').textContent()).resolves.toBe('デバイス');
    await expect(page.locator('[data-knob="workload.iodepth"] .knob-label').textContent()).resolves.toBe('キュー深度');
    await expect(page.locator('[data-testid="chart-headline"] h2').textContent()).resolves.toBe('スループットの推移');
    await expect(page.locator('[data-testid="chart-headline"] .axis-title').allTextContents()).resolves.toEqual(['スループット (MB/s)', '時間 (s)']);
    await expect(page.locator('[data-testid="summary"] h2').textContent()).resolves.toBe('サマリー');
    await expect(page.getByTestId('run-budget-estimate').textContent()).resolves.toMatch(/^メモリ約 [\d.]+ (KiB|MiB|GiB)・通常 [\d,]+ 秒、最長 [\d,]+ 秒で停止$/);
    await expect(page.getByTestId('run-budget-memory').textContent()).resolves.toMatch(/^エンジンの wasm メモリ [\d.]+ (MiB|GiB)$/);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'ja');
    await page.screenshot({ path: `${artifacts}playground-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await expect(page.locator('#device-title').textContent()).resolves.toBe('Device');
  });
});

describe('the playground: cancel, reload and small screens', () => {
  it('cancels a long run at once, and the next run completes', async () => {
    // Five minutes of simulated time (within the engine's work ceiling; an hour stops at it) with
    // fine windows, through the JSON editor: points stream at once and the run would outlast
    // any test. Auto-run starts it.
    await page.locator('.json-editor summary').click();
    const editor = page.getByTestId('json-editor');
    const scenario = JSON.parse(await editor.inputValue());
    scenario.workload.runtime = 300;
    scenario.workload.log_avg_msec = 5;
    await editor.fill(JSON.stringify(scenario, null, 2));
    await expect.poll(() => knobInput(page, 'workload.runtime').inputValue()).toBe('300');
    await page.waitForFunction(() => window.__ssd?.status === 'running' && window.__ssd.progress > 0 && (window.__ssd.series()[0]?.points.length ?? 0) > 0, undefined, { timeout: 30_000 });
    await page.waitForFunction(() => Number(document.querySelector('[data-chart="headline"] .plot svg')?.getAttribute('data-points')) > 0, undefined, { timeout: 5_000 });
    expect(await page.getByTestId('progress-text').textContent()).not.toBe('100%');

    const clickedAt = Date.now();
    await page.getByTestId('cancel').click();
    await waitForStatus(page, 'cancelled', 2_000);
    expect(Date.now() - clickedAt).toBeLessThan(2_000);
    const atCancel = await snapshot(page);
    expect(atCancel.progress).toBeGreaterThan(0);
    expect(atCancel.progress).toBeLessThan(1);
    await expect(page.getByTestId('run-status').textContent()).resolves.toMatch(/Cancelled/);

    // Nothing more arrives from the terminated worker, and auto-run does not restart it.
    await page.waitForTimeout(750);
    const later = await snapshot(page);
    expect(later.series.map((s) => s.points.length)).toEqual(atCancel.series.map((s) => s.points.length));
    expect(later.status).toBe('cancelled');

    // A fresh engine takes over; the preset's reset button restores it and it runs.
    await engineReady(page, 20_000);
    await page.getByTestId('reset-preset').click();
    await expect.poll(() => knobInput(page, 'workload.runtime').inputValue()).toBe('0.05');
    await page.locator('.json-editor summary').click();
    await waitForRun(page, (s) => s.workload.runtime === 0.05);
    await expect(page.getByTestId('progress-text').textContent()).resolves.toBe('100%');
  });

  it('keeps the last scenario across a reload', async () => {
    await knobInput(page, 'workload.iodepth').fill('8');
    await waitForRun(page, (s) => s.workload.iodepth === 8);
    await page.waitForTimeout(400); // the URL and storage writes are throttled
    await page.goto(baseUrl, { waitUntil: 'load' });
    await waitForRun(page);
    await expect.poll(() => knobInput(page, 'workload.iodepth').inputValue()).toBe('8');
    await page.getByTestId('reset-preset').click();
    await waitForRun(page, (s) => s.workload.iodepth === 32);
  });

  it('fits a tablet (768 px) and a phone (390 px) without sideways scrolling', async () => {
    for (const [width, height] of [
      [768, 1024],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      const chart = await page.getByTestId('chart-headline').boundingBox();
      expect(chart!.width).toBeGreaterThan(width * 0.5);
      await page.screenshot({ path: `${artifacts}playground-${width}.png`, fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('keeps the console clean and stays on this machine', async () => {
    expect(browser.problems).toEqual([]);
  });
});

describe('the playground: the work ceiling', () => {
  it('stops a run that would take hours at the ceiling within a minute, with its partial results and the field to change', async () => {
    // An hour of 4K random reads: about 1.4 billion commands, hours of work in a browser tab.
    await page.locator('.json-editor summary').click();
    const editor = page.getByTestId('json-editor');
    const scenario = JSON.parse(await editor.inputValue());
    Object.assign(scenario.workload, { rw: 'randread', size: 0, runtime: 3600 });
    const startedAt = Date.now();
    await editor.fill(JSON.stringify(scenario, null, 2));
    await waitForRun(page, (s) => s.workload.runtime === 3600, 0, 60_000);
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    const done = await snapshot(page);
    expect(done.summary?.truncated).toBe(true);
    expect(done.summary?.read_mb_per_s).toBeGreaterThan(100);
    expect(done.series[0]?.points.length).toBeGreaterThan(10);
    await expect(page.getByTestId('summary-stopped').textContent()).resolves.toMatch(/(work ceiling|time limit).*lower “Runtime”/);
    await expect(page.getByTestId('run-status').textContent()).resolves.toMatch(/^Stopped at the ceiling after [\d.]+ s/);
    await page.locator('.json-editor summary').click();
    await page.getByTestId('reset-preset').click();
    await waitForRun(page, (s) => s.workload.runtime === 0.05);
  });
});

describe('the playground when the worker crashes', () => {
  it('says so when the worker crashes, keeps the scenario, and runs again after a restart', async () => {
    // A separate tab: the crash's console noise is expected there and not tracked.
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${baseUrl}?preset=tlc-random-read&workload.iodepth=6`, { waitUntil: 'load' });
      await waitForRun(tab, (s) => s.workload.iodepth === 6);
      const worker = tab.workers()[0];
      expect(worker).toBeDefined();
      await worker.evaluate(() => setTimeout(() => {
        throw new Error('simulated engine crash');
      }));
      const banner = tab.getByTestId('engine-error');
      await banner.waitFor({ timeout: 10_000 });
      await expect(banner.textContent()).resolves.toMatch(/not available.*crashed/is);
      await expect(knobInput(tab, 'workload.iodepth').inputValue()).resolves.toBe('6');
      await tab.getByTestId('engine-restart').click();
      await engineReady(tab, 20_000);
      const runs = await runCount(tab);
      await tab.getByTestId('run').click();
      await waitForRun(tab, (s) => s.workload.iodepth === 6, runs);
      await banner.waitFor({ state: 'detached' });
    } finally {
      await tab.close();
    }
  });
});

describe('the playground after a wasm trap or a failed load', () => {
  it('after a wasm trap, replaces the worker before the next run, keeps the scenario and link, and says so', async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${baseUrl}?preset=tlc-random-read&workload.iodepth=6`, { waitUntil: 'load' });
      await waitForRun(tab, (s) => s.workload.iodepth === 6);
      // The address bar takes the canonical link a moment after the scenario settles (the run
      // may finish sooner); the trap must leave that link as it is.
      await tab.waitForURL((u) => u.searchParams.has('v'));
      const url = tab.url();
      const first = tab.workers()[0];
      // The wasm glue copies points out with Float64Array#slice; make the next copy trap the
      // way a Rust panic does in wasm, so the trap happens inside a real run.
      await first.evaluate(() => {
        const slice = Float64Array.prototype.slice;
        Float64Array.prototype.slice = function () {
          Float64Array.prototype.slice = slice;
          throw new WebAssembly.RuntimeError('unreachable');
        };
      });
      const runs = await runCount(tab);
      await tab.getByTestId('run').click();
      const notice = tab.getByTestId('run-error');
      await notice.waitFor({ timeout: 10_000 });
      await expect(notice.getAttribute('data-code')).resolves.toBe('engine_abort');
      await expect(notice.textContent()).resolves.toMatch(/stopped unexpectedly.*restarted/is);
      await expect(knobInput(tab, 'workload.iodepth').inputValue()).resolves.toBe('6');
      expect(tab.url()).toBe(url);
      await engineReady(tab, 20_000);
      expect(tab.workers()).not.toContain(first); // a fresh worker, not the trapped one
      await tab.getByTestId('retry').click();
      await waitForRun(tab, (s) => s.workload.iodepth === 6, runs + 1);
      await notice.waitFor({ state: 'detached' });
    } finally {
      await tab.close();
    }
  });

  it('says so on the page when the engine cannot load, instead of hanging', async () => {
    const broken = await browser.context.newPage();
    try {
      await broken.route('**/*.wasm', (route) => route.abort());
      await broken.goto(baseUrl, { waitUntil: 'load' });
      const banner = broken.getByTestId('engine-error');
      await banner.waitFor({ timeout: 25_000 });
      await expect(banner.textContent()).resolves.toMatch(/engine is not available/i);
      await expect(broken.getByTestId('engine-status').getAttribute('data-status')).resolves.toBe('failed');
      await expect(broken.getByTestId('run').isDisabled()).resolves.toBe(true);
    } finally {
      await broken.close();
    }
  });
});
