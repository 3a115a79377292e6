// Every story step opened cold from its own link draws at once (its run shipped with the build),
// in English and Japanese, and the step list, "Step n of N", the address and the step at the
// top of the screen always agree, whether the reader clicks Next / Back / the list, switches
// language or follows a link to a step that does not exist.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STORIES } from '../../web/src/explain/stories';
import { artifacts } from './app';
import { openBrowser, type Browser } from './browser';

let browser: Browser;
let page: Page;
const base = () => inject('baseUrl');

/** A step's first chart within this long of the link being opened, on this 2-core machine. */
const FIRST_CHART_MS = 1_000;
/** The story list (the app's own load, no run) opened cold the same way: the fastest seen on
 * this machine (2026-11-28, when the steps' median was 750 ms and their slowest 1.27 s). The
 * same machine runs up to 2x slower on some days or while busy, so the budget scales by how
 * much slower the list opens now, measured beside each story's steps (median so far); never
 * below 1 s, and no more than 2x: slower than that fails. */
const LIST_MS_QUIET = 230;
const MOST_SCALE = 2;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  // Cold: nothing from the HTTP cache, every load fetches the page, the engine and the run.
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The browser's own start (its first renderer) is not the page's: one load before timing.
  await page.goto(`${base()}?story=`, { waitUntil: 'load' });
});
afterAll(async () => {
  await browser?.close();
});

