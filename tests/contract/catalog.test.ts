// The engine's catalogue as the page loads it, and the promises the UI builds on: every field
// of every preset has a knob, every knob/preset/series has Japanese text.
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import type { Catalog } from '../../web/src/engine/types';
import { ARTICLE_VALUES_JA } from '../../web/src/i18n/articleValues.ja';
import { AXES_JA, FIGURES_JA, LABELS_JA, OPTIONS_JA, PRESETS_JA, SUMMARY_JA } from '../../web/src/i18n/engineText.ja';
import { unitText } from '../../web/src/i18n/units';
import { GROUP_TITLES } from '../../web/src/panels/SummaryPanel';
import { summaryPaths } from '../../web/src/panels/summaryFields';
import type { SeriesMeta } from '../../web/src/engine/types';
import { LAB_CHOICES } from '../../web/src/explain/lab/config';
import { optionLabel } from '../../web/src/i18n/engineText';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { knobsFor } from '../../web/src/scenario/knobs';
import { flattenLeaves } from '../../web/src/scenario/paths';
import { loadEngine } from './loadEngine';

let catalog: Catalog;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
});

/** Fields that are identity or structure, not knobs. */
const NOT_KNOBS = new Set(['version', 'name', 'description', 'workload.kind']);

describe('catalogue', () => {
  it('holds presets normalised by the engine, figures, knobs and each workload kind’s defaults', async () => {
    const api = loadEngine();
    expect(catalog.presets.length).toBeGreaterThanOrEqual(10);
    for (const p of catalog.presets) {
      expect(p.title, p.name).toMatch(/\S/);
      expect(JSON.parse(await api.validate(JSON.stringify(p.scenario)))).toEqual(p.scenario);
    }
    expect(catalog.figures.map((f) => f.name)).toContain('article-000-random-read');
    for (const f of catalog.figures) expect(f.members.length).toBeGreaterThan(1);
    expect(catalog.knobs.length).toBeGreaterThan(40);
    // The engine's workload kinds, in its menu order (benchmarks first, a custom job last).
    expect(Object.keys(catalog.workloadDefaults)).toEqual(catalog.layout.workload_kinds.map((k) => k.id));
    expect(catalog.layout.workload_kinds.at(-1)?.id).toBe('job');
    // Every knob's group has its place in one of the panels.
    const placed = [...catalog.layout.device_groups, ...catalog.layout.workload_groups].map((g) => g.id);
    expect(catalog.knobs.filter((k) => !placed.includes(k.group))).toEqual([]);
    for (const [kind, w] of Object.entries(catalog.workloadDefaults)) expect(w.kind).toBe(kind);
  });

  it('has a knob for every field of every preset (the forms are complete)', () => {
    for (const p of catalog.presets) {
      const kind = String((p.scenario.workload as { kind: string }).kind);
      const paths = new Set(knobsFor(catalog.knobs, kind).map((k) => k.path));
      const leaves = flattenLeaves(p.scenario);
      const missing = [...leaves.keys()].filter((path) => !NOT_KNOBS.has(path) && !paths.has(path) && !(path === 'device.nand.timing' && leaves.get(path) === null));
      expect(missing, `${p.name}: fields without a knob`).toEqual([]);
    }
  });

  it('marks every field a preset, figure or kind default leaves empty as nullable (the knob table is the only source)', () => {
    const scenarios = [
      ...catalog.presets.map((p) => p.scenario),
      ...catalog.figures.flatMap((f) => f.members.map((m) => m.scenario)),
      ...Object.values(catalog.workloadDefaults).map((workload) => ({ workload })),
    ];
    const nulls = new Set<string>();
    const walk = (value: unknown, path: string) => {
      if (value === null) nulls.add(path);
      else if (typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    };
    scenarios.forEach((s) => walk(s, ''));
    // A null group (device.nand.timing) leaves each of its knobs empty too.
    const empty = catalog.knobs.filter((k) => [...nulls].some((n) => k.path === n || k.path.startsWith(`${n}.`))).map((k) => k.path);
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.filter((p) => !catalog.knobs.find((k) => k.path === p)?.nullable)).toEqual([]);
  });

  it('names only device kinds the device.kind knob offers, on knobs and summary values alike', () => {
    const kinds = catalog.knobs.find((k) => k.path === 'device.kind')?.options ?? [];
    expect(kinds).toEqual(['nand_ssd', 'xpoint_ssd', 'hdd', 'hybrid']);
    // A hybrid's tiers are drives of the other kinds (deviceKinds: hybrid + cache + backing).
    for (const tier of ['device.tier.cache', 'device.tier.backing']) {
      const options = catalog.knobs.find((k) => k.path === tier)?.options ?? [];
      expect(options.length, tier).toBeGreaterThan(1);
      expect(options.filter((o) => !kinds.includes(o) || o === 'hybrid'), tier).toEqual([]);
    }
    const named = [...catalog.knobs, ...catalog.summaryFields].flatMap((k) => k.devices ?? []);
    expect(named.filter((d) => !kinds.includes(d))).toEqual([]);
    // Every kind has a media group of its own, summary values of its kind (the media values of
    // XPoint and disks alike), and shares the host interface.
    for (const kind of kinds) {
      expect(catalog.knobs.some((k) => k.devices?.length === 1 && k.devices[0] === kind), kind).toBe(true);
      expect(catalog.summaryFields.some((f) => f.devices?.includes(kind)), kind).toBe(true);
    }
    expect(catalog.knobs.filter((k) => k.path.startsWith('device.host_interface.')).every((k) => !k.devices?.length)).toBe(true);
  });

  it('knob ranges are ordered and choices have options', () => {
    for (const k of catalog.knobs) {
      if (k.min !== undefined && k.max !== undefined) expect(k.min, k.path).toBeLessThanOrEqual(k.max);
      if (k.kind === 'enum') expect(k.options?.length, k.path).toBeGreaterThan(0);
      expect(k.label, k.path).toMatch(/\S/);
      expect(k.help, k.path).toMatch(/\S/);
    }
  });
});

