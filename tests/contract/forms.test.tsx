// The schema-driven forms: for every preset, the Device and Workload panels render an input
// for every knob that applies (its kind, and its `when`), in English and Japanese, with no
// knob-specific UI code.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineErrorData } from '../../web/src/engine/errors';
import type { Catalog } from '../../web/src/engine/types';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { DevicePanel } from '../../web/src/panels/DevicePanel';
import { WorkloadPanel } from '../../web/src/panels/WorkloadPanel';
import { knobApplies, knobsFor, workloadKind } from '../../web/src/scenario/knobs';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { loadEngine } from './loadEngine';

let catalog: Catalog;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
});

function render(scenario: JsonObject, lang: Lang, error: EngineErrorData | null = null): string {
  const kind = workloadKind(scenario);
  const noop = () => {};
  return renderToStaticMarkup(
    <I18nProvider initial={lang}>
      <WorkloadPanel knobs={catalog.knobs} layout={catalog.layout} binding={{ scenario, kind, edited: [], error, set: noop, reset: noop }} presetKind={kind} onKind={noop} />
      <DevicePanel knobs={catalog.knobs} layout={catalog.layout} binding={{ scenario, kind, edited: [], error, set: noop, reset: noop }} />
    </I18nProvider>,
  );
}

const knobsIn = (html: string) => [...html.matchAll(/data-knob="([^"]+)"/g)].map((m) => m[1]);

describe('schema-driven forms', () => {
  it('render every knob of every preset, each once, with its value', () => {
    for (const preset of catalog.presets) {
      const scenario = preset.scenario as unknown as JsonObject;
      const kind = workloadKind(scenario);
      const html = render(scenario, 'en');
      const applying = knobsFor(catalog.knobs, kind).filter((k) => knobApplies(k, scenario));
      const expected = ['workload.kind', ...applying.map((k) => k.path)];
      expect(knobsIn(html).sort(), preset.name).toEqual(expected.sort());
      expect(html, preset.name).not.toMatch(/>(undefined|NaN|null)</);
      for (const k of applying) expect(html, `${preset.name}: ${k.label}`).toContain(k.label.replace(/&/g, '&amp;'));
    }
  });

  it('render every workload kind’s parameters', () => {
    for (const [kind, workload] of Object.entries(catalog.workloadDefaults)) {
      const scenario = { ...(catalog.presets[0].scenario as unknown as JsonObject), workload } as JsonObject;
      const paths = knobsIn(render(scenario, 'en'));
      for (const k of knobsFor(catalog.knobs, kind).filter((k) => knobApplies(k, scenario))) expect(paths, `${kind}: ${k.path}`).toContain(k.path);
    }
  });

  it('show a knob only while the field its `when` names has that value', () => {
    const base = catalog.presets.find((p) => p.name === '660p-like')!.scenario as unknown as JsonObject;
    const cdm = { ...base, workload: catalog.workloadDefaults.crystal_disk_mark } as JsonObject;
    expect(getPath(cdm, 'workload.profile')).toBe('default');
    expect(knobsIn(render(cdm, 'en'))).not.toContain('workload.tests');
    const custom = knobsIn(render(setPath(cdm, 'workload.profile', 'custom'), 'en'));
    expect(custom).toEqual(expect.arrayContaining(['workload.profile', 'workload.tests', 'workload.zero_buffers']));
    // Burst or paced folding matters only when a full cache sends writes to native blocks.
    expect(knobsIn(render(base, 'en'))).toContain('device.slc_cache.fold_schedule');
    const foldFirst = knobsIn(render(setPath(base, 'device.slc_cache.when_full', 'fold_first'), 'en'));
    expect(foldFirst).not.toContain('device.slc_cache.fold_schedule');
    expect(foldFirst).toContain('device.slc_cache.fold_batch_bytes');
    // PCIe lanes only for PCIe.
    const sata = knobsIn(render(setPath(base, 'device.host_interface.kind', 'sata'), 'en'));
    expect(sata).not.toContain('device.host_interface.lanes');
    expect(knobsIn(render(base, 'en'))).toContain('device.host_interface.lanes');
  });

  it('open the SLC cache group at first when the drive has one', () => {
    const qlc = catalog.presets.find((p) => p.name === '660p-like')!.scenario as unknown as JsonObject;
    const group = (html: string) => html.match(/<details class="knob-group"( open="")? data-group="slc_cache">/);
    const html = render(qlc, 'en');
    expect(group(html)?.[1]).toBe(' open=""');
    const at = html.indexOf('data-knob="device.slc_cache.dynamic_percent"');
    expect(at).toBeGreaterThan(html.indexOf('data-group="capacity"'));
    expect(html.slice(at, at + 3000)).toMatch(/<input[^>]*value="53"/);
    expect(render(qlc, 'ja')).toContain('SLC キャッシュ比率');
    const none = setPath(setPath(qlc, 'device.slc_cache.dynamic_percent', 0), 'device.slc_cache.static_bytes', 0);
    expect(group(render(none, 'en'))?.[1]).toBeUndefined();
    expect(group(render(none, 'en'))).not.toBeNull();
  });
});