/** Milliseconds from the navigation's start until the step has its run (or its NAND view). */
async function openStep(storyId: string, stepId: string, lang: string): Promise<number> {
  await page.goto(`${base()}?story=${storyId}&step=${stepId}&lang=${lang}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (id) => {
      const s = window.__ssdStory?.steps.find((x) => x.id === id);
      if (s?.status === 'lab') return document.querySelector(`[data-step="${id}"] [data-testid="lab-grid"]`) ? performance.now() : false;
      return s?.status === 'done' && s.lines.length > 0 ? performance.now() : false;
    },
    stepId,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Milliseconds from the navigation's start until the story list is on screen. */
async function openList(lang: string): Promise<number> {
  await page.goto(`${base()}?story=&lang=${lang}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (document.querySelector('[data-testid="story-list"]') ? performance.now() : false), undefined, { timeout: 60_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Where the page says the reader is: the list's mark, "Step n of N", the address, the top step. */
async function whereAmI(p: Page) {
  return p.evaluate(() => {
    const current = document.querySelector('[data-nav-step][aria-current="step"]')?.getAttribute('data-nav-step') ?? null;
    const counter = document.querySelector('.story-prevnext [aria-live]')?.textContent ?? '';
    const address = new URLSearchParams(location.search).get('step');
    // The step whose top is nearest the top of the screen (the page scrolls steps to the top).
    const tops = [...document.querySelectorAll<HTMLElement>('section[data-step]')].map((el) => ({ id: el.dataset.step!, top: Math.abs(el.getBoundingClientRect().top) }));
    const top = tops.sort((a, b) => a.top - b.top)[0]?.id ?? null;
    return { current, counter, address, top, hook: window.__ssdStory?.active ?? null };
  });
}

/** Resolves once the page has not scrolled for 10 frames. */
async function scrollSettled(p: Page) {
  await p.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const tick = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 10) resolve();
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/** Every step has its run (or is a NAND view): nothing above the reader changes height any more. */
async function allDrawn(p: Page) {
  await p.waitForFunction(() => {
    const steps = window.__ssdStory?.steps ?? [];
    return steps.length > 0 && steps.every((s) => s.status === 'done' || s.status === 'lab');
  }, undefined, { timeout: 60_000 });
}

async function expectAt(p: Page, stepId: string, n: number, total: number) {
  // Once the (smooth) scroll has come to rest, nothing may have moved the reader on.
  await scrollSettled(p);
  const at = await whereAmI(p);
  expect(at, `at ${stepId}`).toMatchObject({ current: stepId, address: stepId, hook: stepId });
  expect(at.counter).toContain(String(n));
  expect(at.counter).toContain(String(total));
  // The last steps of a page may not reach the top: the screen then shows the page's end.
  if (n < total - 1) expect(at.top, `${stepId} at the top`).toBe(stepId);
}

describe('every step opened cold from its own link draws within 1 s (on a quiet day; scaled by the machine’s pace)', () => {
  for (const lang of ['en', 'ja']) {
    it(`every step of every story (${lang})`, async () => {
      const slow: string[] = [];
      const times: number[] = [];
      const lists: number[] = [];
      for (const story of STORIES) {
        // The machine's pace now, beside this story's steps.
        for (let i = 0; i < 2; i += 1) lists.push(await openList(lang));
        const scale = Math.min(MOST_SCALE, Math.max(1, median(lists) / LIST_MS_QUIET));
        for (const step of story.steps) {
          const ms = await openStep(story.id, step.id, lang);
          times.push(ms);
          if (ms > FIRST_CHART_MS * scale) slow.push(`${story.id}/${step.id}: ${Math.round(ms)} ms (budget ${Math.round(FIRST_CHART_MS * scale)} ms)`);
          // The step opened is the one the page says is being read.
          expect((await whereAmI(page)).hook, `${story.id}/${step.id}`).toBe(step.id);
        }
      }
      console.log(`${lang}: ${times.length} steps, slowest ${Math.round(Math.max(...times))} ms, median ${Math.round(median(times))} ms; the story list ${lists.map(Math.round).join(', ')} ms (quiet ${LIST_MS_QUIET})`);
      expect(slow).toEqual([]);
      expect(browser.problems).toEqual([]);
    }, 600_000);
  }
});

describe('Next, Back, the step list, the address and the screen agree', () => {
  it('Next through every step of every story and Back again; the list jumps; nothing skips', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [k, story] of STORIES.entries()) {
      // The first story scrolls smoothly, as most readers see it; the rest jump (reduced motion).
      await page.emulateMedia({ reducedMotion: k === 0 ? 'no-preference' : 'reduce' });
      const total = story.steps.length;
      await page.goto(`${base()}?story=${story.id}&step=${story.steps[1].id}`, { waitUntil: 'load' });
      await page.getByTestId('story-page').waitFor();
      await allDrawn(page);
      await expectAt(page, story.steps[1].id, 2, total);
      for (let i = 2; i < total; i += 1) {
        await page.getByTestId('story-next').click();
        await expectAt(page, story.steps[i].id, i + 1, total);
      }
      for (let i = total - 2; i >= 0; i -= 1) {
        await page.getByTestId('story-prev').click();
        await expectAt(page, story.steps[i].id, i + 1, total);
      }
      const last = story.steps[total - 1];
      await page.locator(`[data-nav-step="${last.id}"]`).click();
      await scrollSettled(page);
      expect(await whereAmI(page), `${story.id}: the list's last step`).toMatchObject({ current: last.id, address: last.id, hook: last.id });
    }
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(browser.problems).toEqual([]);
  }, 600_000);

  it('a language switch keeps the step being read; scrolling by hand moves the mark', async () => {
    const story = STORIES.find((s) => s.id === 'article-000')!;
    const step = story.steps[2];
    await page.goto(`${base()}?story=${story.id}&step=${step.id}&lang=en`, { waitUntil: 'load' });
    await page.getByTestId('story-page').waitFor();
    await allDrawn(page);
    await expectAt(page, step.id, 3, story.steps.length);
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expectAt(page, step.id, 3, story.steps.length);
    await page.screenshot({ path: `${artifacts}story-step-ja.png` });
    await page.getByTestId('lang').locator('[data-value="en"]').click();
    await expectAt(page, step.id, 3, story.steps.length);

    // The reader's own wheel: the step that passes the reading line is the one marked.
    const next = story.steps[3];
    const by = await page.evaluate((id) => document.querySelector(`section[data-step="${id}"]`)!.getBoundingClientRect().top, next.id);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, by);
    await scrollSettled(page);
    expect(await whereAmI(page)).toMatchObject({ current: next.id, address: next.id, hook: next.id });
  }, 120_000);

  it('a link to a step the story does not have says so and opens at the first step', async () => {
    await page.goto(`${base()}?story=nand-101&step=nope`, { waitUntil: 'load' });
    await expect(page.getByTestId('step-not-found').textContent()).resolves.toContain('nope');
    const first = STORIES.find((s) => s.id === 'nand-101')!.steps[0].id;
    expect((await whereAmI(page)).hook).toBe(first);
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    await expect(page.getByTestId('step-not-found').textContent()).resolves.toContain('ステップ');
    await page.getByTestId('lang').locator('[data-value="en"]').click();
  });
});

