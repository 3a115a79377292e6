// Article 001 in a real browser: the QLC drives' whole-drive write falls off a cliff when the
// SLC cache is full. The figure opens from the preset list, both members draw the cliff, and the
// SLC cache ratio knob in the Device panel moves it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, chartData, knob, knobInput, openAppPerFile, runCount, waitForRun } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;

type Points = [number, number][];

/**
 * Where the last point still writes at SLC speed and the first at QLC speed: the cliff lies
 * between (a point that straddles it averages both).
 */
function cliff(points: Points): { lastFast: number; firstSlow: number } {
  const firstSlowAt = points.findIndex(([, y]) => y < 150);
  const fast = points.slice(0, firstSlowAt).filter(([, y]) => y > 900);
  return { lastFast: fast[fast.length - 1][0], firstSlow: points[firstSlowAt][0] };
}

/** The article's average: TxBENCH reports the mean of its samples (each covers the same data). */
const meanOfSamples = (ys: number[]) => ys.reduce((a, y) => a + y, 0) / ys.length;

const GB_PER_POINT = 512.11 / 200;

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

describe('article 001: the SLC cache and the cliff after it', () => {
  it('the 660p-like preset opens from the preset list with its SLC cache shown and charted', async () => {
    // The default preset has no SLC cache, so its group starts closed.
    await expect(page.locator('details[data-group="slc_cache"]').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('660p-like');
    await waitForRun(page, (s) => s.name.startsWith('Intel 660p'), before, 120_000);

    // Choosing a drive with an SLC cache opens its group, ratio knob first.
    await expect(page.locator('details[data-group="slc_cache"]').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await expect(knobInput(page, 'device.slc_cache.dynamic_percent').isVisible()).resolves.toBe(true);
    await expect(knobInput(page, 'device.slc_cache.dynamic_percent').inputValue()).resolves.toBe('53');
    await expect(knob(page, 'device.slc_cache.dynamic_percent').locator('.knob-label').textContent()).resolves.toContain('SLC cache ratio');
    await expect(page.locator('details[data-group="slc_cache"] .group-title').textContent()).resolves.toBe('SLC cache');

    // The cache's size and the data in it get their own chart; folding joins GC's.
    const slc = (await chartData(page, 'slc_cache'))!;
    expect(slc.map((s) => s.label)).toEqual(['Data in the SLC cache', 'SLC cache size']);
    const [data, size] = slc.map((s) => s.points);
    expect(size.length).toBeGreaterThan(20);
    // The whole 74 GB at first; the data fills it, then the cache shrinks with the free space
    // and the data follows it.
    expect(size[0][1]).toBeCloseTo(73.85, 0);
    expect(data[0][1]).toBeLessThan(size[0][1] / 4);
    expect(Math.max(...data.map(([, y]) => y))).toBeGreaterThan(70);
    expect(size[size.length - 1][1]).toBeLessThan(10);
    await expect(page.getByTestId('chart-slc_cache').locator('h2').first().textContent()).resolves.toBe('SLC cache: size and data in it over time');
    const gc = (await chartData(page, 'gc'))!;
    expect(gc.map((s) => s.label)).toEqual(['GC copies', 'Folding (SLC to native)']);
    expect(Math.max(...gc[1].points.map(([, y]) => y))).toBeGreaterThan(1);

    const summary = await page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
    expect(summary.slc_cache_bytes / 1e9).toBeCloseTo(73.85, 1);
    await expect(page.locator('[data-testid="summary"] [data-group="slc_cache"] [data-key]').count()).resolves.toBe(3);
    expect(browser.problems).toEqual([]);
  });
});

describe('article 001: both QLC drives compared', () => {
  it('“Compare variants” draws both QLC drives’ whole-drive writes with the cliff at 74 GB', async () => {
    await page.getByTestId('variants-article-001-whole-drive-write').click();
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 2, undefined, { timeout: 90_000 });
    const drawn = (await chartData(page, 'headline'))!;
    expect(drawn.map((s) => s.label)).toEqual(['660p-like (paced folding)', 'H10-like QLC half (burst folding)']);
    await page.getByTestId('compare-bar').waitFor();
    await expect(page.getByTestId('compare-bar').textContent()).resolves.toContain('Article 001: writing the whole drive, SLC cache and after');

    for (const s of drawn) {
      expect(s.points.length, s.label).toBe(200);
      expect(s.points[s.points.length - 1][0], s.label).toBeCloseTo(512.11, 0);
      // About 1 GB/s into SLC up to the cliff at 74 GB...
      const { lastFast, firstSlow } = cliff(s.points);
      expect(lastFast, s.label).toBeGreaterThan(74 - 2 * GB_PER_POINT);
      expect(firstSlow, s.label).toBeLessThan(74 + 2 * GB_PER_POINT);
      for (const [x, y] of s.points.filter(([x]) => x < 70)) {
        expect(y, `${s.label} at ${x} GB`).toBeGreaterThan(950);
        expect(y, `${s.label} at ${x} GB`).toBeLessThan(1100);
      }
    }
    // ...then QLC speed: level near 61 MB/s with paced folding (the article: 61.23 MB/s).
    const after = (s: { points: Points }) => s.points.filter(([x]) => x > 80).map(([, y]) => y);
    const paced = after(drawn[0]);
    expect(Math.min(...paced)).toBeGreaterThan(55);
    expect(Math.max(...paced)).toBeLessThan(66);
    // Burst folding: dips to about 20 MB/s while a die folds and recovers to about 60,
    // averaging about 47 (the article: 47.05 MB/s, dipping to ~20 and recovering to ~60).
    const burst = after(drawn[1]);
    expect(Math.min(...burst)).toBeGreaterThan(15);
    expect(Math.min(...burst)).toBeLessThan(25);
    expect(Math.max(...burst)).toBeGreaterThan(55);
    expect(Math.max(...burst)).toBeLessThan(70);
    expect(burst.filter((y) => y < 30).length).toBeGreaterThan(20);
    expect(meanOfSamples(burst)).toBeGreaterThan(40);
    expect(meanOfSamples(burst)).toBeLessThan(54);
    await expect(page.locator('[data-chart="headline"] path.series-line').count()).resolves.toBe(2);
    await page.screenshot({ path: `${artifacts}article-001.png`, fullPage: false });

    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    const legend = page.getByTestId('chart-headline').getByTestId('legend');
    await expect(legend.locator('.legend-label').allTextContents()).resolves.toEqual(['660p 風（ペース配分のフォールディング）', 'H10 風の QLC 側（バーストのフォールディング）']);
    await page.screenshot({ path: `${artifacts}article-001-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await page.getByTestId('clear-pins').click();
    expect(browser.problems).toEqual([]);
  });
});

describe('article 001: the SLC cache ratio', () => {
  it('a smaller SLC cache ratio moves the cliff: 25 % of the free space is about 38 GB', async () => {
    const before = await runCount(page);
    const ratio = knobInput(page, 'device.slc_cache.dynamic_percent');
    await ratio.fill('25');
    await waitForRun(page, (s) => s.device.slc_cache.dynamic_percent === 25, before, 120_000);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('device.slc_cache.dynamic_percent') === '25');
    await expect(page.locator('[data-knob="device.slc_cache.dynamic_percent"].knob-edited').count()).resolves.toBe(1);

    // 6 GB static plus a quarter of the free native space run as SLC (a quarter of a quarter
    // of 512 GB of QLC): 6 + 0.25 × 512.11 / 4 ≈ 38 GB.
    const expected = 6 + (0.25 * 512.11) / 4;
    const [line] = (await chartData(page, 'headline'))!;
    const { lastFast, firstSlow } = cliff(line.points);
    expect(lastFast).toBeGreaterThan(expected - 2 * GB_PER_POINT);
    expect(lastFast).toBeLessThan(expected);
    expect(firstSlow).toBeGreaterThan(expected);
    expect(firstSlow).toBeLessThan(expected + 2 * GB_PER_POINT);
    const slow = line.points.filter(([x]) => x > expected + 5).map(([, y]) => y);
    expect(Math.min(...slow)).toBeGreaterThan(55);
    expect(Math.max(...slow)).toBeLessThan(75);
    const summary = await page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
    expect(summary.slc_cache_bytes / 1e9).toBeGreaterThan(expected - 1);
    expect(summary.slc_cache_bytes / 1e9).toBeLessThan(expected + 1);
    const size = (await chartData(page, 'slc_cache'))!.find((s) => s.label === 'SLC cache size')!.points;
    expect(size[0][1]).toBeLessThan(expected + 1);
    await page.locator('details[data-group="slc_cache"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}slc-ratio-25.png`, fullPage: false });
    expect(browser.problems).toEqual([]);
  });
});
