// The guided stories and the welcome page in a real browser: every step of every story runs
// and draws its chart (read through window.__ssdStory and the drawn SVG), a Japanese story
// reads in Japanese, a step's link opens at that step, a step's embed shows its chart, the
// playground link of a step reproduces its numbers, a first visit lands on the welcome and a
// return visit or a shared link does not, and a phone reads the text without sideways scrolling.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { STORIES } from '../../web/src/explain/stories';
import type { StoryTestHook } from '../../web/src/explain/story/storyTestHook';
import { artifacts, browserPerFile, waitForRun } from './app';
import { openBrowser } from './browser';

const session = browserPerFile();
const base = () => inject('baseUrl');

function hook(p: Page): Promise<StoryTestHook | null> {
  return p.evaluate(() => window.__ssdStory ?? null);
}

/** Answers every prediction (with the right choice) so every chart is revealed. */
async function answerAll(p: Page, storyId: string) {
  const story = STORIES.find((s) => s.id === storyId)!;
  for (const step of story.steps) {
    if (!step.predict) continue;
    await p.locator(`[data-step="${step.id}"] [data-choice="${step.predict.answer}"]`).click();
  }
}

/** Waits until every step of the page's story has a finished run (or is a NAND view step). */
async function waitForSteps(p: Page, timeout = 420_000) {
  await p.waitForFunction(() => {
    const h = window.__ssdStory;
    return !!h && h.steps.length > 0 && h.steps.every((s) => s.status === 'done' || s.status === 'lab' || s.status === 'failed');
  }, undefined, { timeout, polling: 500 });
  return (await hook(p))!;
}

async function shot(p: Page, name: string, stepId?: string) {
  if (stepId) await p.locator(`[data-step="${stepId}"]`).scrollIntoViewIfNeeded();
  if (stepId) await p.evaluate((id) => document.querySelector(`[data-step="${id}"]`)!.scrollIntoView({ block: 'start' }), stepId);
  // The step list follows the scroll: the shot shows the step being read marked.
  if (stepId) await p.waitForFunction((id) => window.__ssdStory?.active === id, stepId, { timeout: 5_000 }).catch(() => undefined);
  await p.screenshot({ path: `${artifacts}stories-${name}.png` });
}

describe('every story, every step', () => {
  for (const story of STORIES) {
    it(`${story.id}: each step runs and draws its chart`, async () => {
      await session.page.setViewportSize({ width: 1280, height: 800 });
      await session.page.goto(`${base()}?story=${story.id}`, { waitUntil: 'load' });
      await session.page.getByTestId('story-page').waitFor();
      await answerAll(session.page, story.id);
      const h = await waitForSteps(session.page);
      expect(h.story).toBe(story.id);
      expect(h.steps.map((s) => s.id)).toEqual(story.steps.map((s) => s.id));
      for (const s of h.steps) {
        expect(s.error, `${story.id}/${s.id}`).toBeNull();
        if (s.kind === 'lab') {
          // The animated NAND view draws its blocks of pages.
          await session.page.locator(`[data-step="${s.id}"] [data-testid="lab-grid"]`).waitFor({ timeout: 60_000 });
          continue;
        }
        expect(s.status, `${story.id}/${s.id}`).toBe('done');
        expect(s.lines.length, `${story.id}/${s.id} lines`).toBeGreaterThan(0);
        // Every line draws, but an FDP handle's the workload never writes through (handle 0, 3…7).
        for (const line of s.lines) if (!line.label.startsWith('placement_waf.')) expect(line.points, `${story.id}/${s.id} ${line.label}`).toBeGreaterThan(0);
        expect(s.lines.some((l) => l.points > 0), `${story.id}/${s.id} drew something`).toBe(true);
        // What is drawn, not only what arrived: the step's chart SVG holds its points.
        const drawn = await session.page.locator(`[data-step="${s.id}"] .story-figure svg[data-points]`).first().getAttribute('data-points');
        expect(Number(drawn), `${story.id}/${s.id} drawn`).toBeGreaterThan(0);
        // Live numbers are filled in once the step's run is done.
        await expect(session.page.locator(`[data-step="${s.id}"] .live-number.pending`).count()).resolves.toBe(0);
      }
      // A figure step overlays one line per member.
      for (const s of h.steps.filter((x) => x.kind === 'figure')) expect(s.lines.length, s.id).toBeGreaterThan(1);
      // Highlights are drawn on the charts that ask for them.
      const marked = story.steps.filter((s) => s.highlight?.length && !('lab' in s.show)).length;
      await expect(session.page.locator('[data-testid="story-highlight"]').count()).resolves.toBe(marked);
      await shot(session.page, `${story.id}-first`, story.steps[0].id);
      await shot(session.page, `${story.id}-middle`, story.steps[Math.floor(story.steps.length / 2)].id);
      expect(session.browser.problems).toEqual([]);
    }, 480_000);
  }
});

