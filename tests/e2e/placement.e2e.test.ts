// Where data lands, on the playground: an NVMe FDP drive under the flash cache workload colours
// its block map by reclaim unit handle and tabulates each handle's writes; a zoned drive under
// the host's log-structured store colours it by zone state and reports the host's write
// amplification beside the drive's 1.00; two tenants sharing an FDP drive get a row each. In
// English and Japanese.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, browserPerFile, waitForRun } from './app';

const session = browserPerFile();
const base = () => inject('baseUrl');

const FDP = '?preset=tlc-steady-state-random-write&device.fdp.enabled=true&device.fdp.handles=3&workload.kind=cache&workload.blockcache_eviction=fifo&scale=32';
// (FIFO eviction: regions go stale in the order written, so FDP's units empty whole; under LRU, the
// default, CacheLib's regions are reclaimed out of order and the drive still copies: docs/placement.md.)
const ZNS = '?preset=zn540-like-zoned-log';

async function open(page: Page, query: string) {
  await page.goto(`${base()}${query}`, { waitUntil: 'load' });
  await waitForRun(page, () => true, 0, 180_000);
  return page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
}

describe('where data lands', () => {
  it('an FDP drive: blocks by handle, and a row per handle with its share of the writes', async () => {
    const { page } = session;
    const summary = await open(page, FDP);
    // BigHash and BlockCache each through their own handle: the drive copies almost nothing.
    expect(summary.write_amplification).toBeLessThan(1.15);
    await page.locator('[data-testid="block-mode"] [data-value="handle"]').click();
    const rows = page.locator('[data-testid="placement-table"] tbody tr');
    // The cache's two engines write half the bytes each, through handles 1 and 2; handle 0 none,
    // said in one line under the table instead of a row of zeros.
    await expect(rows.count()).resolves.toBe(2);
    await expect(page.locator('[data-testid="placement-table"] tr[data-handle="1"] td').first().textContent()).resolves.toBe('50 %');
    await expect(page.locator('[data-testid="placement-idle"]').textContent()).resolves.toBe('Handles no data went through (not shown above): 0');
    await expect(page.locator('.block-legend .legend-label').allTextContents()).resolves.toContain('Handle 2');
    await page.locator('[data-testid="placement-table"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}placement-fdp.png` });
    // A drive without FDP offers no handle colouring and no table.
    await open(page, '?preset=tlc-steady-state-random-write&workload.kind=cache&scale=32');
    await expect(page.locator('[data-testid="block-mode"] [data-value="handle"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="placement-table"]').count()).resolves.toBe(0);
    expect(session.browser.problems).toEqual([]);
  }, 400_000);

  it('two tenants on an FDP drive: a row each, over its own time, and their handles apart', async () => {
    const { page } = session;
    const summary = await open(page, '?preset=fdp-ssd-like-tenants');
    const table = page.locator('[data-testid="tenants-table"]');
    await expect(table.locator('tbody tr').count()).resolves.toBe(2);
    // The log (placement id 1) writes 128 KiB in order; the other tenant 4 KiB at random (id 2).
    await expect(table.locator('tr[data-tenant="1"] td').first().textContent()).resolves.toBe('1');
    await expect(table.locator('tr[data-tenant="2"] td').first().textContent()).resolves.toBe('2');
    // Neither reads: a dash, not a row of zeros.
    await expect(table.locator('tr[data-tenant="1"] td').nth(3).textContent()).resolves.toBe('–');
    // Persistently isolated handles: the log's data is never copied (1.002), the random tenant's
    // is (1.088: its 400 GiB region has the drive's spare to itself).
    const waf = async (h: number) => Number(await page.locator(`[data-testid="placement-table"] tr[data-handle="${h}"] td`).nth(2).textContent());
    expect(await waf(1)).toBeLessThan(1.01);
    expect(await waf(2)).toBeGreaterThan(1.05);
    expect(summary.write_amplification).toBeLessThan(1.25);
    // Handles 0 and 3–7 carried nothing: a line, not six rows.
    await expect(page.locator('[data-testid="placement-idle"]').textContent()).resolves.toBe('Handles no data went through (not shown above): 0, 3–7');
    await table.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${artifacts}placement-tenants.png` });
    // Another workload's run shows no tenants' table.
    await open(page, '?preset=tlc-random-read');
    await expect(table.count()).resolves.toBe(0);
    expect(session.browser.problems).toEqual([]);
  }, 400_000);

  it('a zoned drive: blocks by zone state, the host doing the GC (in Japanese)', async () => {
    const { page } = session;
    const summary = await open(page, `${ZNS}&lang=ja`);
    expect(summary.zns_device_write_amplification).toBe(1);
    expect(summary.host_write_amplification).toBeGreaterThan(1.2);
    expect(summary.end_to_end_write_amplification).toBeCloseTo(summary.host_write_amplification * summary.zns_device_write_amplification, 9);
    await page.locator('[data-testid="block-mode"] [data-value="zone"]').click();
    const legend = await page.locator('.block-legend .legend-label').allTextContents();
    expect(legend).toEqual(['空', 'オープン（暗黙）', 'オープン（明示）', 'クローズ', '満杯', '読み出し専用', 'オフライン']);
    await page.locator('.block-map').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}placement-zns-ja.png` });
    expect(session.browser.problems).toEqual([]);
  }, 400_000);
});
