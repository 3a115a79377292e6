// A block trace in a real browser (issue 29): picked in the trace panel, read by the engine in
// the worker, summarised as `ssdsim trace` does, drawn over its course; a malformed one is
// refused at its line and field, in English and Japanese.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, engineReady, openAppPerFile, runCount, snapshot, waitForRun } from './app';
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

  it('replays the picked trace on the drive: every command reaches it, and the kind menu offers the replay', async () => {
    const before = await runCount(page);
    await page.getByTestId('trace-replay').click();
    await waitForRun(page, (s) => s.workload.kind === 'trace' && s.workload.name === 'msr_hm.csv', before, 120_000);
    const { summary, status } = await snapshot(page);
    expect(status).toBe('done');
    // The MSR fixture's 30 commands (14 reads, 16 writes) against the preset's drive, which holds its addresses.
    expect(summary?.trace_commands).toBe(30);
    expect((summary?.read_latency.count ?? 0) + (summary?.write_latency.count ?? 0)).toBe(30);
    await expect(page.locator('[data-path="workload.kind"] option[value="trace"]').count()).resolves.toBe(1);
    await expect(page.locator('[data-path="workload.kind"]').inputValue()).resolves.toBe('trace');
    await page.screenshot({ path: `${artifacts}trace-replay.png` });
    expect(browser.problems).toEqual([]);
  });

  it('opens a shared replay asking for its file, refuses another file by SHA-256 and replays the right one', async () => {
    const link = page.url();
    expect(link).toContain('?');
    await page.goto(link);
    await engineReady(page);
    const wanted = page.getByTestId('trace-wanted');
    await wanted.waitFor({ timeout: 30_000 });
    await expect(wanted.textContent()).resolves.toContain('msr_hm.csv');
    await expect(wanted.locator('code').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    // Nothing runs without the file; the run card says where to give it.
    await expect(page.getByTestId('run').isDisabled()).resolves.toBe(true);
    await expect(runCount(page)).resolves.toBe(0);
    await expect(page.getByTestId('run-status').textContent()).resolves.toContain('Your trace');
    // So does the empty chart, rather than "press Run" beside a Run button that is disabled.
    await expect(page.getByTestId('chart-empty').first().textContent()).resolves.toContain('Your trace');
    // Another file with the same name is not the trace: its hash differs.
    await page.getByTestId('trace-file').setInputFiles({ name: 'msr_hm.csv', mimeType: 'text/csv', buffer: Buffer.from('128166372003061629,hm,0,Read,0,4096,1\n') });
    await page.getByTestId('trace-mismatch').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('trace-mismatch').textContent()).resolves.toContain('SHA-256');
    await page.screenshot({ path: `${artifacts}trace-share-mismatch.png` });
    await page.getByTestId('trace-panel').screenshot({ path: `${artifacts}trace-share-panel.png` });
    const before = await runCount(page);
    await page.getByTestId('trace-file').setInputFiles(fixture('msr_hm.csv'));
    await waitForRun(page, (s) => s.workload.kind === 'trace', before, 120_000);
    const { summary, status } = await snapshot(page);
    expect(status).toBe('done');
    expect(summary?.trace_commands).toBe(30);
    await expect(wanted.count()).resolves.toBe(0);
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