describe('schema-driven forms: kinds, Japanese and refusals', () => {
  it('offer the file copy in the kind picker and fio random_distribution as text', () => {
    const base = catalog.presets[0].scenario as unknown as JsonObject;
    const copy = render({ ...base, workload: catalog.workloadDefaults.file_copy } as JsonObject, 'en');
    expect(copy).toMatch(/<option value="file_copy"[^>]*>File copy \(until the drive is full\)<\/option>/);
    expect(knobsIn(copy)).toEqual(expect.arrayContaining(['workload.file_bytes', 'workload.copies', 'workload.idle_s']));
    expect(render({ ...base, workload: catalog.workloadDefaults.file_copy } as JsonObject, 'ja')).toContain('ファイルコピー（満杯になるまで）');
    const zoned = { ...catalog.workloadDefaults.steady_state, random_distribution: 'zoned:80/20' };
    const html = render({ ...base, workload: zoned }, 'en');
    const at = html.indexOf('data-knob="workload.random_distribution"');
    expect(at).toBeGreaterThan(0);
    expect(html.slice(at, at + 3000)).toMatch(/<input[^>]*value="zoned:80\/20"/);
    expect(knobsIn(html)).toEqual(expect.arrayContaining(['workload.trim_after_round', 'workload.idle_s']));
  });

  it('leave the trace replay out of the kind picker until the page can hand a run its file, unless the scenario is one', () => {
    const base = catalog.presets[0].scenario as unknown as JsonObject;
    expect(catalog.layout.workload_kinds.map((k) => k.id)).toContain('trace');
    expect(render(base, 'en')).not.toContain('<option value="trace"');
    expect(render({ ...base, workload: catalog.workloadDefaults.trace } as JsonObject, 'en')).toContain('<option value="trace"');
  });

  it('render in Japanese from the translation table', () => {
    const scenario = catalog.presets.find((p) => p.name === 'bg4-like')!.scenario as unknown as JsonObject;
    const html = render(scenario, 'ja');
    expect(html).toContain('デバイス');
    expect(html).toContain(KNOBS_JA['device.mapping.hmb.allocation_policy'].label);
    expect(html).toContain(KNOBS_JA['workload.spans'].label);
    expect(html).not.toContain('>Channels<');
  });

  it('show the engine’s message at the knob its field names, and open its group', () => {
    const scenario = catalog.presets.find((p) => p.name === 'bg4-like')!.scenario as unknown as JsonObject;
    const message = 'must be between 1 and 256 (got 0)';
    const html = render(scenario, 'en', { field: 'device.mapping.hmb.chunks', code: 'out_of_range', message });
    const at = html.indexOf('data-knob="device.mapping.hmb.chunks"');
    expect(at).toBeGreaterThan(0);
    expect(html.slice(at, at + 3000)).toContain(message);
    expect(html).toMatch(/<details class="knob-group" open="" data-group="hmb">/);
    expect(html).not.toMatch(/<details class="knob-group" open="" data-group="gc">/);
  });
});
