// A comparison travels in its share link: a figure overlay plus two pinned runs, opened in a
// fresh browser (no storage), are re-run and redrawn bit for bit, labels included; a reload keeps
// them; an embed of the comparison draws the same lines. A run that measures something else
// than the figure (random read over the random-write figure) is not passed off as "This run".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts, chartData, firstDifference, knobInput, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

type Drawn = NonNullable<Awaited<ReturnType<typeof chartData>>>;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${baseUrl}?preset=bg4-like`, { waitUntil: 'load' });
  await waitForRun(page, (s) => s.name.startsWith('BG4'));
});

afterAll(async () => {
  await browser?.close();
});

function waitForLines(p: Page, n: number, timeout = 240_000) {
  return p.waitForFunction((count) => (window.__ssd?.chart('headline') ?? []).length === count && window.__ssd?.status === 'done', n, { timeout });
}

/** Same labels, same points bit for bit, line by line. */
function expectSameLines(there: Drawn, here: Drawn) {
  expect(there.map((s) => s.label)).toEqual(here.map((s) => s.label));
  there.forEach((s, i) => expect(firstDifference(s.points, here[i].points), s.label).toBe(-1));
}

let shareUrl = '';
let drawnHere: Drawn;

describe('a comparison in the share link', () => {
  it('a figure overlay and two pins are written into the link; the Share box spans the dialog', async () => {
    await page.getByTestId('variants-article-000-random-read').click();
    await waitForLines(page, 5);
    // waitForRun's predicate runs in the page, as source: no closures.
    await knobInput(page, 'workload.iodepth').fill('4');
    await waitForRun(page, (s) => s.workload.iodepth === 4);
    await page.getByTestId('pin').click();
    await knobInput(page, 'workload.iodepth').fill('8');
    await waitForRun(page, (s) => s.workload.iodepth === 8);
    await page.getByTestId('pin').click();
    await knobInput(page, 'workload.iodepth').fill('16');
    await waitForRun(page, (s) => s.workload.iodepth === 16);
    await waitForLines(page, 8);
    drawnHere = (await chartData(page, 'headline'))!;
    expect(drawnHere.map((s) => s.label)).toEqual([
      'BG4-like, HMB off',
      'BG4-like, HMB 61 MiB',
      'BG4-like, HMB 64 MiB',
      'BG3-like',
      '970 EVO Plus-like (DRAM)',
      'BG4-like DRAM-less NVMe, HMB 61 MiB (default) · Queue depth 4',
      'BG4-like DRAM-less NVMe, HMB 61 MiB (default) · Queue depth 8',
      'This run',
    ]);

    await page.waitForFunction(() => new URLSearchParams(location.search).getAll('pin').length === 2);
    await page.getByTestId('share').click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.waitFor();
    shareUrl = await dialog.getByTestId('share-url').inputValue();
    expect(shareUrl).toBe(page.url());
    const params = new URL(shareUrl).searchParams;
    expect(params.get('figure')).toBe('article-000-random-read');
    expect(params.getAll('pin')).toEqual(['bg4-like~workload.iodepth:4', 'bg4-like~workload.iodepth:8']);
    // Readable in the address bar: no %7E / %3A escapes.
    expect(shareUrl).toContain('&pin=bg4-like~workload.iodepth:4&pin=bg4-like~workload.iodepth:8');
    await expect(dialog.textContent()).resolves.toContain('comparison on the chart (7 results)');

    const widths = async () => ({ box: (await dialog.getByTestId('share-url').boundingBox())!.width, dialog: (await dialog.boundingBox())!.width });
    const laptop = await widths();
    expect(laptop.box / laptop.dialog).toBeGreaterThanOrEqual(0.8);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByTestId('share-copy').click();
    // The clipboard write is asynchronous: wait for its feedback rather than read it at once.
    await expect.poll(() => dialog.getByTestId('share-feedback').textContent(), { timeout: 10_000 }).toBe('Copied');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(shareUrl);
    await page.screenshot({ path: `${artifacts}share-dialog.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await widths();
    expect(phone.box / phone.dialog).toBeGreaterThanOrEqual(0.8);
    // The long link wraps inside the box instead of running off the screen.
    const box = await dialog.getByTestId('share-url').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    await page.screenshot({ path: `${artifacts}share-dialog-phone.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await page.getByTestId('share').click();
    await dialog.waitFor();
    await page.screenshot({ path: `${artifacts}share-dialog-phone-ja.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(browser.problems).toEqual([]);
  }, 300_000);
});

