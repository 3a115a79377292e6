// fio job files in the workload panel, in Chromium: a fixture picked with "Import .fio…" turns a
// benchmark into the job it describes (the knobs show its values), a notice lists what the engine
// did not model, and "Export .fio" downloads the job in fio's syntax.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engineReady, knobInput, waitForRun } from './app';
import { openBrowser, type Browser } from './browser';

const baseUrl = inject('baseUrl');
const fixture = fileURLToPath(new URL('../fixtures/fio/randrw-70-30.fio', import.meta.url));

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${baseUrl}?preset=bg4-like`, { waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
});

describe('fio job files in the workload panel', () => {
  it('imports a .fio file into the job workload and lists the options not modelled', async () => {
    await engineReady(page);
    await waitForRun(page);
    const kind = page.locator('select[data-path="workload.kind"]');
    await kind.selectOption('span_sweep');
    await expect(page.getByTestId('fio-export').count()).resolves.toBe(0);
    await page.getByTestId('fio-file').setInputFiles(fixture);
    const notice = page.getByTestId('fio-notice');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('Imported [oltp-70-30] from randrw-70-30.fio.');
    await expect(page.getByTestId('fio-unmodelled').locator('li').allTextContents()).resolves.toEqual([
      'line 3 ioengine=libaio — accepted, no effect on a simulated drive',
      'line 4 direct=1 — accepted, no effect on a simulated drive',
      'line 5 group_reporting — accepted, no effect on a simulated drive',
      'line 6 filename=/dev/nvme0n1 — accepted, no effect on a simulated drive',
    ]);
    await expect(kind.inputValue()).resolves.toBe('job');
    await expect(knobInput(page, 'workload.iodepth').inputValue()).resolves.toBe('16');
    await expect(knobInput(page, 'workload.rwmixread').inputValue()).resolves.toBe('70');
    await expect(knobInput(page, 'workload.numjobs').inputValue()).resolves.toBe('4');
  });

  it('exports the job as a .fio file', async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fio-export').click()]);
    expect(file.suggestedFilename()).toMatch(/\.fio$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('[global]\nioengine=libaio\ndirect=1\n');
    expect(text).toContain('\nrw=randrw\nrwmixread=70\nbs=8k\niodepth=16\nnumjobs=4\noffset=1g\nsize=8g\n');
    expect(text).toContain('\nruntime=60s\ntime_based\nramp_time=2s\n');
  });
});
