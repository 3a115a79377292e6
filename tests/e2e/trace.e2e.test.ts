// A block trace in a real browser (issue 29): picked in the trace panel, read by the engine in
// the worker, summarised as `ssdsim trace` does, drawn over its course; a malformed one is
// refused at its line and field, in English and Japanese.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, openAppPerFile } from './app';
import type { Browser } from './browser';

let browser: Browser;
let page: Page;
openAppPerFile((b) => {
  browser = b;
  page = b.page;
});
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/traces/${name}`, import.meta.url));

describe('the trace panel', () => {
  it('summarises a picked MSR Cambridge trace and draws its mix and footprint', async () => {
    await page.getByTestId('trace-panel').locator('summary').click();
    await page.getByTestId('trace-file').setInputFiles(fixture('msr_hm.csv'));
    const summary = page.getByTestId('trace-summary');
    await summary.waitFor({ timeout: 30_000 });
    await expect(summary.locator('[data-field="trace.field.format"] dd').textContent()).resolves.toBe('MSR Cambridge CSV');
    await expect(summary.locator('[data-field="trace.field.commands"] dd').textContent()).resolves.toBe('30');
    await expect(page.getByTestId('trace-mix-chart').locator('path').count()).resolves.toBeGreaterThan(1);
    await expect(page.getByTestId('trace-footprint-chart').locator('path').count()).resolves.toBeGreaterThan(0);
    await page.getByTestId('trace-panel').screenshot({ path: `${artifacts}trace-summary.png` });
    expect(browser.problems).toEqual([]);
  });

  it('refuses a malformed trace at its line and field, in both languages', async () => {
    await page.getByTestId('trace-file').setInputFiles({
      name: 'broken.log',
      mimeType: 'text/plain',
      buffer: Buffer.from('fio version 3 iolog\n0 /dev/sdb write 0 4096\n5 /dev/sdb write -4096 4096\n'),
    });
    const refused = page.getByTestId('trace-refused');
    await refused.waitFor({ timeout: 30_000 });
    await expect(refused.getAttribute('data-line')).resolves.toBe('3');
    await expect(refused.textContent()).resolves.toBe('broken.log was refused at line 3, field “offset”: a negative number.');
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(refused.textContent()).resolves.toContain('3 行目のフィールド「offset」');
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    expect(browser.problems).toEqual([]);
  });
});