describe('reading in Japanese, links and embeds', () => {
  it('a story reads in Japanese with Japanese live numbers and charts', async () => {
    const story = STORIES.find((s) => s.id === 'article-000')!;
    await session.page.goto(`${base()}?story=article-000&lang=ja`, { waitUntil: 'load' });
    await session.page.getByTestId('story-page').waitFor();
    await expect(session.page.locator('.story-title h1').textContent()).resolves.toBe(story.title.ja);
    await expect(session.page.locator('#step-host-memory-buffer-title').textContent()).resolves.toBe(story.steps[2].title.ja);
    await answerAll(session.page, 'article-000');
    const h = await waitForSteps(session.page);
    for (const s of h.steps) expect(s.lines.reduce((n, l) => n + l.points, 0), s.id).toBeGreaterThan(0);
    // The live number reads the step's summary: 24 GiB of span covered by the default HMB.
    const step = h.steps.find((s) => s.id === 'host-memory-buffer')!;
    expect(step.summary?.hmb_covered_span_bytes).toBe(24 * 2 ** 30);
    await expect(session.page.locator('[data-step="host-memory-buffer"] [data-live="summary:hmb_covered_span_bytes"]').textContent()).resolves.toMatch(/24(\.0)?\s*GiB/);
    await shot(session.page, 'ja-first', 'finding');
    await shot(session.page, 'ja-middle', 'hmb-maximum');
    expect(session.browser.problems).toEqual([]);
  }, 200_000);

  it('a step link opens at that step', async () => {
    await session.page.goto(`${base()}?story=article-001&step=after-the-cliff`, { waitUntil: 'load' });
    await session.page.getByTestId('story-page').waitFor();
    await session.page.waitForFunction(() => window.__ssdStory?.active === 'after-the-cliff');
    // Held at the top while the charts above it draw (their height arrives as they do).
    await session.page.waitForFunction(() => Math.abs(document.querySelector('[data-step="after-the-cliff"]')!.getBoundingClientRect().top) < 200, undefined, { timeout: 30_000 });
    await expect(session.page.locator('[data-nav-step="after-the-cliff"]').getAttribute('aria-current')).resolves.toBe('step');
  });

  it('the embed of a step shows that step and its chart only', async () => {
    await session.page.goto(`${base()}?story=article-004&step=finding&embed=1`, { waitUntil: 'load' });
    await session.page.getByTestId('story-embed').waitFor();
    await expect(session.page.locator('[data-step]').count()).resolves.toBe(1);
    await expect(session.page.locator('html').getAttribute('data-mode')).resolves.toBe('embed');
    const h = await waitForSteps(session.page, 60_000);
    expect(h.steps.map((s) => s.id)).toEqual(['finding']);
    expect(h.steps[0].lines.length).toBe(3);
    const drawn = await session.page.locator('[data-step="finding"] svg[data-points]').getAttribute('data-points');
    expect(Number(drawn)).toBeGreaterThan(10);
    await session.page.screenshot({ path: `${artifacts}stories-embed.png` });
    expect(session.browser.problems).toEqual([]);
  });

  it('a step’s playground link reproduces the step’s numbers', async () => {
    await session.page.goto(`${base()}?story=nand-101&step=over-provisioning`, { waitUntil: 'load' });
    await session.page.getByTestId('story-page').waitFor();
    await session.page.waitForFunction(() => window.__ssdStory?.steps.find((s) => s.id === 'over-provisioning')?.status === 'done', undefined, { timeout: 120_000 });
    const step = (await hook(session.page))!.steps.find((s) => s.id === 'over-provisioning')!;
    const href = await session.page.locator('[data-step="over-provisioning"] [data-testid="step-playground"]').getAttribute('href');
    expect(href).toContain('preset=tlc-steady-state-random-write');
    expect(href).toContain('device.capacity.op_percent=28');
    await session.page.goto(href!, { waitUntil: 'load' });
    await waitForRun(session.page, (s) => s.device.capacity.op_percent === 28, 0, 120_000);
    const summary = await session.page.evaluate(() => window.__ssd!.summary as unknown as Record<string, number>);
    expect(summary.write_amplification).toBe(step.summary!.write_amplification);
    expect(summary.write_mb_per_s).toBe(step.summary!.write_mb_per_s);
  }, 200_000);
});

