// The drive-state panel's pure parts (which snapshot a chart cursor points at, the map's cell
// bytes, the captions) and the panel itself rendered from a synthetic run's snapshots.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { firstPlacedAxis } from '../../web/src/charts/drive-state/chartCursor';
import { cellCounts, decodeCell, snapshotCells, snapshotZones } from '../../web/src/charts/drive-state/cells';
import { cursorCaption, percentText } from '../../web/src/charts/drive-state/caption';
import { DriveStatePanel } from '../../web/src/charts/drive-state/DriveStatePanel';
import { driveMapLayout } from '../../web/src/charts/drive-state/drawDriveMap';
import { MAP_COLOURS } from '../../web/src/charts/drive-state/mapColours';
import { planeShares } from '../../web/src/charts/drive-state/PlaneBar';
import { nearestStop, snapshotAt, snapshotStops, type CursorAxis } from '../../web/src/charts/drive-state/snapshotAt';
import { cursorLineX, type DriveCursor, type NamedAxis } from '../../web/src/charts/drive-state/useDriveCursor';
import { I18nProvider, translate, type Lang, type MessageKey, type Vars } from '../../web/src/i18n';
import { cellByte, driveSnapshots } from './driveStateFixture';

const written: CursorAxis = { id: 'data_written', unit: 'gb', seriesIds: ['write_throughput'] };
const time: CursorAxis = { id: 'time', unit: 's', seriesIds: ['read_throughput'] };

describe('the snapshot under a chart cursor', () => {
  const snaps = driveSnapshots(8);

  it('matches the axis by its own coordinate: GB written, seconds, operations', () => {
    expect(snapshotAt(snaps, written, 12)?.written_gb).toBe(10);
    expect(snapshotAt(snaps, written, 13)?.written_gb).toBe(15);
    expect(snapshotAt(snaps, time, 7.1)?.time_s).toBe(8);
    expect(snapshotAt(snaps, { id: 'operation', unit: 'count', seriesIds: [] }, 2400)?.ops).toBe(2000);
    // Past either end: the first or the last.
    expect(snapshotAt(snaps, written, -3)?.written_gb).toBe(0);
    expect(snapshotAt(snaps, written, 1e6)?.written_gb).toBe(35);
  });

  it('converts the chart unit (ms, GiB) to the snapshot coordinate', () => {
    expect(snapshotAt(snaps, { ...time, unit: 'ms' }, 6000)?.time_s).toBe(6);
    // 14 GiB is 15.03 GB: nearest 15, not 10.
    expect(snapshotAt(snaps, { ...written, unit: 'gib' }, 14)?.written_gb).toBe(15);
  });

  it('has nothing on an axis with no matching coordinate (latency, throughput)', () => {
    expect(snapshotAt(snaps, { id: 'latency', unit: 'us', seriesIds: ['read_throughput'] }, 10)).toBeNull();
    expect(snapshotStops(snaps, { id: 'access_span', unit: 'gib', seriesIds: ['span_sweep'] })).toEqual([]);
    expect(snapshotAt(null, written, 1)).toBeNull();
  });

  it('on a phase-point chart takes the nearest point of one of its own series', () => {
    const points = driveSnapshots(6, (k) => ({ point: { series: k < 4 ? 'span_sweep' : 'other', x: 2 ** k } }));
    const span: CursorAxis = { id: 'access_span', unit: 'gib', seriesIds: ['span_sweep'] };
    expect(snapshotStops(points, span).map((s) => s.x)).toEqual([1, 2, 4, 8]);
    expect(snapshotAt(points, span, 7)?.point?.x).toBe(8);
    // 16 and 32 belong to another series: the sweep's own last point is nearest.
    expect(snapshotAt(points, span, 30)?.point?.x).toBe(8);
    // On a log axis "nearest" is by ratio: 5.9 is nearer 8 than 4 by ratio, nearer 4 by difference.
    expect(snapshotAt(points, { ...span, log: true }, 5.9)?.point?.x).toBe(8);
    expect(snapshotAt(points, span, 5.9)?.point?.x).toBe(4);
  });

  it('picks the earliest of equal distances and returns null without stops', () => {
    expect(nearestStop([{ index: 0, x: 0 }, { index: 1, x: 2 }], 1)?.index).toBe(0);
    expect(nearestStop([], 1)).toBeNull();
  });
});

