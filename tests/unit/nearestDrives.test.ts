// "Nearest preset drive" without a browser: which drives the reader's job runs on (each shipped
// drive once, the reader's workload and precondition kept), how the outcomes rank (nearest first,
// refusals listed last, never dropped), how a row reads, and the runner on engines of its own —
// one drive after another, a refusal a row, a cancel leaving no result.
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../../web/src/engine/bridge';
import { EngineError } from '../../web/src/engine/errors';
import type { FioComparison } from '../../web/src/engine/generated/FioComparison';
import type { MetricError } from '../../web/src/engine/generated/MetricError';
import { distanceText, worstMetric } from '../../web/src/panels/fioResult';
import { driveCandidates, rankNearest, type NearestRow } from '../../web/src/session/nearestDrives';
import { NearestRuns, type NearestState } from '../../web/src/session/nearestRuns';
import { withDrive } from '../../web/src/session/scenarioEdits';
import type { JsonObject } from '../../web/src/scenario/paths';

const tlc = { kind: 'nand_ssd', nand: { cell: 'tlc', channels: 8 } };
const presets = [
  { name: 'tlc-random-read', scenario: { name: 'TLC: reads', scale: 1, device: tlc, precondition: { fill: 1 }, workload: { kind: 'job', rw: 'randread' } } },
  { name: 'bg4-like', scenario: { name: 'BG4-like', scale: 16, device: { kind: 'nand_ssd', nand: { cell: 'tlc', channels: 4 } }, workload: { kind: 'benchmark' } } },
  // The same drive as the first, listed in another key order and with another workload.
  { name: 'tlc-whole-drive-write', scenario: { name: 'TLC: whole drive', device: { nand: { channels: 8, cell: 'tlc' }, kind: 'nand_ssd' }, scale: 1, workload: { kind: 'job', rw: 'write' } } },
  // The same device simulated at another scale is another drive.
  { name: 'tlc-scaled', scenario: { name: 'TLC scaled', scale: 16, device: tlc, workload: { kind: 'job' } } },
  { name: 'hdd-7200-like', scenario: { name: 'HDD', scale: 1, device: { kind: 'hdd', rpm: 7200 }, workload: { kind: 'job' } } },
];
const mine: JsonObject = { name: 'mine', seed: 7, scale: 1, host: { submit_ns: 500 }, precondition: { fill: 0.5 }, device: { kind: 'xpoint_ssd' }, workload: { kind: 'job', rw: 'randread', bs: 4096 } };

const metric = (m: string, ratio: number): MetricError => ({ metric: m, op: 'read', measured: 100, model: 100 * ratio, ratio, error_percent: (ratio - 1) * 100 });
const compared = (preset: string, d: number | null, alsoIn: string[] = []): NearestRow => ({ status: 'compared', preset, alsoIn, stopped: null, comparison: { job: 'j', metrics: [], geomean_ratio: d } });
const refused = (preset: string): NearestRow => ({ status: 'refused', preset, alsoIn: [], message: 'workload.size: larger than the drive' });

describe('the drives the job runs on', () => {
  it('runs each shipped drive once, naming the presets that share it', () => {
    const c = driveCandidates(presets, mine);
    expect(c.map((d) => [d.preset, d.alsoIn])).toEqual([
      ['tlc-random-read', ['tlc-whole-drive-write']],
      ['bg4-like', []],
      ['tlc-scaled', []],
      ['hdd-7200-like', []],
    ]);
  });

  it('takes the drive and its scale from the preset and everything else from the reader', () => {
    const bg4 = driveCandidates(presets, mine)[1].scenario;
    expect(bg4).toEqual({ ...mine, scale: 16, device: presets[1].scenario.device });
    expect(bg4.workload).toBe(mine.workload);
    expect(bg4.precondition).toEqual({ fill: 0.5 });
  });

  it('"Use this drive" takes the preset’s drive and name, keeping the workload', () => {
    const codec = { presets: new Map(presets.map((p) => [p.name, p.scenario as unknown as JsonObject])), defaultPreset: 'tlc-random-read', workloadDefaults: {}, knobs: [], upgrades: [] };
    const next = withDrive(mine, 'bg4-like', { knobs: [], codec });
    expect(next).toEqual({ ...mine, name: 'BG4-like', description: '', scale: 16, device: presets[1].scenario.device });
  });
});