describe('Japanese for everything the engine names', () => {
  it('every knob path has a Japanese label and help (a new engine knob fails here until translated)', () => {
    const missing = [...new Set(catalog.knobs.map((k) => k.path))].filter((p) => !KNOBS_JA[p]?.label || !KNOBS_JA[p]?.help);
    expect(missing).toEqual([]);
  });

  it('every choice of every knob has an English label from the engine and a Japanese one', () => {
    for (const k of [...catalog.knobs, ...catalog.labKnobs]) {
      expect(k.option_labels?.length ?? 0, k.path).toBe(k.options?.length ?? 0);
      for (const o of k.options ?? []) {
        expect(optionLabel('en', k, o), `${k.path}=${o}`).not.toBe(o);
        expect(OPTIONS_JA[k.path]?.[o], `${k.path}=${o} in Japanese`).toBeDefined();
      }
    }
    expect(optionLabel('en', catalog.knobs.find((k) => k.path === 'device.gc.policy')!, 'fifo')).toBe('FIFO (oldest first)');
  });

  it("the NAND lab's choices are what the engine's lab knobs allow", () => {
    const range = (path: string) => catalog.labKnobs.find((k) => k.path === path)!;
    const within = (values: readonly number[], path: string) => values.every((v) => v >= range(path).min! && v <= range(path).max!);
    expect(within(LAB_CHOICES.blocks, 'lab.blocks') && within(LAB_CHOICES.pagesPerBlock, 'lab.pages_per_block') && within(LAB_CHOICES.opPercent, 'lab.op_percent')).toBe(true);
    expect(range('lab.op_percent').max).toBe(catalog.knobs.find((k) => k.path === 'device.capacity.op_percent')!.max);
    expect(range('lab.gc_policy').options).toEqual(catalog.knobs.find((k) => k.path === 'device.gc.policy')!.options);
  });

  it('every preset and figure has a Japanese title and description', () => {
    expect(catalog.presets.filter((p) => !PRESETS_JA[p.name]).map((p) => p.name)).toEqual([]);
    for (const f of catalog.figures) {
      expect(FIGURES_JA[f.name], f.name).toBeDefined();
      for (const m of f.members) expect(FIGURES_JA[f.name].members[m.id], `${f.name}: ${m.id}`).toBeDefined();
    }
  });

  it('every series label and axis the presets produce has a Japanese name, by id', () => {
    const labels = new Set<string>();
    const axes = new Set<string>();
    const roles = new Set<string>();
    for (const p of catalog.presets) {
      const sim = smallestDrive(p.scenario);
      try {
        // Run to the end (preconditioning returns at its own boundary): the latency CDFs are
        // added when the run finishes.
        while (!sim.run(1_000_000)) {
          /* next chunk */
        }
        for (const s of JSON.parse(sim.series_meta()) as SeriesMeta[]) {
          labels.add(s.label_id);
          axes.add(s.x.id);
          axes.add(s.y.id);
          roles.add(s.role);
          expect(unitText('en', s.y.unit), `${s.id}: unit ${s.y.unit}`).toBeTypeOf('string');
        }
      } finally {
        sim.free();
      }
    }
    // The tables are Records over the generated enums; this checks the engine's real output
    // against them too, and lists what is missing by id.
    expect([...labels].filter((id) => !Object.hasOwn(LABELS_JA, id))).toEqual([]);
    expect([...axes].filter((id) => !Object.hasOwn(AXES_JA, id))).toEqual([]);
    expect([...roles].sort()).toEqual(expect.arrayContaining(['headline', 'latency_cdf', 'latency_histogram', 'mapping', 'throughput', 'tier', 'waf']));
    // Every preset run to its end: a quarter of a minute of wasm on one core.
  }, 240_000);

  it('every value of the summary catalogue has a Japanese label, and the catalogue covers the summary', async () => {
    const ids = catalog.summaryFields.map((f) => f.id);
    expect(ids.filter((id) => !Object.hasOwn(SUMMARY_JA, id))).toEqual([]);
    expect(Object.keys(SUMMARY_JA).filter((id) => !ids.includes(id))).toEqual([]); // no stale entries
    const result = await loadEngine().run(catalog.defaultScenario, () => {}, { blockMap: false });
    expect(summaryPaths(result.summary).filter((p) => !ids.includes(p))).toEqual([]);
    for (const f of catalog.summaryFields) expect(GROUP_TITLES[f.group], f.id).toBeDefined();
  });
});

