// Cause and effect on one screen (issue 27): a cursor on a run chart shows the drive's state
// there, from the snapshots the engine recorded with the run. For every story, the main chart of
// its first chart step answers the pointer at two places with two different states; Play walks
// the cursor along the run; article 001's SLC cache holds different data before and after the
// cliff; NAND 101's steady state has closed blocks to draw; the playground's finished run does
// the same under its headline chart, and its block map's wear mode counts every block by erase
// count (issue 46).
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { STORIES } from '../../web/src/explain/stories';
import { browserPerFile, waitForRun } from './app';

const session = browserPerFile();
const base = () => inject('baseUrl');

/** Opens a story step, answers "just show me" if it asks first, and waits for its panel. */
async function openStep(storyId: string, stepId: string): Promise<Locator> {
  await session.page.goto(`${base()}?story=${storyId}&step=${stepId}&lang=en`, { waitUntil: 'load' });
  const step = session.page.locator(`section[data-step="${stepId}"]`);
  await session.page.waitForFunction((id) => window.__ssdStory?.steps.find((s) => s.id === id)?.status === 'done', stepId, { timeout: 90_000 });
  const skip = step.getByTestId('predict-skip');
  if (await skip.count()) await skip.click();
  await step.getByTestId('drive-state').waitFor({ timeout: 30_000 });
  return step;
}

/** Points at a fraction of the chart's plot width, and returns what the panel then says. */
async function pointAt(scope: Locator, fraction: number) {
  const hit = scope.locator('.plot-hit').first();
  await hit.scrollIntoViewIfNeeded();
  const box = (await hit.boundingBox())!;
  await session.page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
  return panelState(scope);
}

async function panelState(scope: Locator) {
  const panel = scope.getByTestId('drive-state');
  const map = panel.getByTestId('drive-map');
  return {
    index: await panel.getAttribute('data-index'),
    caption: (await panel.getByTestId('drive-caption').textContent()) ?? '',
    map: (await map.count()) ? await Promise.all(['free', 'open', 'closed', 'victim', 'slc'].map((k) => map.getAttribute(`data-${k}`))) : null,
    /** Everything the panel says in words and numbers besides its caption (planes, histogram bins, gauges). */
    body: `${await panel.locator('.drive-body').innerText()} ${(await panel.getByTestId('drive-histogram').count()) ? await panel.getByTestId('drive-histogram').getAttribute('data-bins') : ''}`,
    planes: await panel.getByTestId('drive-planes').textContent(),
    slc: (await panel.getByTestId('drive-gauge-slc').count()) ? await panel.getByTestId('drive-gauge-slc').textContent() : null,
    cursor: await scope.getByTestId('chart-cursor').first().getAttribute('data-x'),
  };
}

/** Each story's first step that draws a chart (NAND 101 starts in the lab). */
const mainSteps = STORIES.map((s) => ({ story: s.id, step: s.steps.find((st) => !('lab' in st.show))!.id }));