describe('nearest first', () => {
  it('sorts by distance, then rows with nothing to compare, then refusals, keeping the catalogue order within each', () => {
    const rows = [refused('hdd'), compared('a', 1.9), compared('none', null), compared('b', 1.26), refused('zns'), compared('c', 1.26), compared('d', 1409.99)];
    expect(rankNearest(rows).map((r) => r.preset)).toEqual(['b', 'c', 'a', 'd', 'none', 'hdd', 'zns']);
    expect(rows[0].preset).toBe('hdd'); // the input is not reordered
  });

  it('reads the distance as the CLI prints it, as a factor', () => {
    expect(distanceText(1.2886705, 'en-US')).toBe('×\u00a01.289');
    expect(distanceText(1409.997946, 'en-US')).toBe('×\u00a01,409.998');
    expect(distanceText(1, 'ja-JP')).toBe('×\u00a01.000');
  });

  it('names the metric furthest from its measurement either way, as the distance weighs it', () => {
    expect(worstMetric([metric('read_iops', 1.5), metric('read_latency.p99_us', 0.5), metric('read_mb_per_s', 1.1)])?.metric).toBe('read_latency.p99_us');
    expect(worstMetric([])).toBeNull();
  });
});

/** An engine whose runs answer at once: a summary naming the drive, and a distance per channel count. */
function fakeEngine(log: string[]): EngineClient {
  return {
    async run(json: string, onChunk: (c: { progress: number }) => void) {
      const s = JSON.parse(json) as { device: { kind: string; nand?: { channels: number } } };
      log.push(`run ${s.device.kind}`);
      if (s.device.kind === 'hdd') throw new EngineError({ field: 'workload.size', code: 'out_of_range', message: 'larger than the drive' });
      onChunk({ progress: 0.5 });
      return { summary: { channels: s.device.nand?.channels ?? 0 }, stopped: null };
    },
    async fioCompare(_text: string, job: string | null, summaryJson: string): Promise<FioComparison> {
      const { channels } = JSON.parse(summaryJson) as { channels: number };
      log.push('compare');
      return { job: job ?? '', metrics: [metric('read_iops', 8 / channels)], geomean_ratio: Math.max(8 / channels, channels / 8) };
    },
    dispose() {},
  } as unknown as EngineClient;
}

describe('the runner', () => {
  it('runs the drives one after another on its own engine and ranks them, a refusal listed with its reason', async () => {
    const log: string[] = [];
    const states: NearestState[] = [];
    const runs = new NearestRuns((s) => states.push(s), () => fakeEngine(log));
    await runs.run({ candidates: driveCandidates(presets, mine), resultText: '{}', job: 'randread' });
    // One lane: run and compare alternate.
    expect(log).toEqual(['run nand_ssd', 'compare', 'run nand_ssd', 'compare', 'run nand_ssd', 'compare', 'run hdd']);
    const running = states.filter((s) => s.status === 'running');
    expect(running.map((s) => s.index)).toEqual([0, 0, 0, 1, 1, 2, 2, 3]);
    expect(running.every((s) => s.total === 4)).toBe(true);
    const done = states.at(-1)!;
    expect(done.status).toBe('done');
    const rows = done.status === 'done' ? done.rows : [];
    expect(rows.map((r) => [r.preset, r.status === 'compared' ? r.comparison.geomean_ratio : r.message])).toEqual([
      ['tlc-random-read', 1],
      ['tlc-scaled', 1],
      ['bg4-like', 2],
      ['hdd-7200-like', 'workload.size: larger than the drive'],
    ]);
  });

  it('stops when cancelled and reports no result', async () => {
    const states: NearestState[] = [];
    let runs: NearestRuns | null = null;
    const engine = fakeEngine([]);
    const slow = { ...engine, run: (...a: Parameters<EngineClient['run']>) => (runs!.cancel(), engine.run(...a)) } as unknown as EngineClient;
    runs = new NearestRuns((s) => states.push(s), () => slow);
    await runs.run({ candidates: driveCandidates(presets, mine), resultText: '{}', job: null });
    expect(states.at(-1)).toEqual({ status: 'idle' });
    expect(states.some((s) => s.status === 'done')).toBe(false);
  });
});
