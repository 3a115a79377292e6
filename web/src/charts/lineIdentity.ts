// Who a line is, for how it looks: one colour per drive everywhere (a story's steps and the
// playground agree: the 970 is never pink, the BG3's colour), and a line that lies on another
// is told apart by its dash and a legend note instead of hiding it.
import { PALETTE } from './palette';

/**
 * Palette slot of each drive preset, by the engine's preset id. Each figure's members get
 * distinct slots; a workload variant of a drive (ssd520-like-cdm-stress) keeps the drive's.
 */
export const DRIVE_SLOTS: Readonly<Record<string, number>> = {
  'bg4-like-hmb-off': 0,
  'bg4-like': 2,
  'bg4-like-hmb-64mb': 5,
  'bg3-like': 3,
  '970-evo-plus-like': 1,
  'h10-like': 0,
  'h10-like-pinned': 4,
  'h10-qlc-like': 3,
  '660p-like': 2,
  'tlc-read-latency-trace': 0,
  'tlc-latency-trace': 0,
  '900p-like': 1,
  'ssd520-like': 0,
  'ssd520-like-cdm-stress': 0,
  'ssd520-like-op20': 2,
  'ssd520-like-op20-cdm-stress': 2,
  'ssd520-like-never-written': 5,
  'ssd520-like-zero-fill': 4,
  'ssd520-like-zero-fill-cdm-stress': 4,
  'momentus-xt-like': 0,
  'momentus-xt-like-not-cached': 1,
  'hdd-5400-like': 6,
  'hdd-7200-like': 7,
};

/** The drive's own colour, if the preset is one of the drives. */
export function driveColor(preset: string | null | undefined): string | undefined {
  const slot = preset ? DRIVE_SLOTS[preset] : undefined;
  return slot === undefined ? undefined : PALETTE[slot];
}

/** A colour for a line with no drive of its own: the first the chart's other lines leave free. */
export function freeColor(taken: readonly string[], fallback: string): string {
  return PALETTE.find((c) => !taken.includes(c)) ?? fallback;
}

/** Dashes for a line that coincides with an earlier one: the first twin solid, later ones dashed. */
export const TWIN_DASHES = ['7 4', '2 4', '10 3 2 3'];

/**
 * For each line, the index of an earlier line it coincides with (the same x and y everywhere
 * within `tolerance`, relative to the larger y scale of the two), else -1. Three BG4 write lines,
 * the H10 pinned and not: identical to the pixel.
 */
export function twinsOf(lines: readonly Float64Array[], tolerance = 0.005): number[] {
  return lines.map((a, i) => {
    if (a.length < 4) return -1;
    for (let j = 0; j < i; j++) if (sameLine(a, lines[j], tolerance)) return j;
    return -1;
  });
}

function sameLine(a: Float64Array, b: Float64Array, tolerance: number): boolean {
  if (a.length !== b.length) return false;
  let scale = 0;
  for (let k = 1; k < a.length; k += 2) scale = Math.max(scale, Math.abs(a[k]), Math.abs(b[k]));
  const tol = tolerance * (scale || 1);
  for (let k = 0; k < a.length; k += 2) {
    const dx = Math.abs(a[k] - b[k]);
    if (dx > tolerance * Math.max(Math.abs(a[k]), Math.abs(b[k]), 1e-12) || Math.abs(a[k + 1] - b[k + 1]) > tol) return false;
  }
  return true;
}
