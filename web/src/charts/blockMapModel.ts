// The block map's data model, kept apart from drawing so it can be tested: which blocks fall in
// each drawn cell when a plane has more blocks than pixels, and the cell's value per mode.
import type { BlockMap } from '../engine/types';

export type BlockMode = 'valid' | 'erase' | 'state';

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
  return { plane, from, to, valid: valid / (to - from + 1), erase, state };
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
  const rows: (string | number)[][] = [['plane', 'block', 'valid_units', 'units_per_block', 'erase_count', 'state']];
  for (let p = 0; p < map.planes; p++) {
    for (let b = 0; b < map.blocksPerPlane; b++) {
      const i = p * map.blocksPerPlane + b;
      rows.push([p, b, map.valid[i], map.unitsPerBlock, map.eraseCounts[i], STATE_KEYS[map.states[i]] ?? map.states[i]]);
    }
  }
  return rows;
}
