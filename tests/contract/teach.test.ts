// The teaching text against the real engine's catalogue: every summary value has a plain-words
// explanation, every preset a plain-words blurb (both languages), and every slider stop is a
// value the engine's knob table accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './loadEngine';
import type { Catalog } from '../../web/src/engine/types';
import { SUMMARY_HELP } from '../../web/src/panels/summaryHelp';
import { PRESET_BLURBS } from '../../web/src/panels/presetBlurbs';
import { SLIDER_KNOBS, sliderStops } from '../../web/src/panels/knobSlider';

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
    for (const name of names) {
      const b = PRESET_BLURBS[name];
      expect(b?.en, name).toMatch(/\S/);
      expect(b?.ja, name).toMatch(japanese);
      // One or two sentences, shorter than the expert description it stands in front of.
      const sentences = b.en.split(/(?<=[.!?])\s+/).length;
      expect(sentences, name).toBeLessThanOrEqual(2);
      expect(b.en.length, name).toBeLessThan(catalog.presets.find((p) => p.name === name)!.description.length);
    }
    expect(Object.keys(PRESET_BLURBS).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('puts every slider stop inside the engine knob’s range', () => {
    for (const path of SLIDER_KNOBS) {
      const knob = catalog.knobs.find((k) => k.path === path);
      expect(knob, path).toBeDefined();
      const stops = sliderStops(knob!);
      expect(stops, path).not.toBeNull();
      for (const v of stops!) {
        expect(v, path).toBeGreaterThanOrEqual(knob!.min!);
        expect(v, path).toBeLessThanOrEqual(knob!.max!);
        if (knob!.kind === 'bytes') expect(Number.isSafeInteger(v), `${path} ${v}`).toBe(true);
      }
    }
  });
});
