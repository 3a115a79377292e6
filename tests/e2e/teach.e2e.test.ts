// The playground that teaches, in a real browser: every chart card says what it shows, the
// glossary opens from the top bar and from links, a dotted term explains itself on hover and
// on tap, the summary reads in words (no raw field ids), sliders move knobs and rerun,
// tooltips show sensible precision, percentile labels never overlap, the block-map PNG carries
// its title and scale, and on a phone the knobs are near the top and taps show tooltips.
import { readFileSync, writeFileSync } from 'node:fs';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GLOSSARY, GLOSSARY_IDS } from '../../web/src/glossary/terms';
import { SUMMARY_HELP } from '../../web/src/panels/summaryHelp';
import { PRESET_BLURBS_JA } from '../../web/src/i18n/presetBlurbs.ja';
import { parseCsv } from '../../web/src/charts/exportChart';
import { artifacts, chartData, knobInput, openGroup, runCount, snapshot, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';

let browser: Browser;

/** A preset's file as the engine ships it (its `blurb` is the English the page shows). */
const presetFile = (name: string): { blurb: string } => JSON.parse(readFileSync(new URL(`../../engine/presets/${name}.json`, import.meta.url), 'utf8')) as { blurb: string };
let page: Page;

// A link naming the preset opens the playground itself (a bare first visit shows the welcome).
beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${inject('baseUrl')}?preset=tlc-random-read`, { waitUntil: 'load' });
  await waitForRun(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Taps like a finger (touch events → pointerType "touch"), through the DevTools protocol. */
async function tap(cdp: CDPSession, target: Locator, dx = 0.5, dy = 0.5) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width * dx, y: box.y + box.height * dy };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function setLang(lang: 'en' | 'ja') {
  await page.getByTestId('lang').locator(`[data-value="${lang}"]`).click();
}

describe('a playground that teaches', () => {
  it('gives every chart card of a run a one-line caption with glossary terms', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cards = page.locator('figure[data-chart]');
    const n = await cards.count();
    expect(n).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < n; i++) {
      const card = cards.nth(i);
      const id = await card.getAttribute('data-chart');
      const caption = card.getByTestId('chart-caption');
      await expect(caption.count(), id!).resolves.toBe(1);
      const text = (await caption.textContent())!;
      expect(text.length, id!).toBeGreaterThan(30);
      expect(text, id!).not.toMatch(/\[\[|\]\]|\{x\}|\{y\}/);
    }
    // The headline (random reads over a span of the drive) says what to look for.
    await expect(page.getByTestId('chart-headline').getByTestId('chart-caption').textContent()).resolves.toMatch(/look for/);
    await expect(page.getByTestId('chart-headline').locator('[data-term]').count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: `${artifacts}teach-laptop-en.png` });
  });

  it('opens the glossary from the top bar and from a #glossary-<id> link', async () => {
    await page.getByTestId('glossary-open').click();
    const dialog = page.getByTestId('glossary-dialog');
    await dialog.getByTestId('glossary-list').waitFor();
    await expect(dialog.locator('[data-glossary]').count()).resolves.toBe(GLOSSARY_IDS.length);
    await expect(dialog.locator('#glossary-hmb dd').textContent()).resolves.toBe(GLOSSARY.hmb.en.definition);
    await page.screenshot({ path: `${artifacts}teach-glossary-en.png` });
    await page.keyboard.press('Escape');
    await dialog.getByTestId('glossary-list').waitFor({ state: 'detached' });

    await page.evaluate(() => (location.hash = '#glossary-waf'));
    await dialog.locator('#glossary-waf.glossary-focus').waitFor();
    await expect(dialog.locator('#glossary-waf dt').textContent()).resolves.toBe(GLOSSARY.waf.en.term);
    await dialog.locator('.dialog-head button').click();
    await dialog.getByTestId('glossary-list').waitFor({ state: 'detached' });
    // Closing drops the hash, so a reload does not reopen it.
    await expect(page.evaluate(() => location.hash)).resolves.toBe('');
  });

  it('explains a dotted term on hover and on keyboard focus, and Escape closes it', async () => {
    const term = page.getByTestId('chart-headline').locator('[data-term] button').first();
    const id = (await term.locator('xpath=..').getAttribute('data-term')) as keyof typeof GLOSSARY;
    await term.hover();
    const tip = page.getByTestId('term-popover');
    await tip.waitFor();
    await expect(tip.getAttribute('role')).resolves.toBe('tooltip');
    await expect(tip.locator('.term-popover-body').textContent()).resolves.toBe(GLOSSARY[id].en.definition);
    await expect(term.getAttribute('aria-describedby')).resolves.toBe(await tip.getAttribute('id'));
    const tipBox = (await tip.boundingBox())!;
    expect(tipBox.x).toBeGreaterThanOrEqual(0);
    expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${artifacts}teach-term-hover.png` });
    await page.mouse.move(5, 5);
    await tip.waitFor({ state: 'detached' });

    await term.focus();
    await tip.waitFor();
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });
  });
});

