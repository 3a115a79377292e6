// Numbers in tooltips and CSV. Tooltips are read by people: about 4 significant digits
// ("514.9 MB/s"), whole numbers grouped, never more digits than a glance needs. CSV is read by
// programs: numbers keep 12 significant digits, far more than the engine's model resolves
// (its inputs have 3-4), which drops binary float noise such as 339.96799999999996 → 339.968.
import type { Unit } from '../engine/types';

/** Significant digits a tooltip shows for a fractional value. */
export const TOOLTIP_DIGITS = 4;
/** Significant digits a CSV keeps: exact for every value the engine means, free of float noise. */
export const CSV_DIGITS = 12;

export function formatValue(value: number, locale = 'en-US'): string {
  if (!Number.isFinite(value)) return String(value);
  // An integer (an operation number, a byte count) is exact as it is; so is the whole part of
  // a large value (12,346 s rather than 12,350 s).
  if (Number.isInteger(value) || Math.abs(value) >= 10 ** TOOLTIP_DIGITS) return Math.round(value).toLocaleString(locale);
  return Number(value.toPrecision(TOOLTIP_DIGITS)).toLocaleString(locale, { maximumFractionDigits: 12 });
}

/** A number as a CSV cell: shortest form after rounding to CSV_DIGITS significant digits. */
export function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(CSV_DIGITS)));
}

/** Units whose prefix is worth a note under the chart, so GB vs GiB is never a guess (by Unit id). */
export const UNIT_NOTES: Partial<Record<Unit, 'GiB' | 'GB' | 'KiB' | 'MBps'>> = {
  gib: 'GiB',
  gb: 'GB',
  kib: 'KiB',
  mb_per_s: 'MBps',
};

export function unitsOnChart(units: readonly Unit[]): NonNullable<(typeof UNIT_NOTES)[Unit]>[] {
  const out = new Set<NonNullable<(typeof UNIT_NOTES)[Unit]>>();
  for (const u of units) {
    const note = UNIT_NOTES[u];
    if (note) out.add(note);
  }
  return [...out];
}
