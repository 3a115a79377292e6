// Every story step's numbers held bit for bit: each step's scenarios (a preset step's, or every
// member of a figure step, read by the share-link codec exactly as the page reads them) are run
// by the real wasm engine and reduced to a 64-bit digest, compared with story-digests.json, made
// before a refactoring started. engine/core/tests/digest.rs holds presets, figures and bench
// cases the same way natively.
//
// The digest is over values by id: the summary's leaves (dotted ids) with zeros and `false` left
// out, so the summary's layout may change and its numbers may not, then every series' id, axes
// and points. A change meant to move numbers regenerates the file with UPDATE_DIGESTS=1.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import { Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import { STORIES } from '../../web/src/explain/stories';
import { figureWithSet, presetScenario } from '../../web/src/explain/story/stepScenario';
import type { CodecContext } from '../../web/src/scenario/urlCodec';
import type { Catalog } from '../../web/src/engine/types';
import { loadEngine } from './loadEngine';
import { digest, type ReportJson } from './runDigest';

const FILE = new URL('./story-digests.json', import.meta.url);

function runReport(scenario: object): ReportJson {
  const sim = new Simulation(JSON.stringify(scenario));
  try {
    while (!sim.run(1 << 20));
    return JSON.parse(sim.report()) as ReportJson;
  } finally {
    sim.free();
  }
}

/** Every scenario a story step runs, by `story/step` (and member for a figure). */
function stepScenarios(catalog: Catalog, codec: CodecContext): Map<string, object> {
  const out = new Map<string, object>();
  for (const story of STORIES) {
    for (const step of story.steps) {
      const show = step.show;
      const at = `${story.id}/${step.id}`;
      if ('preset' in show) out.set(at, presetScenario(show, codec).scenario);
      if ('figure' in show) {
        const named = catalog.figures.find((f) => f.name === show.figure);
        if (!named) throw new Error(`${at}: no figure ${show.figure}`);
        figureWithSet(named, show.set, codec).figure.members.forEach((m, i) => out.set(`${at} member ${i} (${m.id})`, m.scenario));
      }
    }
  }
  return out;
}

describe('story steps give the same numbers', () => {
  let scenarios: Map<string, object>;
  beforeAll(async () => {
    const catalog = await loadEngine().catalog();
    scenarios = stepScenarios(catalog, codecContext(catalog).codec);
  });

  it('every step of every story, against story-digests.json', () => {
    const got: Record<string, string> = {};
    for (const [at, scenario] of scenarios) got[at] = digest(runReport(scenario));
    if (process.env.UPDATE_DIGESTS) {
      writeFileSync(FILE, `${JSON.stringify(got, Object.keys(got).sort(), 2)}\n`);
      return;
    }
    expect(existsSync(FILE), 'tests/contract/story-digests.json').toBe(true);
    const want = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
    expect(got).toEqual(want);
  }, 600_000);
});
