// Byte sizes as people write them ("4k", "61 MiB", "512GB") and back. fio's convention: a bare
// or single-letter suffix is binary (k = 1024), a suffix ending in B without i is decimal
// (KB = 1000), "KiB" is binary. The engine reads size strings the same way.

const BINARY: Record<string, number> = { '': 1, b: 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40, p: 2 ** 50, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40, pib: 2 ** 50 };
const DECIMAL: Record<string, number> = { kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, pb: 1e15 };

/** Bytes from a number or a size string; NaN when it is not a size. */
export function parseBytes(input: number | string): number {
  if (typeof input === 'number') return input;
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z]*)\s*$/.exec(input);
  if (!m) return Number.NaN;
  const suffix = m[2].toLowerCase();
  const mult = BINARY[suffix] ?? DECIMAL[suffix];
  if (mult === undefined) return Number.NaN;
  // Whole bytes: "1.5k" is 1536, and a fraction of a byte is meaningless.
  return Math.round(Number(m[1]) * mult);
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