describe('a step’s embed snippet', () => {
  for (const width of [1000, 390]) {
    it(`sizes its iframe to the step, links included (${width} px)`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${base()}?story=article-004&step=finding`, { waitUntil: 'load' });
      await page.locator('[data-step="finding"] [data-testid="step-embed"]').click();
      const snippet = await page.locator('[data-step="finding"] [data-testid="step-embed-code"]').inputValue();
      expect(snippet).toContain('embed.js');
      // A page that embeds the step, as a trainer's would (on the app's origin, so the test can
      // read the frame's own height).
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(`<!doctype html><html><body style="margin:0">${snippet}</body></html>`, { waitUntil: 'load' });
      const frame = page.frameLocator('iframe');
      await frame.locator('[data-testid="step-story-link"]').waitFor({ timeout: 30_000 });
      // embed.js resizes the iframe to what the step reports: nothing below it is cut off.
      await page.waitForFunction(() => {
        const f = document.querySelector('iframe')!;
        const inner = f.contentDocument?.documentElement;
        return !!inner && Math.abs(f.getBoundingClientRect().height - inner.getBoundingClientRect().height) <= 2;
      }, undefined, { timeout: 30_000 });
      const links = await frame.locator('[data-testid="step-story-link"]').boundingBox();
      const box = await page.locator('iframe').boundingBox();
      expect(links!.y + links!.height).toBeLessThanOrEqual(box!.y + box!.height);
      await page.screenshot({ path: `${artifacts}story-step-embed-${width}.png`, fullPage: true });
    });
  }
});

describe('a knob the reader touches runs live', () => {
  it('NAND 101’s spare-area knob: the shipped run first, a live run of the new value, back at once on reset', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base()}?story=nand-101&step=over-provisioning`, { waitUntil: 'load' });
    const step = () => page.evaluate(() => window.__ssdStory!.steps.find((s) => s.id === 'over-provisioning')!);
    await page.waitForFunction(() => window.__ssdStory?.steps.find((s) => s.id === 'over-provisioning')?.status === 'done');
    const shipped = await step();
    const waf = (s: { summary: Record<string, unknown> | null }) => s.summary!.write_amplification as number;

    const knob = page.locator('[data-step="over-provisioning"] [data-path="device.capacity.op_percent"]');
    await knob.fill('7');
    await knob.press('Enter');
    // Not shipped: the engine runs it here, streaming, then it is done with its own numbers.
    await page.waitForFunction((before) => {
      const s = window.__ssdStory?.steps.find((x) => x.id === 'over-provisioning');
      return s?.status === 'done' && s.scenarioJson !== before;
    }, shipped.scenarioJson, { timeout: 120_000 });
    const live = await step();
    expect(JSON.parse(live.scenarioJson!).device.capacity.op_percent).toBe(7);
    // Less spare area, more write amplification.
    expect(waf(live)).toBeGreaterThan(waf(shipped) * 1.5);

    // The knob shows it was changed, and resets to the story's value.
    await page.locator('[data-step="over-provisioning"] [data-knob="device.capacity.op_percent"].knob-edited .knob-reset').click();
    await page.waitForFunction((before) => window.__ssdStory?.steps.find((x) => x.id === 'over-provisioning')?.scenarioJson === before, shipped.scenarioJson, { timeout: 5_000 });
    expect(waf(await step())).toBe(waf(shipped));
    expect(browser.problems).toEqual([]);
  }, 180_000);
});

