// The NAND lab's pure parts: decoding the engine's event words, the page-state reducer, the
// grid layout at phone and laptop widths, the narration of each event and the script verbs.
import { describe, expect, it } from 'vitest';
import { scriptBatch } from '../../web/src/explain/lab/config';
import { gridLayout } from '../../web/src/explain/lab/layout';
import { applyEvents, createModel, decodeEvents, differences, FREE, modelCounters, STALE, UNMAPPED, validPages, waf, type LabEvent } from '../../web/src/explain/lab/model';
import { narrate } from '../../web/src/explain/lab/narration';
import type { LabNow } from '../../web/src/explain/lab/player';
import { en } from '../../web/src/i18n/en';
import { ja } from '../../web/src/i18n/ja';

const layout = { blocks: 4, pages_per_block: 4, logical_pages: 6, working_blocks: 3, op_percent: 33 };
const ev = (kind: LabEvent['kind'], block: number, page: number, unit = UNMAPPED, stream: LabEvent['stream'] = 'host'): LabEvent => ({ kind, stream, block, page, unit });

describe('decodeEvents', () => {
  it('reads quadruples [kind | stream << 8, block, page, unit] and skips unknown kinds', () => {
    const words = Uint32Array.from([2, 1, 3, 7, 2 | (1 << 8), 0, 0, 5, 9, 0, 0, 0, 0, UNMAPPED, UNMAPPED, 4]);
    expect(decodeEvents(words)).toEqual([ev('program', 1, 3, 7), ev('program', 0, 0, 5, 'gc'), ev('lookup', UNMAPPED, UNMAPPED, 4)]);
    expect(decodeEvents(words, 1, 2)).toEqual([ev('program', 0, 0, 5, 'gc')]);
  });
});

describe('the page-state reducer', () => {
  it('a write programs a page and maps it; an overwrite leaves the old copy stale', () => {
    const m0 = createModel(layout);
    const m1 = applyEvents(m0, [ev('program', 0, 0, 2)]);
    expect(m1.pages[0]).toBe(2);
    expect(m1.l2p[2]).toBe(0);
    const m2 = applyEvents(m1, [ev('program', 0, 1, 2), ev('invalidate', 0, 0, 2)]);
    expect(Array.from(m2.pages.slice(0, 4))).toEqual([STALE, 2, FREE, FREE]);
    expect(m2.l2p[2]).toBe(1);
    expect([m2.hostWrites, m2.nandWrites, m2.lastWritten, m2.hostBlock]).toEqual([2, 2, 2, 0]);
    // The reducer is pure from outside: the input models are unchanged.
    expect(m0.pages[0]).toBe(FREE);
    expect(m1.pages[0]).toBe(2);
  });

  it('a trim unmaps; a lookup counts a host read, even of an unmapped page', () => {
    const m = applyEvents(createModel(layout), [ev('program', 1, 0, 4), ev('invalidate', 1, 0, 4), ev('lookup', UNMAPPED, UNMAPPED, 4)]);
    expect(m.l2p[4]).toBe(UNMAPPED);
    expect(m.pages[4]).toBe(STALE);
    expect(m.hostReads).toBe(1);
  });

  it('GC: a victim is marked, copies count as NAND writes, the erase frees the block and counts', () => {
    let m = applyEvents(createModel(layout), [ev('program', 0, 0, 0), ev('program', 0, 1, 1), ev('program', 0, 2, 1), ev('invalidate', 0, 1, 1)]);
    expect(validPages(m, 0)).toBe(2);
    m = applyEvents(m, [ev('victim', 0, 2, UNMAPPED, 'gc'), ev('read', 0, 0, 0, 'gc'), ev('program', 2, 0, 0, 'gc'), ev('invalidate', 0, 0, 0, 'gc')]);
    expect(m.victim).toBe(0);
    expect(m.gcBlock).toBe(2);
    expect(m.l2p[0]).toBe(8);
    m = applyEvents(m, [ev('read', 0, 2, 1, 'gc'), ev('program', 2, 1, 1, 'gc'), ev('invalidate', 0, 2, 1, 'gc'), ev('erase', 0, 0, UNMAPPED, 'gc')]);
    expect(Array.from(m.pages.slice(0, 4))).toEqual([FREE, FREE, FREE, FREE]);
    expect([m.victim, m.erases, m.eraseCounts[0], m.gcMoves, m.hostWrites, m.nandWrites]).toEqual([null, 1, 1, 2, 3, 5]);
    expect(waf(m)).toBeCloseTo(5 / 3, 12);
    expect(modelCounters(m)).toEqual({ host_writes: 3, nand_writes: 5, gc_moves: 2, erases: 1, host_reads: 0, waf: 5 / 3 });
  });

  it('ignores events outside the drive instead of breaking the picture', () => {
    const m = applyEvents(createModel(layout), [ev('program', 9, 0, 1), ev('erase', 17, 0), ev('program', 0, 7, 1)]);
    expect(m.pages.every((v) => v === FREE)).toBe(true);
    expect(m.nandWrites).toBe(0);
  });

  it('differences names what does not match the engine', () => {
    const m = applyEvents(createModel(layout), [ev('program', 0, 0, 1)]);
    const pages = m.pages.slice();
    expect(differences(m, pages, m.eraseCounts, modelCounters(m))).toEqual([]);
    pages[3] = 2;
    expect(differences(m, pages, m.eraseCounts, { ...modelCounters(m), erases: 1 })).toEqual(['pages differ at 3', 'erases: 0 ≠ 1']);
  });
});

