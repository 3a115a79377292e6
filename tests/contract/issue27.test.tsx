// Issue 27 against the real engine: another cell type takes its datasheet timings (from the
// knob catalogue's `follows`, so TLC writes faster than QLC again); a hybrid made of a small
// NAND preset stays near the NAND drive's memory; the summary reads capacities in decimal GB
// and says which share of the table lookups each mapping row is.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, RunResult } from '../../web/src/engine/types';
import { I18nProvider } from '../../web/src/i18n';
import { readableSize } from '../../web/src/scenario/knobFormat';
import { SummaryPanel } from '../../web/src/panels/SummaryPanel';
import { SUMMARY_HELP } from '../../web/src/panels/summaryHelp';
import { summaryValue } from '../../web/src/panels/summaryFields';
import { setWithFollowers } from '../../web/src/scenario/followedDefaults';
import { deviceKinds } from '../../web/src/scenario/knobs';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { engineMemory, loadEngine, runCollect } from './loadEngine';

let catalog: Catalog;
let qlcRun: RunResult;
const preset = (name: string) => catalog.presets.find((p) => p.name === name)!.scenario as unknown as JsonObject;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  qlcRun = (await runCollect(JSON.stringify(preset('660p-like')))).result;
}, 120_000);

describe('a changed cell type takes its datasheet timings', () => {
  it('the catalogue gives each timing knob its default per cell type', () => {
    const read = catalog.knobs.find((k) => k.path === 'device.nand.timing.read_us')!;
    expect(read.follows).toEqual({ path: 'device.nand.cell', options: ['slc', 'mlc', 'tlc', 'qlc'], values: [30, 50, 60, 140] });
    expect(catalog.knobs.filter((k) => k.follows?.path === 'device.nand.cell').map((k) => k.path)).toEqual([
      'device.nand.timing.read_us',
      'device.nand.timing.program_us',
      'device.nand.timing.erase_us',
      'device.nand.timing.slc_read_us',
      'device.nand.timing.slc_program_us',
    ]);
  });

  it('TLC and MLC on the 660p-like preset write faster than its QLC (were 52.7 and 35.3 against 70.3 MB/s)', async () => {
    const qlc = preset('660p-like');
    const tlc = setWithFollowers(catalog.knobs, qlc, 'device.nand.cell', 'tlc');
    expect(getPath(tlc, 'device.nand.timing')).toEqual({ read_us: 60, program_us: 1800, erase_us: 3500, slc_read_us: 30, slc_program_us: 250 });
    const mlc = setWithFollowers(catalog.knobs, qlc, 'device.nand.cell', 'mlc');
    expect(getPath(mlc, 'device.nand.timing.program_us')).toBe(1200);
    // An empty timing stays empty: the engine already takes the cell type's default for it.
    const empty = setWithFollowers(catalog.knobs, setPath(qlc, 'device.nand.timing.read_us', null), 'device.nand.cell', 'tlc');
    expect(getPath(empty, 'device.nand.timing.read_us')).toBeNull();
    const mbps = (r: RunResult) => summaryValue(r.summary, 'write_mb_per_s') as number;
    const tlcRun = (await runCollect(JSON.stringify(tlc))).result;
    const mlcRun = (await runCollect(JSON.stringify(mlc))).result;
    expect(mbps(tlcRun)).toBeGreaterThan(mbps(qlcRun));
    expect(mbps(mlcRun)).toBeGreaterThan(mbps(qlcRun));
  }, 120_000);
});

describe('a hybrid made of a small NAND preset keeps its memory proportionate', () => {
  it('tlc-random-read as a hybrid stays near the NAND drive (was 1.43 GiB of wasm memory)', async () => {
    const hybrid = setPath(preset('tlc-random-read'), 'device.kind', 'hybrid');
    const { result, chunks } = await runCollect(JSON.stringify(hybrid));
    const budget = chunks.find((c) => c.budget)?.budget;
    expect(budget?.expected_memory_bytes).toBeLessThan(200 * 2 ** 20);
    expect(summaryValue(result.summary, 'read_mb_per_s')).toBeGreaterThan(0);
    expect(engineMemory().nowBytes).toBeLessThan(512 * 2 ** 20);
  }, 120_000);
});

describe('the summary reads as drives are sold', () => {
  it('capacities in decimal GB, memory sizes in binary units', () => {
    const html = renderToStaticMarkup(
      <I18nProvider initial="en">
        <SummaryPanel summary={qlcRun.summary} fields={catalog.summaryFields} emptyText="" devices={deviceKinds(preset('660p-like'))} />
      </I18nProvider>,
    );
    const value = (id: string) => new RegExp(`data-key="${id}"[^>]*><span class="metric-value">([^<]+)<`).exec(html)?.[1];
    expect(value('user_capacity_bytes')).toBe('512.1 GB');
    expect(value('raw_capacity_bytes')).toBe('549.8 GB');
    expect(html).not.toMatch(/KiB/);
  });

  it('a long exact size in a knob gets a readable decimal reading beside it', () => {
    const user = catalog.knobs.find((k) => k.path === 'device.capacity.user_bytes')!;
    expect(readableSize(user, 512110190592)).toBe('≈ 512.1 GB');
    expect(readableSize(user, 512e9)).toBeNull();
  });

  it('each mapping-table row says it is a share of all lookups, so DRAM under 100 % is not a miss', () => {
    const labels = Object.fromEntries(catalog.summaryFields.filter((f) => f.group === 'mapping' && f.id.endsWith('_percent')).map((f) => [f.id, f.label]));
    expect(labels).toEqual({
      map_sram_hit_percent: 'Lookups that hit in SRAM (share of all)',
      map_dram_hit_percent: 'Lookups that hit in DRAM (share of all)',
      map_hmb_hit_percent: 'Lookups that hit in the HMB (share of all)',
      map_miss_percent: 'Lookups that missed: table read from NAND',
    });
    expect(SUMMARY_HELP.map_dram_hit_percent.en).toContain('Not a hit rate');
    // True of a run: the shares add up to 100 %.
    const share = (id: string) => (summaryValue(qlcRun.summary, id) as number | undefined) ?? 0;
    const sum = ['map_sram_hit_percent', 'map_dram_hit_percent', 'map_hmb_hit_percent', 'map_miss_percent'].reduce((a, id) => a + share(id), 0);
    expect(sum).toBeCloseTo(100, 6);
    expect(catalog.summaryFields.find((f) => f.id === 'tier_read_hit_percent')?.label).toBe('Reads that hit the cache tier');
  });
});
