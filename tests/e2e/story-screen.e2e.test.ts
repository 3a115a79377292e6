// A story on the screens people read it on: cause and effect side by side on a laptop, the
// steps in the browser's history (Back returns to the step before), a phone that never scrolls
// sideways and whose chart labels never print over each other, and a step embedded on another
// origin whose iframe fits its content both ways.
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { freePort } from './serve';
import { STORIES } from '../../web/src/explain/stories';

const base = () => inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

const stepShown = (p: Page, step: string) => p.waitForFunction((s) => new URLSearchParams(location.search).get('step') === s && document.querySelector('[aria-current="step"]')?.getAttribute('data-nav-step') === s, step, { timeout: 60_000 });

describe('a story on a laptop', () => {
  it('puts the drive’s gauges beside the chart, level with its plot (article 001 at 1400 × 1000)', async () => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${base()}?story=article-001&step=finding`);
    const gauge = page.locator('#step-finding [data-gauge="slc"]');
    // A prediction first, if the step asks one: the chart and the drive come with the answer.
    await page.locator('#step-finding').waitFor();
    const skip = page.locator('#step-finding [data-testid="predict-skip"]');
    if ((await skip.count()) > 0) await skip.click();
    await gauge.waitFor();
    await page.locator('#step-finding figure.chart').first().scrollIntoViewIfNeeded();
    const plot = (await page.locator('#step-finding figure.chart svg[role="img"]').first().boundingBox())!;
    const card = (await page.locator('#step-finding figure.chart').first().boundingBox())!;
    const g = (await gauge.boundingBox())!;
    // Beside the chart card, and between the plot's top and bottom: both on screen at once.
    expect(g.x).toBeGreaterThanOrEqual(card.x + card.width);
    expect(g.y).toBeGreaterThanOrEqual(plot.y - 200);
    expect(g.y + g.height).toBeLessThanOrEqual(plot.y + plot.height + 200);
    expect(browser.problems).toEqual([]);
  });
});

describe('the story’s steps in the browser history', () => {
  it('Next and the step list add entries; Back and Forward move between the steps, not off the story', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base()}?story=nand-101&step=pages-and-blocks`);
    await stepShown(page, 'pages-and-blocks');
    const entries = await page.evaluate(() => history.length);
    await page.getByTestId('story-next').click();
    await stepShown(page, 'no-overwrite');
    await page.locator('[data-nav-step="garbage-collection"]').click();
    await stepShown(page, 'garbage-collection');
    expect(await page.evaluate(() => history.length)).toBe(entries + 2);

    await page.goBack();
    await stepShown(page, 'no-overwrite');
    await page.goBack();
    await stepShown(page, 'pages-and-blocks');
    await page.goForward();
    await stepShown(page, 'no-overwrite');
    // Still the same page (no reload): moving back and forth added nothing.
    expect(await page.evaluate(() => history.length)).toBe(entries + 2);
    // The step moved to is the one at the top of the screen.
    await page.waitForFunction(() => Math.abs(document.getElementById('step-no-overwrite')!.getBoundingClientRect().top) < 80);
    expect(browser.problems).toEqual([]);
  });
});

/** Overlapping chart labels (a story's highlight, reference lines) in any plot of the page. */
function labelOverlaps(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    for (const svg of document.querySelectorAll('svg')) {
      const texts = [...svg.querySelectorAll('.story-highlight-labels text, .ref-labels text')].map((t) => ({ t: t.textContent ?? '', b: t.getBoundingClientRect() }));
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++) {
          const [a, b] = [texts[i].b, texts[j].b];
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(`${texts[i].t} / ${texts[j].t} (${svg.closest('[data-step]')?.getAttribute('data-step')})`);
        }
    }
    return out;
  });
}

