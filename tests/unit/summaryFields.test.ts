import { describe, expect, it } from 'vitest';
import { describeSummaryKey, formatBytes, formatSummaryValue, summaryFields, summaryGroups, summaryPaths } from '../../web/src/panels/summaryFields';

describe('describeSummaryKey', () => {
  it.each([
    ['read_mb_per_s', 'Read', 'MB/s'],
    ['write_mb_per_s', 'Write', 'MB/s'],
    ['read_iops', 'Read', 'IOPS'],
    ['iops', 'IOPS', ''],
    ['mean_us', 'Mean', 'µs'],
    ['p99_us', 'p99', 'µs'],
    ['p999_us', 'p99.9', 'µs'],
    ['write_amplification', 'Write amplification', ''],
    ['waf', 'WAF', ''],
    ['gc_runs', 'GC runs', ''],
    ['gc_moved_bytes', 'GC moved', 'bytes'],
    ['nand_written_bytes', 'NAND written', 'bytes'],
    ['duration_s', 'Duration', 's'],
    ['plane_utilisation_percent', 'Plane utilisation', '%'],
    ['op_percent', 'OP', '%'],
    ['completed_ios', 'Completed I/Os', ''],
    ['map_sram_hit_percent', 'Map SRAM hit', '%'],
    ['hmb_granted_bytes', 'HMB granted', 'bytes'],
    ['estimated_tbw', 'Estimated TBW', ''],
  ])('%s → %s [%s]', (key, label, unit) => {
    expect(describeSummaryKey(key)).toEqual({ label, unit });
  });
});

describe('formatting', () => {
  it('groups integers and trims decimals by magnitude', () => {
    expect(formatSummaryValue(1234567)).toBe('1,234,567');
    expect(formatSummaryValue(1634.5678)).toBe('1,634.6');
    expect(formatSummaryValue(3.14159)).toBe('3.14');
    expect(formatSummaryValue(0.012345)).toBe('0.0123');
    expect(formatSummaryValue(Number.NaN)).toBe('NaN');
  });

  it('shows byte counts in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(12884901888)).toBe('12 GiB');
    expect(formatBytes(31772672)).toBe('30.3 MiB');
    expect(formatSummaryValue(4096, 'bytes')).toBe('4 KiB');
    expect(formatSummaryValue(26089.7, 'IOPS')).toBe('26,090');
  });
});

describe('summary structure', () => {
  const summary = {
    read_mb_per_s: 10,
    read_latency: { count: 3, p99_us: 370.4 },
    note: 'x',
    write_amplification: 1.5,
  };

  it('lists top-level numbers in engine order, skipping non-numbers', () => {
    const fields = summaryFields(summary);
    expect(fields.map((f) => f.key)).toEqual(['read_mb_per_s', 'write_amplification']);
    expect(fields[0]).toMatchObject({ label: 'Read', unit: 'MB/s', value: 10 });
  });

  it('lists nested objects as groups with dotted keys', () => {
    expect(summaryGroups(summary)).toEqual([
      {
        key: 'read_latency',
        label: 'Read latency',
        fields: [
          { key: 'read_latency.count', label: 'Count', unit: '', value: 3 },
          { key: 'read_latency.p99_us', label: 'p99', unit: 'µs', value: 370.4 },
        ],
      },
    ]);
  });

  it('names every number exactly once', () => {
    expect(summaryPaths(summary)).toEqual(['read_mb_per_s', 'write_amplification', 'read_latency.count', 'read_latency.p99_us']);
  });
});
