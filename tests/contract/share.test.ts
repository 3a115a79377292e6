// Share links against the real engine: a scenario written into a link and read back is the
// same scenario after the engine normalises it, and runs to bit-identical numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import { codecContext } from '../../web/src/session/catalog';
import { scenarioSearch } from '../../web/src/session/link';
import type { Catalog } from '../../web/src/engine/types';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { EngineError } from '../../web/src/engine/errors';
import { hasSlcCache } from '../../web/src/scenario/knobs';
import { settleDecoded } from '../../web/src/scenario/settle';
import { decodeScenario, type CodecContext } from '../../web/src/scenario/urlCodec';
import { loadEngine, runCollect, sameBits } from './loadEngine';

let catalog: Catalog;
let codec: CodecContext;
const validate = (json: string) => loadEngine().validate(json);

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  codec = codecContext(catalog).codec;
});

async function throughLink(scenario: JsonObject, preset: string) {
  const search = scenarioSearch(scenario, preset, codec, 'en');
  const settled = await settleDecoded(decodeScenario(search, codec), codec, validate);
  return { search, settled };
}

describe('share links with the real engine', () => {
  it('every preset, untouched, is just its name and seed', async () => {
    for (const p of catalog.presets) {
      const { search, settled } = await throughLink(p.scenario, p.name);
      expect(search).toBe(`v=1&preset=${p.name}&seed=${p.scenario.seed}`);
      expect(settled.scenario).toEqual(p.scenario);
      expect(settled.issues).toEqual([]);
    }
  });

  it('changed knobs on every preset come back exactly as the engine normalised them', async () => {
    for (const p of catalog.presets) {
      let s = p.scenario as unknown as JsonObject;
      s = setPath(s, 'seed', 7);
      s = setPath(s, 'device.nand.timing.read_us', 61.5);
      s = setPath(s, 'device.gc.policy', 'fifo');
      s = setPath(s, 'device.host_interface.efficiency', 0.8);
      // A drive that starts empty gets a little data; a whole-drive write of a QLC drive filled
      // to 90 % first would be more flash work than the engine's run budget allows.
      s = setPath(s, 'precondition.fill_percent', getPath(s, 'precondition.fill_percent') === 0 ? 10 : 90);
      // The write path's knobs; an SLC cache only where the drive has one (the engine does not
      // model one beside compression).
      const slc = hasSlcCache(s);
      if (slc) s = setPath(setPath(s, 'device.slc_cache.dynamic_percent', 25), 'device.slc_cache.fold_schedule', 'burst');
      s = setPath(s, 'device.nand.timing.slc_program_us', 275.5);
      s = setPath(s, 'device.controller.striping', getPath(s, 'device.controller.striping') === 'fixed' ? 'first_free' : 'fixed');
      s = setPath(s, 'device.nand.one_shot', !getPath(s, 'device.nand.one_shot'));
      const normalized = JSON.parse(await validate(JSON.stringify(s)));
      const { search, settled } = await throughLink(normalized, p.name);
      expect(settled.issues, `${p.name}: ${search}`).toEqual([]);
      expect(settled.scenario, p.name).toEqual(normalized);
      expect(search).toContain('device.gc.policy=fifo');
      if (slc) expect(search).toContain('device.slc_cache.dynamic_percent=25');
      expect(search).toContain('device.nand.timing.slc_program_us=275.5');
    }
  });
});

