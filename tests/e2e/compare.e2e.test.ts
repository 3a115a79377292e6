// Compare in a real browser: one click runs an article figure's variants and overlays them as
// labelled series; pinning a result and changing a knob draws both.
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chartDefs } from '../../web/src/run/chartSpecs';
import { loadEngine, runCollect } from '../contract/loadEngine';
import { artifacts, chartData, firstDifference, knobInput, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';

const baseUrl = inject('baseUrl');
const docsScreenshot = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${baseUrl}?preset=bg4-like`, { waitUntil: 'load' });
  await waitForRun(page, (s) => s.name.startsWith('BG4'));
});

afterAll(async () => {
  await browser?.close();
});

describe('compare', () => {
  it('“Compare variants” overlays every member of the article figure, labelled', { timeout: 300_000 }, async () => {
    await page.getByTestId('variants-article-000-random-read').click();
    // Five span sweeps in the comparison worker, on a machine the page's own run shares.
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 5, undefined, { timeout: 200_000 });
    const drawn = (await chartData(page, 'headline'))!;
    expect(drawn.map((s) => s.label)).toEqual(['BG4-like, HMB off', 'BG4-like, HMB 61 MiB', 'BG4-like, HMB 64 MiB', 'BG3-like', '970 EVO Plus-like (DRAM)']);
    expect(drawn.every((s) => s.points.length === 8)).toBe(true);
    // The members ran side by side, one worker per core (this machine has at least two).
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const batch = (await page.evaluate(() => window.__ssd!.comparison()))!;
    expect(batch).toMatchObject({ jobs: 5, workers: Math.min(5, Math.max(1, cores)) });
    if (cores >= 2) expect(batch.peakConcurrent).toBeGreaterThan(1);
    console.info(`compare variants: ${batch.jobs} members on ${batch.workers} workers, ${batch.peakConcurrent} at once, ${Math.round(batch.wallMs)} ms`);
    // Each line is bit for bit its member run on its own (the same wasm, in Node).
    const figure = (await loadEngine().catalog()).figures.find((f) => f.name === 'article-000-random-read')!;
    for (const [k, member] of figure.members.entries()) {
      const alone = await runCollect(JSON.stringify(member.scenario), { blockMap: false });
      const head = alone.points[chartDefs(alone.result.series)[0].series[0]];
      const pairs = Array.from({ length: head.length / 2 }, (_, i): [number, number] => [head[2 * i], head[2 * i + 1]]);
      expect(firstDifference(drawn[k].points, pairs), drawn[k].label).toBe(-1);
    }
    const legend = page.getByTestId('chart-headline').getByTestId('legend');
    await expect(legend.locator('.legend-label').allTextContents()).resolves.toEqual(drawn.map((s) => s.label));
    await expect(page.locator('[data-chart="headline"] path.series-line').count()).resolves.toBe(5);
    const colours = await page.locator('[data-chart="headline"] path.series-line').evaluateAll((els) => els.map((e) => e.getAttribute('stroke')));
    expect(new Set(colours).size).toBe(5);
    // The article's story: at 64 GiB every DRAM-less variant is far below the DRAM drive,
    // and at 16 GiB HMB keeps reads fast while HMB off has fallen to its floor.
    const at = (label: string, i: number) => drawn.find((s) => s.label === label)!.points[i][1];
    expect(at('BG4-like, HMB 61 MiB', 4)).toBeGreaterThan(at('BG4-like, HMB off', 4) * 1.3);
    expect(at('970 EVO Plus-like (DRAM)', 7)).toBeGreaterThan(at('BG4-like, HMB 64 MiB', 7));
    await page.getByTestId('compare-bar').waitFor();
    await page.screenshot({ path: `${artifacts}compare.png`, fullPage: false });
    if (process.env.SSD_UPDATE_DOCS_SCREENSHOT) {
      // The README shows the article 000 chart the playground reproduces.
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.screenshot({ path: `${artifacts}readme.png` });
      copyFileSync(`${artifacts}readme.png`, docsScreenshot);
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(legend.locator('.legend-label').first().textContent()).resolves.toBe('BG4 風、HMB 無効');
    await page.screenshot({ path: `${artifacts}compare-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await page.getByTestId('clear-pins').click();
    await expect(page.getByTestId('compare-bar').count()).resolves.toBe(0);
  });

  it('a pinned result stays on the chart next to the new run', async () => {
    await page.getByTestId('pin').click();
    await knobInput(page, 'workload.iodepth').fill('4');
    await waitForRun(page, (s) => s.workload.iodepth === 4);
    const drawn = (await chartData(page, 'headline'))!;
    expect(drawn.map((s) => s.label)).toEqual(['BG4-like DRAM-less NVMe, HMB 61 MiB (default)', 'This run']);
    // Queue depth 4 is slower than 32 at every span.
    drawn[1].points.forEach(([, y], i) => expect(y).toBeLessThan(drawn[0].points[i][1]));
    await page.getByTestId('chart-headline').locator('.legend-remove').click();
    await expect(page.getByTestId('chart-headline').getByTestId('legend').count()).resolves.toBe(0);
    expect(browser.problems).toEqual([]);
  });
});

describe('compare: article 003', () => {
  it('the SSD 520-like preset opens the worst case for OP, labelled as not the article\'s test', async () => {
    await page.goto(`${baseUrl}?preset=ssd520-like`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.name.startsWith('SSD 520'), 0, 240_000);
    // Uniform random writes over the whole drive: the worst case, not article 003's test
    // (its own protocol is figure article-003-steady-state, on the -cdm-stress presets).
    await page.getByTestId('variants-op-worst-case-uniform-random').click();
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 3, undefined, { timeout: 180_000 });
    const drawn = (await chartData(page, 'headline'))!;
    expect(drawn.map((s) => s.label)).toEqual(['OP 0 %, random data', 'OP 20 %, random data', 'OP 0 %, zero-filled']);
    const [op0, op20, zero] = drawn.map((s) => s.points.map(([, y]) => y));
    // The first round still finds erased blocks: the controller's limit of 80k write commands a
    // second (4 KiB each, 327.68 MB/s) sets its speed, below the planes' 419 MB/s.
    expect(op0[0]).toBeGreaterThan(320);
    expect(op0[0]).toBeLessThanOrEqual((80_000 * 4096) / 1e6);
    // Every round after the first: OP 20 % well above OP 0 %; zeros never slow down.
    expect(op0[op0.length - 1]).toBeLessThan(0.5 * op0[0]);
    expect(op20[op20.length - 1]).toBeGreaterThan(1.5 * op0[op0.length - 1]);
    expect(Math.min(...zero)).toBeGreaterThan(0.95 * zero[0]);
    await page.screenshot({ path: `${artifacts}article-003.png`, fullPage: false });
    await page.getByTestId('clear-pins').click();
    expect(browser.problems).toEqual([]);
    // Three drives' steady-state rounds in wasm: about 85 s on a quiet 2-core machine, so the
    // test may take as long as its two waits allow.
  }, 480_000);
});
