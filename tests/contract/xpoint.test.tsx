// The device seam on the page, against the real engine: a 3D XPoint drive (device.kind
// xpoint_ssd) shows its own knobs and summary values and none of a NAND drive's (no GC, SLC
// cache, mapping table or preconditioning), has no block map, and its share link round-trips.
// Switching kinds hides fields without losing their values.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeScenario } from '../../web/src/session/describe';
import { codecContext } from '../../web/src/session/catalog';
import type { RunView } from '../../web/src/session/runView';
import { scenarioSearch } from '../../web/src/session/link';
import { RunCharts } from '../../web/src/charts/RunCharts';
import { PointBuffer } from '../../web/src/engine/chunking';
import type { EngineErrorData } from '../../web/src/engine/errors';
import type { Catalog, RunResult } from '../../web/src/engine/types';
import { I18nProvider, type Lang } from '../../web/src/i18n';
import { KNOBS_JA } from '../../web/src/i18n/knobs.ja';
import { DevicePanel } from '../../web/src/panels/DevicePanel';
import { SummaryPanel } from '../../web/src/panels/SummaryPanel';
import { WorkloadPanel } from '../../web/src/panels/WorkloadPanel';
import { deviceKind, deviceKinds, hasEraseBlocks, knobApplies, knobsFor, workloadKind } from '../../web/src/scenario/knobs';
import { getPath, setPath, type JsonObject } from '../../web/src/scenario/paths';
import { settleDecoded } from '../../web/src/scenario/settle';
import { decodeScenario, type CodecContext } from '../../web/src/scenario/urlCodec';
import { loadEngine, runCollect, type CollectedRun } from './loadEngine';

let catalog: Catalog;
let codec: CodecContext;
let xpoint: JsonObject;
let nand: JsonObject;
let run: CollectedRun;

const validate = (json: string) => loadEngine().validate(json);
const NAND_GROUPS = ['capacity', 'slc_cache', 'mapping', 'hmb', 'gc', 'precondition'];

