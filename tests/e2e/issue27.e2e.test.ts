// Issue 27 in a real browser: a refused knob value is said at the top of the page (naming the
// field) with the status "refused" and the old run dimmed and labelled; another cell type takes
// its own datasheet timings; and on a 390 px phone every control of the top bar is on screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, knobInput, openAppPerFile, openGroup, runCount, snapshot, waitForRun } from './app';

let page: Page;

openAppPerFile((b) => {
  page = b.page;
});

describe('issue 27: the playground after a refused or changed knob', () => {
  it('a refused cell type says so beside the run controls and marks the last run as not this scenario', async () => {
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('660p-like');
    await waitForRun(page, (s) => s.device.nand.cell === 'qlc' && s.name.startsWith('Intel 660p'), before, 120_000);
    await openGroup(page, 'media');
    await knobInput(page, 'device.nand.cell').selectOption('slc');

    const banner = page.getByTestId('refusal-banner');
    await banner.waitFor({ timeout: 10_000 });
    await expect(banner.getAttribute('data-field')).resolves.toBe('device.slc_cache.dynamic_percent');
    // The field by its knob's label, not only its path.
    await expect(banner.textContent()).resolves.toContain('SLC cache ratio');
    // Near the run controls, on the first screen (the knob itself is far below).
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeLessThan(600);
    await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('refused');
    await expect(page.getByTestId('run-status').textContent()).resolves.not.toContain('Finished');
    await expect(page.getByTestId('refused-label').isVisible()).resolves.toBe(true);
    await expect(page.locator('#charts').getAttribute('class')).resolves.toContain('refused');
    await page.screenshot({ path: `${artifacts}issue27-refused.png`, fullPage: false });
  });

  it('another cell type takes its datasheet timings, so TLC writes faster than QLC', async () => {
    const qlc = (await snapshot(page)).summary as { write_mb_per_s: number };
    const before = await runCount(page);
    await knobInput(page, 'device.nand.cell').selectOption('tlc');
    await waitForRun(page, (s) => s.device.nand.cell === 'tlc', before, 120_000);
    await expect(page.getByTestId('refusal-banner').count()).resolves.toBe(0);
    await expect(page.getByTestId('run-status').getAttribute('data-status')).resolves.toBe('done');
    const run = JSON.parse((await snapshot(page)).scenarioJson!) as { device: { nand: { timing: Record<string, number> } } };
    expect(run.device.nand.timing).toMatchObject({ read_us: 60, program_us: 1800, erase_us: 3500, slc_read_us: 30, slc_program_us: 250 });
    await expect(knobInput(page, 'device.nand.timing.program_us').inputValue()).resolves.toBe('1800');
    const tlc = (await snapshot(page)).summary as { write_mb_per_s: number };
    // Was 52.7 MB/s against QLC's 70.3 with QLC's 14.9 ms program kept.
    expect(tlc.write_mb_per_s).toBeGreaterThan(qlc.write_mb_per_s);
  });

  it('on a 390 px phone every control of the top bar is on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.evaluate(() => window.scrollTo(0, 0));
      const controls = page.locator('.top-actions > *:not(input):not(dialog)');
      const n = await controls.count();
      expect(n).toBeGreaterThanOrEqual(8);
      for (let i = 0; i < n; i++) {
        const b = (await controls.nth(i).boundingBox())!;
        const name = await controls.nth(i).evaluate((e) => e.getAttribute('data-testid') ?? e.textContent);
        expect(b, `${name}`).not.toBeNull();
        expect(b.x, `${name} left`).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, `${name} right`).toBeLessThanOrEqual(390);
      }
      // Nothing on the page scrolls sideways.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${artifacts}issue27-phone-topbar.png`, fullPage: false });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
