// Every id a story names exists in the real engine's catalogue, and every step's scenario is
// one the engine accepts: presets and figures, the paths and values a step sets (read by the
// share-link codec, so an unknown path or bad value is an issue), inline knob paths and
// {knob:…} placeholders (knobs that apply to the step's workload and device), {summary:…}
// placeholders (summary field ids), the chart each step shows (among the charts its run
// gets), the playground link, which must decode to exactly the step's scenario, and each NAND
// 101 step's drive, which the NAND view's engine must accept.
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import { chartDefs } from '../../web/src/run/chartSpecs';
import type { Catalog, SeriesMeta } from '../../web/src/engine/types';
import { NandLab, Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import { engineConfigJson } from '../../web/src/explain/lab/config';
import { STORIES } from '../../web/src/explain/stories';
import { stepTokens, type DisplayUnit, type StoryStep } from '../../web/src/explain/stories/schema';
import { convertible } from '../../web/src/explain/story/liveUnits';
import { figureWithSet, playgroundQuery, presetScenario } from '../../web/src/explain/story/stepScenario';
import { deviceKinds, knobsFor, workloadKind } from '../../web/src/scenario/knobs';
import { decodeComparison } from '../../web/src/scenario/pinCodec';
import type { JsonObject } from '../../web/src/scenario/paths';
import { decodeScenario, type CodecContext } from '../../web/src/scenario/urlCodec';
import { loadEngine, runCollect } from './loadEngine';

let catalog: Catalog;
let codec: CodecContext;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  codec = codecContext(catalog).codec;
});

const label = (story: string, step: StoryStep) => `${story}/${step.id}`;

/** The series a scenario's run starts with (the latency CDFs join when it finishes). */
function seriesAtStart(json: string): SeriesMeta[] {
  const sim = new Simulation(json);
  try {
    return JSON.parse(sim.series_meta()) as SeriesMeta[];
  } finally {
    sim.free();
  }
}

describe('stories against the engine catalogue', () => {
  for (const story of STORIES) {
    it(`${story.id}: presets, figures, paths, knobs, summary fields and charts exist; scenarios validate`, async () => {
      const api = loadEngine();
      const fieldIds = new Set(catalog.summaryFields.map((f) => f.id));
      for (const step of story.steps) {
        const at = label(story.id, step);
        const show = step.show;
        if ('lab' in show) {
          // The NAND view's engine accepts the step's drive, with room for logical pages.
          const lab = new NandLab(engineConfigJson(show.lab));
          const layout = JSON.parse(lab.layout()) as { blocks: number; logical_pages: number };
          lab.free();
          expect(layout.blocks, at).toBe(show.lab.blocks);
          expect(layout.logical_pages, at).toBeGreaterThan(show.lab.pagesPerBlock);
          continue;
        }
        const tokens = stepTokens(step);
        for (const tok of tokens) if (tok.kind === 'summary') expect(fieldIds.has(tok.id), `${at} {summary:${tok.id}}`).toBe(true);
        // A live number asked for in a chart's unit is of that kind (a size in GB, a time in ms).
        for (const tok of tokens) if (tok.kind === 'summary' && tok.unit) expect(convertible(catalog.summaryFields.find((f) => f.id === tok.id)?.unit ?? '', tok.unit as DisplayUnit), `${at} {summary:${tok.id}|${tok.unit}}`).toBe(true);
        // A mark that follows a summary value follows one in bytes (it becomes the chart's GiB or GB).
        for (const h of step.highlight ?? []) if (h.x_from) expect(catalog.summaryFields.find((f) => f.id === h.x_from)?.unit, `${at} x_from ${h.x_from}`).toBe('bytes');

        if ('preset' in show) {
          expect(catalog.presets.map((p) => p.name), at).toContain(show.preset);
          const { scenario, issues } = presetScenario(show, codec);
          expect(issues, at).toEqual([]);
          const json = JSON.stringify(scenario);
          // The engine accepts the step's scenario as it stands.
          await expect(api.validate(json), at).resolves.toBeTypeOf('string');
          // Knobs and {knob:…} exist and apply to this workload and device.
          const usable = new Set(knobsFor(catalog.knobs, workloadKind(scenario), deviceKinds(scenario)).map((k) => k.path));
          const paths = [...(step.knobs ?? []), ...tokens.flatMap((t) => (t.kind === 'knob' ? [t.path] : []))];
          for (const path of paths) expect(usable.has(path), `${at} knob ${path}`).toBe(true);
          // The chart exists for this run (a latency distribution only once the run has finished).
          const chart = step.chart ?? 'headline';
          let charts = chartDefs(seriesAtStart(json)).map((d) => d.id);
          if (!charts.includes(chart)) charts = chartDefs((await runCollect(json, { blockMap: false })).result.series).map((d) => d.id);
          expect(charts, `${at} chart`).toContain(chart);
          // The playground link holds exactly this scenario.
          const query = playgroundQuery(show, codec, catalog.figures, 'en')!;
          const back = decodeScenario(query, codec);
          expect(back.issues, at).toEqual([]);
          expect(back.scenario, at).toEqual(scenario);
        } else {
          const named = catalog.figures.find((f) => f.name === show.figure);
          expect(named, `${at} figure ${show.figure}`).toBeDefined();
          // A figure draws one chart: its members' headline, or the chart of the series it names.
          const own = named!.series === undefined ? 'headline' : chartDefs(seriesAtStart(JSON.stringify(named!.members[0].scenario)).filter((s) => s.id === named!.series))[0]?.id;
          expect(step.chart ?? 'headline', at).toBe(own);
          const { figure, issues } = figureWithSet(named!, show.set, codec);
          expect(issues, at).toEqual([]);
          for (const m of figure.members) await expect(api.validate(JSON.stringify(m.scenario)), `${at} ${m.id}`).resolves.toBeTypeOf('string');
          // The playground link overlays the same runs: the figure itself, or each member pinned.
          const query = playgroundQuery(show, codec, catalog.figures, 'en')!;
          const comparison = decodeComparison(query, codec, catalog.figures);
          expect(comparison.issues, at).toEqual([]);
          if (show.set) {
            expect(comparison.pins.map((p) => p.decoded.scenario), at).toEqual(figure.members.map((m) => m.scenario as unknown as JsonObject));
          } else {
            expect(comparison.figure?.figure, at).toBe(show.figure);
          }
          expect(decodeScenario(query, codec).scenario, at).toEqual(figure.members[0].scenario);
        }
      }
    }, 120_000);
  }
});
