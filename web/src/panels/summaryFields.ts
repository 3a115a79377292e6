// Turns the engine's self-describing summary keys ("read_mb_per_s", "read_latency.p99_us")
// into labels and units for display, so new summary numbers show up without UI changes.
import { formatBytesShort } from '../scenario/bytes';

export interface SummaryField {
  /** Dotted path in the summary object, e.g. "read_latency.p99_us". */
  key: string;
  label: string;
  unit: string;
  value: number;
}

/** A nested object of numbers, such as one operation's latency percentiles. */
export interface SummaryGroup {
  key: string;
  label: string;
  fields: SummaryField[];
}

/** Longest suffix first: "_mb_per_s" must win over "_s". */
const UNIT_SUFFIXES: [suffix: string, unit: string][] = [
  ['_gib_per_s', 'GiB/s'],
  ['_mib_per_s', 'MiB/s'],
  ['_gb_per_s', 'GB/s'],
  ['_mb_per_s', 'MB/s'],
  ['_kb_per_s', 'KB/s'],
  ['_bytes_per_s', 'B/s'],
  ['_per_s', '/s'],
  ['_percent', '%'],
  ['_pct', '%'],
  ['_iops', 'IOPS'],
  ['_bytes', 'bytes'],
  ['_gib', 'GiB'],
  ['_mib', 'MiB'],
  ['_ns', 'ns'],
  ['_us', 'µs'],
  ['_ms', 'ms'],
  ['_s', 's'],
];

/** Words that keep a specific spelling instead of sentence case. */
const WORDS: Record<string, string> = {
  iops: 'IOPS',
  waf: 'WAF',
  gc: 'GC',
  io: 'I/O',
  ios: 'I/Os',
  slc: 'SLC',
  ftl: 'FTL',
  l2p: 'L2P',
  nand: 'NAND',
  qd: 'QD',
  op: 'OP',
  sram: 'SRAM',
  dram: 'DRAM',
  hmb: 'HMB',
  tbw: 'TBW',
  dwpd: 'DWPD',
  cdm: 'CDM',
};

function percentile(word: string): string | null {
  const m = /^p(\d+)$/.exec(word);
  if (!m) return null;
  // p999 reads as p99.9, p9999 as p99.99 (the usual latency-percentile shorthand).
  const digits = m[1];
  return digits.length > 2 ? `p${digits.slice(0, 2)}.${digits.slice(2)}` : `p${digits}`;
}

export function describeSummaryKey(key: string): { label: string; unit: string } {
  let stem = key;
  let unit = '';
  for (const [suffix, u] of UNIT_SUFFIXES) {
    if (key.endsWith(suffix) && key.length > suffix.length) {
      unit = u;
      stem = key.slice(0, -suffix.length);
      break;
    }
  }
  if (key === 'iops') return { label: 'IOPS', unit: '' };
  const words = stem.split('_').filter(Boolean);
  const label = words
    .map((w, i) => WORDS[w] ?? percentile(w) ?? (i === 0 ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
  return { label, unit };
}

/** Human number: grouped digits, at most 4 significant decimals for small values. */
export function formatSummaryValue(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'bytes') return formatBytes(value);
  // Commands per second averaged over a window are fractional; a fraction of an I/O is noise.
  if (unit === 'IOPS') return Math.round(value).toLocaleString('en-US');
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Binary units, as drive geometry is binary: 12884901888 → "12 GiB". */
export function formatBytes(bytes: number): string {
  return formatBytesShort(bytes);
}

function field(key: string, leaf: string, value: number): SummaryField {
  return { key, value, ...describeSummaryKey(leaf) };
}

/** Top-level numbers in engine order; non-numbers and nested objects are left out. */
export function summaryFields(summary: object): SummaryField[] {
  return Object.entries(summary)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([key, value]) => field(key, key, value));
}

/** Nested objects of numbers ("read_latency": {...}) as labelled groups. */
export function summaryGroups(summary: object): SummaryGroup[] {
  return Object.entries(summary)
    .filter((entry): entry is [string, Record<string, unknown>] => typeof entry[1] === 'object' && entry[1] !== null)
    .map(([key, inner]) => ({
      key,
      label: describeSummaryKey(key).label,
      fields: Object.entries(inner)
        .filter((e): e is [string, number] => typeof e[1] === 'number')
        .map(([leaf, value]) => field(`${key}.${leaf}`, leaf, value)),
    }));
}

/** Every number in the summary by dotted path (what the panel must show, one each). */
export function summaryPaths(summary: object): string[] {
  return [...summaryFields(summary).map((f) => f.key), ...summaryGroups(summary).flatMap((g) => g.fields.map((f) => f.key))];
}

/** Rates lead the panel: those that are non-zero, or all of them when every one is zero. */
export function isHeadline(f: SummaryField): boolean {
  return f.unit === 'MB/s' || f.unit === 'IOPS';
}
