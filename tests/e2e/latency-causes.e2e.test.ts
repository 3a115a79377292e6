// Why was this I/O slow? (issue 28): the latency trace stacked by cause, a click on its tallest
// spike pins that command's breakdown (parts summing to its latency) and moves the drive-state
// cursor there; "where the time goes" bars per percentile band; in English and Japanese, on
// article 002's latency step, on the playground's latency trace, and on the spikes of articles
// 000 and 001's stories.
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { artifacts, chartData, browserPerFile, snapshot, waitForRun } from './app';
import { en } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';
import { STORIES } from '../../web/src/explain/stories';

const session = browserPerFile();
const base = () => inject('baseUrl');

async function openStep(storyId: string, stepId: string, lang: string): Promise<Locator> {
  await session.page.goto(`${base()}?story=${storyId}&step=${stepId}&lang=${lang}`, { waitUntil: 'load' });
  const step = session.page.locator(`section[data-step="${stepId}"]`);
  await session.page.waitForFunction((id) => window.__ssdStory?.steps.find((s) => s.id === id)?.status === 'done', stepId, { timeout: 90_000 });
  const skip = step.getByTestId('predict-skip');
  if (await skip.count()) await skip.click();
  await step.getByTestId('cause-stack').waitFor({ timeout: 30_000 });
  return step;
}

/** "6.335 s", "23.51 ms", "812.4 µs" or "62.1 ns" (any locale's grouping) in µs. */
function microseconds(text: string): number {
  const m = /([\d,.]+)\s*(ms|µs|ns|s)\b/.exec(text);
  if (!m) throw new Error(`no latency in ${text}`);
  const v = Number(m[1].replace(/,/g, ''));
  return v * { s: 1e6, ms: 1e3, µs: 1, ns: 1e-3 }[m[2] as 's' | 'ms' | 'µs' | 'ns'];
}

/** Clicks the tallest stack of the chart in `scope`, and reads the breakdown card it pins. */
async function clickTallest(scope: Locator) {
  const stack = scope.getByTestId('cause-stack').first();
  const peakPx = Number(await stack.getAttribute('data-peak-px'));
  const hit = scope.locator('.plot-hit').first();
  await hit.scrollIntoViewIfNeeded();
  const box = (await hit.boundingBox())!;
  await session.page.mouse.click(box.x + peakPx, box.y + box.height / 2);
  const card = scope.getByTestId('cause-why');
  await card.waitFor({ timeout: 5_000 });
  const parts = await card.getByTestId('cause-parts').locator('li').evaluateAll((lis) => lis.map((li) => ({ cause: li.getAttribute('data-cause')!, us: Number(li.getAttribute('data-us')), text: li.textContent ?? '' })));
  return {
    card,
    x: Number(await card.getAttribute('data-x')),
    peakX: Number(await stack.getAttribute('data-peak-x')),
    latencyUs: Number(await card.getAttribute('data-latency-us')),
    shownUs: microseconds((await card.getByTestId('cause-why-at').textContent()) ?? ''),
    parts,
  };
}

async function checkSpike(scope: Locator, lang: 'en' | 'ja', shot: string) {
  const layers = Number(await scope.getByTestId('cause-stack').first().getAttribute('data-layers'));
  expect(layers).toBeGreaterThan(0);
  await expect(scope.getByTestId('cause-legend').first().locator('li').count()).resolves.toBe(layers);
  const spike = await clickTallest(scope);
  expect(spike.x).toBe(spike.peakX);
  expect(spike.parts.length).toBeGreaterThan(0);
  const sum = spike.parts.reduce((s, p) => s + p.us, 0);
  expect(Math.abs(sum - spike.latencyUs)).toBeLessThanOrEqual(spike.latencyUs * 0.01);
  expect(Math.abs(spike.shownUs - spike.latencyUs)).toBeLessThanOrEqual(spike.latencyUs * 0.01);
  // Every cause is named in the page's language by its id's translation (an id the page lacks would show raw).
  const words: Record<string, string> = lang === 'ja' ? ja : en;
  for (const p of spike.parts) expect(p.text).toContain(words[`cause.${p.cause}`]);
  await expect(spike.card.locator('h3').textContent()).resolves.toBe(lang === 'ja' ? 'なぜ遅かったのか' : 'Why was this slow?');
  await spike.card.screenshot({ path: `${artifacts}latency-causes-${shot}-why.png` });
  return spike;
}

async function checkBands(scope: Locator, shot: string) {
  const bands = scope.getByTestId('cause-bands').first();
  await bands.scrollIntoViewIfNeeded();
  const rows = bands.locator('.cause-band:not(.cause-band-empty)');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  await expect(rows.last().getAttribute('data-band')).resolves.toBe('max');
  const means = await rows.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-mean-us'))));
  expect(means.every((m) => m > 0)).toBe(true);
  await rows.last().hover();
  await expect(bands.getByTestId('cause-band-tip').textContent()).resolves.toMatch(/%/);
  await bands.screenshot({ path: `${artifacts}latency-causes-${shot}-bands.png` });
}

