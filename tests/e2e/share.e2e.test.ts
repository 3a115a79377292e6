// Share links in a real browser: a link opened in a fresh browser profile gives the same
// numbers bit for bit; a hostile link is reported as text and falls back to the defaults.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { chartData, engineReady, firstDifference, knobInput, snapshot, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

describe('share links', () => {
  it('the Share dialog holds the address, which reproduces identical numbers in a fresh browser', async () => {
    await page.goto(`${baseUrl}?preset=bg4-like`, { waitUntil: 'load' });
    await engineReady(page);
    await waitForRun(page, (s) => s.name.startsWith('BG4'));
    await knobInput(page, 'workload.iodepth').fill('16');
    await waitForRun(page, (s) => s.workload.iodepth === 16);
    await page.getByTestId('share').click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.waitFor();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('workload.iodepth') === '16');
    const url = await dialog.getByTestId('share-url').inputValue();
    expect(url).toBe(page.url());
    const params = new URL(url).searchParams;
    expect([...params.keys()]).toEqual(['v', 'preset', 'seed', 'workload.iodepth']);
    expect(params.get('preset')).toBe('bg4-like');
    await page.keyboard.press('Escape');
    const here = await snapshot(page);
    const drawnHere = await chartData(page, 'headline');

    const fresh = await openBrowser();
    try {
      await fresh.page.goto(url, { waitUntil: 'load' });
      await waitForRun(fresh.page, (s) => s.workload.iodepth === 16);
      const there = await snapshot(fresh.page);
      expect(there.scenarioJson).toBe(here.scenarioJson);
      expect(there.summary).toEqual(here.summary);
      expect(there.series.map((s) => s.id)).toEqual(here.series.map((s) => s.id));
      there.series.forEach((s, i) => expect(firstDifference(s.points, here.series[i].points), s.id).toBe(-1));
      const drawnThere = await chartData(fresh.page, 'headline');
      expect(firstDifference(drawnThere![0].points, drawnHere![0].points)).toBe(-1);
      await expect(fresh.page.getByTestId('url-issues').count()).resolves.toBe(0);
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('share links: hostile links and scenario files', () => {
  it('a hostile or malformed link shows a plain-text message and opens the defaults', async () => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    const evil = '<img src=x onerror=alert(1)>';
    const query = new URLSearchParams([
      ['v', '1'],
      ['preset', evil],
      ['workload.iodepth', 'abc'],
      ['device.nand.channels', '999'],
      ['__proto__.polluted', '1'],
      [evil, '1'],
    ]);
    await page.goto(`${baseUrl}?${query}`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.name.startsWith('TLC NVMe: 4 KiB random read'));
    const banner = page.getByTestId('url-issues');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain(`There is no preset called “${evil}”`);
    expect(text).toContain('workload.iodepth');
    expect(text).toContain('device.nand.channels');
    expect(text).toContain('__proto__.polluted');
    await expect(banner.locator('li').count()).resolves.toBe(5);
    // Nothing from the link became markup, and nothing ran.
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    expect(dialogs).toBe(0);
    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
    // The defaults are in use.
    await expect(knobInput(page, 'workload.iodepth').inputValue()).resolves.toBe('32');
    await expect(knobInput(page, 'device.nand.channels').inputValue()).resolves.toBe('4');
    // The address is rewritten to the clean scenario.
    await page.waitForFunction(() => location.search === '?v=1&preset=tlc-random-read&seed=1');
    await banner.getByRole('button').click();
    await banner.waitFor({ state: 'detached' });
  });

  it('exports the scenario as JSON and imports it back; a bad file is refused with the engine’s message', async () => {
    await page.goto(`${baseUrl}?preset=bg4-like&workload.iodepth=8`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.workload.iodepth === 8);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-scenario').click()]);
    expect(file.suggestedFilename()).toBe('ssd-bg4-like.json');
    const path = (await file.path());
    const exported = JSON.parse(readFileSync(path, 'utf8'));
    expect(exported.workload.iodepth).toBe(8);
    expect(exported).toEqual(JSON.parse((await snapshot(page)).scenarioJson!));

    await page.getByTestId('preset-select').selectOption('tlc-random-read');
    await waitForRun(page, (s) => s.name.startsWith('TLC'));
    await page.getByTestId('import-file').setInputFiles(path);
    await waitForRun(page, (s) => s.name.startsWith('BG4') && s.workload.iodepth === 8);
    await expect(page.getByTestId('preset-select').inputValue()).resolves.toBe('bg4-like');
    await page.waitForFunction(() => location.search === '?v=1&preset=bg4-like&seed=1&workload.iodepth=8');

    await page.getByTestId('import-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"workload":{"kind":"job","iodepth":0}}') });
    const banner = page.getByTestId('url-issues');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('workload.iodepth: must be between 1 and 1024 (got 0)');
    await expect(knobInput(page, 'workload.iodepth').inputValue()).resolves.toBe('8');
    await banner.getByRole('button').click();
  });
});

describe('share links: refused and old values', () => {
  it('a link value refused by the engine goes back to the preset’s, by name; the other values stay', async () => {
    // 6000 bytes is inside the knob's range but not 4 KiB aligned: the engine refuses it.
    await page.goto(`${baseUrl}?preset=tlc-random-read&workload.bs=6000&workload.iodepth=6&device.mapping.sram_bytes=1.5`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.workload.iodepth === 6);
    const banner = page.getByTestId('url-issues');
    await banner.waitFor();
    const items = banner.locator('li');
    await expect(items.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).resolves.toEqual(['not-whole-bytes', 'rejected']);
    await expect(items.nth(1).textContent()).resolves.toContain('workload.bs');
    const scenario = JSON.parse((await snapshot(page)).scenarioJson!);
    expect(scenario.workload.bs).toBe(4096);
    await banner.getByRole('button').click();
  });

  it('a drive too large to simulate: a link drops that one value by name, a typed one is refused at its knob', async () => {
    // The memory limit is checked with every other rule, before any run: the link's value
    // goes back to the preset's (named in the banner) and the other values stay.
    await page.goto(`${baseUrl}?preset=tlc-random-read&device.nand.blocks_per_plane=16384&workload.iodepth=6`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.workload.iodepth === 6 && s.device.nand.blocks_per_plane === 256);
    const banner = page.getByTestId('url-issues');
    await banner.waitFor();
    await expect(banner.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).resolves.toEqual(['rejected']);
    await expect(banner.textContent()).resolves.toContain('device.nand.blocks_per_plane');
    await banner.getByRole('button').click();
    // Typed into the form, the same value is refused at its knob, with the engine's estimate.
    await knobInput(page, 'device.nand.blocks_per_plane').fill('16384');
    const atKnob = page.locator('[data-knob="device.nand.blocks_per_plane"] .field-error');
    await atKnob.waitFor({ timeout: 30_000 });
    await expect(atKnob.textContent()).resolves.toMatch(/simulator memory/);
    await expect(knobInput(page, 'workload.iodepth').inputValue()).resolves.toBe('6');
    await knobInput(page, 'device.nand.blocks_per_plane').fill('1024');
    await waitForRun(page, (s) => s.device.nand.blocks_per_plane === 1024 && s.workload.iodepth === 6);
    await atKnob.waitFor({ state: 'detached' });
  });

  it('an old, minimal link (no version, no preset) opens over the defaults', async () => {
    await page.goto(`${baseUrl}?workload.iodepth=2`, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.workload.iodepth === 2);
    await expect(page.getByTestId('url-issues').count()).resolves.toBe(0);
    await page.waitForFunction(() => location.search === '?v=1&preset=tlc-random-read&seed=1&workload.iodepth=2');
    expect(browser.problems).toEqual([]);
  });
});