describe('a playground that teaches: numbers in words and digits', () => {
  it('labels the summary in words and explains each value, never showing raw field ids', async () => {
    const summary = page.getByTestId('summary');
    const text = (await summary.innerText()).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/\b[a-z]+(_[a-z0-9]+)+\b/);
    const titles = await summary.locator('[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    for (const t of titles) expect(t).not.toMatch(/^[a-z0-9_.]+$/);
    // Each label opens its explanation.
    const help = summary.getByTestId('summary-help-duration_s');
    await help.hover();
    await expect(page.getByTestId('term-popover').locator('.term-popover-body').textContent()).resolves.toBe(SUMMARY_HELP.duration_s.en);
    await summary.screenshot({ path: `${artifacts}teach-summary-en.png` });
    await page.mouse.move(5, 5);
    await expect(summary.locator('[data-testid^="summary-help-"]').count()).resolves.toBeGreaterThan(10);
  });

  it('shows tooltip values with about four significant digits and a unit', async () => {
    const hit = page.getByTestId('chart-headline').locator('.plot-hit');
    await hit.scrollIntoViewIfNeeded();
    const box = (await hit.boundingBox())!;
    for (const fx of [0.3, 0.55, 0.8]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height / 2);
      const value = (await page.getByTestId('chart-headline').locator('.chart-tooltip .tip-value').first().textContent())!;
      expect(value).toMatch(/ MB\/s$/);
      const digits = value.replace(/ MB\/s$/, '').replace(/,/g, '');
      // Fractional values: at most 4 significant digits (514.9, not 514.9491).
      if (digits.includes('.')) expect(digits.replace('.', '').replace(/^0+/, '').length, value).toBeLessThanOrEqual(4);
    }
    await page.mouse.move(5, 5);
  });

  it('writes chart CSV numbers without float noise, matching the drawn points', async () => {
    const chart = page.getByTestId('chart-mapping');
    await chart.scrollIntoViewIfNeeded();
    await chart.getByTestId('export-menu').click();
    const [file] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('export-csv').click()]);
    const rows = parseCsv(readFileSync(await file.path()).toString('utf8')).slice(1);
    const drawn = (await chartData(page, 'mapping'))!.flatMap((d) => d.points);
    expect(rows.length).toBe(drawn.length);
    // The drawn shares are float arithmetic (up to 17 digits); the CSV keeps 12 at most.
    for (const [k, r] of rows.entries()) {
      expect(r[2].replace(/^-?0\.0*|\./g, '').length, r[2]).toBeLessThanOrEqual(12);
      expect(Number(r[2])).toBeCloseTo(drawn[k][1], 9);
    }
  });

  it('draws the latency histogram from the engine’s own bins when the run has them', async () => {
    const card = page.getByTestId('chart-latency');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('latency-mode').locator('[data-value="hist"]').click();
    const drawn = (await chartData(page, 'latency'))!;
    const { series } = await snapshot(page);
    const bins = series.find((x) => x.id === 'latency_histogram_read');
    // The engine's histogram (log bins, 8 per doubling, closed at 0) is drawn exactly, not a
    // re-binning of the CDF's whole-percentile points.
    expect(bins, 'the engine exports latency_histogram_read').toBeDefined();
    const read = drawn.find((d) => d.key === 'latency_cdf_read')!;
    expect(read.points).toEqual(bins!.points);
    expect(read.points.length).toBeGreaterThan(8);
    const share = read.points.reduce((sum, [, y]) => sum + y, 0);
    expect(share).toBeGreaterThan(99);
    expect(share).toBeLessThan(101);
    await expect(card.getByTestId('chart-caption').textContent()).resolves.toMatch(/bin/);
    await card.screenshot({ path: `${artifacts}teach-latency-histogram.png` });
    await card.getByTestId('latency-mode').locator('[data-value="cdf"]').click();
  });
});

