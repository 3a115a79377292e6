// The block map's PNG: the map's own canvas framed with what a picture pasted into a slide or
// an issue needs to stand alone — the chart title, the scenario it came from, and the colour
// legend with its scale (0–100 % valid, the erase-count range, or the state swatches).
import { interpolateViridis } from 'd3';
import type { BlockMode } from './blockMapModel';
import { STATE_COLORS } from './blockMapModel';
import { FONT } from './chartStyle';

export interface BlockMapPicture {
  title: string;
  /** The scenario (preset title, seed): which run the picture shows. */
  scenario: string;
  mode: BlockMode;
  /** The legend's heading ("Valid data", "Erase count", "State"). */
  legendTitle: string;
  /** valid/erase: tick labels along the ramp, low to high; state: one label per state. */
  legendLabels: string[];
}

export const HEADER_PX = 58;
export const LEGEND_PX = 56;

/** Ramp tick labels: three evenly spaced values from `min` to `max` (whole numbers for counts). */
export function rampTicks(min: number, max: number, format: (v: number) => string): string[] {
  if (!(max > min)) return [format(min)];
  const mid = (min + max) / 2;
  return [min, Number.isInteger(min) && Number.isInteger(max) ? Math.round(mid) : mid, max].map(format);
}

/** Draws title, scenario, the map and its legend on a new canvas `scale`× the CSS size. */
export function composeBlockMap(map: HTMLCanvasElement, cssWidth: number, cssHeight: number, pic: BlockMapPicture, scale: number): HTMLCanvasElement {
  const out = document.createElement('canvas');
  const width = Math.max(cssWidth, 360);
  const height = HEADER_PX + cssHeight + LEGEND_PX;
  out.width = Math.round(width * scale);
  out.height = Math.round(height * scale);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#172033';
  ctx.font = `700 15px ${FONT}`;
  ctx.fillText(pic.title, 16, 24, width - 32);
  ctx.fillStyle = '#55627a';
  ctx.font = `12px ${FONT}`;
  ctx.fillText(pic.scenario, 16, 44, width - 32);
  ctx.drawImage(map, 0, HEADER_PX, cssWidth, cssHeight);
  drawLegend(ctx, pic, 16, HEADER_PX + cssHeight + 10, Math.min(320, width - 32));
  return out;
}

function drawLegend(ctx: CanvasRenderingContext2D, pic: BlockMapPicture, x: number, y: number, rampWidth: number) {
  ctx.fillStyle = '#172033';
  ctx.font = `600 12px ${FONT}`;
  ctx.textBaseline = 'top';
  ctx.fillText(pic.legendTitle, x, y);
  const top = y + 18;
  ctx.font = `11px ${FONT}`;
  if (pic.mode === 'state') {
    let at = x;
    pic.legendLabels.forEach((label, i) => {
      ctx.fillStyle = STATE_COLORS[i] ?? '#999';
      ctx.fillRect(at, top, 12, 12);
      ctx.fillStyle = '#55627a';
      ctx.fillText(label, at + 17, top);
      at += 17 + ctx.measureText(label).width + 16;
    });
    return;
  }
  const gradient = ctx.createLinearGradient(x, 0, x + rampWidth, 0);
  for (let i = 0; i <= 10; i++) gradient.addColorStop(i / 10, interpolateViridis(i / 10));
  ctx.fillStyle = gradient;
  ctx.fillRect(x, top, rampWidth, 10);
  ctx.fillStyle = '#55627a';
  const n = pic.legendLabels.length;
  pic.legendLabels.forEach((label, i) => {
    const at = n > 1 ? x + (rampWidth * i) / (n - 1) : x;
    ctx.textAlign = i === 0 ? 'left' : i === n - 1 ? 'right' : 'center';
    ctx.fillRect(at - 0.5, top + 10, 1, 4);
    ctx.fillText(label, at, top + 16);
  });
  ctx.textAlign = 'left';
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