describe('a comparison in the share link, reopened and embedded', () => {
  it('opened in a fresh browser, the link re-runs the comparison: same lines, bit for bit, labels included; a reload keeps it', async () => {
    const fresh = await openBrowser();
    try {
      await fresh.page.goto(shareUrl, { waitUntil: 'load' });
      // The pins are recomputed one after another, with progress shown under the chart.
      await fresh.page.getByTestId('compare-progress').waitFor({ timeout: 60_000 });
      await fresh.page.screenshot({ path: `${artifacts}compare-link-restoring.png` });
      await waitForRun(fresh.page, (s) => s.workload.iodepth === 16);
      await waitForLines(fresh.page, 8);
      expectSameLines((await chartData(fresh.page, 'headline'))!, drawnHere);
      await expect(fresh.page.getByTestId('url-issues').count()).resolves.toBe(0);
      await fresh.page.screenshot({ path: `${artifacts}compare-link-fresh.png` });

      await fresh.page.reload({ waitUntil: 'load' });
      await waitForRun(fresh.page, (s) => s.workload.iodepth === 16);
      await waitForLines(fresh.page, 8);
      expectSameLines((await chartData(fresh.page, 'headline'))!, drawnHere);
      expect(new URL(fresh.page.url()).searchParams.getAll('pin')).toHaveLength(2);
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 400_000);

  it('the Embed dialog embeds the comparison; the embed draws the same lines', async () => {
    await page.getByTestId('embed').click();
    const dialog = page.getByTestId('embed-dialog');
    await dialog.getByTestId('embed-what-comparison').check();
    const snippet = await dialog.getByTestId('embed-snippet').inputValue();
    const src = /src="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
    const url = new URL(src);
    expect(url.pathname).toBe('/embed.html');
    expect(url.searchParams.get('chart')).toBe('headline');
    expect(url.searchParams.get('figure')).toBe('article-000-random-read');
    expect(url.searchParams.getAll('pin')).toHaveLength(2);
    // A single-chart embed leaves the comparison out; a figure embed keeps only the figure.
    await dialog.getByTestId('embed-what-figure').check();
    const figureSrc = new URL(/src="([^"]+)"/.exec(await dialog.getByTestId('embed-snippet').inputValue())![1].replace(/&amp;/g, '&'));
    expect([figureSrc.searchParams.get('figure'), figureSrc.searchParams.getAll('pin')]).toEqual(['article-000-random-read', []]);
    await dialog.getByTestId('embed-what-chart').check();
    const chartSrc = new URL(/src="([^"]+)"/.exec(await dialog.getByTestId('embed-snippet').inputValue())![1].replace(/&amp;/g, '&'));
    expect([chartSrc.searchParams.get('figure'), chartSrc.searchParams.getAll('pin')]).toEqual([null, []]);
    await dialog.getByTestId('embed-what-comparison').check();
    await dialog.getByTestId('embed-live-preview').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${artifacts}embed-dialog-comparison.png` });
    await page.keyboard.press('Escape');

    const fresh = await openBrowser();
    try {
      await fresh.page.setViewportSize({ width: 760, height: 700 });
      await fresh.page.goto(src, { waitUntil: 'load' });
      await waitForLines(fresh.page, 8);
      expectSameLines((await chartData(fresh.page, 'headline'))!, drawnHere);
      await expect(fresh.page.locator('[data-chart]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')))).resolves.toEqual(['headline']);
      await fresh.page.screenshot({ path: `${artifacts}embed-comparison.png`, fullPage: true });
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 400_000);
});

describe('a comparison in the share link that cannot all be drawn', () => {
  it('a random-read run over the random-write figure is not drawn as “This run”; the note says why', async () => {
    await page.goto(`${baseUrl}?preset=bg4-like`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.name.startsWith('BG4') && s.workload.iodepth === 32);
    await page.getByTestId('variants-article-000-random-write').click();
    await waitForLines(page, 5);
    const drawn = (await chartData(page, 'headline'))!;
    // The 64 MiB line lies on the 61 MiB one (both cover the whole write span): said in its label.
    expect(drawn.map((s) => s.label)).toEqual(['BG4-like, HMB off', 'BG4-like, HMB 61 MiB', 'BG4-like, HMB 64 MiB (same as BG4-like, HMB 61 MiB)', 'BG3-like', '970 EVO Plus-like (DRAM)']);
    const note = page.getByTestId('compare-mismatch');
    await expect(note.getAttribute('data-mismatch')).resolves.toBe('quantity');
    await expect(note.textContent()).resolves.toContain('it measures “Random read”, and the comparison measures “Random write”');
    await page.screenshot({ path: `${artifacts}compare-mismatch.png` });
    // Asked for, it is drawn, marked as not comparable.
    await note.getByTestId('compare-show-run').click();
    await waitForLines(page, 6);
    const marked = (await chartData(page, 'headline'))!;
    expect(marked.at(-1)!.label).toBe('This run, not comparable · Random read');
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(note.textContent()).resolves.toContain('ランダム読み出し');
    await page.screenshot({ path: `${artifacts}compare-mismatch-ja.png` });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    // A write run with the same drive is comparable: drawn as "This run", no note.
    await page.getByTestId('clear-pins').click();
    expect(browser.problems).toEqual([]);
  }, 300_000);

  it('a link with bad pins reports them and still draws the good one', async () => {
    const fresh = await openBrowser();
    try {
      await fresh.page.goto(`${baseUrl}?v=1&preset=bg4-like&seed=1&pin=nope~x:1&pin=bg4-like~workload.iodepth:2&pin=bg4-like~workload.iodepth:abc&figure=no-such-figure`, { waitUntil: 'load' });
      const banner = fresh.page.getByTestId('url-issues');
      await banner.waitFor({ timeout: 60_000 });
      await waitForLines(fresh.page, 2);
      const codes = await banner.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
      expect(codes).toEqual(['unknown-figure', 'bad-pin', 'bad-value']);
      await expect(banner.textContent()).resolves.toContain('Pinned result 3: The value “abc” for workload.iodepth');
      const labels = ((await chartData(fresh.page, 'headline')) ?? []).map((s) => s.label);
      // Pin 3 lost its bad value: it is the preset as shipped, the same scenario as this run, so
      // one line stands for both.
      expect(labels).toEqual(['BG4-like DRAM-less NVMe, HMB 61 MiB (default) · Queue depth 2', 'BG4-like DRAM-less NVMe, HMB 61 MiB (default)']);
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 300_000);
});

describe('the Embed dialog’s other choices', () => {
  it('offers a story step: the stories page’s own embed route, which renders just that step', async () => {
    const fresh = await openBrowser();
    try {
      const p = fresh.page;
      await p.goto(`${baseUrl}?preset=bg4-like&lang=ja`, { waitUntil: 'load' });
      await waitForRun(p, (s) => s.name.startsWith('BG4'));
      await p.getByTestId('embed').click();
      const dialog = p.getByTestId('embed-dialog');
      // Nothing compared yet: figure and comparison are offered but cannot be chosen.
      await expect(dialog.getByTestId('embed-what-figure').isDisabled()).resolves.toBe(true);
      await expect(dialog.getByTestId('embed-what-comparison').isDisabled()).resolves.toBe(true);
      await dialog.getByTestId('embed-what-story').check();
      const story = await dialog.getByTestId('embed-story').inputValue();
      const options = await dialog.getByTestId('embed-step').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      await dialog.getByTestId('embed-step').selectOption(options[1]);
      const src = new URL(/src="([^"]+)"/.exec(await dialog.getByTestId('embed-snippet').inputValue())![1].replace(/&amp;/g, '&'));
      expect([src.searchParams.get('story'), src.searchParams.get('step'), src.searchParams.get('embed'), src.searchParams.get('lang')]).toEqual([story, options[1], '1', 'ja']);
      await p.setViewportSize({ width: 390, height: 844 });
      await p.waitForTimeout(1500);
      await p.screenshot({ path: `${artifacts}embed-dialog-story-phone-ja.png` });
      await p.keyboard.press('Escape');
      await p.setViewportSize({ width: 1280, height: 900 });
      await p.goto(src.href, { waitUntil: 'load' });
      await p.locator('.topbar').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
      await expect(p.locator('.topbar').count()).resolves.toBe(0);
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 200_000);
});
