// A trace workload run in the worker (runApi.ts, traceFeed.ts): the file is pushed into the
// run a slice at a time as the engine's bounded buffer takes it, and the run replays every
// command `scanTrace` counts, the same however the file is sliced, again for each loop.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TraceScanOptions } from '../../web/src/engine/types';
import { loadEngine } from './loadEngine';

/** A small drive (502 MB), empty, replaying closed loop; addresses past its end wrap. */
const scenario = (workload: object = {}) =>
  JSON.stringify({
    device: { nand: { channels: 1, dies_per_channel: 2, blocks_per_plane: 32 } },
    precondition: { fill_percent: 0 },
    workload: { kind: 'trace', map: { fit: 'wrap' }, ...workload },
  });

const bytesOf = (name: string) => readFileSync(new URL(`../fixtures/traces/${name}`, import.meta.url));
const fixture = (name: string) => new Blob([bytesOf(name)]);
const AUTO: TraceScanOptions = { format: 'auto', devices: [], complete: false };

describe('replaying a trace in the worker', () => {
  it.each(['msr_hm.csv', 'blkparse_sda.txt', 'fio_v3.log'])('%s: every command the scan counts reaches the drive', async (name) => {
    const api = loadEngine();
    const { summary: scan } = await api.scanTrace(fixture(name), AUTO);
    const { summary } = await api.run(scenario(), () => {}, { trace: fixture(name), blockMap: false });
    const { trace_commands, trace_read_bytes, trace_written_bytes, trace_trimmed_bytes } = summary;
    expect({ trace_commands, trace_read_bytes, trace_written_bytes, trace_trimmed_bytes }).toEqual({
      trace_commands: scan!.commands,
      trace_read_bytes: scan!.reads.bytes,
      trace_written_bytes: scan!.writes.bytes,
      trace_trimmed_bytes: scan!.trims.bytes,
    });
    expect(summary.read_latency.count + summary.write_latency.count).toBe(scan!.reads.commands + scan!.writes.commands);
    // Footprint: the drive's (after wrap onto 502 MB) is at most the trace's own.
    expect(summary.trace_footprint_bytes).toBeGreaterThan(0);
    expect(summary.trace_footprint_bytes).toBeLessThanOrEqual(scan!.footprint_bytes);
  });

  it('names the file by the SHA-256 sha256sum gives, replays only that file and sizes its windows from it', async () => {
    const api = loadEngine();
    const { summary: scan } = await api.scanTrace(fixture('msr_hm.csv'), AUTO);
    const sha256 = createHash('sha256').update(bytesOf('msr_hm.csv')).digest('hex');
    expect(scan!.sha256).toBe(sha256);
    const named = await api.run(scenario({ sha256, mode: 'open' }), () => {}, { trace: fixture('msr_hm.csv'), blockMap: false });
    expect(named.stopped).toBeNull();
    expect(named.summary.trace_commands).toBe(30);
    // Open loop, automatic windows: about 200 over the recorded duration, as ssdsim run --trace.
    expect(named.summary.time_window_ms).toBeCloseTo(scan!.duration_ns / 1e6 / 200, 3);
    const other = await api.run(scenario({ sha256: '0'.repeat(64) }), () => {}, { trace: fixture('msr_hm.csv'), blockMap: false });
    expect(other.stopped?.field).toBe('workload.sha256');
    expect(other.stopped?.message).toContain(`SHA-256 is ${sha256}`);
    expect(other.summary.host_written_bytes).toBe(0);
  });

  it('gives the same run bit for bit whether the file comes in 1 MiB or 37-byte slices, and loops it', async () => {
    const api = loadEngine();
    const whole = await api.run(scenario(), () => {}, { trace: fixture('msr_hm.csv'), blockMap: false });
    const sliced = await api.run(scenario(), () => {}, { trace: fixture('msr_hm.csv'), blockMap: false, traceSliceBytes: 37 });
    expect(JSON.stringify(sliced.summary)).toBe(JSON.stringify(whole.summary));
    const twice = await api.run(scenario({ loops: 2 }), () => {}, { trace: fixture('msr_hm.csv'), blockMap: false, traceSliceBytes: 100 });
    expect(twice.summary.trace_commands).toBe(2 * whole.summary.trace_commands!);
  });

  it('waits for more of a file larger than the engine holds, and runs the same however it is sliced', async () => {
    // 6 MiB of fio v3 log (more than the 4 MiB the engine buffers): 4 KiB reads and writes.
    const lines = ['fio version 3 iolog'];
    let x = 7;
    for (let t = 0, bytes = 0; bytes < 6 << 20; t++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const line = `${t} /dev/sdb ${x % 3 === 0 ? 'read' : 'write'} ${(x % 100_000) * 4096} 4096`;
      lines.push(line);
      bytes += line.length + 1;
    }
    const file = new Blob([lines.join('\n') + '\n']);
    const api = loadEngine();
    const big = await api.run(scenario(), () => {}, { trace: file, blockMap: false });
    const small = await api.run(scenario(), () => {}, { trace: file, blockMap: false, traceSliceBytes: 300_000 });
    expect(big.summary.trace_commands).toBe(lines.length - 1);
    expect(JSON.stringify(small.summary)).toBe(JSON.stringify(big.summary));
  });

  it('refuses a trace file for a run of another kind, naming the kind', async () => {
    const job = JSON.stringify({ workload: { kind: 'job', io_size: '4m' } });
    await expect(loadEngine().run(job, () => {}, { trace: fixture('msr_hm.csv') })).rejects.toMatchObject({ field: 'workload.kind' });
  });

  it('stops a trace run given no file with a notice naming the workload', async () => {
    const { stopped } = await loadEngine().run(scenario(), () => {}, { blockMap: false });
    expect(stopped?.field).toBe('workload');
  });
});
