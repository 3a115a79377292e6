// A synthetic DriveSnapshots, built in code as the engine lays it out (one byte per map cell:
// state in bits 0–1, SLC in bit 2, valid share 0..31 in bits 3–7), for the page's own tests.
import type { DriveSnapshot, DriveSnapshots } from '../../web/src/engine/types';

export function cellByte(state: 0 | 1 | 2 | 3, slc: boolean, valid31: number): number {
  return state | (slc ? 4 : 0) | (valid31 << 3);
}

export function snapshot(k: number, over: Partial<DriveSnapshot> = {}): DriveSnapshot {
  return {
    time_s: 2 * k,
    written_gb: 5 * k,
    read_gb: 0,
    ops: 1000 * k,
    point: null,
    planes: { host_read: 0, host_program: 0.5, gc_read: 0.05, gc_program: 0.1, erase: 0.05, table: 0 },
    gc: { victims: k, victim_valid_percent: 20 + k, folded_percent: null },
    closed_valid: [0, 1, 2, 3, 4, 5, 6, 7, 8, k],
    free_blocks: 100 - k,
    blocks: 128,
    slc: { data_gb: k, size_gb: 24 },
    buffer_percent: 50,
    lookups: null,
    tier: null,
    ...over,
  };
}

/**
 * `n` snapshots 2 s / 5 GB / 1,000 operations apart; the map has 16 cells: the first k+1 of
 * snapshot k closed (SLC in the first), one open after them, the rest free.
 */
export function driveSnapshots(n: number, over: (k: number) => Partial<DriveSnapshot> = () => ({})): DriveSnapshots {
  const cellsPer = 16;
  const cells = new Uint8Array(n * cellsPer);
  for (let k = 0; k < n; k++) {
    for (let c = 0; c < cellsPer; c++) {
      const b = c <= k ? cellByte(2, c === 0, 31 - c) : c === k + 1 ? cellByte(1, false, 10) : cellByte(0, false, 0);
      cells[k * cellsPer + c] = b;
    }
  }
  return { driver: 'written', blocks: 128, cell_blocks: 8, cells_per_snapshot: cellsPer, snapshots: Array.from({ length: n }, (_, k) => snapshot(k, over(k))), cells };
}
