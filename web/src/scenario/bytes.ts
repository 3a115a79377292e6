// Byte sizes as people write them ("4k", "61 MiB", "512GB") and back. fio's convention: a bare
// or single-letter suffix is binary (k = 1024), a suffix ending in B without i is decimal
// (KB = 1000), "KiB" is binary. One grammar for the engine and the page: the
// shared vectors in tests/fixtures/size-grammar.json are read by a Rust and a Vitest test.

const KI = 1024n;
const MULTIPLIERS: Record<string, bigint> = {
  '': 1n,
  b: 1n,
  k: KI,
  m: KI ** 2n,
  g: KI ** 3n,
  t: KI ** 4n,
  p: KI ** 5n,
  kib: KI,
  mib: KI ** 2n,
  gib: KI ** 3n,
  tib: KI ** 4n,
  pib: KI ** 5n,
  kb: 1000n,
  mb: 1000n ** 2n,
  gb: 1000n ** 3n,
  tb: 1000n ** 4n,
  pb: 1000n ** 5n,
};

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
// Exactly the contract's pattern; \d is ASCII-only in JavaScript, as it must be.
const SIZE = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z]*)\s*$/;

/** Why a size was refused, named like the engine's error codes. */
export type SizeRefusal = 'not_whole_bytes' | 'unsafe_integer';
/** `reason` tells a typo ("4q") from a fraction of a byte ("0.3k"); both are not_whole_bytes. */
export type SizeResult = { ok: true; bytes: number } | { ok: false; code: SizeRefusal; reason: 'not_a_size' | 'fraction' | 'too_large' };

/**
 * A size string in bytes, computed exactly: the decimal digits times the multiplier, as
 * integers (BigInt), so "1.5k" is 1536 while "0.3" or "1.0001k" (a fraction of a byte) and
 * anything past 2^53 - 1 (which a JavaScript number cannot hold exactly) are refused, never
 * rounded.
 */
export function parseSize(text: string): SizeResult {
  const m = SIZE.exec(text);
  const mult = m ? MULTIPLIERS[m[2].toLowerCase()] : undefined;
  if (!m || mult === undefined) return { ok: false, code: 'not_whole_bytes', reason: 'not_a_size' };
  const [whole, fraction = ''] = m[1].split('.');
  const scale = 10n ** BigInt(fraction.length);
  const scaled = BigInt((whole || '0') + fraction) * mult;
  if (scaled % scale !== 0n) return { ok: false, code: 'not_whole_bytes', reason: 'fraction' };
  const bytes = scaled / scale;
  if (bytes > MAX_SAFE) return { ok: false, code: 'unsafe_integer', reason: 'too_large' };
  return { ok: true, bytes: Number(bytes) };
}

/** A JSON number used as a size: whole, not negative, at most 2^53 - 1. */
export function checkSizeNumber(n: number): SizeResult {
  if (!Number.isInteger(n) || n < 0) return { ok: false, code: 'not_whole_bytes', reason: Number.isFinite(n) && n >= 0 ? 'fraction' : 'not_a_size' };
  if (n > Number.MAX_SAFE_INTEGER) return { ok: false, code: 'unsafe_integer', reason: 'too_large' };
  return { ok: true, bytes: n };
}

/** Bytes from a number or a size string; NaN when it is not a whole, safe number of bytes. */
export function parseBytes(input: number | string): number {
  const result = typeof input === 'number' ? checkSizeNumber(input) : parseSize(input);
  return result.ok ? result.bytes : Number.NaN;
}

const BIN_UNITS: [string, number][] = [
  ['PiB', 2 ** 50],
  ['TiB', 2 ** 40],
  ['GiB', 2 ** 30],
  ['MiB', 2 ** 20],
  ['KiB', 2 ** 10],
];
const DEC_UNITS: [string, number][] = [
  ['TB', 1e12],
  ['GB', 1e9],
  ['MB', 1e6],
];

/**
 * The exact size in the shortest form ("61 MiB", "512 GB", "1.5 GiB"), so what a form shows
 * parses back to the same number of bytes. Binary wins a tie: drive geometry is binary.
 */
export function formatBytesExact(bytes: number): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  if (bytes === 0) return '0';
  const candidates: string[] = [];
  for (const [unit, size] of BIN_UNITS) {
    const v = bytes / size;
    if (Math.abs(v) >= 1 && Number.isInteger(v * 4)) candidates.push(`${v} ${unit}`);
  }
  for (const [unit, size] of DEC_UNITS) {
    const v = bytes / size;
    if (Math.abs(v) >= 1 && Number.isInteger(v)) candidates.push(`${v} ${unit}`);
  }
  candidates.push(`${bytes} B`);
  return candidates.reduce((best, c) => (c.length < best.length ? c : best));
}

/** Short URL form: "4k", "61m", "512GB"; a plain integer when no unit divides it. */
export function compactBytes(bytes: number): string {
  const text = formatBytesExact(bytes);
  const m = /^(-?[\d.]+) (\w+)$/.exec(text);
  if (!m || !Number.isInteger(Number(m[1]))) return String(bytes);
  const [, n, unit] = m;
  if (unit === 'B') return n;
  return unit.endsWith('iB') ? `${n}${unit[0].toLowerCase()}` : `${n}${unit}`;
}

const DEC_SHORT = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];

/**
 * Rounded size in decimal units, as drives are sold and as the charts' GB axes count:
 * 512,110,190,592 bytes read "512.1 GB" (four significant digits at most).
 */
export function formatBytesDecimal(bytes: number, locale = 'en-US'): string {
  let value = bytes;
  let i = 0;
  while (Math.abs(value) >= 1000 && i < DEC_SHORT.length - 1) {
    value /= 1000;
    i += 1;
  }
  const digits = i === 0 ? 0 : Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 10 ? 2 : 3;
  return `${Number(value.toFixed(digits)).toLocaleString(locale, { maximumFractionDigits: digits })} ${DEC_SHORT[i]}`;
}

/** Rounded size for axes and tiles (binary units), e.g. "15 GiB". */
export function formatBytesShort(bytes: number, locale = 'en-US'): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let i = 0;
  while (Math.abs(value) >= 1024 && i < units.length - 1) {
    value /= 1024;
    i += 1;
  }
  const digits = i === 0 ? 0 : value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[i]}`;
}
