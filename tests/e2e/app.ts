// Helpers for driving the playground page: waiting for runs, reading what the page received
// (window.__ssd), and finding knobs by their scenario path.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { openBrowser, type Browser } from './browser';
import type { SsdTestHook } from '../../web/src/app/testHook';

export const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

export type Snapshot = Pick<SsdTestHook, 'status' | 'progress' | 'scenarioJson' | 'summary' | 'error' | 'runs'> & { series: ReturnType<SsdTestHook['series']> };

/** Everything the page received from the engine, as plain data. */
export function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const h = window.__ssd!;
    return { status: h.status, progress: h.progress, scenarioJson: h.scenarioJson, summary: h.summary, error: h.error, runs: h.runs, series: h.series() };
  });
}

export function chartData(page: Page, id: string) {
  return page.evaluate((chart) => window.__ssd?.chart(chart) ?? null, id);
}

export function waitForStatus(page: Page, status: string, timeout = 90_000) {
  return page.waitForFunction((s) => window.__ssd?.status === s, status, { timeout });
}

export function runCount(page: Page): Promise<number> {
  return page.evaluate(() => window.__ssd?.runs ?? 0);
}

/**
 * Waits until a run of a scenario matching `test` has finished (and, with `after`, until it is
 * a run started after that many runs).
 */
// The predicate runs in the page, on the scenario JSON as parsed there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the scenario as the page parsed it: tests read any field
export async function waitForRun(page: Page, test: (scenario: any) => boolean = () => true, after = 0, timeout = 90_000) {
  await page.waitForFunction(
    ({ src, after }) => {
      const h = window.__ssd;
      if (!h || h.status !== 'done' || !h.scenarioJson || h.runs <= after) return false;
      // The predicate crosses into the page as source text; rebuilding it is the point here.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
      return new Function('s', `return (${src})(s)`)(JSON.parse(h.scenarioJson));
    },
    { src: test.toString(), after },
    { timeout },
  );
}

export function knob(page: Page, path: string): Locator {
  return page.locator(`[data-knob="${path}"]`);
}

export function knobInput(page: Page, path: string): Locator {
  return page.locator(`[data-knob="${path}"] [data-path="${path}"]`);
}

export async function engineReady(page: Page, timeout = 30_000) {
  await page.getByTestId('engine-status').and(page.locator('[data-status="ready"]')).waitFor({ timeout });
}

/** Opens a collapsed knob group so its inputs can be used. */
export async function openGroup(page: Page, group: string) {
  const details = page.locator(`details[data-group="${group}"]`).first();
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
}

/** Bit-for-bit equality of point lists (distinguishes -0, matches NaN). */
export function firstDifference(a: [number, number][], b: [number, number][]): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  return a.findIndex(([x, y], k) => !Object.is(x, b[k][0]) || !Object.is(y, b[k][1]));
}

/** Opens one browser for a test file, hands it over, and closes it after the file's tests. */
export function openBrowserPerFile(opened: (browser: Browser) => void | Promise<void>) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
    await opened(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** One browser for a test file, opened before its tests and closed after them: the file reads
 *  `session.page` and `session.browser` inside its tests (not at load, before it is open). */
export function browserPerFile(): { readonly browser: Browser; readonly page: Page } {
  let opened: Browser | undefined;
  openBrowserPerFile((b) => {
    opened = b;
  });
  const browser = () => {
    if (!opened) throw new Error('the browser opens before the file\'s first test');
    return opened;
  };
  return {
    get browser() {
      return browser();
    },
    get page() {
      return browser().page;
    },
  };
}

/** Opens the playground once for a test file, hands it over after its first run, and closes
 *  it after the file's tests. */
export function openAppPerFile(opened: (browser: Browser) => void) {
  openBrowserPerFile(async (browser) => {
    await browser.page.goto(inject('baseUrl'), { waitUntil: 'load' });
    await waitForRun(browser.page);
    opened(browser);
  });
}

/** The knob groups the form shows, by their ids. */
export function knobGroups(page: Page) {
  return page.locator('details.knob-group').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-group')));
}
