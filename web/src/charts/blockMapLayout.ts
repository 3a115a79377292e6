// Where the block map's cells go: one row per plane, as many columns as fit the width (a column
// bins several blocks when a plane has more blocks than pixels), margins for the labels.
import type { BlockMap } from '../engine/types';
import { blocksPerCell } from './blockMapModel';
import { FONT } from './chartStyle';

/** Room for the plane labels at least; longer ones ("プレーン 15") widen it. */
const LEFT = 64;
export const TOP = 8;
const BOTTOM = 40;
const RIGHT = 12;

export interface BlockMapLayout {
  width: number;
  height: number;
  left: number;
  innerWidth: number;
  innerHeight: number;
  /** Blocks binned into one column. */
  perCell: number;
  columns: number;
  cellW: number;
  rowH: number;
}

export function blockMapLayout(map: BlockMap, width: number, left: number): BlockMapLayout {
  const innerWidth = Math.max(40, width - left - RIGHT);
  const perCell = blocksPerCell(map.blocksPerPlane, innerWidth);
  const columns = Math.ceil(map.blocksPerPlane / perCell);
  const cellW = innerWidth / columns;
  const rowH = Math.max(6, Math.min(22, Math.floor(280 / Math.max(1, map.planes))));
  const innerHeight = rowH * map.planes;
  const height = TOP + innerHeight + BOTTOM;
  return { width, height, left, innerWidth, innerHeight, perCell, columns, cellW, rowH };
}

/** The left margin that fits a plane label drawn in the map's font, 8 px from the cells. */
export function labelMargin(label: string): number {
  const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return LEFT;
  ctx.font = `11px ${FONT}`;
  return Math.max(LEFT, Math.ceil(ctx.measureText(label).width) + 14);
}
