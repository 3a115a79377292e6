// No dead knob (issue 44): on every preset, every slider knob of the engine's catalogue the page
// shows changes what the engine runs when the reader moves it (through the page's edit path, to
// the slider's stops either side of its value and to its ends), or the page says why not: the
// catalogue marks it as doing nothing on this drive (shown at the knob in EN and JA), or the
// engine refuses the value, naming the field (and at least one move changes the run). Over-provisioning on the presets that state their user
// capacity (the 660p-like, the playground's default, and the BG4-like) was dead before: the
// user capacity overrode it, and the knob showed 0 % while the summary said 7.35 %.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { DevicePanel } from '../../web/src/panels/DevicePanel';
import type { Catalog } from '../../web/src/engine/types';
import { INERT_JA } from '../../web/src/i18n/knobs.ja';
import { knobApplies, workloadKind } from '../../web/src/scenario/knobs';
import type { JsonObject } from '../../web/src/scenario/paths';
import { decodeScenario, encodeScenario, type CodecContext } from '../../web/src/scenario/urlCodec';
import { codecContext } from '../../web/src/session/catalog';
import { withReset } from '../../web/src/session/scenarioEdits';
import { compileFingerprint, knobMoveEffect, knobValue, sliderTargets } from './knobEffect';
import { loadEngine, runCollect } from './loadEngine';

let catalog: Catalog;
let codec: CodecContext;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  codec = codecContext(catalog).codec;
});

const OP = 'device.capacity.op_percent';
const USER = 'device.capacity.user_bytes';

describe('dead knobs', () => {
  it('every slider knob on every preset changes what the engine runs, or the page says why not', () => {
    const sliders = catalog.knobs.filter((k) => k.slider);
    expect(sliders.map((k) => k.path)).toContain(OP);
    const dead: string[] = [];
    let moves = 0;
    for (const preset of catalog.presets) {
      const scenario = preset.scenario as unknown as JsonObject;
      for (const knob of sliders.filter((k) => knobApplies(k, scenario))) {
        const targets = sliderTargets(knob, knobValue(scenario, knob.path));
        expect(targets.length, `${preset.name} ${knob.path}`).toBeGreaterThan(0);
        const results = targets.map((v) => knobMoveEffect(catalog.knobs, codec, scenario, knob.path, v));
        moves += results.length;
        if (results[0].inert) continue; // the page holds the knob still and says why
        for (const r of results) {
          // A refusal is the page saying why (at the field it names: a workload's file past the
          // smaller drive's end when OP grows).
          if (!r.changed && !r.refused) dead.push(`${preset.name} ${knob.path} → ${JSON.stringify(r.value)}`);
        }
        // A reader who moves it at all must be able to change something.
        if (!results.some((r) => r.changed)) dead.push(`${preset.name} ${knob.path}: no move changes the run`);
      }
    }
    expect(dead).toEqual([]);
    expect(moves).toBeGreaterThan(100);
  });

  it('marks a knob that does nothing with a reason in English and Japanese', () => {
    const inert = catalog.knobs.flatMap((k) => (k.inert ?? []).map((i) => ({ knob: k.path, ...i })));
    // An id is one reason; the four sync knobs of a job (issue 46) share theirs, and the power cut's conditions theirs;
    // the knobs only a power cut reads (checkpoint, paired pages) say so on every other workload.
    expect([...new Set(inert.map((i) => i.id))].sort()).toEqual([
      'after_cleaning_block', 'cut_in_place', 'cut_job_only', 'cut_not_modelled', 'dp_scheme_untagged', 'explicit_open_block', 'hmb_off', 'hmb_unsupported', 'no_power_cut', 'paired_one_shot', 'paired_plp', 'paired_slc', 'plid_select_untagged', 'plids_untagged', 'slc_compression', 'slc_fdp', 'slc_nand', 'static_wl_off',
      'sync_disk', 'sync_in_place', 'sync_no_writes', 'sync_plp', 'sync_zoned', 'zone_writes_block',
    ]);
    for (const i of inert) {
      expect(i.reason, i.id).toMatch(/\S/);
      expect(INERT_JA[i.id], i.id).toMatch(/\S/);
    }
    // The 660p-like has no HMB support: its HMB size is held still and says why, and moving it
    // (as the page cannot) changes nothing the engine runs.
    const p660 = catalog.presets.find((p) => p.name === '660p-like')!.scenario as unknown as JsonObject;
    const hmb = knobMoveEffect(catalog.knobs, codec, p660, 'device.mapping.hmb.host_memory_buffer_bytes', 32 * 2 ** 20);
    expect(hmb.inert?.id).toBe('hmb_unsupported');
    expect(hmb.changed).toBe(false);
  });
});

/** The Device panel as the page draws it for `scenario`. */
function devicePanel(scenario: JsonObject, lang: Lang): string {
  const noop = () => {};
  const binding = { scenario, kind: workloadKind(scenario), edited: [], error: null, set: noop, reset: noop };
  return renderToStaticMarkup(
    <I18nProvider initial={lang}>
      <DevicePanel knobs={catalog.knobs} layout={catalog.layout} binding={binding} />
    </I18nProvider>,
  );
}

