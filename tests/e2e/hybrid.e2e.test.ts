// Hybrid drives in a real browser (device.kind hybrid): a cache tier in front of a backing
// tier. Article 004's Momentus XT-like disk (SLC NAND caching a 7,200 rpm disk) shows the tier
// group, its NAND and disk knobs and no XPoint ones, its tier values in the summary, and, with
// a warm-up and idle time, reads 4 KiB about 5.3 MB/s from NAND where the same drive without
// them reads 0.8 from the platters. Article 001's Optane H10-like module loads an application
// four times: from the second load on it reads from XPoint, several times faster; pinning
// changes nothing; the QLC half alone reads every load at the same speed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, chartData, knobGroups, knobInput, openAppPerFile, runCount, waitForRun } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;

type Points = [number, number][];
const groups = knobGroups;
const yAt = (points: Points, x: number) => points.find(([px]) => px === x)![1];

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

describe('article 004: a hybrid disk, cached and not cached', () => {
  it('the momentus-xt-like preset shows the tier, its NAND cache and its disk, and the tier’s values and charts', async () => {
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('momentus-xt-like');
    await waitForRun(page, (s) => s.device.kind === 'hybrid' && s.device.tier.backing === 'hdd', before, 180_000);

    // The kinds in use are hybrid + nand_ssd + hdd: the tier group, the NAND cache's groups and
    // the disk's; no XPoint.
    const shown = await groups(page);
    for (const g of ['media', 'tier', 'hdd', 'capacity', 'gc']) expect(shown, g).toContain(g);
    expect(shown).not.toContain('xpoint');
    await expect(page.locator('[data-knob^="device.xpoint."]').count()).resolves.toBe(0);
    await expect(page.locator('details[data-group="tier"] .group-title').textContent()).resolves.toBe('Hybrid: cache and backing tiers');
    await expect(page.locator('details[data-group="tier"]').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await expect(page.locator('details[data-group="media"] .group-title').textContent()).resolves.toBe('Media & cell type');
    await expect(knobInput(page, 'device.kind').inputValue()).resolves.toBe('hybrid');
    await expect(knobInput(page, 'device.tier.cache').inputValue()).resolves.toBe('nand_ssd');
    await expect(knobInput(page, 'device.tier.backing').inputValue()).resolves.toBe('hdd');
    await expect(knobInput(page, 'device.tier.promotion').inputValue()).resolves.toBe('idle');
    await expect(knobInput(page, 'device.tier.hit_latency_us').inputValue()).resolves.toBe('600');
    await expect(knobInput(page, 'device.hdd.rpm').inputValue()).resolves.toBe('7200');
    await expect(knobInput(page, 'device.nand.cell').inputValue()).resolves.toBe('slc');
    await expect(knobInput(page, 'workload.warmup_s').inputValue()).resolves.toBe('10');
    await expect(knobInput(page, 'workload.idle_s').inputValue()).resolves.toBe('60');
    await expect(page.locator('[data-knob="workload.idle_s"] .knob-label').textContent()).resolves.toBe('Idle after warm-up');

    // The summary: the tier's own values next to the disk's.
    const summary = page.getByTestId('summary');
    await expect(summary.locator('[data-group="tier"] [data-key]').count()).resolves.toBe(5);
    await expect(summary.locator('[data-group="tier"] h3').textContent()).resolves.toBe('Cache tier');
    await expect(summary.locator('[data-group="hdd"] [data-key]').count()).resolves.toBeGreaterThan(0);
    const values = await page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
    expect(values.tier_promoted_bytes).toBeGreaterThan(90e6);
    expect(values.tier_cached_bytes).toBeGreaterThan(90e6);

    // The tier's charts, each with its title, and the NAND cache's block map.
    for (const [id, title] of [
      ['tier', 'Cache tier: reads served from it over time'],
      ['tier_promotion_rate', 'Cache tier: data promoted into it over time'],
      ['tier_cache_tier', 'Cache tier: data in it over time'],
    ]) {
      const card = page.getByTestId(`chart-${id}`);
      await expect(card.locator('h2').first().textContent(), id).resolves.toBe(title);
      const [line] = (await chartData(page, id))!;
      expect(line.points.length, id).toBeGreaterThan(5);
    }
    // Promoted in the idle minute: about the 100 MB region, none of it before.
    const cached = (await chartData(page, 'tier_cache_tier'))![0].points;
    expect(Math.max(...cached.map(([, y]) => y))).toBeGreaterThan(0.09);
    await page.getByTestId('chart-blocks').waitFor();

    // 4 KiB random reads from the NAND, about 5.3 MB/s (the article: 5.23).
    const [sweep] = (await chartData(page, 'headline'))!;
    expect(yAt(sweep.points, 4)).toBeGreaterThan(4.5);
    expect(yAt(sweep.points, 4)).toBeLessThan(6.2);
    expect(browser.problems).toEqual([]);
  }, 240_000);
});

describe('article 004: cached against not cached', () => {
  it('“Compare variants” draws cached against not cached and a typical 5,400 rpm disk: 4 KiB reads differ by 5× and more', async () => {
    await page.getByTestId('variants-article-004-cached-vs-not').click();
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 3, undefined, { timeout: 240_000 });
    const drawn = (await chartData(page, 'headline'))!;
    // The unchanged momentus-xt-like run is a member: the member's line stands for it.
    expect(drawn.map((s) => s.label)).toEqual(['Cached (warm-up, idle)', 'Not cached', 'Typical 2.5-inch 5,400 rpm disk']);
    await expect(page.getByTestId('compare-bar').textContent()).resolves.toContain('Article 004: random reads of 4 KiB to 1 MiB over 100 MB, cached and not cached');
    const [cached, uncached, laptop] = drawn.map((s) => s.points);
    expect(cached.map(([x]) => x)).toEqual([4, 8, 16, 32, 64, 128, 256, 512, 768, 1024]);
    const small = yAt(cached, 4);
    const slow = yAt(uncached, 4);
    // About 5.3 MB/s from NAND against 0.8 from the platters.
    expect(small).toBeGreaterThan(4.5);
    expect(slow).toBeGreaterThan(0.6);
    expect(slow).toBeLessThan(1.0);
    expect(small / slow).toBeGreaterThanOrEqual(5);
    // The article's "10x a normal 2.5-inch HDD": a 5,400 rpm laptop disk waits longer for each turn.
    expect(small / yAt(laptop, 4)).toBeGreaterThanOrEqual(8);
    // The NAND path's fixed cost: the platters catch up by 768 KiB and win at 1 MiB.
    expect(yAt(uncached, 1024)).toBeGreaterThan(yAt(cached, 1024));
    await page.getByTestId('chart-headline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}hybrid-momentus-xt.png`, fullPage: false });

    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    const legend = page.getByTestId('chart-headline').getByTestId('legend');
    await expect(legend.locator('.legend-label').allTextContents()).resolves.toEqual(['キャッシュあり（ウォームアップ、アイドル）', 'キャッシュなし', '一般的な 2.5 インチ 5,400 rpm ディスク']);
    await expect(page.locator('details[data-group="tier"] .group-title').textContent()).resolves.toBe('キャッシュ層とバッキング層');
    await expect(page.getByTestId('summary').locator('[data-group="tier"] h3').textContent()).resolves.toBe('キャッシュ層');
    await expect(page.getByTestId('chart-tier').locator('h2').first().textContent()).resolves.toBe('キャッシュ層：キャッシュから読んだ割合の推移');
    await page.screenshot({ path: `${artifacts}hybrid-momentus-xt-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await page.getByTestId('clear-pins').click();
    expect(browser.problems).toEqual([]);
  }, 330_000);
});

describe('article 001: an application loaded four times on an Optane H10-like module', () => {
  it('the h10-like preset: XPoint and QLC knobs, no disk; runs 1 to 4 on an axis of whole runs', async () => {
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('h10-like');
    await waitForRun(page, (s) => s.device.kind === 'hybrid' && s.workload.kind === 'application_load', before, 240_000);

    const shown = await groups(page);
    for (const g of ['media', 'tier', 'xpoint', 'capacity', 'slc_cache', 'gc']) expect(shown, g).toContain(g);
    expect(shown).not.toContain('hdd');
    await expect(knobInput(page, 'device.tier.cache').inputValue()).resolves.toBe('xpoint_ssd');
    await expect(knobInput(page, 'workload.kind').inputValue()).resolves.toBe('application_load');
    await expect(knobInput(page, 'workload.runs').inputValue()).resolves.toBe('4');
    await expect(page.locator('[data-knob="workload.idle_s"] .knob-label').textContent()).resolves.toBe('Idle between runs');

    const [runs] = (await chartData(page, 'headline'))!;
    expect(runs.points.map(([x]) => x)).toEqual([1, 2, 3, 4]);
    expect(yAt(runs.points, 2) / yAt(runs.points, 1)).toBeGreaterThanOrEqual(3);
    const head = page.getByTestId('chart-headline');
    await expect(head.locator('h2').first().textContent()).resolves.toBe('Read speed per run');
    // Whole runs on the x axis: no 1.5th load.
    const ticks = await head.locator('.axis-x > g text').allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t, 'x tick').toMatch(/^\d+$/);
    await expect(page.getByTestId('summary').locator('[data-group="tier"] [data-key]').count()).resolves.toBe(5);
    expect(browser.problems).toEqual([]);
  }, 300_000);

  it('“Compare variants”: the second load ≥ 3× the first with the cache, pinned the same, QLC alone flat', async () => {
    await page.getByTestId('variants-article-001-application-load').click();
    await page.waitForFunction(() => (window.__ssd?.chart('headline') ?? []).length === 3, undefined, { timeout: 330_000 });
    const drawn = (await chartData(page, 'headline'))!;
    // Pinning changes nothing here: the pinned line lies on the cached one, and says so.
    expect(drawn.map((s) => s.label)).toEqual(['H10-like, Optane cache on', 'H10-like, files pinned (same as H10-like, Optane cache on)', 'QLC half alone (cache off)']);
    const [cache, pinned, qlc] = drawn.map((s) => s.points);
    for (const points of [cache, pinned, qlc]) expect(points.map(([x]) => x)).toEqual([1, 2, 3, 4]);
    // From the second load on, every block comes from XPoint.
    expect(yAt(cache, 2) / yAt(cache, 1)).toBeGreaterThanOrEqual(3);
    // Pinning changes nothing measurable (the article's finding).
    for (const run of [1, 2, 3, 4]) expect(Math.abs(yAt(pinned, run) / yAt(cache, run) - 1), `run ${run}`).toBeLessThanOrEqual(0.02);
    // Without the cache every load reads from QLC at the same speed.
    const ys = qlc.map(([, y]) => y);
    expect(Math.max(...ys) / Math.min(...ys) - 1).toBeLessThanOrEqual(0.02);
    expect(yAt(cache, 2)).toBeGreaterThan(3 * Math.max(...ys));
    await page.getByTestId('chart-headline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}hybrid-h10-application-load.png`, fullPage: false });
    await page.getByTestId('clear-pins').click();
    expect(browser.problems).toEqual([]);
  }, 400_000);
});
