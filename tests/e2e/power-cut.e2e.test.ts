// When the power fails, on the playground (issue 46): a job that cuts the power shows what the
// drive had acknowledged and lost, write by write; with power-loss protection nothing is lost;
// fsync after every write costs most of the IOPS and shows as the latency cause Flush. In
// English and Japanese. The story "When the power fails" shows the same table under a step's
// chart once the reader has answered, from the run the build shipped.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, browserPerFile, waitForRun } from './app';

const session = browserPerFile();
const base = () => inject('baseUrl');

const CUT = '?preset=tlc-random-read&workload.rw=randwrite&workload.bs=20k&workload.runtime=1&workload.power_cut_s=0.004';

async function open(page: Page, query: string) {
  await page.goto(`${base()}${query}`, { waitUntil: 'load' });
  await waitForRun(page, () => true, 0, 120_000);
  return page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
}

const count = (page: Page, id: string) => page.locator(`[data-testid="power-cut"] [data-count="${id}"] dd`).textContent();

describe('when the power fails', () => {
  it('a volatile write buffer loses what it had acknowledged; the writes are listed, and the page says why', async () => {
    const { page } = session;
    await open(page, CUT);
    const panel = page.getByTestId('power-cut');
    await expect(panel.locator('h3').textContent()).resolves.toBe('The power failed at 0.004 s');
    expect(Number((await count(page, 'lost'))!.replace(/,/g, ''))).toBeGreaterThan(10);
    expect(Number((await count(page, 'inFlight'))!)).toBe(32);
    await expect(panel.locator('tbody tr').count()).resolves.toBe(20);
    await expect(panel.locator('tbody tr[data-class="lost"]').count()).resolves.toBeGreaterThan(0);
    await expect(panel.locator('tfoot').textContent()).resolves.toMatch(/^and \d+ more$/);
    await expect(panel.getByTestId('power-cut-why').textContent()).resolves.toContain('volatile write buffer');
    // Power-on: the table's checkpoint (1 GiB, none reached in 4 ms) and the pages written since, read again.
    const recovery = (await panel.getByTestId('power-cut-recovery').textContent())!;
    expect(recovery).toMatch(/^At power-on the drive loads the last checkpoint of its table \([\d,]+ table pages; one is taken every 1 GiB of host data\) and reads the [\d,]+ pages programmed since, to rebuild the [\d,]+ entries changed since: it answers again after [\d.,]+ ms\./);
    await panel.screenshot({ path: `${artifacts}power-cut.png` });
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(panel.locator('h3').textContent()).resolves.toBe('0.004 s に電源が落ちた');
    await expect(panel.locator('tbody tr[data-class="lost"] td').last().textContent()).resolves.toBe('消失');
    await page.getByTestId('lang').locator('[data-value="en"]').click();
  });

  it('with power-loss protection, nothing acknowledged is lost', async () => {
    const { page } = session;
    await open(page, `${CUT}&device.controller.plp=true`);
    await expect(count(page, 'lost')).resolves.toBe('0');
    await expect(count(page, 'shorn')).resolves.toBe('0');
    await expect(page.locator('[data-testid="power-cut-why"]').textContent()).resolves.toContain('Power-loss protection');
    await expect(page.locator('[data-testid="power-cut"] table').count()).resolves.toBe(0);
  });

  it('fsync after every 4 KiB write: a fraction of the IOPS, the time spent on Flush', async () => {
    const { page } = session;
    const job = '?preset=970-evo-plus-like&workload.kind=job&workload.rw=randwrite&workload.bs=4k&workload.iodepth=1&workload.size=1g&workload.runtime=0.05';
    const plain = await open(page, job);
    const synced = await open(page, `${job}&workload.fsync=1`);
    expect(synced.write_iops / plain.write_iops).toBeLessThan(0.2);
    await expect(page.locator('[data-testid="power-cut"]').count()).resolves.toBe(0);
    expect(session.browser.problems).toEqual([]);
  });

  it('the story shows what the cut left under a step\'s chart, only once the reader has answered', async () => {
    const { page } = session;
    await page.goto(`${base()}?story=when-power-fails&step=acknowledged`, { waitUntil: 'load' });
    await page.getByTestId('story-page').waitFor();
    const step = (id: string) => page.locator(`[data-step="${id}"]`);
    await page.waitForFunction(() => window.__ssdStory?.steps.every((s) => s.status === 'done'), undefined, { timeout: 120_000 });
    // Asked, not told: no table before the answer.
    await expect(step('acknowledged').getByTestId('power-cut').count()).resolves.toBe(0);
    await step('acknowledged').locator('[data-choice="last-few"]').click();
    const table = step('acknowledged').getByTestId('power-cut');
    await expect(table.locator('h3').textContent()).resolves.toBe('The power failed at 0.05 s');
    // The numbers the step's reveal quotes.
    await expect(table.locator('[data-count="acknowledged"] dd').textContent()).resolves.toBe('2,851');
    await expect(table.locator('[data-count="lost"] dd').textContent()).resolves.toBe('11');
    await expect(table.locator('tbody tr[data-class="lost"]').count()).resolves.toBe(11);
    const hook = await page.evaluate(() => window.__ssdStory!);
    expect(hook.steps.find((s) => s.id === 'acknowledged')!.powerCut?.lost_writes).toBe(11);
    expect(hook.steps.find((s) => s.id === 'flush-every-write')!.powerCut?.lost_writes).toBe(0);
    expect(hook.steps.find((s) => s.id === 'busy-drive')!.powerCut?.shorn_writes).toBe(1);
    // With power-loss protection: nothing lost, and the table says why.
    await step('plp').locator('[data-choice="back"]').click();
    await expect(step('plp').locator('[data-testid="power-cut"] [data-count="lost"] dd').textContent()).resolves.toBe('0');
    await expect(step('plp').getByTestId('power-cut-why').textContent()).resolves.toContain('Power-loss protection');
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(table.locator('h3').textContent()).resolves.toBe('0.05 s に電源が落ちた');
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    expect(session.browser.problems).toEqual([]);
  }, 200_000);
});
