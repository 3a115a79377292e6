// How a knob's value and range read in a form: sizes in exact binary or decimal units, numbers
// in the page's locale. Pure, so forms and tests share it.
import { formatBytesDecimal, formatBytesExact, formatBytesShort } from './bytes';
import type { Knob } from './knobs';
import { jsonText, type Json } from './paths';

export function formatKnobValue(knob: Knob, value: Json | undefined): string {
  if (value === null || value === undefined) return '';
  if (knob.kind === 'bytes') return typeof value === 'number' ? formatBytesExact(value) : jsonText(value);
  if (knob.kind === 'bytes_list') return Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? formatBytesExact(v) : jsonText(v))).join(', ') : jsonText(value);
  return jsonText(value);
}

/**
 * A size whose exact form is long ("500107608 KiB", the 660p's user bytes) read as drives are
 * sold ("≈ 512.1 GB") beside the input; null when the exact form already reads at a glance.
 */
export function readableSize(knob: Knob, value: Json | undefined): string | null {
  if (knob.kind !== 'bytes' || typeof value !== 'number' || value <= 0) return null;
  const number = /^-?([\d.]+)/.exec(formatBytesExact(value))?.[1] ?? '';
  return number.replace('.', '').length > 4 ? `≈ ${formatBytesDecimal(value)}` : null;
}

function bound(knob: Knob, v: number, locale: string): string {
  if (knob.kind === 'bytes' || knob.kind === 'bytes_list') return v === 0 ? '0' : formatBytesShort(v, locale);
  // The seed's upper limit (2^53 - 1) reads better as a power.
  if (v >= 2 ** 53 - 1) return '2⁵³−1';
  return v.toLocaleString(locale);
}

/** "1 – 1,024", "4 KiB – 64 MiB", "≥ 0"; null when the limit depends on other fields. */
export function formatRange(knob: Knob, locale: string): string | null {
  const { min, max } = knob;
  if (min !== undefined && max !== undefined) return `${bound(knob, min, locale)} – ${bound(knob, max, locale)}`;
  if (min !== undefined) return `≥ ${bound(knob, min, locale)}`;
  if (max !== undefined) return `≤ ${bound(knob, max, locale)}`;
  return null;
}

/** Knob units that are words, in Japanese; symbols (µs, MB/s, %, P/E) read the same in both. */
const UNIT_WORDS_JA: Readonly<Record<string, string>> = { reads: '回', blocks: 'ブロック', '× capacity': '× 容量' };

/** A knob's unit as the page's language reads it. */
export function knobUnitText(unit: string, lang: 'en' | 'ja'): string {
  return lang === 'ja' ? (UNIT_WORDS_JA[unit] ?? unit) : unit;
}

/** The unit shown inside a number input ("µs", "MB/s"); sizes carry their unit in the text. */
export function inputUnit(knob: Knob, lang: 'en' | 'ja' = 'en'): string {
  return knob.kind === 'bytes' || knob.kind === 'bytes_list' ? '' : knobUnitText(knob.unit, lang);
}
