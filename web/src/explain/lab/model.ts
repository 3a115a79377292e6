// The NAND lab's page-state model: what the drive looks like after a run of the engine's
// events. The view never asks the engine where a page is while animating: it replays the
// events one by one on this model, so the picture after each event is exactly the drive the
// FTL left at that point (tests/contract/labModel.test.ts checks it against the wasm).
import type { LabCounters, LabLayout } from '../../engine/types';

/** A page that is erased (ready to program), or a logical page not in the L2P table. */
export const FREE = 0xffffffff;
/** A page holding an old copy: it waits for its block's erase. */
export const STALE = 0xfffffffe;
export const UNMAPPED = 0xffffffff;

/** Event kinds in the engine's numbering (engine/core/src/lab.rs `EventKind`). */
export const EVENT_KINDS = ['lookup', 'read', 'program', 'invalidate', 'victim', 'erase'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export type Stream = 'host' | 'gc';

export interface LabEvent {
  kind: EventKind;
  stream: Stream;
  block: number;
  /** On a victim: its valid pages when GC chose it. */
  page: number;
  /** The logical page concerned, or UNMAPPED (an erase, a victim). */
  unit: number;
}

/** Decodes quadruples `[kind | stream << 8, block, page, unit]`, events `from` to `to`. */
export function decodeEvents(words: Uint32Array, from = 0, to = Math.floor(words.length / 4)): LabEvent[] {
  const out: LabEvent[] = [];
  for (let i = from; i < to; i++) {
    const head = words[i * 4];
    const kind = EVENT_KINDS[head & 0xff];
    if (!kind) continue; // a kind this page does not know yet: skip it rather than misdraw it
    out.push({ kind, stream: head >> 8 === 1 ? 'gc' : 'host', block: words[i * 4 + 1], page: words[i * 4 + 2], unit: words[i * 4 + 3] });
  }
  return out;
}

export interface LabModel {
  blocks: number;
  pagesPerBlock: number;
  logicalPages: number;
  /** Per physical page (block * pagesPerBlock + page): logical page held, FREE or STALE. */
  pages: Uint32Array;
  /** Per logical page: the physical page holding its current copy, or UNMAPPED. */
  l2p: Uint32Array;
  eraseCounts: Uint32Array;
  hostWrites: number;
  gcMoves: number;
  /** Every page program: host writes plus GC copies. */
  nandWrites: number;
  erases: number;
  hostReads: number;
  /** The block GC is collecting, from its choice until its erase. */
  victim: number | null;
  /** Where the host and GC last programmed (their open blocks). */
  hostBlock: number | null;
  gcBlock: number | null;
  /** The logical page the host wrote last. */
  lastWritten: number | null;
}

export function createModel(layout: LabLayout): LabModel {
  return {
    blocks: layout.blocks,
    pagesPerBlock: layout.pages_per_block,
    logicalPages: layout.logical_pages,
    pages: new Uint32Array(layout.blocks * layout.pages_per_block).fill(FREE),
    l2p: new Uint32Array(layout.logical_pages).fill(UNMAPPED),
    eraseCounts: new Uint32Array(layout.blocks),
    hostWrites: 0,
    gcMoves: 0,
    nandWrites: 0,
    erases: 0,
    hostReads: 0,
    victim: null,
    hostBlock: null,
    gcBlock: null,
    lastWritten: null,
  };
}

export function cloneModel(m: LabModel): LabModel {
  return { ...m, pages: m.pages.slice(), l2p: m.l2p.slice(), eraseCounts: m.eraseCounts.slice() };
}

/**
 * Applies one event to the model in place. Out-of-range events are ignored: a bad event must
 * not break the picture (the consistency check against the engine reports it instead).
 */
export function applyEventInPlace(m: LabModel, e: LabEvent): void {
  // A lookup of an unmapped page names no block, yet it is a host read.
  if (e.kind === 'lookup') m.hostReads += 1;
  if (e.block >= m.blocks) return;
  const slot = e.block * m.pagesPerBlock + e.page;
  switch (e.kind) {
    case 'lookup':
      return;
    case 'program':
      if (e.page >= m.pagesPerBlock) return;
      m.pages[slot] = e.unit;
      if (e.unit < m.logicalPages) m.l2p[e.unit] = slot;
      m.nandWrites += 1;
      if (e.stream === 'gc') {
        m.gcMoves += 1;
        m.gcBlock = e.block;
      } else {
        m.hostWrites += 1;
        m.hostBlock = e.block;
        m.lastWritten = e.unit;
      }
      return;
    case 'invalidate':
      if (e.page >= m.pagesPerBlock) return;
      m.pages[slot] = STALE;
      // A trim unmaps the unit; after an overwrite or a move it already points elsewhere.
      if (e.unit < m.logicalPages && m.l2p[e.unit] === slot) m.l2p[e.unit] = UNMAPPED;
      return;
    case 'victim':
      m.victim = e.block;
      return;
    case 'erase': {
      const first = e.block * m.pagesPerBlock;
      m.pages.fill(FREE, first, first + m.pagesPerBlock);
      m.eraseCounts[e.block] += 1;
      m.erases += 1;
      if (m.victim === e.block) m.victim = null;
      if (m.hostBlock === e.block) m.hostBlock = null;
      if (m.gcBlock === e.block) m.gcBlock = null;
      return;
    }
    case 'read':
      return;
  }
}

/** The model after `events`, as a new object (the input is left as it was). */
export function applyEvents(m: LabModel, events: readonly LabEvent[]): LabModel {
  const next = cloneModel(m);
  for (const e of events) applyEventInPlace(next, e);
  return next;
}

export type PageState = 'free' | 'valid' | 'stale';

export function pageState(value: number): PageState {
  return value === FREE ? 'free' : value === STALE ? 'stale' : 'valid';
}

export function validPages(m: LabModel, block: number): number {
  let n = 0;
  for (let p = 0; p < m.pagesPerBlock; p++) if (m.pages[block * m.pagesPerBlock + p] < STALE) n++;
  return n;
}

/** NAND writes per host write; 0 before the first write (as the engine reports it). */
export function waf(m: Pick<LabModel, 'hostWrites' | 'nandWrites'>): number {
  return m.hostWrites === 0 ? 0 : m.nandWrites / m.hostWrites;
}

export function modelCounters(m: LabModel): LabCounters {
  return { host_writes: m.hostWrites, nand_writes: m.nandWrites, gc_moves: m.gcMoves, erases: m.erases, host_reads: m.hostReads, waf: waf(m) };
}

/** Where the model and the engine's own state differ (empty when they agree). */
export function differences(m: LabModel, pages: Uint32Array, eraseCounts: Uint32Array, counters: LabCounters): string[] {
  const out: string[] = [];
  const firstPage = m.pages.findIndex((v, i) => v !== pages[i]);
  if (pages.length !== m.pages.length || firstPage >= 0) out.push(`pages differ at ${firstPage}`);
  const firstBlock = m.eraseCounts.findIndex((v, i) => v !== eraseCounts[i]);
  if (eraseCounts.length !== m.eraseCounts.length || firstBlock >= 0) out.push(`erase counts differ at block ${firstBlock}`);
  const mine = modelCounters(m);
  for (const k of ['host_writes', 'nand_writes', 'gc_moves', 'erases', 'host_reads'] as const) {
    if (mine[k] !== counters[k]) out.push(`${k}: ${mine[k]} ≠ ${counters[k]}`);
  }
  return out;
}
