// The summary laid out from the engine's catalogue (`summary_fields()`): every
// value's unit, group and English label come from there, keyed by id, so nothing is parsed
// out of a field name and a value the engine adds shows up without UI changes.
import type { SummaryField, SummaryGroup, Unit } from '../engine/types';
import { formatBytesDecimal, formatBytesShort } from '../scenario/bytes';
import { forDevices, type KindsInUse } from '../scenario/devices';

export interface SummaryValue {
  field: SummaryField;
  value: number;
}

export interface SummarySection {
  group: SummaryGroup;
  values: SummaryValue[];
}

export interface SummaryLayout {
  /** Rates as big tiles: those that are non-zero, or all of them when every one is zero. */
  headline: SummaryValue[];
  /** Read and write latency, one table row each. */
  latency: SummarySection[];
  /** Everything else, by group in catalogue order (idle rates included). */
  sections: SummarySection[];
}

const LATENCY_GROUPS: readonly SummaryGroup[] = ['latency_read', 'latency_write'];

/** The value at a catalogue id: a dotted path into the summary ("read_latency.p99_us"). */
export function summaryValue(summary: object, id: string): unknown {
  let at: unknown = summary;
  for (const key of id.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Every number the catalogue lists, in its order (a flag such as `truncated` is shown as a note). */
export function summaryValues(summary: object, fields: readonly SummaryField[]): SummaryValue[] {
  return fields.flatMap((field) => {
    const value = summaryValue(summary, field.id);
    return typeof value === 'number' ? [{ field, value }] : [];
  });
}

function bySection(values: readonly SummaryValue[]): SummarySection[] {
  const sections: SummarySection[] = [];
  for (const v of values) {
    const last = sections.at(-1);
    if (last?.group === v.field.group) last.values.push(v);
    else sections.push({ group: v.field.group, values: [v] });
  }
  return sections;
}

/**
 * The fields that mean something for the device kinds in use (`deviceKinds`; `devices` absent:
 * every kind). A run's summary has the sections of its device kinds only (a hybrid: its tier's
 * and both tiers' media), so a value of another kind is absent; the filter also decides what a
 * section-wide value shows for: write amplification is every run's, but 1 for media written in
 * place says nothing worth a row, so it shows for NAND only.
 */
export function fieldsForDevice(fields: readonly SummaryField[], kinds: KindsInUse): SummaryField[] {
  return fields.filter((f) => forDevices(f.devices, kinds));
}

/** Laid out for the run's device kinds: their fields only, a group left empty not at all. */
export function summaryLayout(summary: object, fields: readonly SummaryField[], kinds?: KindsInUse): SummaryLayout {
  const values = summaryValues(summary, kinds === undefined ? fields : fieldsForDevice(fields, kinds));
  const rates = values.filter((v) => v.field.group === 'throughput');
  const active = rates.filter((v) => v.value !== 0);
  const headline = active.length ? active : rates;
  const rest = values.filter((v) => !headline.includes(v));
  return {
    headline,
    latency: bySection(rest.filter((v) => LATENCY_GROUPS.includes(v.field.group))),
    sections: bySection(rest.filter((v) => !LATENCY_GROUPS.includes(v.field.group))),
  };
}

/** The last step of an id ("read_latency.p99_us" → "p99_us"): a latency table's column. */
export function leafOf(id: string): string {
  return id.slice(id.lastIndexOf('.') + 1);
}

/** Human number by unit: grouped digits, at most 4 significant decimals for small values. */
export function formatSummaryValue(value: number, unit: Unit, locale = 'en-US'): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'bytes') return formatBytesShort(value, locale);
  // Commands per second averaged over a window are fractional; a fraction of an I/O is noise.
  if (unit === 'iops') return Math.round(value).toLocaleString(locale);
  if (Number.isInteger(value)) return value.toLocaleString(locale);
  const magnitude = Math.abs(value);
  // Below 1, three significant digits say enough (0.652 %, not 0.6515 %).
  if (magnitude < 1) return value.toLocaleString(locale, { maximumSignificantDigits: 3 });
  return value.toLocaleString(locale, { maximumFractionDigits: magnitude >= 100 ? 1 : 2, minimumFractionDigits: 0 });
}

/**
 * Groups whose byte values are memory sizes (the HMB grants a power-of-two MiB count): binary
 * units. Every other byte value is a capacity or an amount of data, read in decimal units as
 * drives are sold and as the charts' GB axes count (issue 27: "500107608 KiB" of capacity).
 */
const BINARY_BYTE_GROUPS: readonly SummaryGroup[] = ['hmb'];

/** A summary value as its field reads: byte sizes decimal or binary by what they measure. */
export function formatSummaryField(v: SummaryValue, value: number, unit: Unit, locale = 'en-US'): string {
  if (unit === 'bytes' && !BINARY_BYTE_GROUPS.includes(v.field.group)) return formatBytesDecimal(value, locale);
  return formatSummaryValue(value, unit, locale);
}

/**
 * A time in the unit a person would say it in: 0.0504 s reads as 50.4 ms, 22,400 µs as 22.4 ms,
 * 4,200 ms as 4.2 s. Other units pass through.
 */
export function humanTime(value: number, unit: Unit): { value: number; unit: Unit } {
  const m = Math.abs(value);
  if (unit === 's' && m > 0 && m < 1) return { value: value * 1e3, unit: 'ms' };
  if (unit === 'ms' && m >= 1e3) return { value: value / 1e3, unit: 's' };
  if (unit === 'ms' && m > 0 && m < 1) return { value: value * 1e3, unit: 'us' };
  if (unit === 'us' && m >= 1e4) return { value: value / 1e3, unit: 'ms' };
  return { value, unit };
}

/** Every number in a summary by dotted path, found by walking it (what the panel must show, once each). */
export function summaryPaths(summary: object, prefix = ''): string[] {
  return Object.entries(summary).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number') return [path];
    return typeof value === 'object' && value !== null ? summaryPaths(value as object, path) : [];
  });
}
