// Article 002 in a real browser: a 3D XPoint drive (device.kind xpoint_ssd) writes in place, so
// the latency of 8 MiB writes stays flat where a NAND drive's jumps every few writes. The
// 900P-like preset shows only the knobs and values an XPoint drive has; the figure draws both
// traces with their percentiles side by side; switching kinds keeps every value.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, chartData, knob, knobGroups, knobInput, openAppPerFile, runCount, waitForRun } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;

const median = (ys: number[]) => [...ys].sort((a, b) => a - b)[Math.floor(ys.length / 2)];
const groups = knobGroups;

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

describe('article 002: 3D XPoint against NAND', () => {
  it('the 900P-like preset shows an XPoint drive: its media knobs, no NAND groups, no block map, flat latency', async () => {
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('900p-like');
    await waitForRun(page, (s) => s.device.kind === 'xpoint_ssd', before, 120_000);

    const shown = await groups(page);
    expect(shown).toContain('xpoint');
    for (const nandOnly of ['capacity', 'slc_cache', 'mapping', 'gc', 'precondition']) expect(shown, nandOnly).not.toContain(nandOnly);
    await expect(page.locator('details[data-group="xpoint"] .group-title').textContent()).resolves.toBe('3D XPoint media');
    await expect(knobInput(page, 'device.xpoint.channels').inputValue()).resolves.toBe('7');
    await expect(knobInput(page, 'device.kind').inputValue()).resolves.toBe('xpoint_ssd');
    await expect(page.locator('[data-knob^="device.nand."]').count()).resolves.toBe(0);

    // Written in place: no erase blocks to draw, no WAF or GC in the summary, its own values instead.
    await expect(page.getByTestId('chart-blocks').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="summary"] [data-key="waf"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="summary"] [data-group="media"] [data-key]').count()).resolves.toBe(3);

    // 32 GB of 8 MiB writes, each about 4.1 ms (2,048 MB/s of media writes), none slower.
    const [trace] = (await chartData(page, 'headline'))!;
    const ys = trace.points.map(([, y]) => y);
    expect(ys.length).toBeGreaterThan(3000);
    expect(median(ys)).toBeGreaterThan(4.0);
    expect(median(ys)).toBeLessThan(4.3);
    expect(Math.max(...ys) / median(ys)).toBeLessThan(1.01);
    const summary = await page.evaluate(() => window.__ssd!.summary!);
    expect(summary.write_latency.p999_us / summary.write_latency.p50_us).toBeLessThan(2);
    await page.screenshot({ path: `${artifacts}xpoint-900p.png`, fullPage: false });
    expect(browser.problems).toEqual([]);
  });

  it('“Compare variants” draws the NAND trace spiking and the XPoint trace flat, percentiles side by side', async () => {
    await page.getByTestId('variants-article-002-write-latency').click();
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 2, undefined, { timeout: 120_000 });
    const drawn = (await chartData(page, 'headline'))!;
    // The unchanged 900P-like run is a member of the figure: the member's line stands for it.
    expect(drawn.map((s) => s.label)).toEqual(['TLC NAND SSD', '900P-like (3D XPoint)']);
    const [nand, xpoint] = drawn.map((s) => s.points.map(([, y]) => y));
    // 6 GiB of 8 MiB writes: every operation is a point.
    expect(nand.length).toBe(768);
    expect(xpoint.length).toBe(768);
    // NAND: a write every so often waits for erases, milliseconds above the median.
    const spikes = nand.filter((y) => y > median(nand) * 1.1).length;
    expect(spikes).toBeGreaterThan(15);
    expect(Math.max(...nand) / median(nand)).toBeGreaterThan(1.1);
    expect(Math.max(...xpoint) / median(xpoint)).toBeLessThan(1.01);

    const table = page.getByTestId('latency-compare');
    await table.waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(2);
    const ratio = async (row: number) => Number((await table.locator('tbody tr').nth(row).locator('[data-key="max_over_p50"]').textContent())!.replace('×', ''));
    expect(await ratio(0)).toBeGreaterThan(1.1);
    expect(await ratio(1)).toBeLessThan(1.01);
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual(['Line', 'Median ms', 'p99 ms', 'p99.9 ms', 'Max ms', 'Max / median']);
    await page.getByTestId('chart-headline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}article-002.png`, fullPage: false });

    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    const legend = page.getByTestId('chart-headline').getByTestId('legend');
    await expect(legend.locator('.legend-label').allTextContents()).resolves.toEqual(['TLC NAND SSD', '900P 風（3D XPoint）']);
    await expect(table.locator('caption').textContent()).resolves.toBe('すべての操作のレイテンシ（並べて比較）');
    await page.screenshot({ path: `${artifacts}article-002-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await page.getByTestId('clear-pins').click();
    await expect(table.count()).resolves.toBe(0);
    expect(browser.problems).toEqual([]);
  });
});

describe('article 002: switching the device kind', () => {
  it('switching the device kind swaps the knob groups and keeps every value for the way back', async () => {
    let before = await runCount(page);
    await knobInput(page, 'device.xpoint.channels').fill('4');
    await waitForRun(page, (s) => s.device.xpoint.channels === 4, before, 120_000);

    // The default NAND drive is 16 GB: the preset's 32 GB file no longer fits, and the refusal
    // names the field at its knob.
    await knobInput(page, 'device.kind').selectOption('nand_ssd');
    const refusal = page.locator('[data-knob="workload.size"] .field-error');
    await expect(refusal.textContent({ timeout: 10_000 })).resolves.toMatch(/^must be between 8 MiB and 14\.95 GiB \(16055951360 bytes\)/);
    await expect(page.getByTestId('run').isDisabled()).resolves.toBe(true);
    before = await runCount(page);
    await knobInput(page, 'workload.size').fill('1g');
    await waitForRun(page, (s) => s.device.kind === 'nand_ssd', before, 120_000);
    const shown = await groups(page);
    for (const nandGroup of ['capacity', 'gc', 'precondition']) expect(shown, nandGroup).toContain(nandGroup);
    expect(shown).not.toContain('xpoint');
    await expect(page.locator('[data-knob^="device.xpoint."]').count()).resolves.toBe(0);
    await expect(knob(page, 'device.nand.cell').count()).resolves.toBe(1);
    await page.getByTestId('chart-blocks').waitFor();
    // The hidden XPoint value is still in the scenario and in the link.
    expect(new URL(page.url()).searchParams.get('device.xpoint.channels')).toBe('4');

    before = await runCount(page);
    await knobInput(page, 'device.kind').selectOption('xpoint_ssd');
    await waitForRun(page, (s) => s.device.kind === 'xpoint_ssd' && s.device.xpoint.channels === 4, before, 120_000);
    await expect(knobInput(page, 'device.xpoint.channels').inputValue()).resolves.toBe('4');
    await expect(page.locator('[data-knob="device.xpoint.channels"].knob-edited').count()).resolves.toBe(1);

    // The link opens the same run in a fresh page.
    const link = page.url();
    const other = await browser.context.newPage();
    await other.goto(link, { waitUntil: 'load' });
    await waitForRun(other, (s) => s.device.kind === 'xpoint_ssd' && s.device.xpoint.channels === 4, 0, 120_000);
    const [a, b] = await Promise.all([page, other].map((p) => p.evaluate(() => JSON.stringify(window.__ssd!.summary))));
    expect(b).toBe(a);
    await other.close();
    expect(browser.problems).toEqual([]);
  });
});
