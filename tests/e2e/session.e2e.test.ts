// One slider step while a run streams (issue 43): the page compiles each edit once in the
// worker and starts its run from that compile; a new run stops the old one between two chunks,
// so dragging a slider restarts no worker and reloads no wasm. Counted by the page's engine
// (window.__ssd.engineStats): compile calls, compiles done in the worker, workers started and
// wasm loads. Also prints how long the first redrawn point takes after the last stop.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openAppPerFile, openGroup, waitForRun } from './app';
import type { EngineStats } from '../../web/src/engine/bridge';

const baseUrl = inject('baseUrl');
let page: Page;

openAppPerFile((b) => {
  page = b.page;
});

const OP = 'device.capacity.op_percent';
const STOPS = 10;

function engineStats(): Promise<EngineStats> {
  return page.evaluate(async () => (await window.__ssd!.engineStats())!);
}

describe('one worker trip per edit', () => {
  it(`dragging the OP slider over ${STOPS} stops while runs stream: one compile per stop, no worker restarted, no wasm reloaded`, async () => {
    // The default preset (a whole-drive write), on a drive large enough that each run streams
    // for longer than the gap between two stops.
    await page.goto(`${baseUrl}?preset=660p-like&device.nand.blocks_per_plane=2048`, { waitUntil: 'load' });
    await waitForRun(page);
    const before = await engineStats();
    const runsBefore = await page.evaluate(() => window.__ssd!.runs);
    await openGroup(page, 'capacity');
    const slider = page.locator(`[data-slider="${OP}"]`);
    await slider.focus();

    // Each stop waits past the auto-run delay, so it starts a run that the next stop stops.
    const streamingAtStop: boolean[] = [];
    for (let i = 0; i < STOPS; i++) {
      streamingAtStop.push(await page.evaluate(() => window.__ssd!.status === 'running'));
      await slider.press('ArrowRight');
      await page.waitForTimeout(450);
    }
    // The first redrawn point after one more stop: from the key press to a chart line with
    // points of a run started after it (the previous run's charts are no longer shown dimmed).
    const runsNow = await page.evaluate(() => window.__ssd!.runs);
    const t0 = await page.evaluate(() => performance.now());
    await slider.press('ArrowRight');
    const drawnAt = await page.waitForFunction(
      (n) => window.__ssd!.runs > n && !document.querySelector('.content.stale') && document.querySelector('.plot svg[data-points]:not([data-points="0"])') !== null && performance.now(),
      runsNow,
      { polling: 'raf', timeout: 60_000 },
    );
    const redraw = ((await drawnAt.jsonValue()) as number) - t0;
    await waitForRun(page, () => true, runsBefore + 1, 120_000);
    const after = await engineStats();
    const runs = (await page.evaluate(() => window.__ssd!.runs)) - runsBefore;
    console.info(`OP slider, ${STOPS} stops: ${after.compileTrips - before.compileTrips} compile calls, ${after.compilesInWorker - before.compilesInWorker} compiles in the worker, ${runs} runs, workers started ${after.workerStarts}, wasm loads ${after.wasmLoads}; streaming at ${streamingAtStop.filter(Boolean).length} of ${STOPS} stops; first redrawn point ${redraw.toFixed(0)} ms after a further stop`);
    expect(streamingAtStop.filter(Boolean).length).toBeGreaterThanOrEqual(STOPS - 1);
    expect(after.workerStarts).toBe(1);
    expect(after.wasmLoads).toBe(1);
    // One compile per stop: the ten, and the one the redraw was timed on.
    expect(after.compileTrips - before.compileTrips).toBe(STOPS + 1);
    expect(after.compilesInWorker - before.compilesInWorker).toBe(STOPS + 1);
    expect(runs).toBeGreaterThanOrEqual(STOPS);
  }, 240_000);
});
