// Paints a snapshot's block map on a canvas in the NAND lab's language: each cell is a block (or a
// few) whose written share is valid (blue) and whose rest is stale (hatched) once it is closed or
// still free while it is open; free blocks are dashed white; open blocks outlined green, GC
// victims dashed red, SLC-mode blocks marked in a corner. With NVMe FDP on, the valid share takes
// the colour of the reclaim unit handle the cell's blocks belong to. On a zoned drive (NVMe ZNS)
// the written share takes its zone state's colour and the rest is erased, not stale: the drive
// holds what the host wrote since the zone's reset and knows nothing of what the host still reads.
import { hiDpiContext } from '../canvas';
import { HANDLE_COLORS, NO_HANDLE, ZONE_STATE_COLORS } from '../blockMapModel';
import { decodeCell } from './cells';
import { MAP_COLOURS as C } from './mapColours';

/** The engine's offline zone state (`ZONE_STATE_KEYS`): its blocks are out of service, drawn dark. */
const OFFLINE = 6;

export interface DriveMapLayout {
  width: number;
  height: number;
  columns: number;
  rows: number;
  cell: number;
}

/** Square cells as large as fit about `target` px of height, 6–28 px each. */
export function driveMapLayout(cells: number, width: number, target = 220): DriveMapLayout {
  const n = Math.max(1, cells);
  const size = Math.max(6, Math.min(28, Math.sqrt((width * target) / n)));
  const columns = Math.max(1, Math.min(n, Math.floor(width / size)));
  const rows = Math.ceil(n / columns);
  const cell = Math.floor(Math.min(width / columns, 28));
  return { width: columns * cell, height: rows * cell, columns, rows, cell };
}

function hatch(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 5;
  tile.height = 5;
  const t = tile.getContext('2d');
  if (!t) return C.staleBg;
  t.fillStyle = C.staleBg;
  t.fillRect(0, 0, 5, 5);
  t.strokeStyle = C.staleLine;
  t.lineWidth = 1.2;
  t.beginPath();
  t.moveTo(0, 5);
  t.lineTo(5, 0);
  t.stroke();
  return ctx.createPattern(tile, 'repeat') ?? C.staleBg;
}

export function drawDriveMap(el: HTMLCanvasElement, cells: Uint8Array, layout: DriveMapLayout, handles: Uint8Array | null = null, zones: Uint8Array | null = null): void {
  const { width, height, columns, cell } = layout;
  const ctx = hiDpiContext(el, width, height);
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  const stale = hatch(ctx);
  const gap = cell >= 10 ? 1.5 : 1;
  cells.forEach((byte, i) => {
    const c = decodeCell(byte);
    const x = (i % columns) * cell + gap / 2;
    const y = Math.floor(i / columns) * cell + gap / 2;
    const s = cell - gap;
    // The unwritten or stale rest first, then the valid share from the top (pages program in order).
    const zone = zones ? (zones[i] ?? NO_HANDLE) : NO_HANDLE;
    ctx.fillStyle = zones ? (zone === OFFLINE ? ZONE_STATE_COLORS[OFFLINE] : C.free) : c.state === 'closed' || c.state === 'victim' ? stale : C.free;
    ctx.fillRect(x, y, s, s);
    if (c.state !== 'free' && c.valid > 0) {
      const h = handles?.[i] ?? NO_HANDLE;
      ctx.fillStyle = zones ? (ZONE_STATE_COLORS[zone] ?? C.valid) : h === NO_HANDLE ? C.valid : (HANDLE_COLORS[h] ?? C.valid);
      ctx.fillRect(x, y, s, Math.max(1, s * c.valid));
    }
    outline(ctx, c.state, x, y, s);
    if (c.slc) {
      ctx.fillStyle = C.slc;
      ctx.beginPath();
      ctx.moveTo(x + s, y);
      ctx.lineTo(x + s, y + Math.max(3, s * 0.45));
      ctx.lineTo(x + s - Math.max(3, s * 0.45), y);
      ctx.fill();
    }
  });
}

function outline(ctx: CanvasRenderingContext2D, state: string, x: number, y: number, s: number): void {
  const lw = state === 'victim' || state === 'open' ? Math.min(2, Math.max(1, s / 6)) : 1;
  ctx.lineWidth = lw;
  ctx.setLineDash(state === 'free' || state === 'victim' ? [Math.max(1.5, s / 6), Math.max(1, s / 10)] : []);
  ctx.strokeStyle = state === 'victim' ? C.victim : state === 'open' ? C.host : state === 'free' ? C.freeEdge : C.staleLine;
  ctx.strokeRect(x + lw / 2, y + lw / 2, s - lw, s - lw);
  ctx.setLineDash([]);
}
