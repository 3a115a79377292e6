// Your drive against the model, in Chromium: a `.fio` job imported, fio's own JSON result of it
// and its bandwidth log loaded (read in the page, nothing uploaded), the run of the job held
// against it in "Measured vs model" with the numbers `ssdsim fio compare` prints, the measured
// values drawn on the charts; a malformed result refused naming its field, the scenario kept;
// the job run on every shipped drive, nearest first, and "Use this drive" taking one; the drive's
// knobs fitted to the result as `ssdsim fio fit` fits them, and "Use the fitted drive" taking it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
/** The same job cut to 100 ms: what a fit runs dozens of times (the CLI's fit tests run it too). */
const shortJob = path('fio/randread-4k-qd32-short.fio');

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

// After the tests above: the job imported and fio's result loaded on the 970 EVO Plus-like drive.
describe('the nearest preset drive to a fio result', () => {
  // The fixture job runs 10 s of simulated time: every shipped drive takes about 13 s in all here.
  it('finds the nearest preset drive: each shipped drive runs the job, nearest first, and “Use this drive” takes one', async () => {
    const hook = () => page.evaluate(() => ({ scenarioJson: window.__ssd?.scenarioJson ?? '', runs: window.__ssd?.runs ?? 0 }));
    const before = { url: page.url(), ...(await hook()) };
    const own = Number(/([\d.]+) \(1 =/.exec((await page.getByTestId('fio-compare-summary').textContent()) ?? '')?.[1]);
    await page.getByTestId('fio-nearest-find').click();
    await expect(page.getByTestId('fio-nearest-progress').textContent()).resolves.toMatch(/^\d+ of (\d+) drives: [a-z0-9-]+/);
    await page.getByTestId('fio-nearest-table').waitFor({ timeout: 60_000 });
    // The reader's scenario, its run and the link are as they were.
    expect({ url: page.url(), ...(await hook()) }).toEqual(before);

    const rows = await page.locator('[data-testid="fio-nearest-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ preset: tr.getAttribute('data-preset')!, status: tr.getAttribute('data-status'), distance: Number(tr.getAttribute('data-distance')), notes: [...tr.querySelectorAll('th small')].map((n) => n.textContent ?? '') })),
    );
    // Every preset is in the table, once: as a row or as a preset sharing a row's drive.
    const presets = await page.locator('[data-testid="preset-select"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const listed = rows.flatMap((r) => [r.preset, ...r.notes.flatMap((n) => /^same drive: (.*)$/.exec(n)?.[1].split(', ') ?? [])]);
    expect([...listed].sort()).toEqual([...presets].sort());
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(presets.length);
    // Nearest first; the job on this page's own drive is as far as its own run says.
    const compared = rows.filter((r) => r.status === 'compared');
    expect(compared.map((r) => r.distance)).toEqual([...compared.map((r) => r.distance)].sort((a, b) => a - b));
    expect(compared.every((r) => r.distance >= 1)).toBe(true);
    expect(compared.find((r) => r.preset === '970-evo-plus-like')!.distance).toBeCloseTo(own, 3);
    // A hard disk is a thousand times off on 4 KiB random reads at QD32; it is still listed.
    expect(compared.find((r) => r.preset === 'hdd-7200-like')!.distance).toBeGreaterThan(100);
    const first = page.locator('[data-testid="fio-nearest-table"] tbody tr').first();
    await expect(first.locator('td').first().textContent()).resolves.toBe(`×\u00a0${compared[0].distance.toFixed(3)}`);

    // “Use this drive” on the nearest drive that is not the one in use: the preset's drive, the job kept.
    const other = compared.find((r) => r.preset !== '970-evo-plus-like')!;
    const old = JSON.parse(before.scenarioJson) as { device: unknown; workload: unknown; precondition: unknown };
    await page.locator(`[data-testid="fio-nearest-table"] tr[data-preset="${other.preset}"] [data-testid="fio-nearest-use"]`).click();
    // The first run since the table came is the new drive's: nothing else changed the scenario.
    await waitForRun(page, (s: { workload: { rw?: string } }) => s.workload.rw === 'randread', before.runs);
    const now = JSON.parse((await hook()).scenarioJson) as typeof old;
    expect(now.device).not.toEqual(old.device);
    expect(now.workload).toEqual(old.workload);
    expect(now.precondition).toEqual(old.precondition);
    await expect(page.getByTestId('preset-select').inputValue()).resolves.toBe(other.preset);
    await page.waitForURL((u) => u.searchParams.get('preset') === other.preset);
    // The ranking stays: it belongs to the job and the result, not to the drive in use.
    await expect(page.getByTestId('fio-nearest-table').count()).resolves.toBe(1);
  });
});

// After the tests above: fio's result loaded, the nearest other drive (the BG4-like, HMB 64 MiB) in use.
describe('the knobs fitted to a fio result', () => {
  it('fits the drive’s knobs as ssdsim fio fit does, touching the link only when the fitted drive is used', async () => {
    const hook = () => page.evaluate(() => ({ scenarioJson: window.__ssd?.scenarioJson ?? '', runs: window.__ssd?.runs ?? 0 }));
    // The 10 s job tried on up to 41 drives is minutes in a browser: its 100 ms cut, the same result.
    const runs = (await hook()).runs;
    await page.getByTestId('fio-file').setInputFiles(shortJob);
    await waitForRun(page, (s: { workload: { runtime?: number } }) => s.workload.runtime === 0.1, runs);
    await page.getByTestId('fio-compare-table').waitFor();
    const before = { url: page.url(), ...(await hook()) };

    await page.getByTestId('fio-fit-run').click();
    await expect.poll(() => page.getByTestId('fio-fit-progress').textContent(), { timeout: 20_000 }).toMatch(/^[1-9]\d* drives tried \(at most 41\)/);
    await page.getByTestId('fio-fit-result').waitFor({ timeout: 60_000 });
    // The reader's scenario, its run and the link are as they were.
    expect({ url: page.url(), ...(await hook()) }).toEqual(before);
    await expect(page.getByTestId('fio-fit-label').textContent()).resolves.toMatch(/^Fitted to this one measurement, not the drive’s specification \(\d+ drives tried\)/);

    // The same fit natively, on the same scenario: the same knobs, to the same values.
    const dir = mkdtempSync(join(tmpdir(), 'ssd-fit-'));
    writeFileSync(join(dir, 'scenario.json'), before.scenarioJson);
    const cli = JSON.parse(execFileSync(SSDSIM, ['fio', 'fit', shortJob, result, '--scenario', join(dir, 'scenario.json'), '--json'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8')) as {
      knobs: { knob: string; before: number; after: number }[];
      tried: number;
      after: { geomean_ratio: number };
    };
    const rows = await page.locator('[data-testid="fio-fit-knobs"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ knob: tr.getAttribute('data-fit-knob')!, before: Number(tr.getAttribute('data-before')), after: Number(tr.getAttribute('data-after')) })),
    );
    expect(rows).toEqual(cli.knobs);
    expect(rows.length).toBeGreaterThan(0);
    await expect(page.getByTestId('fio-fit-label').textContent()).resolves.toContain(`(${cli.tried} drives tried)`);
    expect(Number(await page.getByTestId('fio-fit-distance').getAttribute('data-after'))).toBeCloseTo(cli.after.geomean_ratio, 9);
    await expect(page.locator('[data-testid="fio-fit-metrics"] tbody tr').count()).resolves.toBe(7);

    // “Use the fitted drive”: the fitted knobs in the scenario and the link, the job kept.
    const old = JSON.parse(before.scenarioJson) as { device: Record<string, unknown>; workload: unknown };
    await page.getByTestId('fio-fit-use').click();
    // The first run since the fit began is the fitted drive's: nothing else changed the scenario.
    await waitForRun(page, () => true, before.runs);
    const now = JSON.parse((await hook()).scenarioJson) as typeof old;
    const at = (s: unknown, knob: string) => knob.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], s);
    for (const k of rows) expect(at(now, k.knob), k.knob).toBe(k.after);
    expect(now.workload).toEqual(old.workload);
    expect(now.device).not.toEqual(old.device);
    await page.waitForURL((u) => u.href !== before.url);
    // The fit stays, its drive now the one in use.
    await expect(page.getByTestId('fio-fit-use').isDisabled()).resolves.toBe(true);
  });
});