describe('a playground that teaches: sliders, picture exports and presets in plain words', () => {
  it('moves a knob with its slider and reruns, staying inside the knob’s range', async () => {
    await openGroup(page, 'capacity');
    const slider = page.locator('[data-slider="device.capacity.op_percent"]');
    await slider.waitFor();
    const before = Number(await knobInput(page, 'device.capacity.op_percent').inputValue());
    const runs = await runCount(page);
    await slider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await waitForRun(page, (s) => s.device.capacity.op_percent > 0, runs, 120_000);
    const after = Number(await knobInput(page, 'device.capacity.op_percent').inputValue());
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(400);
    const ran = await page.evaluate(() => (JSON.parse(window.__ssd!.scenarioJson!) as { device: { capacity: { op_percent: number } } }).device.capacity.op_percent);
    expect(ran).toBe(after);
    await page.locator('[data-knob="device.capacity.op_percent"]').screenshot({ path: `${artifacts}teach-slider.png` });
    // Back to the preset for the tests that follow.
    const again = await runCount(page);
    await page.getByTestId('reset-preset').click();
    await waitForRun(page, () => true, again, 120_000);
  });

  it('exports the block map as a PNG with room for its title, scenario and colour scale', async () => {
    const card = page.getByTestId('chart-blocks');
    const canvas = await card.getByTestId('block-map-canvas').evaluate((c) => ({ width: (c as HTMLCanvasElement).width, height: (c as HTMLCanvasElement).height }));
    await card.getByTestId('export-menu').click();
    const [file] = await Promise.all([page.waitForEvent('download'), card.getByTestId('export-png').click()]);
    const png = readFileSync(await file.path());
    writeFileSync(`${artifacts}teach-blockmap-export.png`, png);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const size = pngSize(png);
    expect(size.width).toBeGreaterThanOrEqual(canvas.width);
    // Title and scenario above, the legend with its scale below: well over 80 CSS px taller.
    expect(size.height).toBeGreaterThan(canvas.height + 80);
  });

  it('shows the preset in plain words, the expert text behind “more”, and long names whole', async () => {
    const preset = await page.getByTestId('preset-select').inputValue();
    await expect(page.getByTestId('preset-blurb').textContent()).resolves.toBe(presetFile(preset).blurb);
    await expect(page.getByTestId('preset-description').isVisible()).resolves.toBe(false);
    await page.getByTestId('preset-more').click();
    await expect(page.getByTestId('preset-description').isVisible()).resolves.toBe(true);
    await page.getByTestId('preset-more').click();

    await setLang('ja');
    await expect(page.getByTestId('preset-blurb').textContent()).resolves.toBe(PRESET_BLURBS_JA[preset]);
    const title = page.getByTestId('preset-title');
    const clipped = await title.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped).toBe(false);
    await expect(page.getByTestId('chart-headline').getByTestId('chart-caption').textContent()).resolves.toMatch(/[\u3040-\u30ff]/);
    await page.screenshot({ path: `${artifacts}teach-laptop-ja.png` });
    await page.getByTestId('glossary-open').click();
    await page.getByTestId('glossary-list').waitFor();
    await page.screenshot({ path: `${artifacts}teach-glossary-ja.png` });
    await page.keyboard.press('Escape');
    await setLang('en');
  });
});

