// The summary panel's model: laid out and formatted from the engine's catalogue by id and unit
// id, never from the shape of a field name.
import { describe, expect, it } from 'vitest';
import type { SummaryField } from '../../web/src/engine/types';
import { fieldsForDevice, formatSummaryValue, leafOf, summaryLayout, summaryPaths, summaryValue, summaryValues } from '../../web/src/panels/summaryFields';

const f = (id: string, unit: SummaryField['unit'], group: SummaryField['group'], label = id, devices?: string[]): SummaryField => ({ id, unit, group, label, ...(devices ? { devices } : {}) });

const FIELDS: SummaryField[] = [
  f('read_mb_per_s', 'mb_per_s', 'throughput', 'Read throughput'),
  f('write_mb_per_s', 'mb_per_s', 'throughput', 'Write throughput'),
  f('read_iops', 'iops', 'throughput'),
  f('read_latency.count', 'count', 'latency_read'),
  f('read_latency.p99_us', 'us', 'latency_read'),
  f('write_latency.count', 'count', 'latency_write'),
  f('write_latency.p99_us', 'us', 'latency_write'),
  f('nand_written_bytes', 'bytes', 'nand'),
  // A name that looks like another unit: the catalogue, not the suffix, decides.
  f('odd_name_us', 'percent', 'nand'),
  f('duration_s', 's', 'run'),
  f('truncated', 'none', 'run'),
];

const SUMMARY = {
  read_mb_per_s: 10,
  write_mb_per_s: 0,
  read_iops: 2560,
  read_latency: { count: 3, p99_us: 370.4 },
  write_latency: { count: 0, p99_us: 0 },
  nand_written_bytes: 4096,
  odd_name_us: 12.5,
  duration_s: 1.5,
  truncated: false,
};

describe('summary from the catalogue', () => {
  it('reads values by dotted id, own properties only', () => {
    expect(summaryValue(SUMMARY, 'read_latency.p99_us')).toBe(370.4);
    expect(summaryValue(SUMMARY, 'read_latency.nope')).toBeUndefined();
    expect(summaryValue(SUMMARY, 'toString')).toBeUndefined();
  });

  it('lists the numbers in catalogue order, skipping flags and values the run lacks', () => {
    const ids = summaryValues(SUMMARY, [...FIELDS, f('future_value', 'count', 'run')]).map((v) => v.field.id);
    expect(ids).toEqual(FIELDS.map((x) => x.id).filter((id) => id !== 'truncated'));
  });

  it('leads with the non-zero rates, tables the latency, and groups the rest', () => {
    const layout = summaryLayout(SUMMARY, FIELDS);
    expect(layout.headline.map((v) => v.field.id)).toEqual(['read_mb_per_s', 'read_iops']);
    expect(layout.latency.map((s) => [s.group, s.values.map((v) => leafOf(v.field.id))])).toEqual([
      ['latency_read', ['count', 'p99_us']],
      ['latency_write', ['count', 'p99_us']],
    ]);
    expect(layout.sections.map((s) => [s.group, s.values.map((v) => v.field.id)])).toEqual([
      ['throughput', ['write_mb_per_s']],
      ['nand', ['nand_written_bytes', 'odd_name_us']],
      ['run', ['duration_s']],
    ]);
  });

  it('shows only the values that mean something for the run’s device kind, and no empty group', () => {
    const NAND = ['nand_ssd'];
    const fields: SummaryField[] = [
      f('write_mb_per_s', 'mb_per_s', 'throughput'),
      f('write_latency.p99_us', 'us', 'latency_write'),
      f('nand_written_bytes', 'bytes', 'nand', 'NAND writes', NAND),
      f('write_amplification', 'ratio', 'nand', 'WAF', NAND),
      f('gc_runs', 'count', 'gc', 'GC', NAND),
      f('raw_capacity_bytes', 'bytes', 'capacity', 'Raw', NAND),
      f('user_capacity_bytes', 'bytes', 'capacity'),
      f('media_written_bytes', 'bytes', 'media', 'Media writes', ['xpoint_ssd', 'hdd']),
      f('seeks', 'count', 'hdd', 'Seeks', ['hdd']),
      f('tier_read_hit_percent', 'percent', 'tier', 'Reads that hit the cache tier', ['hybrid']),
      f('duration_s', 's', 'run'),
    ];
    // Every field present (a summary lays out whatever it carries; the kinds decide what shows).
    const summary = { write_mb_per_s: 2039, write_latency: { p99_us: 4114 }, nand_written_bytes: 0, write_amplification: 1, gc_runs: 0, raw_capacity_bytes: 0, user_capacity_bytes: 280e9, media_written_bytes: 6e9, seeks: 0, tier_read_hit_percent: 0, duration_s: 3 };
    const groups = (device?: string | string[]) => summaryLayout(summary, fields, device).sections.map((s) => [s.group, s.values.map((v) => v.field.id)]);
    expect(groups('xpoint_ssd')).toEqual([
      ['capacity', ['user_capacity_bytes']],
      ['media', ['media_written_bytes']],
      ['run', ['duration_s']],
    ]);
    // A disk has the media values and its own.
    expect(groups('hdd').map(([g]) => g)).toEqual(['capacity', 'media', 'hdd', 'run']);
    expect(groups('nand_ssd')).toEqual([
      ['nand', ['nand_written_bytes', 'write_amplification']],
      ['gc', ['gc_runs']],
      ['capacity', ['raw_capacity_bytes', 'user_capacity_bytes']],
      ['run', ['duration_s']],
    ]);
    expect(summaryLayout(summary, fields, 'xpoint_ssd').latency.map((s) => s.group)).toEqual(['latency_write']);
    // No device named: the whole catalogue, as before the device seam.
    expect(groups().flatMap(([, ids]) => ids)).toHaveLength(9);
    // A hybrid: its tier's values and both tiers' (a NAND cache in front of a disk here).
    expect(groups(['hybrid', 'nand_ssd', 'hdd']).map(([g]) => g)).toEqual(['nand', 'gc', 'capacity', 'media', 'hdd', 'tier', 'run']);
    expect(groups(['hybrid', 'xpoint_ssd', 'nand_ssd']).map(([g]) => g)).toEqual(['nand', 'gc', 'capacity', 'media', 'tier', 'run']);
    expect(groups('nand_ssd').map(([g]) => g)).not.toContain('tier');
    expect(fieldsForDevice(fields, 'xpoint_ssd').map((x) => x.id)).toEqual(['write_mb_per_s', 'write_latency.p99_us', 'user_capacity_bytes', 'media_written_bytes', 'duration_s']);
  });
});

