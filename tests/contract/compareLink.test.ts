// The comparison in a share link, against the real engine's catalogue: every figure and a pin
// of every preset go into a link and come back as the same scenarios, which run to the same
// numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import { scenarioSearch } from '../../web/src/session/link';
import type { Catalog } from '../../web/src/engine/types';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { decodeComparison, encodeComparison } from '../../web/src/scenario/pinCodec';
import { settleDecoded } from '../../web/src/scenario/settle';
import type { CodecContext } from '../../web/src/scenario/urlCodec';
import { loadEngine, runCollect, sameBits } from './loadEngine';

let catalog: Catalog;
let codec: CodecContext;
const validate = (json: string) => loadEngine().validate(json);

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  codec = codecContext(catalog).codec;
});

describe('the comparison in a link, with the real engine', () => {
  it('every figure is its id; a figure with members removed lists the ones left', () => {
    for (const f of catalog.figures) {
      const all = decodeComparison(`figure=${f.name}`, codec, catalog.figures);
      expect(all.issues).toEqual([]);
      expect(all.figure).toEqual({ figure: f.name, members: null });
      const kept = f.members.slice(1).map((m) => m.id);
      const some = decodeComparison(new URLSearchParams(encodeComparison({ figure: f.name, members: kept }, [], codec)), codec, catalog.figures);
      expect(some.figure?.members ?? f.members.map((m) => m.id)).toEqual(kept);
    }
  });

  it('a pin of every preset with changed knobs comes back exactly as the engine normalised it', async () => {
    const pins = [];
    for (const p of catalog.presets) {
      let s = setPath(p.scenario as unknown as JsonObject, 'seed', 5);
      s = setPath(s, 'device.host_interface.efficiency', 0.8);
      if (typeof getPath(s, 'workload.iodepth') === 'number') s = setPath(s, 'workload.iodepth', 2);
      pins.push({ preset: p.name, scenario: JSON.parse(await validate(JSON.stringify(s))) as JsonObject });
    }
    // At most 8 pins a link: every preset, eight links' worth at a time.
    for (let from = 0; from < pins.length; from += 8) {
      const batch = pins.slice(from, from + 8);
      const search = scenarioSearch(catalog.presets[0].scenario, catalog.presets[0].name, codec, 'en', {}, encodeComparison(null, batch, codec));
      const read = decodeComparison(search, codec, catalog.figures);
      expect(read.issues).toEqual([]);
      expect(read.pins).toHaveLength(batch.length);
      for (const [i, { decoded }] of read.pins.entries()) {
        const settled = await settleDecoded(decoded, codec, validate);
        expect(settled.issues, batch[i].preset).toEqual([]);
        expect(settled.scenario, batch[i].preset).toEqual(batch[i].scenario);
      }
    }
  });

  it('a pin read back from a link runs to bit-identical numbers', async () => {
    const preset = catalog.presets.find((p) => p.name === 'tlc-random-read') ?? catalog.presets[0];
    const scenario = JSON.parse(await validate(JSON.stringify(setPath(preset.scenario as unknown as JsonObject, 'seed', 9)))) as JsonObject;
    const read = decodeComparison(new URLSearchParams(encodeComparison(null, [{ preset: preset.name, scenario }], codec)), codec, catalog.figures);
    const settled = await settleDecoded(read.pins[0].decoded, codec, validate);
    const a = await runCollect(JSON.stringify(scenario));
    const b = await runCollect(JSON.stringify(settled.scenario));
    expect(b.result.summary).toEqual(a.result.summary);
    expect(b.points.length).toBeGreaterThan(0);
    a.points.forEach((p, i) => expect(sameBits(b.points[i], p), a.result.series[i].id).toBe(true));
  });
});