describe.each(['en', 'ja'] as const)('latency causes (%s)', (lang) => {
  it('article 002: the write trace stacks by cause, its tallest spike breaks down, the bands show', async () => {
    const scope = await openStep('article-002', 'finding', lang);
    await scope.screenshot({ path: `${artifacts}latency-causes-002-${lang}.png` });
    const before = await scope.getByTestId('drive-state').getAttribute('data-index');
    await checkSpike(scope, lang, `002-${lang}`);
    // The drive-state cursor went to the spike.
    const cursor = Number(await scope.getByTestId('chart-cursor').first().getAttribute('data-x'));
    expect(cursor).toBeGreaterThan(0);
    expect(await scope.getByTestId('drive-state').getAttribute('data-index')).not.toBe(before);
    await checkBands(scope, `002-${lang}`);
    expect(session.browser.problems).toEqual([]);
  });

  it('the playground latency trace: stacked, click a spike, bands; keyboard picks too', async () => {
    await session.page.goto(`${base()}?preset=tlc-latency-trace&lang=${lang}`, { waitUntil: 'load' });
    await waitForRun(session.page);
    const scope = session.page.getByTestId('chart-headline');
    await scope.getByTestId('cause-stack').waitFor({ timeout: 30_000 });
    await scope.screenshot({ path: `${artifacts}latency-causes-playground-${lang}.png` });
    await checkSpike(scope, lang, `playground-${lang}`);
    // The run has a latency CDF too: the bands are drawn once, under it.
    await expect(session.page.getByTestId('cause-bands').count()).resolves.toBe(1);
    await checkBands(session.page.getByTestId('chart-latency'), `playground-${lang}`);
    // Keyboard: Home, then Enter picks the first point.
    const hit = scope.locator('.plot-hit').first();
    await hit.focus();
    await session.page.keyboard.press('Home');
    await session.page.keyboard.press('Enter');
    const firstX = (await chartData(session.page, 'headline'))![0].points[0][0];
    await expect(scope.getByTestId('cause-why').getAttribute('data-x')).resolves.toBe(String(firstX));
    expect(session.browser.problems).toEqual([]);
  });

  it('QoS: 4K random reads at QD1 are stated as spec sheets do, and the CDF marks them', async () => {
    await session.page.goto(`${base()}?preset=tlc-random-read&workload.iodepth=1&lang=${lang}`, { waitUntil: 'load' });
    await waitForRun(session.page);
    const { summary } = await snapshot(session.page);
    const read = (summary as { read_latency: { p99_us: number; p9999_us?: number } }).read_latency;
    const qos = session.page.getByTestId('summary-qos');
    await expect(qos.getAttribute('data-p99-us')).resolves.toBe(String(read.p99_us));
    const text = (await qos.textContent()) ?? '';
    expect(text).toMatch(lang === 'ja' ? /QD1 の 4K ランダム読み出しの 99 %.*以内/ : /99 %.* of 4K random reads at QD1 under/);
    if (read.p9999_us !== undefined) expect(text).toContain('99.99 %');
    const cdf = session.page.getByTestId('chart-latency');
    await expect(cdf.locator('[data-ref="qos-p99"]').count()).resolves.toBe(1);
    await cdf.screenshot({ path: `${artifacts}latency-causes-qos-${lang}.png` });
    expect(session.browser.problems).toEqual([]);
  });
});

// The article stories' own spikes (issue 28: "each article story that has a spike or a dip lets
// the reader click it and see its cause"): the step marks its tallest spike, and the card names
// what that write waited for, the cause the step's text tells.
const STORY_SPIKES = [
  // 000: the BG3-like's write behind a table flush (its data's channel crowded by table pages).
  { story: 'article-000', step: 'write-latency', causes: ['behind_table'], lang: 'en' },
  { story: 'article-001', step: 'dip-latency', causes: ['behind_fold'], lang: 'en' },
  { story: 'article-001', step: 'dip-latency', causes: ['behind_fold'], lang: 'ja' },
] as const;

describe('latency causes: the article stories’ spikes', () => {
  for (const { story, step, causes, lang } of STORY_SPIKES) {
    it(`${story}/${step} (${lang}): the tallest spike is marked, and its card names ${causes.join(' or ')}`, async () => {
      const scope = await openStep(story, step, lang);
      await scope.screenshot({ path: `${artifacts}latency-causes-${story}-${step}-${lang}.png` });
      const spike = await checkSpike(scope, lang, `${story}-${step}-${lang}`);
      const marked = STORIES.find((s) => s.id === story)!.steps.find((s) => s.id === step)!.highlight!.find((h) => h.kind === 'spike')!;
      expect(marked.x).toBe(spike.peakX);
      const largest = spike.parts.reduce((a, b) => (b.us > a.us ? b : a));
      expect(causes as readonly string[]).toContain(largest.cause);
      // Most of it (the BG3-like's tallest: 11.15 of 13.16 ms behind table I/O, the rest its own
      // program, as the step's text says).
      expect(largest.us).toBeGreaterThan(0.8 * spike.latencyUs);
      const words: Record<string, string> = lang === 'ja' ? ja : en;
      await expect(spike.card.textContent()).resolves.toContain(words[`cause.${largest.cause}`]);
      await scope.screenshot({ path: `${artifacts}latency-causes-${story}-${step}-${lang}-clicked.png` });
      if (story === 'article-000') {
        // The text's other half: the BG4-like's stack, picked under the chart, has no write near 100 ms.
        const bg4Choice = scope.getByTestId('drive-chooser').locator('button').nth(1);
        await expect(bg4Choice.textContent()).resolves.toContain('BG4');
        await bg4Choice.click();
        await expect.poll(() => scope.getByTestId('cause-stack').first().getAttribute('data-peak-x')).not.toBe(String(spike.peakX));
        const bg4 = await clickTallest(scope);
        expect(bg4.latencyUs).toBeLessThan(1_000);
        expect(bg4.parts.reduce((t, p) => t + p.us, 0)).toBeCloseTo(bg4.latencyUs, -1);
      }
      expect(session.browser.problems).toEqual([]);
    });
  }
});
