// A hybrid drive on the page, against the real engine (device.kind hybrid): the kinds in use
// are the hybrid and both tiers' kinds, so the forms show the tier group and each tier's media
// (an Optane H10-like module: XPoint and NAND; a Momentus XT-like disk: NAND and the disk), the
// summary its tier values and both tiers', the block map its NAND tier, and the cache tier's
// series are charts of their own.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartDefs } from '../../web/src/run/chartSpecs';
import type { Catalog, RunResult } from '../../web/src/engine/types';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { DevicePanel } from '../../web/src/panels/DevicePanel';
import { SummaryPanel } from '../../web/src/panels/SummaryPanel';
import { WorkloadPanel } from '../../web/src/panels/WorkloadPanel';
import { deviceKinds, hasEraseBlocks, knobApplies, knobsFor, workloadKind } from '../../web/src/scenario/knobs';
import { setPath, type JsonObject } from '../../web/src/scenario/paths';
import { loadEngine, runCollect, type CollectedRun } from './loadEngine';

let catalog: Catalog;
let h10: JsonObject;
let momentus: JsonObject;
let run: RunResult;
let collected: CollectedRun;

const preset = (name: string) => catalog.presets.find((p) => p.name === name)!.scenario;

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  h10 = preset('h10-like');
  momentus = preset('momentus-xt-like');
  // The article 004 drive, shortly: the warm-up, the idle time and two transfer sizes.
  const short = setPath(setPath(momentus, 'workload.sizes', [4096, 1048576]), 'workload.runtime', 1);
  collected = await runCollect(JSON.stringify(short));
  run = collected.result;
});

function render(scenario: JsonObject, lang: Lang): string {
  const kind = workloadKind(scenario);
  const noop = () => {};
  return renderToStaticMarkup(
    <I18nProvider initial={lang}>
      <WorkloadPanel knobs={catalog.knobs} layout={catalog.layout} binding={{ scenario, kind, edited: [], error: null, set: noop, reset: noop }} presetKind={kind} onKind={noop} />
      <DevicePanel knobs={catalog.knobs} layout={catalog.layout} binding={{ scenario, kind, edited: [], error: null, set: noop, reset: noop }} />
    </I18nProvider>,
  );
}

const knobsIn = (html: string) => [...html.matchAll(/data-knob="([^"]+)"/g)].map((m) => m[1]);
const groupsIn = (html: string) => [...html.matchAll(/<details class="knob-group"( open="")? data-group="([^"]+)"/g)].map((m) => `${m[2]}${m[1] ? ' (open)' : ''}`);

describe('a hybrid’s forms show the tier and both tiers’ media', () => {
  it('the Momentus XT-like disk: NAND cache in front of the disk, no XPoint', () => {
    expect(deviceKinds(momentus)).toEqual(['hybrid', 'nand_ssd', 'hdd']);
    const html = render(momentus, 'en');
    const groups = groupsIn(html).map((g) => g.replace(' (open)', ''));
    expect(groupsIn(html)).toEqual(expect.arrayContaining(['media (open)', 'tier (open)', 'hdd (open)']));
    expect(groups).toEqual(expect.arrayContaining(['capacity', 'gc', 'host', 'controller']));
    expect(groups).not.toContain('xpoint');
    expect(groups.indexOf('tier')).toBe(groups.indexOf('media') + 1);
    const paths = knobsIn(html);
    const expected = knobsFor(catalog.knobs, 'transfer_size_sweep', deviceKinds(momentus)).filter((k) => knobApplies(k, momentus));
    expect(paths.sort()).toEqual(['workload.kind', ...expected.map((k) => k.path)].sort());
    expect(paths).toEqual(expect.arrayContaining(['device.tier.cache', 'device.tier.promotion', 'device.tier.hit_latency_us', 'device.hdd.rpm', 'device.nand.cell', 'workload.warmup_s', 'workload.idle_s']));
    expect(paths.filter((p) => p.startsWith('device.xpoint.'))).toEqual([]);
    expect(html).toContain('<span class="group-title">Hybrid: cache and backing tiers</span>');
    expect(html).toContain('<span class="group-title">Media &amp; cell type</span>');
    expect(html).toMatch(/<option value="hybrid" selected="">Hybrid \(cache \+ backing tier\)<\/option>/);
    expect(html).toMatch(/<option value="idle" selected="">When the drive is idle<\/option>/);
    expect(html).toMatch(/<option value="write_around" selected="">Write-around \(past the cache\)<\/option>/);
  });

  it('the H10-like module: XPoint cache in front of QLC, no disk; its workload loads an application', () => {
    expect(deviceKinds(h10)).toEqual(['hybrid', 'xpoint_ssd', 'nand_ssd']);
    const html = render(h10, 'en');
    const groups = groupsIn(html).map((g) => g.replace(' (open)', ''));
    expect(groups).toEqual(expect.arrayContaining(['media', 'tier', 'xpoint', 'capacity', 'slc_cache', 'mapping', 'gc']));
    expect(groups).not.toContain('hdd');
    expect(knobsIn(html)).toEqual(expect.arrayContaining(['device.tier.pin_bytes', 'device.xpoint.read_us', 'device.nand.cell', 'workload.runs', 'workload.power_cycle', 'workload.idle_s']));
    expect(html).toMatch(/<option value="application_load" selected="">Application load \(read speed per run\)<\/option>/);
    expect(html).toContain('>Idle between runs<');
  });

  it('reads in Japanese: the tier group, its knobs and options, the workload kind', () => {
    const html = render(momentus, 'ja');
    expect(html).toContain('<span class="group-title">キャッシュ層とバッキング層</span>');
    for (const k of catalog.knobs.filter((k) => k.group === 'tier')) {
      expect(html, k.path).toContain(KNOBS_JA[k.path].label);
      expect(html, k.path).toContain(KNOBS_JA[k.path].help);
    }
    expect(html).toMatch(/<option value="hybrid" selected="">ハイブリッド/);
    expect(html).toContain(KNOBS_JA['workload.idle_s@transfer_size_sweep'].label);
    const app = render(h10, 'ja');
    expect(app).toMatch(/<option value="application_load" selected="">アプリケーションの読み込み/);
    expect(app).toContain(KNOBS_JA['workload.idle_s@application_load'].label);
  });
});

