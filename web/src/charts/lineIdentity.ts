// Who a line is, for how it looks: one colour per drive everywhere (a story's steps and the
// playground agree: the 970 is never pink, the BG3's colour), and a line that lies on another
// is told apart by its dash and a legend note instead of hiding it.
import type { Preset } from '../engine/types';
import { PALETTE } from './palette';

/**
 * Palette slot of each drive preset, by the engine's preset id: the preset file's `identity`
 * (each figure's members have distinct slots; a workload variant of a drive keeps the drive's).
 */
export type DriveSlots = ReadonlyMap<string, number>;

export function driveSlots(presets: readonly Pick<Preset, 'name' | 'identity'>[]): DriveSlots {
  return new Map(presets.flatMap((p) => (p.identity ? [[p.name, p.identity.slot] as const] : [])));
}

/** The drive's own colour, if the preset is one of the drives. */
export function driveColor(slots: DriveSlots, preset: string | null | undefined): string | undefined {
  const slot = preset ? slots.get(preset) : undefined;
  return slot === undefined ? undefined : PALETTE[slot % PALETTE.length];
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