describe('the map cell bytes', () => {
  it('decode state (bits 0–1), SLC (bit 2) and valid share (bits 3–7)', () => {
    expect(decodeCell(0)).toEqual({ state: 'free', slc: false, valid: 0 });
    expect(decodeCell(cellByte(2, true, 31))).toEqual({ state: 'closed', slc: true, valid: 1 });
    expect(decodeCell(cellByte(3, false, 0)).state).toBe('victim');
    expect(decodeCell(cellByte(1, false, 0)).state).toBe('open');
    expect(decodeCell(0b01111_0_10).valid).toBeCloseTo(15 / 31);
    expect(decodeCell(0xff)).toEqual({ state: 'victim', slc: true, valid: 1 });
  });

  it('slice one snapshot out of the run and count its states', () => {
    const snaps = driveSnapshots(4);
    const third = snapshotCells(snaps, 2);
    expect(third.length).toBe(16);
    expect(cellCounts(third)).toEqual({ free: 12, open: 1, closed: 3, victim: 0, slc: 1 });
    expect(snapshotCells(snaps, 4).length).toBe(0);
  });

  it('lay out square cells that fit the width', () => {
    const l = driveMapLayout(1024, 600);
    expect(l.columns * l.rows).toBeGreaterThanOrEqual(1024);
    expect(l.columns * l.cell).toBeLessThanOrEqual(600);
    expect(driveMapLayout(16, 600).cell).toBe(28);
  });

  it("draw in the NAND lab's own colours", () => {
    const css = ['../../web/src/explain/lab/lab.css', '../../web/src/ui/blockLegend.css'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8')).join('\n');
    for (const key of ['valid', 'staleBg', 'staleLine', 'freeEdge', 'host', 'victim'] as const) expect(css).toContain(MAP_COLOURS[key]);
  });
});

describe('the planes and the caption', () => {
  it('writes shares as percentages, a trace not as zero', () => {
    expect(percentText(0.42, 'en-US')).toBe('42 %');
    expect(percentText(0.042, 'en-US')).toBe('4.2 %');
    expect(percentText(0.0002, 'en-US')).toBe('<0.1 %');
    expect(percentText(0, 'en-US')).toBe('0 %');
  });

  it('idle is what the causes leave, never below zero', () => {
    const shares = planeShares({ host_read: 0.1, host_program: 0.2, gc_read: 0, gc_program: 0.3, erase: 0.1, table: 0.05 });
    expect(shares.find((s) => s.cause === 'idle')?.share).toBeCloseTo(0.25);
    expect(planeShares({ host_read: 0.7, host_program: 0.6, gc_read: 0, gc_program: 0, erase: 0, table: 0 }).at(-1)?.share).toBe(0);
  });

  const t = (lang: Lang) => (key: MessageKey, vars?: Vars) => translate(lang, key, vars);
  const axis = (a: CursorAxis, name: string): NamedAxis => ({ ...a, name });
  it('says where the cursor is in the chart unit, in both languages', () => {
    expect(cursorCaption(t('en'), 'en', 'en-US', axis(written, 'Data written'), 37.5)).toBe('at 37.5 GB written');
    expect(cursorCaption(t('en'), 'en', 'en-US', axis(time, 'Time'), 12)).toBe('at 12 s');
    expect(cursorCaption(t('en'), 'en', 'en-US', axis({ id: 'operation', unit: 'count', seriesIds: [] }, 'Operation'), 5000)).toBe('at operation 5,000');
    expect(cursorCaption(t('en'), 'en', 'en-US', axis({ id: 'access_span', unit: 'gib', seriesIds: [] }, 'Access span'), 8)).toBe('at access span 8 GiB');
    expect(cursorCaption(t('en'), 'en', 'en-US', axis({ id: 'round', unit: 'count', seriesIds: [] }, 'Round'), 4)).toBe('at round 4');
    expect(cursorCaption(t('en'), 'en', 'en-US', { ...axis({ id: 'test', unit: 'none', seriesIds: [] }, 'Test'), categories: ['SEQ1M Q8T1', 'RND4K Q1T1'] }, 1)).toBe('at test RND4K Q1T1');
    expect(cursorCaption(t('ja'), 'ja', 'ja-JP', axis({ id: 'round', unit: 'count', seriesIds: [] }, 'ラウンド'), 4)).toBe('ラウンド 4 の時点');
    expect(cursorCaption(t('ja'), 'ja', 'ja-JP', axis(written, 'ホスト書き込み量'), 37.5)).toBe('37.5 GB 書き込んだ時点');
  });
});

describe('the panel', () => {
  const snaps = driveSnapshots(8, (k) => ({ lookups: k > 3 ? [60, 30, 0, 10] : null, slc: k === 7 ? null : { data_gb: k, size_gb: 24 } }));
  const named: NamedAxis = { ...written, name: 'Data written' };
  const stops = snapshotStops(snaps, named);
  const cursor = (index: number): DriveCursor => ({ snapshots: snaps, index, axis: named, stops, at: stops.findIndex((s) => s.index === index), pointAt: () => {}, goTo: () => {} });
  const html = (index: number, lang: Lang = 'en') =>
    renderToStaticMarkup(
      <I18nProvider initial={lang}>
        <DriveStatePanel cursor={cursor(index)} />
      </I18nProvider>,
    );

  it('draws the snapshot under the cursor: caption, planes, histogram, gauges', () => {
    const at2 = html(2);
    expect(at2).toContain('at 10 GB written');
    expect(at2).toContain('snapshot 3 of 8');
    expect(at2).toContain('data-bins="0,1,2,3,4,5,6,7,8,2"');
    expect(at2).toContain('38 blocks');
    expect(at2).toContain('data-gauge="slc"');
    expect(at2).toContain('2 of 24 GB');
    expect(at2).not.toContain('data-gauge="lookups"');
    expect(at2).toContain('data-cause="host_program" data-share="0.5000"');
    expect(at2).toContain('data-cause="idle" data-share="0.3000"');
    const at5 = html(5);
    expect(at5).toContain('at 25 GB written');
    expect(at5).toContain('data-gauge="lookups"');
    expect(at5).toContain('Victims’ mean 25 %');
  });

  it('names folding only where an SLC cache could fold', () => {
    const folds = (gc: { folded_percent: number }, slc: boolean) => {
      const one = driveSnapshots(2, () => ({ gc: { victims: 3, victim_valid_percent: 50, ...gc }, slc: slc ? { data_gb: 1, size_gb: 2 } : null }));
      const st = snapshotStops(one, named);
      return renderToStaticMarkup(
        <I18nProvider initial="en">
          <DriveStatePanel cursor={{ snapshots: one, index: 1, axis: named, stops: st, at: 1, pointAt: () => {}, goTo: () => {} }} />
        </I18nProvider>,
      );
    };
    expect(folds({ folded_percent: 40 }, true)).toContain('40 % of GC work was folding');
    expect(folds({ folded_percent: 0 }, true)).toContain('0 % of GC work was folding');
    expect(folds({ folded_percent: 0 }, false)).not.toContain('folding');
  });

  it("names static wear levelling's share only in an interval where it moved data", () => {
    const note = (gc: { wear_level_percent?: number }) => {
      const one = driveSnapshots(2, () => ({ gc: { victims: 3, victim_valid_percent: 50, folded_percent: 0, ...gc }, slc: null }));
      return renderToStaticMarkup(
        <I18nProvider initial="en">
          <DriveStatePanel cursor={{ snapshots: one, index: 1, axis: named, stops: snapshotStops(one, named), at: 1, pointAt: () => {}, goTo: () => {} }} />
        </I18nProvider>,
      );
    };
    expect(note({ wear_level_percent: 76 })).toContain('3 GC victims in the interval · 76 % of GC work was static wear levelling');
    expect(note({})).not.toContain('wear levelling');
  });

  it('hides the parts a snapshot lacks', () => {
    const last = html(7);
    expect(last).not.toContain('data-gauge="slc"');
    expect(last).not.toContain('data-gauge="tier"');
  });

  it('speaks Japanese', () => {
    const ja = html(2, 'ja');
    expect(ja).toContain('10 GB 書き込んだ時点');
    expect(ja).toContain('プレーンの稼働内訳');
    expect(ja).not.toContain('What the planes');
  });

  it('puts the chart cursor line at the shown snapshot on any axis that has it', () => {
    expect(cursorLineX(cursor(3), written)).toBe(15);
    expect(cursorLineX(cursor(3), time)).toBe(6);
    expect(cursorLineX(cursor(3), { id: 'latency', unit: 'us', seriesIds: [] })).toBeNull();
  });
});

describe('the axis the playground cursor starts on', () => {
  it('is the first chart axis the snapshots have a place on', () => {
    const snaps = driveSnapshots(3);
    const cdf: NamedAxis = { id: 'latency', unit: 'us', seriesIds: ['read_latency_cdf'], name: 'Latency' };
    const overTime: NamedAxis = { ...time, name: 'Time' };
    expect(firstPlacedAxis(snaps, [cdf, null, overTime])).toBe(overTime);
    expect(firstPlacedAxis(snaps, [cdf])).toBeNull();
    expect(firstPlacedAxis(null, [overTime])).toBeNull();
  });
});

describe('a drive without erase blocks (3D XPoint, a disk)', () => {
  it('shows no block map, histogram or free blocks, only what it has', () => {
    const base = driveSnapshots(2, () => ({ blocks: 0, free_blocks: 0, closed_valid: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], slc: null, tier: { cached_gb: 3.2, read_hit_percent: 80 } }));
    const snaps = { ...base, blocks: 0, cell_blocks: 0, cells_per_snapshot: 0, cells: new Uint8Array(0) };
    const named: NamedAxis = { ...time, name: 'Time' };
    const stops = snapshotStops(snaps, named);
    const out = renderToStaticMarkup(
      <I18nProvider initial="en">
        <DriveStatePanel cursor={{ snapshots: snaps, index: 1, axis: named, stops, at: 1, pointAt: () => {}, goTo: () => {} }} />
      </I18nProvider>,
    );
    expect(out).toContain('at 2 s');
    expect(out).not.toContain('drive-map');
    expect(out).not.toContain('drive-histogram');
    expect(out).not.toContain('data-gauge="free"');
    expect(out).toContain('3.2 GB cached');
    expect(out).toContain('80 % of reads hit');
    // A hybrid says whose map and planes these are, and how much the disk served.
    expect(out).toContain('data-testid="drive-tier-disk"');
    expect(out).toContain('20 % of the reads came from the disk');
  });
});