describe('the drive under a story chart’s cursor', () => {
  it.each(mainSteps)('$story / $step: two places on the chart, two states of the drive', async ({ story, step }) => {
    const scope = await openStep(story, step);
    const early = await pointAt(scope, 0.15);
    const late = await pointAt(scope, 0.85);
    expect(early.caption).toMatch(/^at /);
    expect(late.caption).not.toBe(early.caption);
    expect(late.index).not.toBe(early.index);
    expect(late.cursor).not.toBe(early.cursor);
    // The state itself moved, not only its label.
    expect(JSON.stringify([late.map, late.body])).not.toBe(JSON.stringify([early.map, early.body]));
    expect(session.browser.problems).toEqual([]);
  });

  it('Play walks the cursor along the run', async () => {
    const scope = await openStep('article-001', 'slc-cache');
    await pointAt(scope, 0.05);
    const before = await panelState(scope);
    await session.page.mouse.move(0, 0);
    await scope.getByTestId('drive-play').click();
    await session.page.waitForFunction((i) => document.querySelector('[data-step="slc-cache"] [data-testid="drive-state"]')?.getAttribute('data-index') !== i, before.index, { timeout: 5_000 });
    const after = await panelState(scope);
    expect(after.cursor).not.toBe(before.cursor);
    expect(after.caption).not.toBe(before.caption);
  });

  it('with reduced motion there is no Play, but the step buttons and the arrow keys move the cursor', async () => {
    await session.page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      const scope = await openStep('nand-101', 'whole-drive');
      const panel = scope.getByTestId('drive-state');
      await expect(scope.getByTestId('drive-play').count()).resolves.toBe(0);
      const end = await panelState(scope);
      await scope.getByTestId('drive-prev').click();
      const back = await panelState(scope);
      expect(Number(back.index)).toBeLessThan(Number(end.index));
      expect(back.cursor).not.toBe(end.cursor);
      await panel.focus();
      await session.page.keyboard.press('Home');
      await expect(panel.getAttribute('data-index')).resolves.toBe('0');
      await session.page.keyboard.press('ArrowRight');
      await expect(panel.getAttribute('data-index')).resolves.not.toBe('0');
    } finally {
      await session.page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('article 001: the SLC cache holds different data before and after the cliff', async () => {
    const scope = await openStep('article-001', 'slc-cache');
    const before = await pointAt(scope, 0.1);
    const after = await pointAt(scope, 0.9);
    expect(before.slc).toMatch(/GB/);
    expect(after.slc).toMatch(/GB/);
    expect(after.slc).not.toBe(before.slc);
  });

  it('NAND 101 steady state: closed blocks by valid share, with the GC victims marked', async () => {
    const scope = await openStep('nand-101', 'steady-state');
    await pointAt(scope, 0.8);
    const bins = await scope.getByTestId('drive-histogram').getAttribute('data-bins');
    expect(bins!.split(',').map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await expect(scope.getByTestId('drive-victim-mean').count()).resolves.toBe(1);
  });

  it('a figure step lets the reader look inside each drive', async () => {
    const scope = await openStep('article-001', 'finding');
    const chooser = scope.getByTestId('drive-chooser');
    const choices = chooser.locator('button');
    expect(await choices.count()).toBeGreaterThan(1);
    const first = await pointAt(scope, 0.5);
    await choices.nth(1).click();
    await expect(choices.nth(1).getAttribute('aria-pressed')).resolves.toBe('true');
    const second = await panelState(scope);
    expect(JSON.stringify([second.map, second.body])).not.toBe(JSON.stringify([first.map, first.body]));
  });
});

describe('the drive under the playground’s headline chart', () => {
  it('a finished run’s chart moves the panel', async () => {
    await session.page.goto(`${base()}?lang=en`, { waitUntil: 'load' });
    await waitForRun(session.page);
    const scope = session.page.locator('#charts');
    await scope.getByTestId('drive-state').waitFor({ timeout: 30_000 });
    const early = await pointAt(scope, 0.15);
    const late = await pointAt(scope, 0.85);
    expect(late.caption).not.toBe(early.caption);
    expect(late.index).not.toBe(early.index);
    // The end-of-run block map stays beside it.
    await expect(session.page.getByTestId('chart-blocks').count()).resolves.toBeGreaterThan(0);
    expect(session.browser.problems).toEqual([]);
  });

  it('the block map’s wear mode draws blocks by erase count: every block in a bar, min, mean and max said', async () => {
    // A small drive rewriting an eighth of itself with static wear levelling off: blocks holding
    // the data it never rewrites stay unerased while the rest wear, so the counts spread wide.
    const query = 'preset=tlc-steady-state-random-write&device.nand.blocks_per_plane=32&device.wear.static_spread=0&workload.size=512m&workload.rounds=10';
    await session.page.goto(`${base()}?${query}&lang=en`, { waitUntil: 'load' });
    await waitForRun(session.page, (s) => s.workload.kind === 'steady_state' && s.device.wear.static_spread === 0 && s.workload.rounds === 10, 0, 120_000);
    const map = await session.page.evaluate(() => {
      const m = window.__ssd!.blockMap()!;
      return { blocks: m.planes * m.blocksPerPlane, min: Math.min(...m.eraseCounts), max: Math.max(...m.eraseCounts) };
    });
    expect(map.min).toBe(0);
    expect(map.max).toBeGreaterThan(0);
    const card = session.page.getByTestId('chart-blocks');
    await expect(card.getByTestId('pe-histogram').count()).resolves.toBe(0); // valid data is the first mode
    await card.getByTestId('block-mode').locator('[data-value="erase"]').click();
    const bins = await card.getByTestId('pe-bin').evaluateAll((els) => els.map((e) => ({ from: Number(e.getAttribute('data-from')), to: Number(e.getAttribute('data-to')), blocks: Number(e.getAttribute('data-blocks')), height: Number(e.getAttribute('height')) })));
    expect(bins.reduce((sum, b) => sum + b.blocks, 0)).toBe(map.blocks);
    expect(bins.length).toBeLessThanOrEqual(40);
    expect(bins[0].from).toBeLessThanOrEqual(map.min);
    expect(bins.at(-1)!.to).toBeGreaterThanOrEqual(map.max);
    for (const b of bins) expect(b.height > 0, `bar ${b.from}–${b.to}`).toBe(b.blocks > 0);
    await expect(card.getByTestId('pe-mean').count()).resolves.toBe(1);
    await expect(card.getByTestId('pe-max').textContent()).resolves.toBe(`max ${map.max.toLocaleString('en')}`);
    const summary = (await card.getByTestId('pe-summary').textContent())!;
    expect(summary).toMatch(new RegExp(`^Erase counts of ${map.blocks.toLocaleString('en')} blocks: min 0 · mean [\\d.]+ · max ${map.max.toLocaleString('en')} · spread \\(max − min\\) ${map.max.toLocaleString('en')}$`));
    expect(session.browser.problems).toEqual([]);
  });
});