describe('share links with the real engine: special values and the same numbers', () => {
  it('a CrystalDiskMark link with custom tests keeps the test list, commas and spaces included', async () => {
    const preset = catalog.presets.find((p) => p.name === 'tlc-crystaldiskmark')!;
    let s = preset.scenario as unknown as JsonObject;
    s = setPath(s, 'workload.profile', 'custom');
    s = setPath(s, 'workload.tests', 'SEQ128K Q32T1, RND4K Q8T8, RND4K Q1T1');
    s = setPath(s, 'workload.zero_buffers', true);
    const normalized = JSON.parse(await validate(JSON.stringify(s)));
    const { search, settled } = await throughLink(normalized, preset.name);
    expect(settled.issues, search).toEqual([]);
    expect(settled.scenario).toEqual(normalized);
    expect(new URLSearchParams(search).get('workload.tests')).toBe(getPath(normalized, 'workload.tests'));
  });

  it('a link can clear a preset’s SLC-mode timing (null: the cell type’s default)', async () => {
    const preset = catalog.presets.find((p) => p.name === '660p-like')!;
    const s = setPath(preset.scenario as unknown as JsonObject, 'device.nand.timing.slc_program_us', null);
    const normalized = JSON.parse(await validate(JSON.stringify(s)));
    const { search, settled } = await throughLink(normalized, preset.name);
    expect(search).toContain('device.nand.timing.slc_program_us=null');
    expect(settled.issues).toEqual([]);
    expect(settled.scenario).toEqual(normalized);
  });

  it('a link that switches the benchmark keeps the drive and the new benchmark’s fields', async () => {
    const bg4 = catalog.presets.find((p) => p.name === 'bg4-like')!.scenario as unknown as JsonObject;
    // Half-second tests: at CrystalDiskMark's default 1 s the engine's flash-work bound for this
    // DRAM-less drive (each write may move GC data and two-page table segments) is over its limit.
    const workload = { ...catalog.workloadDefaults.crystal_disk_mark, size: 2 ** 29, runtime: 0.5 };
    const s = JSON.parse(await validate(JSON.stringify({ ...bg4, workload })));
    const { search, settled } = await throughLink(s, 'bg4-like');
    expect(search).toContain('workload.kind=crystal_disk_mark');
    expect(search).toContain('workload.size=512m');
    expect(search).toContain('workload.runtime=0.5');
    expect(settled.scenario).toEqual(s);
  });

  it('opening a shared link reproduces bit-identical numbers', async () => {
    const preset = catalog.presets.find((p) => p.name === 'tlc-random-read')!;
    let s = setPath(preset.scenario as unknown as JsonObject, 'workload.iodepth', 8);
    s = setPath(s, 'seed', 42);
    const original = JSON.parse(await validate(JSON.stringify(s)));
    const { settled } = await throughLink(original, preset.name);
    const a = await runCollect(JSON.stringify(original));
    const b = await runCollect(JSON.stringify(settled.scenario));
    expect(b.result.summary).toEqual(a.result.summary);
    a.points.forEach((p, i) => expect(sameBits(b.points[i], p), a.result.series[i].id).toBe(true));
  });
});

describe('share links with the real engine: refused values', () => {
  it('a value the engine refuses is reported by name and falls back to the preset’s', async () => {
    // 6000 bytes is inside the knob's static range but not a multiple of 4 KiB.
    const decoded = decodeScenario('v=1&preset=tlc-random-read&workload.bs=6000&workload.iodepth=4', codec);
    expect(decoded.issues).toEqual([]);
    const settled = await settleDecoded(decoded, codec, validate);
    expect(settled.issues).toHaveLength(1);
    expect(settled.issues[0]).toMatchObject({ code: 'rejected', param: 'workload.bs' });
    expect(settled.issues[0].detail).toMatch(/^workload\.bs: /);
    expect(getPath(settled.scenario, 'workload.bs')).toBe(4096);
    expect(getPath(settled.scenario, 'workload.iodepth')).toBe(4);
  });

  it('a hostile link (every geometry knob at its maximum) settles: each refused field is named, the rest kept', async () => {
    const geometry = ['device.nand.channels=32', 'device.nand.dies_per_channel=32', 'device.nand.planes_per_die=8', 'device.nand.blocks_per_plane=65536', 'device.nand.pages_per_block=4096'];
    const decoded = decodeScenario(`v=1&preset=tlc-random-read&${geometry.join('&')}&workload.iodepth=4&workload.bs=4096.5&seed=99999999999999999999`, codec);
    expect(decoded.issues.map((i) => [i.code, i.param])).toEqual([
      ['not-whole-bytes', 'workload.bs'],
      ['unsafe-integer', 'seed'],
    ]);
    const settled = await settleDecoded(decoded, codec, validate);
    const rejected = settled.issues.filter((i) => i.code === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    for (const issue of rejected) {
      expect(geometry.map((g) => g.split('=')[0])).toContain(issue.param);
      expect(issue.engineCode).toBeDefined();
    }
    expect(getPath(settled.scenario, 'workload.iodepth')).toBe(4);
    // What is left validates. Running it is refused with a reason, never a trap: today the
    // simulator-memory limit is checked when the run starts, not by validate_scenario.
    const outcome = await runCollect(JSON.stringify(settled.scenario), { blockMap: false }).then(
      (run) => ({ ok: true as const, iops: run.result.summary.read_iops }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    if (outcome.ok) expect(outcome.iops).toBeGreaterThan(0);
    else {
      expect(outcome.err).toBeInstanceOf(EngineError);
      expect((outcome.err as EngineError).code).toMatch(/^too_much_(memory|work)$/);
    }
  });
});