describe('welcome and phone', () => {
  it('a first visit to the bare address lands on the welcome; a return visit on the playground', async () => {
    const fresh = await openBrowser({ firstVisit: true });
    try {
      await fresh.page.goto(base(), { waitUntil: 'load' });
      await fresh.page.getByTestId('welcome').waitFor();
      await expect(fresh.page.locator('[data-story-card]').count()).resolves.toBe(STORIES.length);
      await fresh.page.setViewportSize({ width: 1280, height: 800 });
      await fresh.page.screenshot({ path: `${artifacts}stories-welcome.png` });
      await fresh.page.goto(base(), { waitUntil: 'load' });
      await fresh.page.getByTestId('engine-status').waitFor();
      await expect(fresh.page.getByTestId('welcome').count()).resolves.toBe(0);
      // The playground's top bar leads back to the stories.
      await expect(fresh.page.getByTestId('nav-stories').getAttribute('href')).resolves.toBe('./?story=');
      expect(fresh.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('a shared link on a first visit opens what it names, not the welcome', async () => {
    const fresh = await openBrowser({ firstVisit: true });
    try {
      await fresh.page.goto(`${base()}?preset=bg4-like`, { waitUntil: 'load' });
      await waitForRun(fresh.page, (s) => s.workload.kind === 'span_sweep');
      await expect(fresh.page.getByTestId('welcome').count()).resolves.toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('on a phone the story text is readable without sideways scrolling, in English and Japanese', async () => {
    await session.page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'ja']) {
      await session.page.goto(`${base()}?story=nand-101&step=steady-state&lang=${lang}`, { waitUntil: 'load' });
      await session.page.getByTestId('story-page').waitFor();
      await session.page.waitForFunction(() => window.__ssdStory?.steps.find((s) => s.id === 'steady-state')?.status === 'done', undefined, { timeout: 120_000 });
      await session.page.locator('[data-step="steady-state"] [data-testid="predict-skip"]').click();
      const wide = await session.page.evaluate(() => document.documentElement.scrollWidth);
      // On failure, name what sticks out.
      const out = await session.page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 391)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect(wide, `${lang}: ${out.join(' ')}`).toBeLessThanOrEqual(390);
      const text = await session.page.locator('[data-step="steady-state"] .story-text').boundingBox();
      expect(text!.x).toBeGreaterThanOrEqual(0);
      expect(text!.x + text!.width).toBeLessThanOrEqual(390);
      await shot(session.page, `phone-${lang}`, 'steady-state');
    }
    await session.page.goto(`${base()}?story=`, { waitUntil: 'load' });
    await session.page.getByTestId('story-index').waitFor();
    await expect(session.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await session.page.screenshot({ path: `${artifacts}stories-phone-index.png` });
    await session.page.setViewportSize({ width: 1280, height: 800 });
  }, 200_000);
});
