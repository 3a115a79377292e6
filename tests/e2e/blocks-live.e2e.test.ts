// The block map of a normal run updates while the run streams (issue 12): the page shows
// snapshots of the drive's blocks a few times a second, not only once the run is done.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openAppPerFile, waitForRun } from './app';
import type { Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

/** Valid units on the whole drive in the map the page holds now, while the run is going. */
function liveValidUnits(page: Page) {
  return page.evaluate(() => {
    const h = window.__ssd!;
    const map = h.blockMap();
    return h.status === 'running' && map ? map.valid.reduce((a, b) => a + b, 0) : null;
  });
}

describe('the block map while a run streams', () => {
  it('fills in as a whole-drive write goes on', async () => {
    // A 256 GiB drive, about two seconds of writing: the engine writes the default 16 GiB
    // in about 0.1 s and 64 GiB in about 0.5 s, too short to see several snapshots 250 ms
    // apart on every run.
    await page.goto(`${baseUrl}?preset=tlc-whole-drive-write&device.nand.blocks_per_plane=4096`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ssd?.status === 'running', undefined, { timeout: 30_000 });
    // A fresh page holds no map until the run's first snapshot; a map there before it would
    // not be this run's.
    const previous = await liveValidUnits(page);
    const seen: number[] = [];
    for (let i = 0; i < 200 && seen.length < 3; i++) {
      const valid = await liveValidUnits(page);
      if (valid !== null && valid !== seen.at(-1) && (seen.length > 0 || valid !== previous)) seen.push(valid);
      await page.waitForTimeout(100);
    }
    // At least three different snapshots, each holding more data than the last.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    await expect(page.getByTestId('chart-blocks').locator('canvas, svg').first().isVisible()).resolves.toBe(true);
    await waitForRun(page, (s) => s.workload.kind === 'whole_drive_write' && s.device.nand.blocks_per_plane === 4096, 0, 240_000);
    expect(browser.problems).toEqual([]);
  }, 300_000);
});
