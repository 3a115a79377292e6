// Where the NAND lab draws each block and page: blocks side by side as columns of pages (page 0
// on top), wrapping into rows when the width runs out, so a phone and a laptop both show every
// page with room for its logical page number when there is any.
import { range, scaleBand } from 'd3';

export interface GridLayout {
  width: number;
  height: number;
  /** Blocks per row. */
  cols: number;
  colWidth: number;
  cellHeight: number;
  /** Room for a block's tag above and its erase count below. */
  head: number;
  foot: number;
  /** Cells are big enough to print a logical page number in. */
  labels: boolean;
  blockX(block: number): number;
  blockY(block: number): number;
  /** Top-left corner of a physical page (block * pagesPerBlock + page). */
  cell(slot: number): { x: number; y: number };
}

const MIN_COL = 22;
const MAX_COL = 56;
const ROW_GAP = 10;

export function gridLayout(width: number, blocks: number, pagesPerBlock: number): GridLayout {
  const w = Math.max(160, Math.floor(width));
  const fit = Math.max(1, Math.floor(w / (MIN_COL * 1.12)));
  // Wrap into rows of equal length (12 blocks on a phone: 2 rows of 6, not 11 and 1).
  const rows = Math.ceil(blocks / fit);
  const cols = Math.ceil(blocks / rows);
  const used = Math.min(w, cols * MAX_COL * 1.12);
  const x = scaleBand<number>().domain(range(cols)).range([0, used]).paddingInner(0.12);
  const colWidth = x.bandwidth();
  const cellHeight = Math.max(5, Math.min(24, Math.round(colWidth * 0.62), Math.floor(420 / pagesPerBlock)));
  const head = 14;
  const foot = 15;
  // A row: the block numbers, the pages, the erase counts, then a gap (blockY is the pages' top).
  const rowHeight = head + cellHeight * pagesPerBlock + foot + ROW_GAP;
  const blockX = (b: number) => Math.max(0, x(b % cols) ?? 0);
  const blockY = (b: number) => Math.floor(b / cols) * rowHeight + head;
  return {
    width: used,
    height: rows * rowHeight - ROW_GAP,
    cols,
    colWidth,
    cellHeight,
    head,
    foot,
    labels: cellHeight >= 13 && colWidth >= 18,
    blockX,
    blockY,
    cell: (slot) => ({ x: blockX(Math.floor(slot / pagesPerBlock)), y: blockY(Math.floor(slot / pagesPerBlock)) + (slot % pagesPerBlock) * cellHeight }),
  };
}
