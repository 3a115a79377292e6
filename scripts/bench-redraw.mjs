// How soon the page redraws after a slider stop while runs stream (issue 43), timed as a reader
// lives it: a fresh browser context per sample, the default preset on a drive large enough that
// each run streams for longer than the gap between stops, the OP slider moved over 10 stops
// (450 ms apart, past the auto-run delay, so each stop starts a run that the next one stops),
// then one more stop timed from the key press to the first chart line of the run it started.
//
//   node scripts/bench-redraw.mjs URL [URL_B] [--pairs N]
//
// With two URLs (two builds served side by side) the samples alternate A B A B … and the ratio
// B/A is given pair by pair: the machine's speed drifts, a paired ratio holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const pairsAt = args.indexOf('--pairs');
const pairs = pairsAt >= 0 ? Number(args[pairsAt + 1]) : 5;
const urls = args.filter((a, i) => !a.startsWith('--') && i !== pairsAt + 1);
if (urls.length < 1 || !(pairs > 0)) {
  console.error('usage: node scripts/bench-redraw.mjs URL [URL_B] [--pairs N]');
  process.exit(2);
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCENARIO = '?preset=660p-like&device.nand.blocks_per_plane=2048';
const OP = 'device.capacity.op_percent';

async function sample(base) {
  const dir = mkdtempSync(join(tmpdir(), 'ssd-redraw-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, serviceWorkers: 'block' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(new URL(SCENARIO, base).href, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ssd?.status === 'done', null, { timeout: 120_000 });
    const group = page.locator('details[data-group="capacity"]').first();
    if (!(await group.evaluate((d) => d.open))) await group.locator('summary').click();
    const slider = page.locator(`[data-slider="${OP}"]`);
    await slider.focus();
    for (let i = 0; i < 10; i++) {
      await slider.press('ArrowRight');
      await page.waitForTimeout(450);
    }
    const field = page.locator(`[data-path="${OP}"]`);
    const before = await field.inputValue();
    const t0 = await page.evaluate(() => performance.now());
    await slider.press('ArrowRight');
    // The run of the scenario the reader now sees: its OP is the knob's new value (a slower build
    // may still be starting the previous stop's run, which is not the redraw that was asked for).
    await page.waitForFunction(([path, was]) => document.querySelector(`[data-path="${path}"]`)?.value !== was, [OP, before]);
    const op = Number(await field.inputValue());
    const drawn = await page.waitForFunction(
      (want) => {
        const h = window.__ssd;
        const run = h.scenarioJson ? JSON.parse(h.scenarioJson) : null;
        const ok = run?.device?.capacity?.op_percent === want && !document.querySelector('.content.stale') && document.querySelector('.plot svg[data-points]:not([data-points="0"])') !== null;
        return ok && performance.now();
      },
      op,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await drawn.jsonValue()) - t0;
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = urls.map(() => []);
const ratios = [];
for (let p = 0; p < pairs; p++) {
  const row = [];
  for (const [i, url] of urls.entries()) row.push(await sample(url));
  row.forEach((ms, i) => times[i].push(ms));
  if (row.length === 2) ratios.push(row[1] / row[0]);
  console.log(`pair ${p + 1}: ${row.map((ms) => `${ms.toFixed(0)} ms`).join(' / ')}`);
}
urls.forEach((url, i) => console.log(`${url}: median ${median(times[i]).toFixed(0)} ms (min ${Math.min(...times[i]).toFixed(0)}, max ${Math.max(...times[i]).toFixed(0)}), first redrawn point after a slider stop, auto-run delay included`));
if (ratios.length) console.log(`B/A per pair: median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`);