describe('gridLayout', () => {
  it.each([
    [390 - 32, 12, 8],
    [1280 * 0.55, 12, 8],
    [358, 64, 64],
    [900, 4, 4],
  ])('fits %d px with %d blocks × %d pages', (width, blocks, ppb) => {
    const g = gridLayout(width, blocks, ppb);
    expect(g.width).toBeLessThanOrEqual(Math.max(160, width));
    for (let b = 0; b < blocks; b++) {
      expect(g.blockX(b)).toBeGreaterThanOrEqual(0);
      expect(g.blockX(b) + g.colWidth).toBeLessThanOrEqual(g.width + 1e-9);
    }
    const last = g.cell(blocks * ppb - 1);
    expect(last.y + g.cellHeight + g.foot).toBeLessThanOrEqual(g.height + 1e-9);
    expect(g.colWidth).toBeGreaterThanOrEqual(18);
  });

  it('labels pages at the default size on a phone; rows are even', () => {
    const g = gridLayout(358, 12, 8);
    expect(g.labels).toBe(true);
    expect(12 % g.cols).toBe(0);
  });
});

describe('narration', () => {
  const now = (event: LabEvent | null, op: LabNow['command']['op'] = 'step', index = 1): LabNow => ({ command: op === 'step' ? { op, workload: 'random' } : { op, unit: 3 }, event, index, of: 3, serial: 1, from: null });
  it('says each event with its numbers, in both languages', () => {
    const m = createModel(layout);
    const say = narrate(now(ev('victim', 3, 2, UNMAPPED, 'gc')), m);
    expect(say).toEqual({ key: 'lab.say.victim', vars: { block: 3, valid: 2 } });
    expect(en[say.key]).toContain('{valid}');
    expect(ja[say.key]).toContain('{valid}');
    expect(narrate(now(ev('lookup', UNMAPPED, UNMAPPED, 3), 'read'), m).key).toBe('lab.say.lookupUnmapped');
    expect(narrate(now(ev('invalidate', 0, 1, 3), 'trim'), m).key).toBe('lab.say.trim');
    expect(narrate(now(ev('invalidate', 0, 1, 3)), m).key).toBe('lab.say.overwriteStale');
    expect(narrate(now(ev('program', 0, 1, 3), 'step', 5), m).key).toBe('lab.say.hostProgramAfterGc');
    expect(narrate(now(null, 'trim'), m).key).toBe('lab.say.trimUnmapped');
    expect(narrate(null, m).key).toBe('lab.say.ready');
  });

  it('a GC victim with no valid pages has nothing to copy, and says so', () => {
    const m = createModel(layout);
    const say = narrate(now(ev('victim', 5, 0, UNMAPPED, 'gc')), m);
    expect(say).toEqual({ key: 'lab.say.victimEmpty', vars: { block: 5 } });
    for (const words of [en[say.key], ja[say.key]]) expect(words).toContain('{block}');
    // The old line said "(0 valid pages): copying them before the erase".
    expect(en[say.key]).not.toMatch(/copying them/);
    expect(narrate(now(ev('victim', 5, 1, UNMAPPED, 'gc')), m).key).toBe('lab.say.victim');
  });
});

describe('script verbs', () => {
  it('fill writes every logical page in order; overwrite one drive of the workload; gc stops at an erase; read reads the last write', () => {
    expect(scriptBatch('fill', 3, 'random', null, false).commands).toEqual([
      { op: 'write', unit: 0 },
      { op: 'write', unit: 1 },
      { op: 'write', unit: 2 },
    ]);
    expect(scriptBatch('overwrite', 3, 'hot-cold', null, false).commands).toEqual(Array(3).fill({ op: 'step', workload: 'hot-cold' }));
    expect(scriptBatch('gc', 3, 'random', null, true)).toMatchObject({ stopAfterErase: true, holdLast: true });
    expect(scriptBatch('gc', 3, 'random', null, false).holdLast).toBe(false);
    expect(scriptBatch('read', 3, 'random', 2, true).commands).toEqual([{ op: 'read', unit: 2 }]);
    expect(scriptBatch('read', 3, 'random', null, true).commands).toEqual([{ op: 'read', unit: 0 }]);
  });
});