describe('a playground that teaches: percentile labels and phones', () => {
  it('lays the latency trace’s percentile labels out without overlaps, above the dots', async () => {
    const runs = await runCount(page);
    await page.getByTestId('preset-select').selectOption('tlc-latency-trace');
    await waitForRun(page, (s) => s.workload.kind === 'latency_trace', runs, 180_000);
    const chart = page.getByTestId('chart-headline');
    await chart.locator('.plot-overlay [data-ref-label]').first().waitFor();
    const boxes = await chart.locator('.plot-overlay [data-ref-label] text').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right })));
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        expect(overlap, `labels ${i} and ${j}`).toBe(false);
      }
    // The lines are thin dashes in the base layer, beneath the canvas of dots: p50 the
    // longest dash, finer for the tail (percentileLines.ts), none a drive's colour.
    const line = chart.locator('.plot > svg .ref-lines line').first();
    await expect(line.getAttribute('stroke-dasharray')).resolves.toBe('8 4');
    await expect(line.getAttribute('stroke-width')).resolves.toBe('1');
    await expect(chart.getByTestId('chart-caption').textContent()).resolves.toMatch(/erase/);
    await chart.screenshot({ path: `${artifacts}teach-latency-trace.png` });
  });

  it('on a phone puts the knobs within 1.5 screens and shows a tooltip on tap (EN and JA)', async () => {
    const runs = await runCount(page);
    await page.getByTestId('preset-select').selectOption('bg4-like');
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForRun(page, (s) => s.workload.kind === 'span_sweep', runs, 180_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${artifacts}teach-phone-en.png` });
    await page.screenshot({ path: `${artifacts}teach-phone-en-top.png`, fullPage: true, clip: { x: 0, y: 0, width: 390, height: 1700 } });
    const knobsTop = await page.locator('details.knob-group').first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(knobsTop).toBeLessThan(844 * 1.5);
    const runTop = await page.getByTestId('run').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(runTop).toBeLessThan(844);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const hit = page.getByTestId('chart-headline').locator('.plot-hit');
    await hit.scrollIntoViewIfNeeded();
    await tap(cdp, hit, 0.5, 0.5);
    const tooltip = page.getByTestId('chart-headline').locator('.chart-tooltip');
    await tooltip.waitFor({ timeout: 5_000 });
    await expect(tooltip.locator('.tip-value').first().textContent()).resolves.toMatch(/MB\/s/);
    await page.screenshot({ path: `${artifacts}teach-phone-tap.png` });

    // A tap on a term opens its definition too, and a second tap closes it.
    const term = page.getByTestId('chart-headline').locator('[data-term] button').first();
    await term.scrollIntoViewIfNeeded();
    await tap(cdp, term);
    const tip = page.getByTestId('term-popover');
    await tip.waitFor({ timeout: 5_000 });
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${artifacts}teach-phone-term.png` });
    await tap(cdp, term);
    await tip.waitFor({ state: 'detached', timeout: 5_000 });

    await setLang('ja');
    await page.evaluate(() => window.scrollTo(0, 0));
    const knobsTopJa = await page.locator('details.knob-group').first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(knobsTopJa).toBeLessThan(844 * 1.5);
    await page.screenshot({ path: `${artifacts}teach-phone-ja.png` });
    await page.screenshot({ path: `${artifacts}teach-phone-ja-top.png`, fullPage: true, clip: { x: 0, y: 0, width: 390, height: 1700 } });
    await setLang('en');
    // The preset's comparisons fold under one line on a phone, and open when asked for.
    const variant = page.getByTestId('variants-article-000-write-latency');
    await expect(variant.isVisible()).resolves.toBe(false);
    await page.getByTestId('variants-toggle').click();
    await expect(variant.isVisible()).resolves.toBe(true);
    await page.getByTestId('variants-toggle').click();
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(variant.isVisible()).resolves.toBe(true);
    expect(browser.problems).toEqual([]);
  });
});
