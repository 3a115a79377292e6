// The block map's data model, kept apart from drawing so it can be tested: which blocks fall in
// each drawn cell when a plane has more blocks than pixels, and the cell's value per mode.
import type { BlockMap } from '../engine/types';

export type BlockMode = 'valid' | 'erase' | 'state' | 'handle' | 'zone';

/** A block with no reclaim unit handle (free, or GC's shared destination under initial isolation). */
export const NO_HANDLE = 255;
/** One colour per FDP reclaim unit handle (Okabe–Ito, then Tableau's), the engine's 16 at most. */
export const HANDLE_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#ff9da7', '#9c755f', '#bab0ac'];
export const NO_HANDLE_COLOR = '#e6ebf3';
/** A zoned drive's zone states, by the engine's code (`BlockMap.zone_states`); 255 is no zone. */
export const ZONE_STATE_KEYS = ['empty', 'implicitOpen', 'explicitOpen', 'closed', 'full', 'readOnly', 'offline'] as const;
export const ZONE_STATE_COLORS = ['#e6ebf3', '#E69F00', '#D55E00', '#56B4E9', '#0072B2', '#999999', '#000000'];

export const STATE_COLORS = ['#e6ebf3', '#E69F00', '#0072B2', '#D55E00'];
export const STATE_KEYS = ['free', 'open', 'closed', 'collecting'] as const;

export interface Cell {
  plane: number;
  /** First and last block (inclusive) in this cell. */
  from: number;
  to: number;
  /** Mean valid share 0..1, highest erase count, and the most telling state. */
  valid: number;
  erase: number;
  state: number;
  /** The FDP handle most of the cell's blocks belong to (NO_HANDLE: none, or no FDP). */
  handle: number;
  /** On a zoned drive, the state of the zone most of the cell's blocks are in (NO_HANDLE: none). */
  zone: number;
}

/** Blocks per drawn column so a plane fits `columns` columns. */
export function blocksPerCell(blocksPerPlane: number, columns: number): number {
  return Math.max(1, Math.ceil(blocksPerPlane / Math.max(1, columns)));
}

// Being collected beats open beats closed beats free: the rarer state is the one to see.
const STATE_RANK = [0, 2, 1, 3];

export function cellAt(map: BlockMap, plane: number, column: number, perCell: number): Cell | null {
  const from = column * perCell;
  if (plane < 0 || plane >= map.planes || from >= map.blocksPerPlane || column < 0) return null;
  const to = Math.min(map.blocksPerPlane - 1, from + perCell - 1);
  let valid = 0;
  let erase = 0;
  let state = 0;
  for (let b = from; b <= to; b++) {
    const i = plane * map.blocksPerPlane + b;
    valid += map.valid[i] / Math.max(1, map.unitsPerBlock);
    erase = Math.max(erase, map.eraseCounts[i]);
    if (STATE_RANK[map.states[i]] > STATE_RANK[state]) state = map.states[i];
  }
  const handle = map.handles ? mostCommon(map.handles, plane * map.blocksPerPlane + from, plane * map.blocksPerPlane + to) : NO_HANDLE;
  const zone = map.zoneStates ? mostCommon(map.zoneStates, plane * map.blocksPerPlane + from, plane * map.blocksPerPlane + to) : NO_HANDLE;
  return { plane, from, to, valid: valid / (to - from + 1), erase, state, handle, zone };
}

/** The value most of `values[from..=to]` hold (a cell of a few blocks shows its main handle). */
function mostCommon(values: Uint8Array, from: number, to: number): number {
  if (from === to) return values[from];
  const counts = new Map<number, number>();
  let best = values[from];
  for (let i = from; i <= to; i++) {
    const n = (counts.get(values[i]) ?? 0) + 1;
    counts.set(values[i], n);
    if (n > (counts.get(best) ?? 0)) best = values[i];
  }
  return best;
}

/** The handles a map's blocks belong to, in order (empty without FDP). */
export function handlesIn(map: BlockMap): number[] {
  if (!map.handles) return [];
  return [...new Set(map.handles)].filter((h) => h !== NO_HANDLE).sort((a, b) => a - b);
}

export function eraseRange(map: BlockMap): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const e of map.eraseCounts) {
    if (e < min) min = e;
    if (e > max) max = e;
  }
  return { min: Number.isFinite(min) ? min : 0, max };
}

export function blockMapCsv(map: BlockMap): (string | number)[][] {
  const { handles, zoneStates } = map;
  const rows: (string | number)[][] = [['plane', 'block', 'valid_units', 'units_per_block', 'erase_count', 'state', ...(handles ? ['fdp_handle'] : []), ...(zoneStates ? ['zone_state'] : [])]];
  for (let p = 0; p < map.planes; p++) {
    for (let b = 0; b < map.blocksPerPlane; b++) {
      const i = p * map.blocksPerPlane + b;
      const handle = handles ? [handles[i] === NO_HANDLE ? '' : handles[i]] : [];
      const zone = zoneStates ? [ZONE_STATE_KEYS[zoneStates[i]] ?? ''] : [];
      rows.push([p, b, map.valid[i], map.unitsPerBlock, map.eraseCounts[i], STATE_KEYS[map.states[i]] ?? map.states[i], ...handle, ...zone]);
    }
  }
  return rows;
}