describe('the SLC cache gauge', () => {
  const named: NamedAxis = { ...written, name: 'Data written' };
  const render = (lang: Lang, slc: { data_gb: number; size_gb: number }) => {
    const one = driveSnapshots(2, () => ({ slc }));
    const st = snapshotStops(one, named);
    return renderToStaticMarkup(
      <I18nProvider initial={lang}>
        <DriveStatePanel cursor={{ snapshots: one, index: 1, axis: named, stops: st, at: 1, pointAt: () => {}, goTo: () => {} }} />
      </I18nProvider>,
    );
  };

  it('never reads past its scale: data over the shrunken size is named and the size marked', () => {
    const en = render('en', { data_gb: 7.28, size_gb: 6.86 });
    expect(en).not.toContain('7.28 of 6.86 GB');
    expect(en).toContain('7.28 GB in SLC blocks: 0.42 GB over its size now (6.86 GB), waiting to be folded');
    // The bar is full (scaled to what the blocks hold) and the size sits at 6.86 / 7.28 of it.
    expect(en).toMatch(/data-gauge="slc".*?aria-valuenow="100".*?data-testid="drive-gauge-slc-mark"/);
    expect(en).toContain(`left:${(6.86 / 7.28) * 100}%`);
    expect(render('ja', { data_gb: 7.28, size_gb: 6.86 })).toContain('今のサイズ（6.86 GB）を 0.42 GB 超えており');
    const within = render('en', { data_gb: 2, size_gb: 24 });
    expect(within).toContain('2 of 24 GB');
    expect(within).not.toContain('drive-gauge-slc-mark');
  });
});

