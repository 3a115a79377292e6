// The playground in a real browser: run, stream, cancel, errors, and bit-identical numbers
// with the native CLI. Tests run in order on one page, like a person using it.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsdTestHook } from '../../web/src/app/testHook';
import { summaryPaths } from '../../web/src/panels/summaryFields';
import { openBrowser, type Browser } from './browser';
import { buildAndServe, type Served } from './serve';
import { buildSsdsim, runSsdsim } from './ssdsim';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
const docsScreenshot = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));

let served: Served;
let browser: Browser;
let page: Page;
/** The preset the app opens with (the engine's default scenario). */
let defaultPreset: string;

type Snapshot = Omit<SsdTestHook, 'series'> & { series: ReturnType<SsdTestHook['series']> };

/** Everything the page received from the engine, as plain data. */
function snapshot(): Promise<Snapshot> {
  return page.evaluate(() => {
    const h = window.__ssd!;
    return { status: h.status, progress: h.progress, scenarioJson: h.scenarioJson, summary: h.summary, error: h.error, series: h.series() };
  });
}

function waitForStatus(status: string, timeout = 90_000) {
  return page.waitForFunction((s) => window.__ssd?.status === s, status, { timeout });
}

function knobInput(id: string) {
  return page.locator(`[data-knob="${id}"] input`);
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  buildSsdsim();
  served = await buildAndServe();
  browser = await openBrowser();
  page = browser.page;
  await page.goto(served.url, { waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('SSD Playground in Chromium', () => {
  it('loads the engine and the default scenario', async () => {
    await expect(page.title()).resolves.toBe('SSD Playground');
    await page.getByTestId('engine-status').and(page.locator('[data-status="ready"]')).waitFor();
    await expect(knobInput('iodepth').inputValue()).resolves.toMatch(/^\d+$/);
    defaultPreset = await page.locator('#preset').inputValue();
    expect(defaultPreset).not.toBe('');
    await page.getByTestId('run').and(page.locator(':enabled')).waitFor();
  });

  it('runs the default scenario to 100 % and draws the throughput chart live', async () => {
    // Sample the page while it runs to see that points arrive before the end.
    await page.getByTestId('run').click();
    await waitForStatus('done');
    const snap = await snapshot();
    expect(snap.progress).toBe(1);
    await expect(page.getByTestId('progress-text').textContent()).resolves.toBe('100%');
    await expect(page.getByTestId('progress').getAttribute('aria-valuenow')).resolves.toBe('100');

    const chart = page.getByTestId('throughput-chart');
    const drawn = Number(await chart.getAttribute('data-points'));
    expect(drawn).toBeGreaterThanOrEqual(10);
    const d = await page.getByTestId('throughput-line').getAttribute('d');
    expect(d?.match(/L/g)?.length).toBe(drawn - 1);
    expect(d).not.toContain('NaN');
    // Axes carry units and ticks.
    const axisText = await chart.locator('.axis-title').allTextContents();
    expect(axisText.some((t) => /\(.*B\/s\)/.test(t))).toBe(true);
    expect(axisText.some((t) => /\(.+\)/.test(t) && !/B\/s/.test(t))).toBe(true);
    expect(await chart.locator('.axis-x text').count()).toBeGreaterThan(2);

    const throughput = snap.series.find((s) => s.id === 'read_throughput')!;
    expect(throughput.points.length).toBe(drawn);
    expect(throughput.points.every(([, y]) => y >= 0)).toBe(true);
    expect(Math.max(...throughput.points.map(([, y]) => y))).toBeGreaterThan(0);

    // The summary panel shows every number of the summary, once each.
    const paths = summaryPaths(snap.summary ?? {});
    expect(paths.length).toBeGreaterThan(10);
    const shown = await page.locator('[data-testid="summary"] [data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect([...shown].sort()).toEqual([...paths].sort());
    await page.screenshot({ path: `${artifacts}playground.png`, fullPage: true });
  });

  it('shows the same numbers as the native ssdsim CLI, bit for bit', async () => {
    const snap = await snapshot();
    expect(snap.scenarioJson).toBeTruthy();
    const native = runSsdsim(snap.scenarioJson!);
    // Every series the browser streamed exists natively with the same points; the native
    // report may hold more (series the wasm layer does not stream yet).
    const nativeById = new Map(native.series.map((s) => [s.id, s]));
    expect(snap.series.map((s) => s.id)).toContain('read_throughput');
    for (const s of snap.series) {
      const twin = nativeById.get(s.id);
      expect(twin, `native series ${s.id}`).toBeDefined();
      expect({ label: s.label }).toEqual({ label: twin!.label });
      const expected = twin!.points;
      expect(s.points.length, s.id).toBe(expected.length);
      const mismatch = s.points.findIndex(([x, y], k) => !Object.is(x, expected[k][0]) || !Object.is(y, expected[k][1]));
      // A mismatch after engine edits usually means a stale web/src/engine/pkg: npm run build:engine.
      expect(mismatch, `${s.id}: first differing point (browser ${s.points[mismatch]}, native ${expected[mismatch]})`).toBe(-1);
    }
    expect(snap.summary).toEqual(native.summary);
  });

  it('shows an invalid knob value inline with the engine message, and blocks Run', async () => {
    await knobInput('iodepth').fill('0');
    const error = page.locator('[data-knob="iodepth"] .field-error');
    await expect(error.textContent({ timeout: 10_000 })).resolves.toBe('workload.iodepth: must be between 1 and 1024 (got 0)');
    await expect(page.getByTestId('run').isDisabled()).resolves.toBe(true);
    await knobInput('iodepth').fill('32');
    await error.waitFor({ state: 'detached' });
    await page.getByTestId('run').and(page.locator(':enabled')).waitFor();
  });

  it('cancels a long run at once, and the next run completes', async () => {
    // An hour of simulated time (the engine's maximum) with fine windows, set through the
    // scenario JSON editor: points stream at once and the run would outlast any test.
    await page.locator('.json-editor summary').click();
    const editor = page.getByLabel('Scenario JSON');
    const scenario = JSON.parse(await editor.inputValue());
    scenario.workload.runtime = 3600;
    scenario.workload.log_avg_msec = 5;
    await editor.fill(JSON.stringify(scenario, null, 2));
    await expect(knobInput('runtime').inputValue()).resolves.toBe('3600000');
    await page.getByTestId('run').and(page.locator(':enabled')).waitFor();
    await page.getByTestId('run').click();
    await page.waitForFunction(() => (window.__ssd?.series()[0]?.points.length ?? 0) > 0 && window.__ssd!.progress > 0, undefined, {
      timeout: 30_000,
    });

    // The chart draws while the run is still going, not only at the end.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="throughput-chart"]')?.getAttribute('data-points')) > 0, undefined, {
      timeout: 5_000,
    });
    expect(await page.getByTestId('progress-text').textContent()).not.toBe('100%');

    const clickedAt = Date.now();
    await page.getByTestId('cancel').click();
    await waitForStatus('cancelled', 2_000);
    expect(Date.now() - clickedAt).toBeLessThan(2_000);
    const atCancel = await snapshot();
    expect(atCancel.progress).toBeGreaterThan(0);
    expect(atCancel.progress).toBeLessThan(1);
    await expect(page.getByTestId('run-status').textContent()).resolves.toMatch(/Cancelled/);

    // Nothing more arrives from the terminated worker.
    await page.waitForTimeout(750);
    const later = await snapshot();
    expect(later.series.map((s) => s.points.length)).toEqual(atCancel.series.map((s) => s.points.length));
    expect(later.progress).toBe(atCancel.progress);

    // A fresh engine takes over; picking the preset again restores it, and a run completes.
    await page.getByTestId('engine-status').and(page.locator('[data-status="ready"]')).waitFor({ timeout: 20_000 });
    const preset = page.locator('#preset');
    await expect(preset.inputValue()).resolves.toBe('');
    await preset.selectOption(defaultPreset);
    await expect(knobInput('runtime').inputValue()).resolves.toBe('50');
    await page.locator('.json-editor summary').click(); // fold the editor away again
    await page.getByTestId('run').and(page.locator(':enabled')).waitFor();
    await page.getByTestId('run').click();
    await waitForStatus('done');
    await expect(page.getByTestId('progress-text').textContent()).resolves.toBe('100%');
  });

  it('keeps the console clean and stays on this machine', async () => {
    await page.screenshot({ path: `${artifacts}playground-after-cancel.png`, fullPage: true });
    if (process.env.SSD_UPDATE_DOCS_SCREENSHOT) {
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.screenshot({ path: `${artifacts}readme.png` });
      copyFileSync(`${artifacts}readme.png`, docsScreenshot);
    }
    expect(browser.problems).toEqual([]);
  });

  it('says so on the page when the engine cannot load, instead of hanging', async () => {
    // A separate tab whose wasm download fails; its console noise is expected and not tracked.
    const broken = await browser.context.newPage();
    try {
      await broken.route('**/*.wasm', (route) => route.abort());
      await broken.goto(served.url, { waitUntil: 'load' });
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