describe('the page says why a knob does nothing', () => {
  it('holds the HMB size still on a drive without HMB, and an SLC cache ratio on a compressing drive, saying why in EN and JA', () => {
    const cases: [string, string, string][] = [
      ['660p-like', 'device.mapping.hmb.host_memory_buffer_bytes', 'hmb_unsupported'],
      ['ssd520-like', 'device.slc_cache.dynamic_percent', 'slc_compression'],
      ['fdp-ssd-like-cache', 'device.slc_cache.dynamic_percent', 'slc_fdp'],
    ];
    for (const [name, path, id] of cases) {
      const scenario = catalog.presets.find((p) => p.name === name)!.scenario as unknown as JsonObject;
      const reason = catalog.knobs.find((k) => k.path === path)!.inert!.find((i) => i.id === id)!.reason;
      for (const [lang, text] of [['en', reason], ['ja', INERT_JA[id]]] as const) {
        const html = devicePanel(scenario, lang);
        const at = html.indexOf(`data-knob="${path}"`);
        expect(at, `${name} ${path}`).toBeGreaterThan(0);
        const knobHtml = html.slice(at, html.indexOf('data-knob=', at + 10));
        expect(knobHtml).toContain(`data-inert="${id}"`);
        expect(knobHtml).toContain(text.replace(/&/g, '&amp;'));
        expect(knobHtml).toMatch(/<input[^>]*disabled/);
      }
    }
    // Where HMB works (the BG4-like with 64 MiB), the knob moves and says nothing of the kind.
    const bg4 = catalog.presets.find((p) => p.name === 'bg4-like-hmb-64mb')!.scenario as unknown as JsonObject;
    const html = devicePanel(bg4, 'en');
    const hmb = html.indexOf('data-knob="device.mapping.hmb.host_memory_buffer_bytes"');
    expect(hmb).toBeGreaterThan(0);
    expect(html.slice(hmb, html.indexOf('data-knob=', hmb + 10))).not.toContain('data-inert=');
  });
});

describe('one capacity model: over-provisioning and user capacity are two views', () => {
  for (const name of ['660p-like', 'bg4-like']) {
    it(`${name}: the OP knob shows the drive's OP, and moving it moves the drive (and the run)`, async () => {
      const preset = catalog.presets.find((p) => p.name === name)!.scenario as unknown as JsonObject;
      expect(knobValue(preset, USER)).toBeGreaterThan(0);
      const shown = (s: JsonObject) => knobValue(s, OP) as number;
      const runs = new Map<number, { op: number; waf: number; shown: number }>();
      for (const op of [7, 28]) {
        const move = knobMoveEffect(catalog.knobs, codec, preset, OP, op);
        expect(move.changed, `${name} OP ${op}`).toBe(true);
        expect(knobValue(move.moved, USER)).toBe(0);
        const compiled = compileFingerprint(move.moved);
        if (!('scenario' in compiled)) throw new Error(compiled.refused.message);
        // A short run of the same drive: a whole-drive write at a coarse scale.
        const small = { ...compiled.scenario, scale: 32, workload: { ...catalog.workloadDefaults.whole_drive_write, points: 20 } } as JsonObject;
        const { result } = await runCollect(JSON.stringify(small));
        const summary = result.summary as unknown as { op_percent: number; write_amplification: number };
        runs.set(op, { op: summary.op_percent, waf: summary.write_amplification, shown: shown(compiled.scenario) });
      }
      for (const [op, r] of runs) {
        expect(r.op, `${name}: the summary's OP`).toBeCloseTo(op, 2);
        expect(r.shown, `${name}: the knob shows the summary's OP`).toBeCloseTo(r.op, 2);
      }
      expect(runs.get(7)!.waf).not.toBe(runs.get(28)!.waf);
      // The preset itself: the knob shows what the summary reports (7.35 % on the 660p-like).
      const { result } = await runCollect(JSON.stringify({ ...preset, scale: 32, workload: { ...catalog.workloadDefaults.whole_drive_write, points: 20 } }));
      const op = (result.summary as unknown as { op_percent: number }).op_percent;
      expect(shown(preset)).toBeCloseTo(op, 2);
      if (name === '660p-like') expect(shown(preset)).toBe(7.35);
    });
  }

  it('a reset of OP puts the user capacity back too; a share link reproduces the drive; an old link opens with the same numbers', () => {
    const preset = catalog.presets.find((p) => p.name === '660p-like')!.scenario as unknown as JsonObject;
    const moved = knobMoveEffect(catalog.knobs, codec, preset, OP, 28).moved;
    const back = withReset(moved, OP, '660p-like', { knobs: catalog.knobs, codec });
    expect(knobValue(back, USER)).toBe(knobValue(preset, USER));
    expect(knobValue(back, OP)).toBe(knobValue(preset, OP));
    // The moved drive's share link reproduces it.
    const link = encodeScenario(moved, '660p-like', codec).toString();
    expect(link).toContain('device.capacity.op_percent=28');
    expect(link).toContain('device.capacity.user_bytes=0');
    const [shared, direct] = [compileFingerprint(decodeScenario(link, codec).scenario), compileFingerprint(moved)];
    if (!('fingerprint' in shared) || !('fingerprint' in direct)) throw new Error('refused');
    expect(shared.fingerprint).toBe(direct.fingerprint);
    // An old share link (op_percent=28 over the preset, user_bytes kept): the same numbers as
    // it had, the preset's drive.
    const old = compileFingerprint(decodeScenario('preset=660p-like&device.capacity.op_percent=28', codec).scenario);
    const now = compileFingerprint(preset);
    if (!('fingerprint' in old) || !('fingerprint' in now)) throw new Error('refused');
    expect(old.fingerprint).toBe(now.fingerprint);
    expect(old.scenario).toEqual(now.scenario);
  });
});