describe('a zoned drive (NVMe ZNS)', () => {
  // Two runs per snapshot: 16 state cells, then 16 zone-state cells (0 empty, 1 implicitly
  // open, 4 full, 6 offline, 255 no zone).
  const zoned = () => {
    const base = driveSnapshots(2);
    const zones = [4, 4, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 255];
    const cells = new Uint8Array(2 * 32);
    for (let k = 0; k < 2; k++) {
      cells.set(base.cells.subarray(k * 16, k * 16 + 16), k * 32);
      cells.set(zones, k * 32 + 16);
    }
    return { ...base, cells_per_snapshot: 32, zone_cells: true, cells };
  };

  it('reads the zone-state cells after the state cells', () => {
    const snaps = zoned();
    expect(snapshotCells(snaps, 1)).toEqual(driveSnapshots(2).cells.subarray(16, 32));
    expect(Array.from(snapshotZones(snaps, 1) ?? [])).toEqual([4, 4, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 255]);
    expect(snapshotZones(driveSnapshots(2), 1)).toBeNull();
  });

  it('draws a legend of the zone states the map shows, in English and Japanese', () => {
    const snaps = zoned();
    const named: NamedAxis = { ...written, name: 'Data written' };
    const render = (lang: Lang) =>
      renderToStaticMarkup(
        <I18nProvider initial={lang}>
          <DriveStatePanel cursor={{ snapshots: snaps, index: 1, axis: named, stops: snapshotStops(snaps, named), at: 1, pointAt: () => {}, goTo: () => {} }} />
        </I18nProvider>,
      );
    const en = render('en');
    expect(en).toContain('data-zones="0 1 4 6"');
    expect([...en.matchAll(/data-zone-state="(\w+)"/g)].map((m) => m[1])).toEqual(['empty', 'implicitOpen', 'full', 'offline']);
    expect(en).toContain('Written, zone Full');
    expect(en).toContain('Erased (not yet written)');
    expect(en).not.toContain('lab-swatch outline victim');
    expect(en).not.toContain('Stale data');
    expect(render('ja')).toContain('書き込み済み（ゾーン: 満杯）');
  });
});
