// The Chromium side: builds the bench page (page/) with Vite into a temporary directory,
// serves it with `vite preview` on loopback, and opens it in headless Debian Chromium the
// way the e2e tests do. Every measurement runs in the page's Web Workers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { openBrowser, type Browser } from '../e2e/browser';
import { freePort } from '../e2e/serve';
import { BENCH_PAGE_GLOBAL, type BenchPage, type CaseInBrowser, type FigureInBrowser } from './page/protocol';

const PAGE_ROOT = fileURLToPath(new URL('./page', import.meta.url));

export interface BenchBrowser {
  userAgent: string;
  hardwareConcurrency: number;
  measureCase(scenario: string, repeat: number, causes: boolean): Promise<CaseInBrowser>;
  runFigure(scenarios: string[], workers: number): Promise<FigureInBrowser>;
  /** Console errors, page errors and failed requests seen so far (tests/e2e/browser.ts). */
  problems: string[];
  close(): Promise<void>;
}

export async function openBenchBrowser(): Promise<BenchBrowser> {
  const outDir = mkdtempSync(join(tmpdir(), 'ssd-bench-page-'));
  // No project config: the bench page needs neither React nor the oEmbed plugin; the worker
  // is an ES module as in the app (vite.config.ts), so the wasm glue's URL is rewritten.
  const config = { configFile: false as const, root: PAGE_ROOT, base: './', logLevel: 'warn' as const, build: { outDir, emptyOutDir: true, target: 'es2022' }, worker: { format: 'es' as const } };
  let server: PreviewServer | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    await browser?.close();
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await build(config);
    server = await preview({ ...config, preview: { host: '127.0.0.1', port: await freePort(), strictPort: true, open: false } });
    browser = await openBrowser();
    const { page } = browser;
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview gave no address');
    await page.goto(url);
    await page.waitForFunction((name) => name in globalThis, BENCH_PAGE_GLOBAL);
    // page.evaluate sends only each function's text to the page: the global's name travels
    // as an argument.
    return {
      userAgent: await page.evaluate(() => navigator.userAgent),
      hardwareConcurrency: await page.evaluate(() => navigator.hardwareConcurrency),
      measureCase: (scenario, repeat, causes) => page.evaluate(({ name, scenario, repeat, causes }) => ((globalThis as unknown as Record<string, BenchPage>)[name]).measureCase(scenario, repeat, causes), { name: BENCH_PAGE_GLOBAL, scenario, repeat, causes }),
      runFigure: (scenarios, workers) => page.evaluate(({ name, scenarios, workers }) => ((globalThis as unknown as Record<string, BenchPage>)[name]).runFigure(scenarios, workers), { name: BENCH_PAGE_GLOBAL, scenarios, workers }),
      problems: browser.problems,
      close: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
