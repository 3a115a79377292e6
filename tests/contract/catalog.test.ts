// The engine's catalogue as the page loads it, and the promises the UI builds on: every field
// of every preset has a knob, every knob/preset/series has Japanese text.
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import type { Catalog } from '../../web/src/engine/types';
import { AXES_JA, FIGURES_JA, OPTIONS_JA, PRESETS_JA, SERIES_JA, SUMMARY_JA } from '../../web/src/i18n/engineText.ja';
import { optionLabel } from '../../web/src/i18n/engineText';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { knobsFor, WORKLOAD_KINDS } from '../../web/src/scenario/knobs';
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
    expect(Object.keys(catalog.workloadDefaults).sort()).toEqual([...WORKLOAD_KINDS].sort());
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

  it('every choice of every knob has an English and a Japanese label', () => {
    for (const k of catalog.knobs) {
      for (const o of k.options ?? []) {
        expect(optionLabel('en', k.path, o), `${k.path}=${o}`).not.toBe('');
        expect(OPTIONS_JA[k.path]?.[o], `${k.path}=${o} in Japanese`).toBeDefined();
      }
    }
  });

  it('every preset and figure has a Japanese title and description', () => {
    expect(catalog.presets.filter((p) => !PRESETS_JA[p.name]).map((p) => p.name)).toEqual([]);
    for (const f of catalog.figures) {
      expect(FIGURES_JA[f.name], f.name).toBeDefined();
      for (const m of f.members) expect(FIGURES_JA[f.name].members[m.label], `${f.name}: ${m.label}`).toBeDefined();
    }
  });

  it('every series and axis the presets produce has a Japanese name', () => {
    const ids = new Set<string>(['latency_cdf_read', 'latency_cdf_write']);
    const axes = new Set<string>(['Latency', 'Operations at or below']);
    for (const p of catalog.presets) {
      const sim = new Simulation(JSON.stringify(p.scenario));
      try {
        for (const s of JSON.parse(sim.series_meta()) as { id: string; x: { name: string }; y: { name: string } }[]) {
          ids.add(s.id);
          axes.add(s.x.name);
          axes.add(s.y.name);
        }
      } finally {
        sim.free();
      }
    }
    expect([...ids].filter((id) => !SERIES_JA[id])).toEqual([]);
    expect([...axes].filter((a) => !AXES_JA[a])).toEqual([]);
  });

  it('every summary number has a Japanese label', async () => {
    const result = await loadEngine().run(catalog.defaultScenario, () => {}, { blockMap: false });
    const keys = Object.entries(result.summary).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? [k, ...Object.keys(v)] : typeof v === 'number' ? [k] : []));
    expect(keys.filter((k) => !SUMMARY_JA[k])).toEqual([]);
  });
});
