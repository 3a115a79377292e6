// Display text for the engine's units (the engine names a Unit id, the page owns
// how it reads). A Record over the generated Unit type, so a unit the engine adds later is a
// type error here until it has text in both languages.
import type { Unit } from '../engine/generated/Unit';
import type { Lang } from './index';

const EN: Record<Unit, string> = {
  s: 's',
  ms: 'ms',
  us: 'µs',
  gib: 'GiB',
  gb: 'GB',
  kib: 'KiB',
  mb_per_s: 'MB/s',
  percent: '%',
  ratio: '×',
  count: '',
  none: '',
  bytes: 'B',
  iops: 'IOPS',
  tb: 'TB',
};

// Japanese technical writing uses the same SI and binary symbols; only words are translated.
const JA: Record<Unit, string> = { ...EN };

const TABLES: Record<Lang, Record<Unit, string>> = { en: EN, ja: JA };

/** The unit as it reads after a number ("MB/s", "µs"); "" for counts and plain numbers. */
export function unitText(lang: Lang, unit: Unit): string {
  return TABLES[lang][unit] ?? '';
}

/** "827.6 MB/s", "12 ms", "3.2×", "45 %"; a unitless value alone. */
export function withUnit(lang: Lang, text: string, unit: Unit): string {
  const symbol = unitText(lang, unit);
  if (!symbol) return text;
  if (unit === 'ratio') return `${text}${symbol}`;
  return `${text} ${symbol}`;
}
