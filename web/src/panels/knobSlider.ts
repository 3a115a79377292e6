// The values a knob's slider steps through, for the knobs a learner turns most (DRAM and HMB
// size, OP, SLC-cache ratio: the engine's catalogue marks them, `Knob.slider`). Sizes step log-wise over "nice" binary sizes (1, 1.25, 1.5,
// 1.75 × 2^k: 48 MiB and 64 MiB are both stops), percentages in steps that get coarser as
// they grow. Every stop is inside the knob's range from the engine's table, by construction;
// the text field next to the slider still takes any value.
import type { Knob } from '../scenario/knobs';

const KIB = 1024;
const MIB = 1024 * KIB;
const NICE = [1, 1.25, 1.5, 1.75];

function sizeStops(min: number, max: number): number[] {
  // Below 64 KiB a mapping cache means nothing; start there (or at the knob's minimum).
  const lo = Math.max(min, 64 * KIB);
  const stops: number[] = min === 0 ? [0] : [];
  for (let octave = 2 ** Math.floor(Math.log2(lo)); octave <= max; octave *= 2) {
    for (const f of NICE) {
      const v = f * octave;
      if (v >= lo && v <= max && Number.isInteger(v)) stops.push(v);
    }
  }
  if (stops[stops.length - 1] !== max && Number.isSafeInteger(max) && max % MIB === 0) stops.push(max);
  return stops;
}

function percentStops(min: number, max: number): number[] {
  const stops: number[] = [];
  // Fine where the interesting values are (OP 0–28 %), coarser beyond.
  const bands: [number, number, number][] =
    max <= 100
      ? [[0, max, 1]]
      : [
          [0, 30, 0.5],
          [30, 60, 1],
          [60, 100, 5],
          [100, max, 10],
        ];
  for (const [from, to, step] of bands) {
    for (let v = from; v <= to + 1e-9; v = Number((v + step).toFixed(6))) {
      if (v >= min && v <= max && stops[stops.length - 1] !== v) stops.push(v);
    }
  }
  return stops;
}

/** The slider's stops for a knob, or null when it has none (the catalogue gives it no slider, or no range). */
export function sliderStops(knob: Knob): number[] | null {
  if (!knob.slider || knob.min === undefined || knob.max === undefined) return null;
  const stops = knob.kind === 'bytes' ? sizeStops(knob.min, knob.max) : knob.kind === 'number' || knob.kind === 'int' ? percentStops(knob.min, knob.max) : [];
  const inRange = stops.filter((v) => v >= knob.min! && v <= knob.max! && (knob.kind !== 'int' || Number.isInteger(v)));
  return inRange.length >= 2 ? inRange : null;
}

/** The stop nearest a value (log-wise for sizes, so 61 MiB sits by 64 MiB, not 48). */
export function nearestStop(stops: readonly number[], value: number, log: boolean): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  stops.forEach((s, i) => {
    const d = log && s > 0 && value > 0 ? Math.abs(Math.log(s / value)) : log && (s === 0) !== (value <= 0) ? Number.POSITIVE_INFINITY : Math.abs(s - value);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
