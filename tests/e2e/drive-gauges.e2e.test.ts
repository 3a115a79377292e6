// A gauge never reads past its scale: over every snapshot of every run the build ships for the
// story steps, each gauge of the drive-state panel (SLC cache, write buffer, free blocks, a
// hybrid's cache tier) holds a value between 0 and its scale. The SLC cache shrinks as the drive
// fills while the SLC blocks already written wait to be folded, so what it holds can be over
// its size now: its gauge is scaled to what it holds and marks the size inside (gauges.ts).
import { describe, expect, inject, it } from 'vitest';
import { decodeRun } from '../../web/src/explain/story/runFile';
import { STORY_RUNS_DIR, STORY_RUNS_INDEX, type ShippedIndex } from '../../web/src/explain/story/shippedFiles';
import { gaugeReadings } from '../../web/src/charts/drive-state/gauges';

const base = () => inject('baseUrl');

async function served(name: string): Promise<string> {
  const response = await fetch(`${base()}${STORY_RUNS_DIR}/${name}`);
  expect(response.ok, name).toBe(true);
  return response.text();
}

describe('the drive-state gauges over every shipped story run', () => {
  it('every gauge of every snapshot is within its scale, and the SLC cache’s size mark too', async () => {
    const index = JSON.parse(await served(STORY_RUNS_INDEX)) as ShippedIndex;
    const names = [...new Set(Object.values(index.steps).flat())];
    let gauges = 0;
    let slcOver = 0;
    for (const name of names) {
      const text = await served(name);
      const run = decodeRun((JSON.parse(text) as { scenario: string }).scenario, text);
      expect(run, name).not.toBeNull();
      for (const [i, snapshot] of (run!.snapshots?.snapshots ?? []).entries()) {
        for (const g of gaugeReadings(snapshot)) {
          const at = `${name} snapshot ${i} ${g.id}: ${g.value} of ${g.scale}`;
          expect(g.value, at).toBeGreaterThanOrEqual(0);
          expect(g.value, at).toBeLessThanOrEqual(g.scale);
          if (g.mark !== null) {
            expect(g.mark, at).toBeGreaterThanOrEqual(0);
            expect(g.mark, at).toBeLessThanOrEqual(g.scale);
          }
          gauges += 1;
        }
        if (snapshot.slc && snapshot.slc.data_gb > snapshot.slc.size_gb) slcOver += 1;
      }
    }
    expect(gauges).toBeGreaterThan(1000);
    // The runs do hold more in SLC than its size at times (article 001's drives after the cliff): the case is exercised.
    expect(slcOver).toBeGreaterThan(10);
  }, 120_000);
});
