// Your drive against the model, in Chromium: a `.fio` job imported, fio's own JSON result of it
// and its bandwidth log loaded (read in the page, nothing uploaded), the run of the job held
// against it in "Measured vs model" with the numbers `ssdsim fio compare` prints, the measured
// values drawn on the charts; a malformed result refused naming its field, the scenario kept.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chartData, engineReady, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';
import { SSDSIM } from './ssdsim';

const baseUrl = inject('baseUrl');
const path = (p: string) => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url));
const job = path('fio/randread-4k-qd32.fio');
const result = path('fio-results/randread-4k-qd32.json');
const bwLog = path('fio-results/randread-4k-qd32_bw.1.log');

interface Metric {
  metric: string;
  measured: number;
  model: number;
  error_percent: number;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${baseUrl}?preset=970-evo-plus-like`, { waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
});

const cells = (row: string) => page.locator(`[data-testid="fio-compare-table"] tr[data-metric="${row}"] td`).allTextContents();

describe('a fio result against the model', () => {
  it('holds the run of the imported job against fio’s result, with the numbers ssdsim prints', async () => {
    await engineReady(page);
    await waitForRun(page);
    const runs = await page.evaluate(() => window.__ssd?.runs ?? 0);
    await page.getByTestId('fio-file').setInputFiles(job);
    await page.getByTestId('fio-notice').waitFor();
    await page.getByTestId('fio-result-file').setInputFiles(result);
    await page.getByTestId('fio-log-file').setInputFiles(bwLog);
    await expect(page.getByTestId('fio-result-loaded').textContent()).resolves.toContain('randread-4k-qd32.json (fio-3.35, jobs: 1)');
    await waitForRun(page, (s: { workload: { rw?: string } }) => s.workload.rw === 'randread', runs);
    await page.getByTestId('fio-compare-table').waitFor();

    const cli = JSON.parse(
      execFileSync(SSDSIM, ['fio', 'compare', job, result, '--preset', '970-evo-plus-like', '--json']).toString('utf8'),
    ) as { comparison: { metrics: Metric[] } };
    const rows = await page.locator('[data-testid="fio-compare-table"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-metric')));
    expect(rows).toEqual(cli.comparison.metrics.map((m) => m.metric));
    expect(rows).toHaveLength(7);
    const fmt = (v: number) => Number(v.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 3 });
    for (const m of cli.comparison.metrics) {
      const [measured, model, error] = await cells(m.metric);
      expect([measured, model], m.metric).toEqual([fmt(m.measured), fmt(m.model)]);
      expect(error).toBe(`${m.error_percent > 0 ? '+' : m.error_percent < 0 ? '−' : ''}${Math.abs(m.error_percent).toFixed(1)}\u00a0%`);
    }
    await expect(cells('read_mb_per_s')).resolves.toContain('1,468');
    await expect(cells('read_latency.p99_us')).resolves.toContain('150.5');
  });

  it('draws the measured bandwidth, its log and its latency percentiles on the charts', async () => {
    await page.locator('[data-ref="fio-bw-read"]').first().waitFor({ state: 'attached' }); // a flat line has no height: attached, not visible
    // fio's p99.99 (1,020 µs) lies past the model's slowest read, off the CDF's axis: not drawn.
    const refs = await page.locator('[data-ref^="fio-read-"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-ref')));
    expect(refs).toEqual(['fio-read-p50', 'fio-read-p99', 'fio-read-p999']);
    const ids = await page.evaluate(() => (window.__ssd?.charts() ?? []).filter((id) => (window.__ssd?.chart(id) ?? []).some((s) => s.key === 'fio-log-read')));
    expect(ids.length).toBeGreaterThan(0);
    const log = (await chartData(page, ids[0]))!.find((s) => s.key === 'fio-log-read')!;
    expect(log.points).toHaveLength(10);
    expect(log.points[0][1]).toBeCloseTo((1398221 * 1024) / 1e6, 6);
  });

  it('refuses a malformed result naming the field, and keeps the scenario', async () => {
    const before = await page.evaluate(() => window.__ssd?.scenarioJson);
    const broken = (await import('node:fs')).readFileSync(result, 'utf8').replace('"iops" : 358364.163584', '"iops" : "fast"');
    await page.getByTestId('fio-result-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const error = page.getByTestId('fio-result-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toMatch(/broken\.json.*jobs\[0\]\.read\.iops must be a number \(got text\)/);
    await expect(page.evaluate(() => window.__ssd?.scenarioJson)).resolves.toBe(before);
    await expect(page.getByTestId('fio-compare-table').count()).resolves.toBe(1);
  });
});
