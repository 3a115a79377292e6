// A field whose text is not a value ("abc", "-1 MiB", "32 MB/s") is said at the top of the page
// as a refusal is, naming the field, and the status does not call the last run "Finished"; and
// a field's message is about what it says now, never the engine's words on an earlier value.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { knob, knobInput, openAppPerFile, waitForRun } from './app';

let page: Page;

openAppPerFile((b) => {
  page = b.page;
});

const status = () => page.getByTestId('run-status');
const drafts = () => page.getByTestId('draft-refusal');

describe('messages for a field that is not a value', () => {
  for (const text of ['abc', '-1 MiB', '32 MB/s']) {
    it(`“${text}” in the block size: a message at the top naming the field, and no “Finished”`, async () => {
      const bs = knobInput(page, 'workload.bs');
      await bs.fill(text);
      await bs.blur();
      await drafts().waitFor({ timeout: 10_000 });
      await expect(drafts().getAttribute('data-fields')).resolves.toBe('workload.bs');
      await expect(drafts().textContent()).resolves.toContain(text);
      // On the first screen, beside the run controls.
      expect((await drafts().boundingBox())!.y).toBeLessThan(600);
      await expect(status().getAttribute('data-status')).resolves.toBe('refused');
      await expect(status().textContent()).resolves.not.toContain('Finished');
      await expect(page.getByTestId('refused-label').isVisible()).resolves.toBe(true);
      // A value again: the message goes, the run is this scenario's.
      await bs.fill('4k');
      await bs.blur();
      await expect.poll(() => drafts().count()).toBe(0);
      await waitForRun(page, (s) => s.workload.bs === 4096);
      await expect(status().getAttribute('data-status')).resolves.toBe('done');
    });
  }

  it('a pending refusal’s “(got -5)” goes when the field says something else', async () => {
    const qd = knobInput(page, 'workload.iodepth');
    await qd.fill('-5');
    await qd.blur();
    await page.getByTestId('refusal-banner').waitFor({ timeout: 10_000 });
    await expect(knob(page, 'workload.iodepth').locator('.field-error').textContent()).resolves.toContain('-5');
    await qd.fill('abc');
    await qd.blur();
    await drafts().waitFor({ timeout: 10_000 });
    const message = (await knob(page, 'workload.iodepth').locator('.field-error').textContent()) ?? '';
    expect(message).not.toContain('-5');
    expect(message).toContain('Enter a number');
    await qd.fill('32');
    await qd.blur();
    await waitForRun(page, (s) => s.workload.iodepth === 32);
    await expect.poll(() => page.getByTestId('refusal-banner').count()).toBe(0);
    await expect(knob(page, 'workload.iodepth').locator('.field-error').count()).resolves.toBe(0);
  });
});
