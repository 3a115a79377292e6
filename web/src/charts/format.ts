// Numbers in tooltips and CSV: tooltips show enough digits to be exact for what the engine
// reports (7 significant digits); CSV keeps JavaScript's shortest round-trip form.

export function formatValue(value: number, locale = 'en-US'): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString(locale);
  return Number(value.toPrecision(7)).toLocaleString(locale, { maximumFractionDigits: 9 });
}

/** "827.6 MB/s", "12 ms", "64 GiB"; a unitless value alone; "x" (a factor) written ×. */
export function withUnit(text: string, unit: string): string {
  if (!unit) return text;
  if (unit === 'x') return `${text}×`;
  if (unit === '%') return `${text} %`;
  return `${text} ${unit}`;
}

/** Binary or decimal prefix of every unit on the chart, so GB vs GiB is never a guess. */
export const UNIT_NOTES: Record<string, 'GiB' | 'GB' | 'MiB' | 'MB' | 'KiB' | 'KB' | 'MBps'> = {
  GiB: 'GiB',
  GB: 'GB',
  MiB: 'MiB',
  MB: 'MB',
  KiB: 'KiB',
  KB: 'KB',
  'MB/s': 'MBps',
};

export function unitsOnChart(units: readonly string[]): (typeof UNIT_NOTES)[string][] {
  const out = new Set<(typeof UNIT_NOTES)[string]>();
  for (const u of units) if (Object.hasOwn(UNIT_NOTES, u)) out.add(UNIT_NOTES[u]);
  return [...out];
}