describe('Japanese for what the articles measured', () => {
  it("every article value of every figure has Japanese text: its label and, where the engine differs, the reason", () => {
    const missing: string[] = [];
    for (const f of catalog.figures) {
      for (const v of f.article_values) {
        const ja = ARTICLE_VALUES_JA[f.name]?.[v.id];
        if (!ja?.label) missing.push(`${f.name}: ${v.id}`);
        else if ((ja.differs === undefined) !== (v.differs === undefined)) missing.push(`${f.name}: ${v.id} (differs)`);
      }
    }
    expect(missing).toEqual([]);
    // And nothing translated that the figures no longer list (a renamed id would hide here).
    const listed = catalog.figures.flatMap((f) => f.article_values.map((v) => `${f.name}: ${v.id}`));
    const translated = Object.entries(ARTICLE_VALUES_JA).flatMap(([f, values]) => Object.keys(values).map((id) => `${f}: ${id}`));
    expect(translated.filter((k) => !listed.includes(k))).toEqual([]);
    expect(listed.length).toBeGreaterThanOrEqual(30);
  });
});

/** The preset's drive as small as it allows (1/64, else 1/16, else as shipped): a run draws
 * the same series, only sooner (`scale` keeps every ratio; the engine refuses a scale a
 * drive's geometry cannot take). */
function smallestDrive(scenario: { scale?: number }): Simulation {
  for (const scale of [64, 16]) {
    if ((scenario.scale ?? 1) >= scale) break;
    try {
      return new Simulation(JSON.stringify({ ...scenario, scale }));
    } catch {
      /* not at this scale: try the next */
    }
  }
  return new Simulation(JSON.stringify(scenario));
}
