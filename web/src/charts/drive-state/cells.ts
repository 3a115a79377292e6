// The snapshot's block map, one byte per map cell (see DriveSnapshots.cells): bits 0–1 the
// state, bit 2 SLC mode, bits 3–7 the valid share in 32 steps.
import type { DriveSnapshots } from '../../engine/types';

export type CellState = 'free' | 'open' | 'closed' | 'victim';

const STATES: readonly CellState[] = ['free', 'open', 'closed', 'victim'];

export interface MapCell {
  state: CellState;
  slc: boolean;
  /** Valid share of the cell's capacity, 0..1. */
  valid: number;
}

export function decodeCell(byte: number): MapCell {
  return { state: STATES[byte & 0b11], slc: (byte & 0b100) !== 0, valid: ((byte >> 3) & 0b11111) / 31 };
}

/** One snapshot's cells (a view into the shared array, not a copy); empty when out of range. */
export function snapshotCells(snaps: DriveSnapshots, index: number): Uint8Array {
  return half(snaps, index, 0);
}

/**
 * With NVMe FDP on, the reclaim unit handle of each of the snapshot's cells (255: none), which
 * follow its state cells; null without FDP.
 */
export function snapshotHandles(snaps: DriveSnapshots, index: number): Uint8Array | null {
  return snaps.handle_cells ? half(snaps, index, 1) : null;
}

/**
 * On a zoned drive (NVMe ZNS), the zone state of each of the snapshot's cells, which follow its
 * state cells: the engine's `ZoneState` order (0 empty … 6 offline, `ZONE_STATE_KEYS`), 255 for
 * blocks in no zone; null on a block drive.
 */
export function snapshotZones(snaps: DriveSnapshots, index: number): Uint8Array | null {
  return snaps.zone_cells ? half(snaps, index, 1) : null;
}

function half(snaps: DriveSnapshots, index: number, which: 0 | 1): Uint8Array {
  const n = snaps.cells_per_snapshot;
  const start = index * n;
  if (index < 0 || start + n > snaps.cells.length) return new Uint8Array(0);
  const per = snaps.handle_cells || snaps.zone_cells ? n / 2 : n;
  return snaps.cells.subarray(start + which * per, start + which * per + per);
}

/** Cells per state (and SLC), for the map's legend counts and its screen-reader text. */
export function cellCounts(cells: Uint8Array): Record<CellState | 'slc', number> {
  const counts = { free: 0, open: 0, closed: 0, victim: 0, slc: 0 };
  for (const byte of cells) {
    const c = decodeCell(byte);
    counts[c.state] += 1;
    if (c.slc) counts.slc += 1;
  }
  return counts;
}
