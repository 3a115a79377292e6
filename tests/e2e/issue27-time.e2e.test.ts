// Issue 27 (1) in a real browser: the throughput-over-time chart of 4 KiB random reads no
// longer ends in a plunge (the last window drew the queue draining after the runtime: about
// 100 MB/s under a mean of 800).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, chartData, openAppPerFile, waitForRun } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;

openAppPerFile((b) => {
  browser = b;
  page = b.page;
});

describe('throughput over time', () => {
  it('the last window of tlc-random-read reads like the windows before it', async () => {
    // The playground may open on this preset already: then its first run is the one.
    await page.getByTestId('preset-select').selectOption('tlc-random-read');
    await waitForRun(page, (s) => s.name.includes('4 KiB random read'), 0, 240_000);
    const [reads] = (await chartData(page, 'headline'))!;
    const ys = reads.points.map(([, y]) => y);
    const steady = ys.slice(ys.length >> 1, -1);
    const last = ys[ys.length - 1];
    expect(last, `last ${last} vs lowest steady ${Math.min(...steady)}`).toBeGreaterThan(0.9 * Math.min(...steady));
    await page.getByTestId('chart-headline').screenshot({ path: `${artifacts}issue27-tlc-random-read-throughput.png` });
    expect(browser.problems).toEqual([]);
  }, 300_000);
});
