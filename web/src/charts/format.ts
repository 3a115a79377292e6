// Numbers in tooltips and CSV: tooltips show enough digits to be exact for what the engine
// reports (7 significant digits); CSV keeps JavaScript's shortest round-trip form.
import type { Unit } from '../engine/types';

export function formatValue(value: number, locale = 'en-US'): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString(locale);
  return Number(value.toPrecision(7)).toLocaleString(locale, { maximumFractionDigits: 9 });
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