describe('a summary with the sections of its device kinds only', () => {
  it('shows the sections the run has: a value absent from the summary is not a row', () => {
    const fields: SummaryField[] = [
      f('write_mb_per_s', 'mb_per_s', 'throughput'),
      f('gc_runs', 'count', 'gc', 'GC', ['nand_ssd']),
      f('media_written_bytes', 'bytes', 'media', 'Media writes', ['xpoint_ssd', 'hdd']),
      f('tier_cached_bytes', 'bytes', 'tier', 'Cached', ['hybrid']),
      f('duration_s', 's', 'run'),
    ];
    // An XPoint drive's run: no NAND or tier section at all.
    const xpoint = { write_mb_per_s: 2039, media_written_bytes: 6e9, duration_s: 3 };
    const ids = (kinds?: string | string[]) => {
      const layout = summaryLayout(xpoint, fields, kinds);
      return [...layout.headline, ...layout.sections.flatMap((s) => s.values)].map((v) => v.field.id);
    };
    expect(ids()).toEqual(['write_mb_per_s', 'media_written_bytes', 'duration_s']);
    expect(ids('xpoint_ssd')).toEqual(ids());
    // Kinds that would allow a value the run lacks show nothing in its place.
    expect(ids(['hybrid', 'xpoint_ssd', 'nand_ssd'])).toEqual(ids());
  });
});

describe('summary from the catalogue: zero rates and every number once', () => {
  it('shows every rate when all of them are zero', () => {
    const idle = { ...SUMMARY, read_mb_per_s: 0, read_iops: 0 };
    expect(summaryLayout(idle, FIELDS).headline.map((v) => v.field.id)).toEqual(['read_mb_per_s', 'write_mb_per_s', 'read_iops']);
  });

  it('names every number of a summary exactly once, by walking it', () => {
    expect(summaryPaths(SUMMARY)).toEqual([
      'read_mb_per_s',
      'write_mb_per_s',
      'read_iops',
      'read_latency.count',
      'read_latency.p99_us',
      'write_latency.count',
      'write_latency.p99_us',
      'nand_written_bytes',
      'odd_name_us',
      'duration_s',
    ]);
  });
});

describe('formatting by unit id', () => {
  it('groups integers and trims decimals by magnitude', () => {
    expect(formatSummaryValue(1234567, 'count')).toBe('1,234,567');
    expect(formatSummaryValue(1634.5678, 'mb_per_s')).toBe('1,634.6');
    expect(formatSummaryValue(3.14159, 'ratio')).toBe('3.14');
    expect(formatSummaryValue(0.012345, 'percent')).toBe('0.0123');
    expect(formatSummaryValue(Number.NaN, 'us')).toBe('NaN');
  });

  it('shows byte counts in binary units and IOPS as whole commands', () => {
    expect(formatSummaryValue(0, 'bytes')).toBe('0 B');
    expect(formatSummaryValue(12884901888, 'bytes')).toBe('12 GiB');
    expect(formatSummaryValue(31772672, 'bytes')).toBe('30.3 MiB');
    expect(formatSummaryValue(26089.7, 'iops')).toBe('26,090');
    expect(formatSummaryValue(1634.5, 'mb_per_s', 'ja-JP')).toBe('1,634.5');
  });
});