describe('a knob touched before the engine has started', () => {
  it('starts the engine at once, waits for it, and then runs live', async () => {
    // The page holds its engine back until the first chart is drawn and the page is idle (or
    // 2.5 s). Here the page is never idle, as on a busy machine, and the wasm is held until
    // released, so the edit surely comes before the engine (CI under load once saw it dropped).
    const fresh = await openBrowser();
    const ctx = fresh.context;
    const p = fresh.page;
    await ctx.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let wasmAsked = 0;
    await ctx.route('**/*.wasm', async (route) => {
      wasmAsked++;
      await held;
      await route.continue();
    });
    try {
      await p.goto(`${base()}?story=nand-101&step=over-provisioning`, { waitUntil: 'commit' });
      const status = () => p.evaluate(() => window.__ssdStory!.steps.find((s) => s.id === 'over-provisioning')!);
      const knob = p.locator('[data-step="over-provisioning"] [data-path="device.capacity.op_percent"]');
      await knob.waitFor();
      expect(wasmAsked, 'the engine started before the edit could be made').toBe(0);
      await knob.fill('7');
      await knob.press('Enter');
      // The edit asks for the engine at once (not at the 2.5 s mark), and nothing runs while
      // the wasm cannot load: the step draws its shipped run.
      await expect.poll(() => wasmAsked, { timeout: 1_500 }).toBeGreaterThan(0);
      await p.waitForFunction(() => window.__ssdStory?.steps.find((s) => s.id === 'over-provisioning')?.status === 'done');
      const shipped = await status();
      expect(JSON.parse(shipped.scenarioJson!).device.capacity.op_percent).not.toBe(7);
      release();
      await p.waitForFunction((before) => {
        const s = window.__ssdStory?.steps.find((x) => x.id === 'over-provisioning');
        return s?.status === 'done' && s.scenarioJson !== before;
      }, shipped.scenarioJson, { timeout: 120_000 });
      expect(JSON.parse((await status()).scenarioJson!).device.capacity.op_percent).toBe(7);
      expect(fresh.problems).toEqual([]);
    } finally {
      release();
      await fresh.close();
    }
  }, 180_000);
});

describe('one figure through a story', () => {
  it('a preset step keeps the step before as a ghost line on its chart; a figure step has its own lines', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const story = STORIES.find((s) => s.id === 'article-000')!;
    await page.goto(`${base()}?story=article-000&step=host-memory-buffer`, { waitUntil: 'load' });
    await allDrawn(page);
    const before = story.steps.find((s) => s.id === 'sram-only')!.title.en;
    const legend = (id: string) => page.locator(`[data-step="${id}"] [data-testid="legend"] .legend-item`).allTextContents();
    const labels = await legend('host-memory-buffer');
    expect(labels.some((l) => l.includes(`Step before: ${before}`)), JSON.stringify(labels)).toBe(true);
    await expect(page.locator('[data-step="host-memory-buffer"] path.series-line').count()).resolves.toBe(2);
    // The step before has none (a figure comes before it), nor does a figure step.
    expect((await legend('sram-only')).some((l) => l.startsWith('Step before'))).toBe(false);
    expect((await legend('random-writes')).some((l) => l.startsWith('Step before'))).toBe(false);
    await page.locator('[data-step="host-memory-buffer"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}story-ghost.png` });
    await page.getByTestId('lang').locator('[data-value="ja"]').click();
    const ja = await legend('host-memory-buffer');
    expect(ja.some((l) => l.startsWith('前のステップ：')), JSON.stringify(ja)).toBe(true);
    await page.getByTestId('lang').locator('[data-value="en"]').click();
  });
});
