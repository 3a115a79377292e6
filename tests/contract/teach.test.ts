// The teaching text against the real engine's catalogue: every summary value has a plain-words
// explanation, every preset a plain-words blurb (both languages), and every slider stop is a
// value the engine's knob table accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './loadEngine';
import type { Catalog } from '../../web/src/engine/types';
import { SUMMARY_HELP } from '../../web/src/panels/summaryHelp';
import { PRESET_BLURBS_JA } from '../../web/src/i18n/presetBlurbs.ja';
import { sliderStops } from '../../web/src/panels/knobSlider';

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadEngine().catalog();
});

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('teaching text covers the engine catalogue', () => {
  it('explains every summary field in English and Japanese, and nothing the engine lacks', () => {
    const ids = catalog.summaryFields.map((f) => f.id);
    expect(ids.length).toBeGreaterThan(40);
    for (const id of ids) {
      expect(SUMMARY_HELP[id]?.en, id).toMatch(/\S/);
      expect(SUMMARY_HELP[id]?.ja, id).toMatch(japanese);
      // The help is one line and does not repeat the raw id.
      expect(SUMMARY_HELP[id].en.length, id).toBeLessThan(140);
      expect(SUMMARY_HELP[id].en, id).not.toContain(id);
    }
    expect(Object.keys(SUMMARY_HELP).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('has a plain-words blurb for every preset the engine ships, in both languages', () => {
    const names = catalog.presets.map((p) => p.name);
    expect(names.length).toBeGreaterThan(10);
    for (const p of catalog.presets) {
      // English is the preset file's own; Japanese is keyed by the preset's name.
      expect(p.blurb, p.name).toMatch(/\S/);
      expect(PRESET_BLURBS_JA[p.name], p.name).toMatch(japanese);
      // One or two sentences, shorter than the expert description it stands in front of.
      const sentences = p.blurb.split(/(?<=[.!?])\s+/).length;
      expect(sentences, p.name).toBeLessThanOrEqual(2);
      expect(p.blurb.length, p.name).toBeLessThan(p.description.length);
    }
    expect(Object.keys(PRESET_BLURBS_JA).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('puts every slider stop inside the engine knob’s range', () => {
    // The knobs the engine's catalogue gives a slider: the caches, OP and the SLC-cache ratio.
    const sliders = catalog.knobs.filter((k) => k.slider);
    expect(sliders.map((k) => k.path).sort()).toEqual([
      'device.capacity.op_percent',
      'device.mapping.dram_bytes',
      'device.mapping.hmb.host_memory_buffer_bytes',
      'device.mapping.sram_bytes',
      'device.slc_cache.dynamic_percent',
    ]);
    for (const knob of sliders) {
      const path = knob.path;
      const stops = sliderStops(knob);
      expect(stops, path).not.toBeNull();
      for (const v of stops!) {
        expect(v, path).toBeGreaterThanOrEqual(knob.min!);
        expect(v, path).toBeLessThanOrEqual(knob.max!);
        if (knob.kind === 'bytes') expect(Number.isSafeInteger(v), `${path} ${v}`).toBe(true);
      }
    }
  });
});
