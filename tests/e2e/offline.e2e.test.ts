// The built site as anyone would host it: dist/ under a sub-path of a plain static server (no
// fallback page, no rewriting). The welcome, a story step, the playground and an embed work
// there; after that first visit they work again with the network gone (the service worker).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts } from './app';
import { openBrowser, type Browser } from './browser';
import { freePort } from './serve';

const DIST = process.env.SSD_E2E_OUT_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const SUB = '/some/sub/path/';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };

let server: Server;
let site: string;
let browser: Browser;

/** Files under SUB from dist/, a folder's index.html, 404 for anything else. */
function staticServer(): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const inside = path.startsWith(SUB) ? normalize(path.slice(SUB.length)) : null;
    let file = inside !== null && !inside.startsWith('..') ? join(DIST, inside) : null;
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}

beforeAll(async () => {
  const port = await freePort();
  server = staticServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${port}${SUB}`;
  browser = await openBrowser({ firstVisit: true, offline: true });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function storyStepDraws() {
  const page = browser.page;
  await page.goto(`${site}?story=article-004&step=finding`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ssdStory?.steps.find((s) => s.id === 'finding')?.status === 'done', undefined, { timeout: 60_000 });
  const drawn = await page.locator('[data-step="finding"] svg[data-points]').first().getAttribute('data-points');
  expect(Number(drawn)).toBeGreaterThan(10);
}

async function playgroundRuns() {
  const page = browser.page;
  await page.goto(`${site}?preset=bg4-like`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__ssd?.status === 'done', undefined, { timeout: 90_000 });
  expect((await page.evaluate(() => window.__ssd!.chart('headline')))?.length).toBeGreaterThan(0);
}

async function embedDraws() {
  const page = browser.page;
  await page.goto(`${site}embed.html?preset=bg4-like&chart=headline`, { waitUntil: 'load' });
  await page.locator('svg[data-points]').first().waitFor({ timeout: 90_000 });
}

describe('dist/ under a sub-path of a plain static server', () => {
  it('welcome, a story step, the playground and an embed work there', async () => {
    const page = browser.page;
    await page.goto(site, { waitUntil: 'load' });
    await page.getByTestId('welcome').waitFor();
    await storyStepDraws();
    await playgroundRuns();
    await embedDraws();
    // The site is kept once its service worker has installed (it takes over at once).
    await page.goto(site, { waitUntil: 'load' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(browser.problems).toEqual([]);
  }, 180_000);

  it('and again with the network gone', async () => {
    await browser.context.setOffline(true);
    try {
      await storyStepDraws();
      await playgroundRuns();
      await embedDraws();
      await browser.page.screenshot({ path: `${artifacts}offline-embed.png` });
    } finally {
      await browser.context.setOffline(false);
    }
  }, 180_000);
});
