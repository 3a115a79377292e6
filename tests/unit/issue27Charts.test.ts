// Issue 27: chart defects a student and a trainer found. Each test fails on the old behaviour.
import { describe, expect, it } from 'vitest';
import { CAPTIONS } from '../../web/src/charts/captions';
import { PALETTE } from '../../web/src/charts/palette';
import { PCT_STYLE } from '../../web/src/charts/percentileLines';

describe('issue 27 (3): article 002 latency trace', () => {
  it('percentile lines take no drive colour and a dash of their own', () => {
    const styles = Object.values(PCT_STYLE);
    for (const s of styles) expect(PALETTE.map((c) => c.toLowerCase())).not.toContain(s.color.toLowerCase());
    const dashes = styles.map((s) => s.dash);
    expect(new Set([...dashes, '4 4']).size).toBe(dashes.length + 1);
  });

  it('the caption explains the two NAND write bands and says the dashed lines are percentiles', () => {
    for (const lang of ['en', 'ja'] as const) {
      const text = CAPTIONS.latency_trace[lang];
      expect(text).toContain('18.2');
      expect(text).toContain('19.7');
      expect(text).toContain('1.8 ms');
    }
  });
});

describe('issue 27 (4): log axes where a ratio is the point', () => {
  it('article 004 and article 001 figures start on a log y, other charts on a linear one', async () => {
    const { defaultLogY } = await import('../../web/src/run/chartSpecs');
    expect(defaultLogY('article-004-cached-vs-not', true)).toBe(true);
    expect(defaultLogY('article-001-application-load', true)).toBe(true);
    expect(defaultLogY('article-001-whole-drive-write', true)).toBe(true);
    // Issue 28's latency traces: usual writes on the floor under their spikes on a linear axis.
    expect(defaultLogY('article-000-write-latency', true)).toBe(true);
    expect(defaultLogY('article-001-write-latency', true)).toBe(true);
    // The claim 0.8 vs 5.3 MB/s: a log axis puts them a factor apart, not both on the floor.
    expect(Math.log10(5.3) - Math.log10(0.8)).toBeGreaterThan(0.8);
    expect(defaultLogY('article-003-op-levels', true)).toBe(false);
    expect(defaultLogY(undefined, true)).toBe(false);
    expect(defaultLogY('article-004-cached-vs-not', false)).toBe(false);
  });
});

describe('issue 27 (5): identical lines are told apart', () => {
  it('finds a line lying on an earlier one within a tolerance, and not a different one', async () => {
    const { twinsOf } = await import('../../web/src/charts/lineIdentity');
    const a = new Float64Array([1, 100, 2, 200, 3, 300]);
    const same = new Float64Array([1, 100.2, 2, 199.9, 3, 300]);
    const other = new Float64Array([1, 100, 2, 150, 3, 300]);
    expect(twinsOf([a, same, other, a])).toEqual([-1, 0, -1, 0]);
  });

  it('chartLines dashes the twins and notes "same as …" in their legend label', async () => {
    const { chartLines } = await import('../../web/src/charts/chartLines');
    const meta = { id: 'write_throughput', role: 'throughput', label_id: 'write', label: 'Write', x: { id: 'time', unit: 's', name: 'Time', categories: [] }, y: { id: 'throughput', unit: 'mb_per_s', name: 'Throughput', categories: [] } };
    const pts = new Float64Array([1, 100, 2, 200, 3, 300]);
    const pin = (id: string, preset: string) => ({ id, label: () => preset, figure: 'article-000-random-write', preset, scenarioJson: `{"p":"${preset}"}`, scenario: { p: preset }, series: [{ meta, points: pts }] });
    const t = (key: string, v?: Record<string, string>) => (key === 'chart.sameAs' ? `${v!.label} (same as ${v!.other})` : key);
    const view = { status: 'idle', scenarioJson: null, scenario: null, series: [], buffers: [], frame: 0 };
    const { series } = chartLines({
      def: { id: 'headline', series: [], mark: 'line', role: 'headline' },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a minimal run and pins, only what chartLines reads
      view: view as any,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      overlay: [pin('a', 'bg4-like-hmb-off'), pin('b', 'bg4-like'), pin('c', 'bg4-like-hmb-64mb')] as any,
      runPreset: null,
      slots: new Map([['bg4-like-hmb-off', 0], ['bg4-like', 2], ['bg4-like-hmb-64mb', 5]]),
      lang: 'en',
      t,
      cdfMode: 'cdf',
      mismatch: null,
      showOdd: false,
    });
    expect(series.map((s) => s.label)).toEqual(['bg4-like-hmb-off', 'bg4-like (same as bg4-like-hmb-off)', 'bg4-like-hmb-64mb (same as bg4-like-hmb-off)']);
    expect(series[0].dash).toBeUndefined();
    expect(new Set(series.map((s) => s.dash)).size).toBe(3);
  });
});