beforeAll(async () => {
  catalog = await loadEngine().catalog();
  codec = codecContext(catalog).codec;
  xpoint = catalog.presets.find((p) => p.name === '900p-like')!.scenario;
  nand = catalog.presets.find((p) => p.name === 'tlc-latency-trace')!.scenario;
  // A shorter trace than the preset's 32 GB: the same drive and the same flat latency.
  run = await runCollect(JSON.stringify(setPath(xpoint, 'workload.size', 2 ** 30)));
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
const groupsIn = (html: string) => [...html.matchAll(/<details class="knob-group"( open="")? data-group="([^"]+)"/g)].map((m) => `${m[2]}${m[1] ? ' (open)' : ''}`);
/** The value an input or select of a knob shows. */
function shown(html: string, path: string): string | undefined {
  const at = html.indexOf(`data-knob="${path}"`);
  if (at < 0) return undefined;
  const part = html.slice(at, html.indexOf('</div></div>', at) + 1 || undefined);
  return part.match(/<input[^>]*value="([^"]*)"/)?.[1] ?? part.match(/<option value="([^"]*)" selected=""/)?.[1];
}

describe('forms follow the device kind', () => {
  it('a 3D XPoint drive shows its media group and hides every NAND-only group and knob', () => {
    const html = render(xpoint, 'en');
    expect(groupsIn(html)).toEqual(['workload (open)', 'host_cpu', 'run', 'media (open)', 'xpoint (open)', 'host', 'controller']);
    const paths = knobsIn(html);
    expect(paths).toEqual(expect.arrayContaining(['device.kind', 'device.xpoint.capacity_bytes', 'device.xpoint.channels', 'device.xpoint.dies_per_channel', 'device.xpoint.read_us', 'device.xpoint.write_us', 'device.xpoint.channel_mb_per_s']));
    // Exactly the knobs the table gives this device kind, and the controller's shared ones.
    const expected = knobsFor(catalog.knobs, 'latency_trace', 'xpoint_ssd').filter((k) => knobApplies(k, xpoint));
    expect(paths.sort()).toEqual(['workload.kind', ...expected.map((k) => k.path)].sort());
    expect(paths.filter((p) => p.startsWith('device.nand.') || p.startsWith('precondition.') || p.startsWith('device.gc.'))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['device.controller.command_latency_us', 'device.controller.write_latency_us', 'device.host_interface.lanes']));
    expect(paths).not.toContain('device.controller.write_buffer');
    expect(html).toContain('<span class="group-title">3D XPoint media</span>');
    expect(shown(html, 'device.kind')).toBe('xpoint_ssd');
    expect(html).toMatch(/<option value="xpoint_ssd" selected="">3D XPoint SSD<\/option>/);
    expect(html).toMatch(/<option value="nand_ssd">NAND flash SSD<\/option>/);
    expect(shown(html, 'device.xpoint.capacity_bytes')).toBe('280 GB');
    expect(shown(html, 'device.xpoint.channels')).toBe('7');
  });

  it('reads in Japanese: the kind, its options, the XPoint group and every XPoint knob', () => {
    const html = render(xpoint, 'ja');
    expect(html).toContain('<span class="group-title">3D XPoint メディア</span>');
    expect(html).toContain(KNOBS_JA['device.kind'].label);
    expect(html).toMatch(/<option value="nand_ssd">NAND フラッシュ SSD<\/option>/);
    for (const k of catalog.knobs.filter((k) => k.group === 'xpoint')) {
      expect(html, k.path).toContain(KNOBS_JA[k.path].label);
      expect(html, k.path).toContain(KNOBS_JA[k.path].help);
    }
    for (const english of ['>Channels<', '>Dies per channel<', '>Device<', '>Capacity<']) expect(html).not.toContain(english);
  });

  it('switching a NAND preset to 3D XPoint and back hides and restores the NAND knobs with their values', async () => {
    const edited = setPath(nand, 'device.nand.channels', 8);
    const before = render(edited, 'en');
    expect(groupsIn(before).map((g) => g.replace(' (open)', ''))).toEqual(expect.arrayContaining(NAND_GROUPS.filter((g) => g !== 'hmb' && g !== 'slc_cache')));
    expect(groupsIn(before)).not.toContain('xpoint');
    expect(shown(before, 'device.nand.channels')).toBe('8');

    const switched = JSON.parse(await validate(JSON.stringify(setPath(edited, 'device.kind', 'xpoint_ssd')))) as JsonObject;
    const as = render(switched, 'en');
    expect(groupsIn(as)).toContain('xpoint (open)');
    for (const g of NAND_GROUPS) expect(groupsIn(as).map((x) => x.replace(' (open)', ''))).not.toContain(g);
    expect(knobsIn(as)).not.toContain('device.nand.channels');
    // Hidden, not lost: the engine keeps the NAND field as the user left it.
    expect(getPath(switched, 'device.nand.channels')).toBe(8);

    const back = render(JSON.parse(await validate(JSON.stringify(setPath(switched, 'device.kind', 'nand_ssd')))) as JsonObject, 'en');
    expect(knobsIn(back).sort()).toEqual(knobsIn(before).sort());
    expect(shown(back, 'device.nand.channels')).toBe('8');
    expect(shown(back, 'device.nand.cell')).toBe(shown(before, 'device.nand.cell'));
  });

  it('still shows a hidden knob the engine names, with its message', () => {
    const message = 'must be between 1 and 32 (got 0)';
    const html = render(xpoint, 'en', { field: 'device.nand.channels', code: 'out_of_range', message });
    expect(knobsIn(html)).toContain('device.nand.channels');
    expect(html).toContain(message);
  });
});

describe('a 3D XPoint run', () => {
  it('has a latency trace, throughput and a latency CDF, and no block map', () => {
    expect([...new Set(run.result.series.map((s) => s.role))].sort()).toEqual(['headline', 'latency_cause', 'latency_cdf', 'latency_histogram', 'throughput']);
    // Its latency splits into what a medium written in place has: no GC, erase or mapping table.
    const causes = run.result.series.filter((s) => s.role === 'latency_cause').map((s) => s.id.replace('latency_cause.', ''));
    expect(causes.sort()).toEqual(['channel', 'firmware', 'host', 'link', 'media_read', 'media_write', 'other', 'queue_host']);
    expect(run.result.blockMap).toBeNull();
    expect(hasEraseBlocks(catalog.knobs, 'xpoint_ssd')).toBe(false);
    expect(hasEraseBlocks(catalog.knobs, 'nand_ssd')).toBe(true);
    // Flat: every 8 MiB write takes the same time.
    const trace = run.points[run.result.series.findIndex((s) => s.role === 'headline')].filter((_, i) => i % 2 === 1);
    expect(trace.length).toBe(128);
    expect(Math.max(...trace) / Math.min(...trace)).toBeLessThan(1.01);
  });

  it('summarises only what a 3D XPoint drive has: media values, no NAND, GC, wear or mapping', () => {
    const result: RunResult = run.result;
    const html = renderToStaticMarkup(
      <I18nProvider initial="en">
        <SummaryPanel summary={result.summary} fields={catalog.summaryFields} emptyText="" devices={deviceKinds(xpoint)} />
      </I18nProvider>,
    );
    const groups = [...html.matchAll(/data-group="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toEqual(['throughput', 'host', 'capacity', 'media', 'run']);
    const keys = [...html.matchAll(/data-key="([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual(expect.arrayContaining(['media_written_bytes', 'media_operations', 'media_utilisation_percent', 'user_capacity_bytes', 'write_mb_per_s']));
    for (const nandOnly of ['nand_written_bytes', 'write_amplification', 'gc_runs', 'erases', 'raw_capacity_bytes', 'slc_cache_bytes', 'map_sram_hit_percent']) expect(keys).not.toContain(nandOnly);
    expect(html).toContain('>Media<');
    expect(result.summary.media_written_bytes).toBe(2 ** 30);

    const ja = renderToStaticMarkup(
      <I18nProvider initial="ja">
        <SummaryPanel summary={result.summary} fields={catalog.summaryFields} emptyText="" devices="xpoint_ssd" />
      </I18nProvider>,
    );
    for (const text of ['メディア', 'メディア書き込み量', 'メディア操作数（4 KiB）', 'メディア稼働率']) expect(ja).toContain(text);
    expect(ja).not.toMatch(/>Media (writes|operations|utilisation)/);
  });

  it('draws no block map card, finished or running', () => {
    const view = (status: RunView['status']): RunView => ({
      status,
      progress: status === 'done' ? 1 : 0.5,
      series: run.result.series,
      buffers: run.points.map((p) => {
        const b = new PointBuffer();
        b.append(Float64Array.from(p));
        return b;
      }),
      summary: status === 'done' ? run.result.summary : null,
      error: null,
      scenarioJson: JSON.stringify(xpoint),
      scenario: null,
      elapsedMs: 0,
      frame: 1,
      blockMap: null,
      snapshots: null,
      runs: 1,
      stale: false,
    });
    for (const status of ['done', 'running'] as const) {
      const html = renderToStaticMarkup(
        <I18nProvider initial="en">
          <RunCharts view={view(status)} pins={[]} runtimeS={0} filenameBase="ssd" blocks={false} />
        </I18nProvider>,
      );
      expect(html, status).toContain('data-testid="chart-headline"');
      expect(html, status).not.toContain('data-testid="chart-blocks"');
    }
    // A NAND run still waits for its map while running.
    const nandHtml = renderToStaticMarkup(
      <I18nProvider initial="en">
        <RunCharts view={view('running')} pins={[]} runtimeS={0} filenameBase="ssd" />
      </I18nProvider>,
    );
    expect(nandHtml).toContain('data-testid="chart-blocks"');
  });
});

describe('share links of a 3D XPoint scenario', () => {
  async function throughLink(scenario: JsonObject, preset: string) {
    const search = scenarioSearch(scenario, preset, codec, 'en');
    const settled = await settleDecoded(decodeScenario(search, codec), codec, validate);
    return { search, settled };
  }

  it('round-trip the XPoint knobs on the 900p-like preset', async () => {
    let s = setPath(xpoint, 'device.xpoint.channels', 4);
    s = setPath(s, 'device.xpoint.write_us', 7.5);
    s = setPath(s, 'device.xpoint.capacity_bytes', 480e9);
    const normalized = JSON.parse(await validate(JSON.stringify(s))) as JsonObject;
    const { search, settled } = await throughLink(normalized, '900p-like');
    expect(search).toBe('v=1&preset=900p-like&seed=1&device.xpoint.capacity_bytes=480GB&device.xpoint.channels=4&device.xpoint.write_us=7.5');
    expect(settled.issues).toEqual([]);
    expect(settled.scenario).toEqual(normalized);
  });

  it('round-trip a NAND preset switched to 3D XPoint, keeping the NAND edit made before', async () => {
    const s = setPath(setPath(setPath(nand, 'device.nand.channels', 8), 'device.kind', 'xpoint_ssd'), 'device.xpoint.read_us', 3);
    const normalized = JSON.parse(await validate(JSON.stringify(s))) as JsonObject;
    const { search, settled } = await throughLink(normalized, 'tlc-latency-trace');
    const params = new URLSearchParams(search);
    expect(params.get('device.kind')).toBe('xpoint_ssd');
    expect(params.get('device.nand.channels')).toBe('8');
    expect(params.get('device.xpoint.read_us')).toBe('3');
    expect(settled.issues).toEqual([]);
    expect(settled.scenario).toEqual(normalized);
    // A bad kind is reported, and the preset's kind kept.
    const bad = decodeScenario('v=1&preset=tlc-latency-trace&device.kind=floppy', codec);
    expect(bad.issues.map((i) => [i.code, i.param])).toEqual([['bad-value', 'device.kind']]);
    expect(deviceKind(bad.scenario)).toBe('nand_ssd');
  });

  it('name a pinned XPoint result by what changed for that drive, not by hidden NAND fields', () => {
    const preset = catalog.presets.find((p) => p.name === 'tlc-latency-trace');
    const s = setPath(setPath(nand, 'device.nand.channels', 8), 'device.kind', 'xpoint_ssd');
    const label = describeScenario('en', preset, s, ['device.nand.channels', 'device.kind'], catalog.knobs, 'latency_trace', 'xpoint_ssd');
    expect(label).toBe('TLC NVMe: latency of every 8 MiB write · Device 3D XPoint SSD');
  });
});
