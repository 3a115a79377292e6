// Which block-map cell the pointer or the arrow keys are on, for the tooltip.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { BlockMap } from '../engine/types';
import { cellAt, type Cell } from './blockMapModel';
import { TOP, type BlockMapLayout } from './blockMapLayout';

export interface CellHover {
  cell: Cell;
  /** Where the tooltip points, px in the chart. */
  x: number;
  y: number;
}

export function useBlockMapHover(map: BlockMap, layout: BlockMapLayout) {
  const [hover, setHover] = useState<CellHover | null>(null);
  const { left, perCell, columns, cellW, rowH } = layout;

  // Arrow keys walk the cells (Shift: ten at a time), so the map reads without a mouse too.
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const now = hover?.cell ?? null;
    let plane = now?.plane ?? 0;
    let column = now ? Math.floor(now.from / perCell) : 0;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') column = Math.min(columns - 1, column + (now ? step : 0));
    else if (e.key === 'ArrowLeft') column = Math.max(0, column - step);
    else if (e.key === 'ArrowDown') plane = Math.min(map.planes - 1, plane + (now ? 1 : 0));
    else if (e.key === 'ArrowUp') plane = Math.max(0, plane - 1);
    else if (e.key === 'Escape') {
      setHover(null);
      return;
    } else return;
    e.preventDefault();
    const cell = cellAt(map, plane, column, perCell);
    if (cell) setHover({ cell, x: left + (column + 0.5) * cellW, y: TOP + (plane + 0.5) * rowH });
  };

  const onPointer = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    const cell = cellAt(map, Math.floor((y - TOP) / rowH), Math.floor((x - left) / cellW), perCell);
    setHover(cell ? { cell, x, y } : null);
  };

  return { hover, onKey, onPointer, clear: () => setHover(null) };
}
