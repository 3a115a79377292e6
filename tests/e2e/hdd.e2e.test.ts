// A hard disk in a real browser (device.kind hdd): the hdd-7200-like preset shows the disk's
// knobs and summary values and none of a NAND drive's, draws article 004's uncached curve,
// and the spindle speed knob moves it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, chartData, knobGroups, knobInput, openAppPerFile, runCount, waitForRun } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

describe('a hard disk (article 004, not cached)', () => {
  it('the hdd-7200-like preset shows a disk: its knobs, its summary, random reads by transfer size', async () => {
    const before = await runCount(page);
    await page.getByTestId('preset-select').selectOption('hdd-7200-like');
    await waitForRun(page, (s) => s.device.kind === 'hdd', before, 120_000);

    const groups = await knobGroups(page);
    expect(groups).toContain('hdd');
    for (const nandOnly of ['capacity', 'slc_cache', 'mapping', 'gc', 'precondition', 'xpoint']) expect(groups, nandOnly).not.toContain(nandOnly);
    await expect(page.locator('details[data-group="hdd"] .group-title').textContent()).resolves.toBe('Hard disk');
    await expect(knobInput(page, 'device.hdd.rpm').inputValue()).resolves.toBe('7200');
    await expect(page.getByTestId('chart-blocks').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="summary"] [data-group="hdd"] [data-key]').count()).resolves.toBe(4);
    await expect(page.locator('[data-testid="summary"] [data-key="waf"]').count()).resolves.toBe(0);

    // A short seek and half a turn per 4 KiB read; 1 MiB reads approach the outer zone's rate.
    const [sweep] = (await chartData(page, 'headline'))!;
    const at = (kib: number) => sweep.points.find(([x]) => x === kib)![1];
    expect(at(4)).toBeGreaterThan(0.6);
    expect(at(4)).toBeLessThan(0.9);
    expect(at(1024)).toBeGreaterThan(65);
    expect(at(512)).toBeLessThan(60);
    await page.screenshot({ path: `${artifacts}hdd-7200.png`, fullPage: false });
    expect(browser.problems).toEqual([]);
  });

  it('a faster spindle shortens the wait for every small read', async () => {
    const slow = (await chartData(page, 'headline'))![0].points.find(([x]) => x === 4)![1];
    const before = await runCount(page);
    await knobInput(page, 'device.hdd.rpm').fill('15000');
    await waitForRun(page, (s) => s.device.hdd.rpm === 15000, before, 120_000);
    const fast = (await chartData(page, 'headline'))![0].points.find(([x]) => x === 4)![1];
    // Half a turn of 8.3 ms against 4.0 ms, with the same short seek: about 1.7 times as fast.
    expect(fast / slow).toBeGreaterThan(1.5);
    expect(fast / slow).toBeLessThan(1.9);
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(page.locator('details[data-group="hdd"] .group-title').textContent()).resolves.toBe('ハードディスク');
    await expect(page.locator('[data-knob="device.hdd.rpm"] .knob-label').textContent()).resolves.toBe('回転数');
    await page.screenshot({ path: `${artifacts}hdd-7200-ja.png`, fullPage: false });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    expect(browser.problems).toEqual([]);
  });
});
