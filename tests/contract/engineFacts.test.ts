// The page keeps no copy of what the engine knows (issue 43): groups, workload kinds, presets
// and the drives' colours come from the real engine's catalogue, and the page's own text is only
// translations keyed by the engine's ids. Fails on a translation of an id the catalogue lacks
// (or a catalogue id with none), on a list of the engine's group ids, workload kinds or preset ids
// written in web/src, and on a message key that names a group or kind (English is the engine's).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './loadEngine';
import type { Catalog } from '../../web/src/engine/types';
import { FIGURES_JA, GROUPS_JA, PRESETS_JA, WORKLOAD_KINDS_JA } from '../../web/src/i18n/engineText.ja';
import { PRESET_BLURBS_JA } from '../../web/src/i18n/presetBlurbs.ja';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { en } from '../../web/src/i18n/en';
import { engineConfigJson, LAB_GC_POLICIES, labConfigFrom } from '../../web/src/explain/lab/config';

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadEngine().catalog();
});

const WEB_SRC = new URL('../../web/src/', import.meta.url).pathname;
/** Where ids may be written: translation tables keyed by id, stories (data naming their preset), what the build generates. */
const MAY_NAME_IDS = [/^i18n\//, /^explain\/stories\/.*\.json$/, /^engine\/generated\//, /^engine\/pkg\//];

function sources(dir = WEB_SRC): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(tsx?|json)$/.test(name) ? [{ path: relative(WEB_SRC, full), text: readFileSync(full, 'utf8') }] : [];
  });
}

/** The quoted strings of each array literal and each object's keys in a source: where a copied list would live. */
function lists(text: string): string[][] {
  const out: string[][] = [];
  for (const m of text.matchAll(/\[([^[\]]*)\]/g)) out.push([...m[1].matchAll(/(['"`])([^'"`\n]+)\1/g)].map((q) => q[2]));
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) out.push([...m[1].matchAll(/(?:^|[,{\s])(['"]?)([\w.-]+)\1\s*:/g)].map((q) => q[2]));
  return out;
}

const ids = () => ({
  groups: [...catalog.layout.device_groups, ...catalog.layout.workload_groups].map((g) => g.id),
  kinds: catalog.layout.workload_kinds.map((k) => k.id),
  presets: catalog.presets.map((p) => p.name),
});

describe('every engine fact from the engine', () => {
  it('translates exactly the groups, workload kinds and presets the catalogue has, by id', () => {
    const { groups, kinds, presets } = ids();
    expect(groups.length).toBeGreaterThan(10);
    expect(Object.keys(GROUPS_JA).sort()).toEqual([...groups].sort());
    for (const g of [...catalog.layout.device_groups, ...catalog.layout.workload_groups]) {
      expect(g.title, g.id).toMatch(/\S/);
      // A group with another title (media without NAND) has it translated too, and only then.
      expect(GROUPS_JA[g.id].other !== undefined, g.id).toBe(g.other_title !== undefined);
    }
    expect(Object.keys(WORKLOAD_KINDS_JA).sort()).toEqual([...kinds].sort());
    for (const k of catalog.layout.workload_kinds) expect(k.label && k.help, k.id).toMatch(/\S/);
    expect(Object.keys(PRESET_BLURBS_JA).sort()).toEqual([...presets].sort());
    expect(Object.keys(PRESETS_JA).filter((n) => !presets.includes(n))).toEqual([]);
    expect(Object.keys(FIGURES_JA).filter((n) => !catalog.figures.some((f) => f.name === n))).toEqual([]);
    const paths = new Set([...catalog.knobs, ...catalog.labKnobs].map((k) => k.path));
    expect(Object.keys(KNOBS_JA).filter((p) => !paths.has(p.split('@')[0]))).toEqual([]);
  });

  it('opens groups, gives sliders and colours drives as the catalogue says', () => {
    expect([...catalog.layout.device_groups, ...catalog.layout.workload_groups].filter((g) => g.open).map((g) => g.id)).toEqual(['media', 'tier', 'xpoint', 'hdd', 'workload']);
    expect(catalog.layout.device_groups.find((g) => g.id === 'slc_cache')?.open_when_positive).toEqual(['device.slc_cache.dynamic_percent', 'device.slc_cache.static_bytes']);
    expect(catalog.knobs.filter((k) => k.slider).length).toBe(5);
    // Every figure's drives have a colour each, and no two the same.
    for (const f of catalog.figures) {
      const slots = f.members.map((m) => catalog.presets.find((p) => p.name === m.id)?.identity?.slot);
      expect(slots.every((s) => s !== undefined), f.name).toBe(true);
      expect(new Set(slots).size, f.name).toBe(slots.length);
    }
  });

  it('keeps no list of group ids, workload kinds or preset ids in web/src', () => {
    const { groups, kinds, presets } = ids();
    // Summary sections, series roles and charts share some ids with knob groups (gc, mapping, …);
    // a list naming a group only the knob layout has (xpoint, controller, precondition, …) is the layout's.
    const summaryGroups = new Set(catalog.summaryFields.map((f) => f.group));
    const knobOnly = groups.filter((g) => !summaryGroups.has(g as never));
    expect(knobOnly.length).toBeGreaterThanOrEqual(3);
    const found: string[] = [];
    for (const { path, text } of sources()) {
      if (MAY_NAME_IDS.some((re) => re.test(path))) continue;
      for (const list of lists(text)) {
        const named = (of: string[]) => list.filter((s) => of.includes(s));
        // Three group ids one of them the layout's own, half the kinds, or two presets in one
        // list: a copy of the engine's. (A rule naming a kind or two, as QoS jobs do, is the page's.)
        if (named(groups).length >= 3 && named(knobOnly).length > 0) found.push(`${path}: groups ${named(groups).join(', ')}`);
        if (named(kinds).length >= kinds.length / 2) found.push(`${path}: workload kinds ${named(kinds).join(', ')}`);
        if (named(presets).length >= 2) found.push(`${path}: presets ${named(presets).join(', ')}`);
      }
      // A preset named anywhere outside the stories and the translations is a fact the page holds.
      for (const p of presets) if (new RegExp(`['"\`]${p}['"\`]`).test(text)) found.push(`${path}: preset ${p}`);
    }
    expect(found).toEqual([]);
  });

  it('starts the NAND lab as the engine does, with the GC policies its knob lists', async () => {
    const api = loadEngine();
    const engine = await api.labOpen('{}');
    // The lab card starts from the engine's defaults (`lab_defaults()`), read back through the page's config.
    const defaults = await api.labDefaults();
    expect(JSON.parse(engineConfigJson(labConfigFrom(defaults)))).toEqual(defaults);
    const page = await api.labOpen(engineConfigJson(labConfigFrom(defaults)));
    expect(page.layout).toEqual(engine.layout);
    expect(catalog.labKnobs.find((k) => k.path === 'lab.gc_policy')?.options).toEqual(LAB_GC_POLICIES);
  });

  it('writes no English of its own for a group or a workload kind (message keys by id)', () => {
    const { groups, kinds } = ids();
    const keys = Object.keys(en);
    expect(keys.filter((k) => groups.some((g) => k === `group.${g}` || k.startsWith(`group.${g}.`)))).toEqual([]);
    expect(keys.filter((k) => kinds.some((kind) => k === `kind.${kind}` || k.startsWith(`kind.${kind}.`)))).toEqual([]);
  });
});
