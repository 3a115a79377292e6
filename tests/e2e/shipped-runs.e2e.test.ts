// The runs the build ships for the story steps are the runs the engine makes, bit for bit: each
// file served next to the app, read back as the page reads it, has the digest pinned for that
// step in tests/contract/story-digests.json, which storyDigest.test.ts checks against a fresh
// run of the same scenario. Every step of every story is shipped, and the shipped catalogue is
// the engine's own.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { decodeRun } from '../../web/src/explain/story/runFile';
import { STORIES } from '../../web/src/explain/stories';
import { STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX, type ShippedIndex } from '../../web/src/explain/story/shippedFiles';
import { loadEngine } from '../contract/loadEngine';
import { digest } from '../contract/runDigest';

const base = () => inject('baseUrl');
const pinned = JSON.parse(readFileSync(new URL('../contract/story-digests.json', import.meta.url), 'utf8')) as Record<string, string>;

async function served(name: string): Promise<string> {
  const response = await fetch(`${base()}${STORY_RUNS_DIR}/${name}`);
  expect(response.ok, name).toBe(true);
  return response.text();
}

describe('the story runs the build ships', () => {
  it('every step of every story has its runs, and each is the engine’s run bit for bit', async () => {
    const index = JSON.parse(await served(STORY_RUNS_INDEX)) as ShippedIndex;
    let checked = 0;
    for (const story of STORIES) {
      for (const step of story.steps) {
        const at = `${story.id}/${step.id}`;
        const names = index.steps[at];
        if ('lab' in step.show) {
          expect(names, at).toBeUndefined();
          continue;
        }
        expect(names, at).toBeDefined();
        // A preset step's pin is the step's; a figure step's are its members', in order.
        const pins = 'preset' in step.show ? [pinned[at]] : Object.keys(pinned).filter((k) => k.startsWith(`${at} member `)).sort((a, b) => memberIndex(a) - memberIndex(b)).map((k) => pinned[k]);
        expect(names.length, at).toBe(pins.length);
        for (const [i, name] of names.entries()) {
          const text = await served(name);
          const scenario = (JSON.parse(text) as { scenario: string }).scenario;
          const run = decodeRun(scenario, text);
          expect(run, `${at} ${name}`).not.toBeNull();
          const report = {
            summary: run!.summary as unknown as Record<string, unknown>,
            series: run!.series.map((s, k) => ({ id: s.id, x: s.x, y: s.y, points: run!.buffers[k].toPairs() })),
            power_cut: run!.powerCut ?? null,
          };
          expect(digest(report), `${at} run ${i}`).toBe(pins[i]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 120_000);

  it('the shipped catalogue is the engine’s', async () => {
    const shipped = JSON.parse(await served(STORY_RUNS_CATALOG)) as unknown;
    expect(shipped).toEqual(JSON.parse(JSON.stringify(await loadEngine().catalog())));
  }, 60_000);

  it('a file is used only for its own scenario', async () => {
    const index = JSON.parse(await served(STORY_RUNS_INDEX)) as ShippedIndex;
    const text = await served(index.runs[0]);
    expect(decodeRun('{"name":"another scenario"}', text)).toBeNull();
  });
});

function memberIndex(key: string): number {
  return Number(/ member (\d+) /.exec(key)?.[1] ?? NaN);
}