describe('a hybrid run', () => {
  it('has the tier’s series as charts of their own and its NAND tier’s block map', () => {
    const defs = chartDefs(run.series);
    expect(defs.map((d) => d.id)).toEqual(expect.arrayContaining(['headline', 'tier', 'tier_promotion_rate', 'tier_cache_tier']));
    expect(defs.filter((d) => d.id.startsWith('series-'))).toEqual([]);
    expect(hasEraseBlocks(catalog.knobs, deviceKinds(momentus))).toBe(true);
    expect(run.blockMap).not.toBeNull();
  });

  it('summarises the tier, the NAND cache and the disk, not XPoint', () => {
    const html = renderToStaticMarkup(
      <I18nProvider initial="en">
        <SummaryPanel summary={run.summary} fields={catalog.summaryFields} emptyText="" devices={deviceKinds(momentus)} />
      </I18nProvider>,
    );
    const groups = [...html.matchAll(/data-group="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual(expect.arrayContaining(['tier', 'hdd', 'nand']));
    const keys = [...html.matchAll(/data-key="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual(expect.arrayContaining(['tier_read_hit_percent', 'tier_promoted_bytes', 'tier_cached_bytes', 'seeks']));
    expect(html).toContain('>Cache tier<');
    // After the warm-up and the idle time the region is in the NAND: 4 KiB random reads come
    // from it (about 5.3 MB/s, against 0.8 from the platters).
    expect(run.summary.tier_read_hit_percent).toBeGreaterThan(0);
    expect(run.summary.tier_promoted_bytes).toBeGreaterThan(0);
    const sweep = collected.points[run.series.findIndex((s) => s.role === 'headline')];
    expect(sweep[0]).toBe(4);
    expect(sweep[1]).toBeGreaterThan(4);
    const ja = renderToStaticMarkup(
      <I18nProvider initial="ja">
        <SummaryPanel summary={run.summary} fields={catalog.summaryFields} emptyText="" devices={deviceKinds(momentus)} />
      </I18nProvider>,
    );
    for (const text of ['キャッシュ層', 'キャッシュ層にヒットした読み出し', 'プロモーション量', '終了時のキャッシュ内データ']) expect(ja).toContain(text);
  });

  it('tags the totals of a simulated slice, and only those, when a run simulates part of the drive', () => {
    const at = (scale: number) =>
      renderToStaticMarkup(
        <I18nProvider initial="en">
          <SummaryPanel summary={{ ...run.summary, scale }} fields={catalog.summaryFields} emptyText="" devices={deviceKinds(momentus)} />
        </I18nProvider>,
      );
    const tags = (html: string) => [...html.matchAll(/data-testid="slice-([^"]+)"/g)].map((m) => m[1]);
    expect(tags(at(1))).toEqual([]);
    const sliced = at(8);
    expect(tags(sliced)).toEqual(expect.arrayContaining(['host_read_bytes', 'seeks', 'tier_promoted_bytes', 'duration_s']));
    expect(tags(sliced)).not.toContain('user_capacity_bytes');
    expect(tags(sliced)).not.toContain('read_mb_per_s');
    expect(sliced).toContain('This run simulates 1/8 of the drive.');
  });
});