describe('a story on a 390 px phone', () => {
  it('no step scrolls sideways, no table is cut, no chart label prints over another (every story, answers revealed)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    for (const story of STORIES) {
      await page.goto(`${base()}?story=${story.id}`);
      await page.getByTestId('story-page').waitFor();
      const skip = page.getByTestId('predict-skip');
      while ((await skip.count()) > 0) await skip.first().click();
      // Every chart drawn: each step scrolled into view, then every step's status settled.
      for (const step of story.steps) await page.locator(`#step-${step.id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-step]')].every((s) => ['done', 'lab'].includes(s.getAttribute('data-status') ?? '')), undefined, { timeout: 60_000 });
      const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (wide > 390) problems.push(`${story.id}: the page is ${wide} px wide`);
      const cut = await page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => `${t.className} in ${t.closest('[data-step]')?.getAttribute('data-step')}`));
      problems.push(...cut.map((c) => `${story.id}: table cut: ${c}`));
      problems.push(...(await labelOverlaps(page)).map((o) => `${story.id}: labels overlap: ${o}`));
      // "Step 2 of 6" on one line.
      const count = page.locator('.story-prevnext > span');
      const one = await count.evaluate((el) => el.getBoundingClientRect().height < parseFloat(getComputedStyle(el).lineHeight) * 1.5);
      if (!one) problems.push(`${story.id}: the step count wraps`);
    }
    expect(problems).toEqual([]);
    expect(browser.problems).toEqual([]);
  }, 300_000);
});

describe('the playground on a 390 px phone', () => {
  it('the floating Settings button steps aside while the reader scrolls down, and comes back on the way up', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(base());
    const jump = page.getByTestId('phone-jump');
    await jump.waitFor();
    await page.waitForFunction(() => document.scrollingElement!.scrollHeight > 3000, undefined, { timeout: 60_000 });
    expect(await jump.getAttribute('data-away')).toBe('false');
    for (let y = 100; y <= 1300; y += 200) {
      await page.evaluate((to) => scrollTo(0, to), y);
      await page.waitForTimeout(60);
    }
    await expect.poll(() => jump.getAttribute('data-away')).toBe('true');
    // Out of the way: it covers nothing (no pointer events, moved off the bottom edge).
    await expect.poll(() => jump.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await page.evaluate(() => scrollTo(0, 900));
    await expect.poll(() => jump.getAttribute('data-away')).toBe('false');
    expect(browser.problems).toEqual([]);
  });
});

describe('a story step embedded on another origin', () => {
  let host: Server;
  let hostUrl = '';
  beforeAll(async () => {
    const port = await freePort();
    const app = base();
    host = createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><body style="margin:16px"><h1>Training notes</h1>
        <iframe id="embed" src="${app}${src}" width="100%" height="860" style="border:0"></iframe>
        <p id="after">After the embed.</p><script async src="${app}embed.js"></script></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => {
    host.closeAllConnections();
    host.close(() => resolve());
  }));

  const frameHeight = () => page.evaluate(() => document.getElementById('embed')!.getBoundingClientRect().height);
  async function contentHeight(): Promise<number> {
    const frame = (await (await page.locator('#embed').elementHandle()).contentFrame())!;
    return frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().bottom));
  }

  it('shrinks below the snippet’s 860 px to a short step, and grows again when an answer reveals more', async () => {
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${hostUrl}?src=${encodeURIComponent('?story=nand-101&step=garbage-collection&embed=1')}`);
    await page.waitForFunction(() => document.getElementById('embed')!.getBoundingClientRect().height < 850, undefined, { timeout: 60_000 });
    await page.waitForTimeout(500);
    expect(Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(2);

    // A prediction before its answer is short; answering reveals the chart and the frame grows to it.
    const asks = STORIES.flatMap((story) => story.steps.filter((s) => s.predict && !('lab' in s.show)).map((s) => `?story=${story.id}&step=${s.id}&embed=1`));
    expect(asks.length).toBeGreaterThan(0);
    await page.goto(`${hostUrl}?src=${encodeURIComponent(asks[0])}`);
    await page.waitForFunction(() => document.getElementById('embed')!.getBoundingClientRect().height < 600, undefined, { timeout: 60_000 });
    const before = await frameHeight();
    const frame = (await (await page.locator('#embed').elementHandle()).contentFrame())!;
    await frame.getByTestId('predict-skip').click();
    await page.waitForFunction((h) => document.getElementById('embed')!.getBoundingClientRect().height > h + 150, before, { timeout: 60_000 });
    await page.waitForTimeout(500);
    expect(Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(2);
    expect(browser.problems).toEqual([]);
  }, 120_000);
});
