// Headless Debian Chromium through playwright-core, with a throwaway profile, no traffic
// beyond loopback, and a record of every console error, page error and failed request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors, failed or 4xx/5xx requests, off-machine requests. */
  problems: string[];
  close(): Promise<void>;
}

function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * A fresh profile. `firstVisit: false` (the default) marks it as having seen the app before,
 * so the bare address opens the playground; a first visit lands on the welcome. The built
 * site's service worker (offline use) is blocked unless `offline` asks for it: other tests
 * measure the network, not a cache.
 */
export async function openBrowser({ firstVisit = false, offline = false } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'ssd-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: 60_000,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: offline ? 'allow' : 'block',
    deviceScaleFactor: 1,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(30_000);
  // The key is web/src/explain/welcome/firstVisit.ts's mark of a previous visit.
  if (!firstVisit) await context.addInitScript(() => localStorage.setItem('ssd-playground:visited', '1'));
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopback(url)) return route.continue();
    problems.push(`blocked off-machine request: ${url}`);
    return route.abort();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // ERR_ABORTED is a request the page itself dropped (navigating away while a fresh worker
    // was still loading), not a failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
