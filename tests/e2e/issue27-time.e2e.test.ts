// Issue 27 (1) in a real browser: the throughput-over-time chart of 4 KiB random reads no
// longer ends in a plunge (the last window drew the queue draining after the runtime: about
// 100 MB/s under a mean of 800); (2) random reads on a hard disk no longer draw a comb of empty
// windows (10 ms windows, shorter than one 16 ms read).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
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

  it('random 4 KiB reads on a hard disk draw no empty windows', async () => {
    const url = `${inject('baseUrl')}?v=1&preset=hdd-7200-like&seed=1&workload.kind=job&workload.rw=randread&workload.bs=4k&workload.iodepth=1&workload.size=0&workload.runtime=2`;
    await page.goto(url, { waitUntil: 'load' });
    await waitForRun(page, (s) => s.device.kind === 'hdd' && s.workload.kind === 'job', 0, 240_000);
    const [reads] = (await chartData(page, 'headline'))!;
    const empty = reads.points.filter(([, y]) => y === 0).length;
    expect(reads.points.length).toBeGreaterThan(10);
    expect(empty, `${empty} of ${reads.points.length} windows empty`).toBe(0);
    await page.getByTestId('chart-headline').screenshot({ path: `${artifacts}issue27-hdd-random-read-throughput.png` });
    expect(browser.problems).toEqual([]);
  }, 300_000);
});
