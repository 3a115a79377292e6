// Paints the block map on its canvas, labels included, so the PNG export is the canvas itself.
import { interpolateViridis } from 'd3';
import type { BlockMap } from '../engine/types';
import type { I18n } from '../i18n';
import { hiDpiContext } from './canvas';
import { cellAt, HANDLE_COLORS, NO_HANDLE, NO_HANDLE_COLOR, STATE_COLORS, ZONE_STATE_COLORS, type BlockMode, type Cell } from './blockMapModel';
import { TOP, type BlockMapLayout } from './blockMapLayout';
import { FONT } from './chartStyle';

/** A cell's colour: its state's or FDP handle's, or viridis over valid data or over the drive's erase range. */
export function cellColor(mode: BlockMode, erase: { min: number; max: number }): (c: Cell) => string {
  return (c) => {
    if (mode === 'state') return STATE_COLORS[c.state] ?? '#999';
    if (mode === 'handle') return c.handle === NO_HANDLE ? NO_HANDLE_COLOR : (HANDLE_COLORS[c.handle] ?? '#999');
    if (mode === 'zone') return ZONE_STATE_COLORS[c.zone] ?? NO_HANDLE_COLOR;
    if (mode === 'erase') return interpolateViridis(erase.max > erase.min ? (c.erase - erase.min) / (erase.max - erase.min) : 0);
    return interpolateViridis(c.valid);
  };
}

export function drawBlockMap(el: HTMLCanvasElement, map: BlockMap, layout: BlockMapLayout, color: (c: Cell) => string, t: I18n['t']): void {
  const { width, height, left, columns, perCell, cellW, rowH } = layout;
  const ctx = hiDpiContext(el, width, height);
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  for (let p = 0; p < map.planes; p++) {
    for (let c = 0; c < columns; c++) {
      const cell = cellAt(map, p, c, perCell);
      if (!cell) continue;
      ctx.fillStyle = color(cell);
      // Overlap by a hair so binned columns leave no seams.
      ctx.fillRect(left + c * cellW, TOP + p * rowH, Math.max(1, cellW + 0.5), rowH - (rowH > 8 ? 1 : 0));
    }
  }
  drawLabels(ctx, map, layout, t);
}

/** Plane labels on the left (every few rows when rows are thin), block numbers and title below. */
function drawLabels(ctx: CanvasRenderingContext2D, map: BlockMap, layout: BlockMapLayout, t: I18n['t']): void {
  const { left, innerWidth, innerHeight, perCell, cellW, rowH } = layout;
  ctx.fillStyle = '#55627a';
  ctx.font = `11px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const every = Math.ceil(12 / rowH);
  for (let p = 0; p < map.planes; p += every) ctx.fillText(t('blocks.plane', { n: p }), left - 8, TOP + p * rowH + rowH / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const b of [0, Math.floor(map.blocksPerPlane / 2), map.blocksPerPlane - 1]) {
    ctx.fillText(String(b), left + (b / perCell + 0.5) * cellW, TOP + innerHeight + 6);
  }
  ctx.font = `600 12px ${FONT}`;
  ctx.fillText(t('blocks.axis', { n: map.blocksPerPlane }), left + innerWidth / 2, TOP + innerHeight + 22);
}