describe('issue 27 (6): one colour per drive', () => {
  it('a drive has its colour whatever figure or index it is drawn at, and each figure’s drives differ', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { driveColor: colorOf, driveSlots } = await import('../../web/src/charts/lineIdentity');
    // Each drive's slot is its preset file's `identity`.
    const presetDir = new URL('../../engine/presets/', import.meta.url);
    const presets = readdirSync(presetDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ name: f.replace(/\.json$/, ''), identity: (JSON.parse(readFileSync(new URL(f, presetDir), 'utf8')) as { identity?: { slot: number } }).identity }));
    const slots = driveSlots(presets);
    const driveColor = (preset: string) => colorOf(slots, preset);
    // The 970 was orange in one step and pink (the BG3's colour) in the next.
    expect(driveColor('970-evo-plus-like')).not.toBe(driveColor('bg3-like'));
    const dir = new URL('../../engine/presets/figures/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const members: { preset: string }[] = JSON.parse(readFileSync(new URL(file, dir), 'utf8')).members;
      const colors = members.map((m) => driveColor(m.preset));
      expect(colors.every(Boolean), file).toBe(true);
      expect(new Set(colors).size, file).toBe(colors.length);
    }
  });
});

describe('issue 27 (7): story highlights', () => {
  const line = (pts: number[][]) => ({ key: 'k', label: 'k', color: '#000', marker: 'circle' as const, points: new Float64Array(pts.flat()) });
  // A span sweep whose knee moved from 8 to 16 GiB (spans 1, 2, 4, … 64 GiB).
  const moved = line([1, 2, 4, 8, 16, 32, 64].map((x) => [x, x < 16 ? 1000 : 300]));

  it('a knee mark follows the data to where it bends, or is left off when nothing bends near it', async () => {
    const { followData } = await import('../../web/src/explain/story/markFollow');
    const knee = { kind: 'knee' as const, x: 8, label: 'DRAM full' };
    // The story's knee at 24 GiB, the data's now between 8 and 16: moved onto the drop.
    expect(followData([{ ...knee, x: 24 }], [moved], true).map((m) => m.x)).toEqual([16]);
    // A mark inside the drop (a summary's 12 GiB between the samples at 8 and 16) stays.
    expect(followData([{ ...knee, x: 12 }], [moved], true).map((m) => m.x)).toEqual([12]);
    // The step before's ghost bends elsewhere: a mark follows this step's own lines, not the ghost.
    const ghost = { ...line([1, 2, 4, 8, 16, 32, 64].map((x) => [x, x < 32 ? 1000 : 300])), key: 'ghost-before:read' };
    expect(followData([{ ...knee, x: 24 }], [moved, ghost], true).map((m) => m.x)).toEqual([16]);
    // A mark the run's own summary placed (a story's x_from) stays where the summary put it.
    expect(followData([{ ...knee, x: 48, fixed: true }], [moved], true).map((m) => m.x)).toEqual([48]);
    const flat = line([1, 2, 4, 8, 16, 32, 64].map((x) => [x, 1000]));
    expect(followData([knee], [flat], true)).toEqual([]);
    // Far from any bend: left off rather than drawn where nothing happens.
    expect(followData([{ ...knee, x: 1 }], [moved], true)).toEqual([]);
    // Bands and spikes stay as written; with no data yet, everything does.
    const band = { kind: 'band' as const, x: 2, x2: 4, label: 'b' };
    expect(followData([band], [moved], true)).toEqual([band]);
    expect(followData([knee], [], true)).toEqual([knee]);
  });

  it('labels are drawn over the lines on a white plate wide enough for the text', async () => {
    const { placeLabels } = await import('../../web/src/explain/story/HighlightLayer');
    const [a] = placeLabels([{ mark: { kind: 'knee', x: 16, label: 'DRAM full' }, left: 100, right: 100 }], 600);
    expect(a.anchor).toBe('start');
    expect(a.plate.x).toBeLessThan(a.tx);
    expect(a.plate.x + a.plate.width).toBeGreaterThan(a.tx + 'DRAM full'.length * 6.5);
    expect(a.plate.y).toBeLessThan(a.y);
  });
});
