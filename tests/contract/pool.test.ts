// The worker pool that runs a comparison's scenarios side by side: results in the jobs' order
// whatever order they finish in, numbers bit for bit those of a run on its own, cancel and the
// first failure stop every worker. Engines talk over in-process channels (a MessageChannel stands
// in for each worker); the bit-for-bit case drives the real wasm.
import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CancelledError, EngineClient, EngineFailedError } from '../../web/src/engine/bridge';
import { EngineError } from '../../web/src/engine/errors';
import { MAX_POOL_WORKERS, poolSize, WorkerPool } from '../../web/src/engine/pool';
import { runToEnd } from '../../web/src/engine/runToEnd';
import { loadEngine, runCollect, sameBits } from './loadEngine';

interface Channel {
  worker: Worker;
  terminated: boolean;
}

/** A Worker look-alike whose other end runs `api` in this process; records its termination. */
function channel(api: object, all: Channel[]): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
  const entry: Channel = { worker: port1 as unknown as Worker, terminated: false };
  (port1 as unknown as { terminate(): void }).terminate = () => {
    entry.terminated = true;
    port1.close();
    port2.close();
  };
  all.push(entry);
  return entry.worker;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An engine whose run of `"<ms>"` takes that long and answers with it; `"refuse"` is refused, `"hang"` never ends. */
function fakeApi(log: string[]) {
  return {
    ping: async () => true,
    run: async (json: string, onChunk: (c: unknown) => void) => {
      log.push(`start ${json}`);
      if (json === 'refuse') throw new EngineError({ field: 'workload.iodepth', code: 'out_of_range', message: 'refused on purpose' });
      if (json === 'hang') return new Promise(() => {});
      await sleep(Number(json));
      onChunk({ index: 0, progress: 1, done: true, series: [], points: [] });
      log.push(`end ${json}`);
      return { summary: { took: Number(json) }, series: [], chunks: 1, blockMap: null };
    },
  };
}

function fakePool(cores: number) {
  const log: string[] = [];
  const channels: Channel[] = [];
  const pool = new WorkerPool({ cores, createClient: () => new EngineClient({ createWorker: () => channel(fakeApi(log), channels) }) });
  const task = async (engine: EngineClient, json: string) => (await engine.run(json, () => {})).summary;
  return { pool, log, channels, task };
}

describe('pool size', () => {
  it('is one worker per core, at least one, at most the jobs and at most eight', () => {
    expect(poolSize(5, 2)).toBe(2);
    expect(poolSize(5, 16)).toBe(5);
    expect(poolSize(20, 16)).toBe(MAX_POOL_WORKERS);
    expect(poolSize(3, undefined)).toBe(1);
    expect(poolSize(3, 0)).toBe(1);
    expect(poolSize(1, 8)).toBe(1);
  });
});

describe('a batch', () => {
  it('returns results in the jobs’ order though they finish in another, two at a time on two cores', async () => {
    const { pool, log, channels, task } = fakePool(2);
    const results = await pool.map(['120', '10', '30', '5'], task);
    expect(results).toEqual([{ took: 120 }, { took: 10 }, { took: 30 }, { took: 5 }]);
    // The short jobs ran (on the second worker) while the first was still going.
    expect(log.indexOf('end 5')).toBeLessThan(log.indexOf('end 120'));
    expect(pool.lastBatch).toMatchObject({ jobs: 4, workers: 2, peakConcurrent: 2 });
    // Two workers for the batch, and both gone with it.
    expect(channels.map((c) => c.terminated)).toEqual([true, true]);
  });

  it('runs one at a time on one core', async () => {
    const { pool, log, task } = fakePool(1);
    await pool.map(['20', '5'], task);
    expect(log).toEqual(['start 20', 'end 20', 'start 5', 'end 5']);
    expect(pool.lastBatch).toMatchObject({ workers: 1, peakConcurrent: 1 });
  });

  it('cancel terminates every worker and rejects the batch with CancelledError', async () => {
    const { pool, channels, task } = fakePool(4);
    const batch = pool.map(['hang', 'hang', 'hang'], task);
    await sleep(30);
    pool.cancel();
    await expect(batch).rejects.toBeInstanceOf(CancelledError);
    expect(channels).toHaveLength(3);
    expect(channels.every((c) => c.terminated)).toBe(true);
  });

  it('the first failure stops the others and is what the batch rejects with', async () => {
    const { pool, log, channels, task } = fakePool(2);
    const err = await pool.map(['hang', 'refuse', '5', '5'], task).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ field: 'workload.iodepth', code: 'out_of_range' });
    expect(channels.every((c) => c.terminated)).toBe(true);
    // Nothing after the failure was started.
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start hang', 'start refuse']);
  });

  it('a worker that crashes fails the batch with the engine’s failure, as the single engine reports it', async () => {
    const channels: Channel[] = [];
    const pool = new WorkerPool({ cores: 2, createClient: () => new EngineClient({ createWorker: () => channel(fakeApi([]), channels) }) });
    const batch = pool.map(['hang', 'hang'], async (engine, json) => engine.run(json, () => {}));
    await sleep(30);
    channels[1].worker.dispatchEvent(new Event('error'));
    const err = await batch.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineFailedError);
    expect((err as Error).message).toMatch(/crashed or failed to load/);
    expect(channels.every((c) => c.terminated)).toBe(true);
  });

  it('a new batch replaces one still running', async () => {
    const { pool, task } = fakePool(2);
    const first = pool.map(['hang', 'hang'], task);
    const second = pool.map(['5'], task);
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).resolves.toEqual([{ took: 5 }]);
  });
});

describe('with the real engine', () => {
  it('every scenario’s numbers are bit for bit those of running it alone', async () => {
    const api = loadEngine();
    const base = JSON.parse(await api.defaultScenario());
    // Three sizes, so the runs interleave chunk by chunk and finish out of order.
    const jobs = ['24m', '4m', '12m'].map((io) => JSON.stringify({ ...base, device: { ...base.device, nand: { ...base.device.nand, channels: 1, dies_per_channel: 1, blocks_per_plane: 256 } }, workload: { ...base.workload, runtime: 0, io_size: io } }));
    const channels: Channel[] = [];
    const pool = new WorkerPool({ cores: 3, createClient: () => new EngineClient({ createWorker: () => channel(api, channels) }) });
    const pooled = await pool.map(jobs, (engine, json) => runToEnd(engine, json, () => {}, { fixedChunkEvents: 500, blockMap: false }));
    expect(pool.lastBatch).toMatchObject({ workers: 3, peakConcurrent: 3 });
    for (const [k, json] of jobs.entries()) {
      const alone = await runCollect(json, { blockMap: false });
      expect(pooled[k].summary).toEqual(alone.result.summary);
      expect(pooled[k].series.map((s) => s.id)).toEqual(alone.result.series.map((s) => s.id));
      pooled[k].buffers.forEach((b, i) => expect(sameBits(Array.from(b.view()), alone.points[i]), `${k}:${pooled[k].series[i].id}`).toBe(true));
    }
    // The three runs really differ (the check above would pass for three copies of one).
    expect(pooled[0].summary).not.toEqual(pooled[1].summary);
  });
});
