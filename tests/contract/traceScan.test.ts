// A trace file scanned in the worker (traceApi.ts): fed to the engine's reader a chunk at a
// time, summarised, refused at the line and field at fault, in memory bounded by the chunk.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRACE_CHUNK_BYTES } from '../../web/src/engine/traceApi';
import type { TraceFormatId, TraceScanOptions, TraceScanProgress } from '../../web/src/engine/types';
import { engineMemory, loadEngine } from './loadEngine';

const AUTO: TraceScanOptions = { format: 'auto', devices: [], complete: false };

const FIXTURES: [string, TraceFormatId][] = [
  ['msr_hm.csv', 'msr'],
  ['spc_financial.spc', 'spc'],
  ['alibaba.csv', 'alibaba'],
  ['tencent_cbs.csv', 'tencent'],
  ['blkparse_sda.txt', 'blkparse'],
  ['fio_v2.log', 'fio_v2'],
  ['fio_v3.log', 'fio_v3'],
];

const fixture = (name: string) => new Blob([readFileSync(new URL(`../fixtures/traces/${name}`, import.meta.url))]);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('scanning a trace in the worker', () => {
  it.each(FIXTURES)('%s is detected and summarised, its timeline holding every byte', async (name, format) => {
    const { error, summary } = await loadEngine().scanTrace(fixture(name), AUTO);
    expect(error).toBeNull();
    expect(summary?.format).toBe(format);
    const s = summary!;
    expect(s.commands).toBe(s.reads.commands + s.writes.commands + s.trims.commands);
    expect(s.commands).toBeGreaterThan(0);
    expect([sum(s.timeline.read_bytes), sum(s.timeline.write_bytes)]).toEqual([s.reads.bytes, s.writes.bytes]);
    expect(s.timeline.footprint_bytes.at(-1)).toBe(s.footprint_bytes);
    expect(s.timeline.axis).toBe(s.duration_ns > 0 ? 'time' : 'commands');
  });

  it('refuses a malformed line with its number and field, and stops reading there', async () => {
    const text = 'fio version 3 iolog\n0 /dev/sdb write 0 4096\n5 /dev/sdb write -4096 4096\n9 /dev/sdb read 0 4096\n';
    const { error, summary } = await loadEngine().scanTrace(new Blob([text]), AUTO);
    expect(summary).toBeNull();
    expect(error).toEqual({ line: 3, field: 'offset', problem: 'negative' });
  });

  it('streams a file of several chunks in bounded memory, reporting progress per chunk', async () => {
    // 12 MiB of fio v3 log: 3 chunks, 4 KiB random writes over 64 GiB.
    const lines = ['fio version 3 iolog'];
    let x = 12345;
    const target = 3 * TRACE_CHUNK_BYTES - 1024;
    let bytes = 20;
    for (let t = 0; bytes < target; t++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const line = `${t * 10} /dev/nvme0n1 write ${(x % 16_777_216) * 4096} 4096`;
      lines.push(line);
      bytes += line.length + 1;
    }
    const file = new Blob([lines.join('\n') + '\n']);
    const before = engineMemory().nowBytes;
    const progress: TraceScanProgress[] = [];
    const { error, summary } = await loadEngine().scanTrace(file, AUTO, (p) => void progress.push(p));
    expect(error).toBeNull();
    expect(summary?.commands).toBe(lines.length - 1);
    expect(progress.map((p) => p.bytes)).toEqual([TRACE_CHUNK_BYTES, 2 * TRACE_CHUNK_BYTES, file.size]);
    expect(progress.at(-1)?.commands).toBe(lines.length - 1);
    // The reader's state (footprint bitmaps up to 64 GiB of addresses: 2 MiB each) and one chunk.
    expect(engineMemory().nowBytes - before).toBeLessThan(16 << 20);
  });
});
