// Embed mode in a real browser: a host page with the iframe snippet; the frame shows only the
// chosen chart and controls and reports its height, which embed.js applies to the iframe.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifacts } from './app';
import { openBrowser, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

async function embedFrame(): Promise<Frame> {
  const handle = await page.locator('#embed').elementHandle();
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('embed', () => {
  it('shows only the chosen chart and controls, and the iframe resizes to its reported height', async () => {
    // The host page lives on the same server, as training material next to the app would.
    await page.goto(`${baseUrl}oembed.json`);
    const oembed = JSON.parse((await page.locator('body').textContent()) ?? '{}');
    expect(oembed).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'SSD Playground' });
    expect(oembed.html).toMatch(/^<iframe src="embed\.html\?/);

    const src = 'embed.html?v=1&preset=bg4-like&seed=1&chart=headline&controls=workload.iodepth,device.mapping.hmb.allocation_policy';
    await page.setContent(
      `<!doctype html><html><body style="margin:24px;font-family:sans-serif">
        <h1>Training: DRAM-less SSDs and HMB</h1>
        <p>Turn the HMB allocation policy and watch the knee move.</p>
        <iframe id="embed" src="${src}" title="SSD Playground chart" width="100%" height="150" style="border:0;max-width:760px"></iframe>
        <script>window.heights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'ssd-playground:height') window.heights.push(e.data.height); });</script>
        <script src="embed.js"></script>
      </body></html>`,
      { waitUntil: 'load' },
    );
    const frame = await embedFrame();
    await frame.waitForFunction(() => window.__ssd?.status === 'done', undefined, { timeout: 60_000 });

    // Only the chosen chart, only the chosen controls, no page chrome.
    await expect(frame.locator('[data-chart]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')))).resolves.toEqual(['headline']);
    await expect(frame.locator('[data-knob]').evaluateAll((els) => els.map((e) => e.getAttribute('data-knob')))).resolves.toEqual([
      'workload.iodepth',
      'device.mapping.hmb.allocation_policy',
    ]);
    for (const chrome of ['.topbar', '.sidebar', '.footer', '[data-testid="summary"]']) await expect(frame.locator(chrome).count()).resolves.toBe(0);
    const points = await frame.evaluate(() => window.__ssd!.chart('headline')![0].points.length);
    expect(points).toBe(8);

    // The frame reported its height and embed.js sized the iframe to it.
    await page.waitForFunction(() => (window as unknown as { heights: number[] }).heights.length > 0);
    const reported = await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)!);
    expect(reported).toBeGreaterThan(300);
    await page.waitForFunction((h) => Math.abs(document.getElementById('embed')!.getBoundingClientRect().height - h) <= 1, reported);
    const contentHeight = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    expect(Math.abs(contentHeight - reported)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${artifacts}embed.png`, fullPage: true });

    // The embedded control works: HMB off moves the knee in, and the chart redraws.
    const before = await frame.evaluate(() => window.__ssd!.chart('headline')![0].points);
    await frame.locator('[data-path="device.mapping.hmb.allocation_policy"]').selectOption('0');
    await frame.waitForFunction(() => window.__ssd?.status === 'done' && JSON.parse(window.__ssd.scenarioJson!).device.mapping.hmb.allocation_policy === 0, undefined, { timeout: 60_000 });
    const after = await frame.evaluate(() => window.__ssd!.chart('headline')![0].points);
    // At 16 GiB the default HMB still covers the span; with HMB off every read misses.
    expect(after[4][1]).toBeLessThan(before[4][1] * 0.8);
    expect(browser.problems).toEqual([]);
  });

  it('the Embed dialog gives a snippet for the current scenario', async () => {
    await page.goto(`${baseUrl}?preset=bg4-like&workload.iodepth=16`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ssd?.status === 'done', undefined, { timeout: 60_000 });
    await page.getByTestId('embed').click();
    const dialog = page.getByTestId('embed-dialog');
    await dialog.getByTestId('embed-chart').selectOption('latency');
    await dialog.locator('[data-path="device.mapping.hmb.allocation_policy"]').check();
    const snippet = await dialog.getByTestId('embed-snippet').inputValue();
    const src = /src="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
    const url = new URL(src);
    expect(url.pathname).toBe('/embed.html');
    expect(url.searchParams.get('preset')).toBe('bg4-like');
    expect(url.searchParams.get('workload.iodepth')).toBe('16');
    expect(url.searchParams.get('chart')).toBe('latency');
    // The edited knob is offered by default; the checked one is added.
    expect(url.searchParams.get('controls')!.split(',')).toEqual(['workload.iodepth', 'device.mapping.hmb.allocation_policy']);
    expect(snippet).toContain(`<script async src="${baseUrl}embed.js"></script>`);
    await page.keyboard.press('Escape');
  });
});

describe('embed: oEmbed discovery', () => {
  it('oEmbed: the page’s discovery link and the answer it points to carry absolute URLs', async () => {
    await page.goto(`${baseUrl}?preset=bg4-like&workload.iodepth=16`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ssd?.status === 'done', undefined, { timeout: 60_000 });
    const href = () => page.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute('href');
    await page.waitForFunction(() => document.querySelector('link[type="application/json+oembed"]')!.getAttribute('href')!.startsWith('http'));
    const endpoint = new URL((await href())!);
    expect(`${endpoint.origin}${endpoint.pathname}`).toBe(`${baseUrl}oembed.json`);
    expect(endpoint.searchParams.get('url')).toBe(page.url());
    expect(endpoint.searchParams.get('format')).toBe('json');
    // A consumer (no browser, no cookies) fetches it and gets an iframe it can paste anywhere.
    const res = await fetch(endpoint);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { html: string; provider_url: string; width: number };
    expect(body.provider_url).toBe(baseUrl);
    const src = new URL(/src="([^"]+)"/.exec(body.html)![1].replace(/&amp;/g, '&'));
    expect(`${src.origin}${src.pathname}`).toBe(`${baseUrl}embed.html`);
    expect(src.searchParams.get('workload.iodepth')).toBe('16');
    expect(body.html).toContain(`<script async src="${baseUrl}embed.js"></script>`);
    // Not this app's URL: oEmbed's 404; another format: 501.
    await expect(fetch(`${baseUrl}oembed.json?url=${encodeURIComponent('https://elsewhere.example/')}`).then((r) => r.status)).resolves.toBe(404);
    await expect(fetch(`${endpoint.href.replace('format=json', 'format=xml')}`).then((r) => r.status)).resolves.toBe(501);
    expect(browser.problems).toEqual([]);
  });
});
