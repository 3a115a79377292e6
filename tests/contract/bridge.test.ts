// The page-side EngineClient: failure surfacing, cancel-by-restart, and streaming through a
// real Comlink channel (a MessageChannel stands in for the worker, the API is the real wasm).
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineApi, type WasmBindings } from '../../web/src/engine/api';
import { CancelledError, EngineClient, EngineFailedError, type EngineState } from '../../web/src/engine/bridge';
import { describeError, EngineError, type EngineErrorData } from '../../web/src/engine/errors';
import * as wasm from '../../web/src/engine/pkg/ssd_wasm.js';
import type { RunChunk } from '../../web/src/engine/types';
import { channelWorker } from './channelWorker';
import { loadEngine, runCollect, sameBits } from './loadEngine';

/** A Worker look-alike that never answers; the test fires its events by hand. */
function silentWorker(): Worker & EventTarget {
  const target = new EventTarget() as Worker & EventTarget;
  Object.assign(target, { postMessage() {}, terminate() {} });
  return target;
}

function waitFor(client: EngineClient, status: EngineState['status'], timeoutMs = 5_000): Promise<EngineState> {
  return new Promise((resolve, reject) => {
    if (client.state.status === status) return resolve(client.state);
    const timer = setTimeout(() => reject(new Error(`engine stayed ${client.state.status}, wanted ${status}`)), timeoutMs);
    const off = client.subscribe((s) => {
      if (s.status !== status) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

const clients: EngineClient[] = [];
const track = (c: EngineClient) => (clients.push(c), c);
afterEach(() => clients.splice(0).forEach((c) => c.dispose()));

describe('a worker that fails to load', () => {
  it('turns the worker error event into a failed state and rejects calls, instead of hanging', async () => {
    const worker = silentWorker();
    const client = track(new EngineClient({ createWorker: () => worker }));
    expect(client.state.status).toBe('loading');
    const pending = client.defaultScenario();
    worker.dispatchEvent(new Event('error'));
    const state = await waitFor(client, 'failed');
    expect(state).toMatchObject({ status: 'failed', message: expect.stringMatching(/failed to load/) });
    await expect(pending).rejects.toBeInstanceOf(EngineFailedError);
    await expect(client.validate('{}')).rejects.toBeInstanceOf(EngineFailedError);
  });

  it('gives up on a worker that never answers after the load timeout', async () => {
    const client = track(new EngineClient({ createWorker: silentWorker, loadTimeoutMs: 50 }));
    const state = await waitFor(client, 'failed');
    expect(state).toMatchObject({ message: expect.stringMatching(/did not load within 0.05 s/) });
  });

  it('reports a worker constructor that throws', async () => {
    const client = track(
      new EngineClient({
        createWorker: () => {
          throw new Error('no workers here');
        },
      }),
    );
    expect(client.state).toMatchObject({ status: 'failed', message: expect.stringMatching(/no workers here/) });
    await expect(client.defaultScenario()).rejects.toBeInstanceOf(EngineFailedError);
  });
});

describe('over a real Comlink channel', () => {
  it('becomes ready and streams a run whose points match a direct run', async () => {
    const client = track(new EngineClient({ createWorker: channelWorker }));
    await waitFor(client, 'ready');
    const json = await client.defaultScenario();
    const chunks: RunChunk[] = [];
    const result = await client.run(json, (c) => chunks.push(c));
    expect(chunks.at(-1)).toMatchObject({ done: true, progress: 1 });
    const direct = await runCollect(json);
    expect(result.summary).toEqual(direct.result.summary);
    result.series.forEach((_, i) => {
      const streamed = chunks.flatMap((c) => Array.from(c.points[i] ?? []));
      expect(sameBits(streamed, direct.points[i])).toBe(true);
    });
  });

});

/** A client whose runs are stopped by the flag, not the stuck-chunk watchdog: a busy machine must not trip it. */
const patient = () => track(new EngineClient({ createWorker: channelWorker, stopTimeoutMs: 60_000 }));

describe('over a real Comlink channel: stopping a run', () => {
  it('stopRun stops the run between chunks, keeps the worker, and the next run completes', async () => {
    const client = patient();
    await waitFor(client, 'ready');
    const json = await client.defaultScenario();
    let seen = 0;
    const run = client.run(json, () => {
      seen += 1;
      if (seen === 1) client.stopRun();
    }, { fixedChunkEvents: 100 });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(seen).toBe(1);
    // The same worker: never loading again, its compiled scenario kept (no second compile).
    expect(client.state).toEqual({ status: 'ready' });
    const again = await client.run(json, () => {});
    expect(Object.keys(again.summary).length).toBeGreaterThan(0);
    expect(await client.stats()).toMatchObject({ workerStarts: 1, wasmLoads: 1, compilesInWorker: 1 });
  });

  it('a new run stops the one going on, in the same worker', async () => {
    const client = patient();
    await waitFor(client, 'ready');
    const json = await client.defaultScenario();
    const first = client.run(json, () => {}, { fixedChunkEvents: 100 });
    const second = client.run(json, () => {});
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    expect(Object.keys((await second).summary).length).toBeGreaterThan(0);
    expect(await client.stats()).toMatchObject({ workerStarts: 1, wasmLoads: 1 });
  });

  it('compile returns a handle and the typed scenario; runCompiled runs it with nothing compiled again', async () => {
    const client = track(new EngineClient({ createWorker: channelWorker }));
    await waitFor(client, 'ready');
    const json = await client.defaultScenario();
    const ref = await client.compile(json);
    expect(typeof ref.handle).toBe('number');
    expect(ref.scenario).toEqual(JSON.parse(json));
    const result = await client.runCompiled(ref, () => {});
    expect(result.scenario).toEqual(ref.scenario);
    expect(await client.stats()).toMatchObject({ compileTrips: 1, compilesInWorker: 1 });
  });

  it('restarts the worker when a stopped run never sends its chunk back', async () => {
    const stuck = {
      ping: async () => true,
      cancelRun: async () => {},
      stats: async () => ({ compiles: 0 }),
      run: () => new Promise(() => {}),
    };
    const client = track(new EngineClient({ createWorker: () => channelWorker(stuck), stopTimeoutMs: 50 }));
    await waitFor(client, 'ready');
    const run = client.run('{}', () => {});
    client.stopRun();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await waitFor(client, 'ready');
    expect((await client.stats()).workerStarts).toBe(2);
  });

  it('drops chunks that were already in flight when the run was cancelled', async () => {
    const chunk = (index: number): RunChunk => ({ index, progress: index / 10, done: false, series: [], points: [] });
    const burst = {
      ping: async () => true,
      // Posts three chunks without waiting, then never finishes: a busy worker.
      run: (_json: string, onChunk: (c: RunChunk) => void) => {
        [0, 1, 2].forEach((i) => onChunk(chunk(i)));
        return new Promise(() => {});
      },
    };
    const client = track(new EngineClient({ createWorker: () => channelWorker(burst), stopTimeoutMs: 50 }));
    await waitFor(client, 'ready');
    const seen: number[] = [];
    const run = client.run('{}', (c) => {
      seen.push(c.index);
      client.stopRun();
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([0]);
  });
});

describe('over a real Comlink channel: errors', () => {
  it('reports engine refusals as EngineError with field and code intact across the channel', async () => {
    const client = track(new EngineClient({ createWorker: channelWorker }));
    await waitFor(client, 'ready');
    const err = await client.validate('{"workload":{"kind":"job","iodepth":0}}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ field: 'workload.iodepth', code: 'out_of_range', message: expect.stringMatching(/between 1 and 1024 \(got 0\)/) });
    expect(describeError(err as EngineError)).toMatch(/^workload\.iodepth: /);
    expect(client.state.status).toBe('ready');
  });

  it('keeps every field of an EngineError, whatever the code, and leaves other errors alone', async () => {
    const data: EngineErrorData = { field: 'workload.spans[2]', code: 'not_whole_bytes', message: 'must be a whole number of bytes' };
    const thrower = {
      ping: async () => true,
      validate: async () => {
        throw new EngineError(data);
      },
      defaultScenario: async () => {
        throw new TypeError('plain bug');
      },
    };
    const client = track(new EngineClient({ createWorker: () => channelWorker(thrower) }));
    await waitFor(client, 'ready');
    const err = await client.validate('{}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).toData()).toEqual(data);
    const bug = await client.defaultScenario().catch((e: unknown) => e);
    expect(bug).not.toBeInstanceOf(EngineError);
    expect(bug).toMatchObject({ name: 'TypeError', message: 'plain bug' });
  });
});

describe('after the wasm traps', () => {
  /** The real engine, except that a run traps as a Rust panic does in wasm ("unreachable"). */
  function trappingApi() {
    loadEngine();
    const Trapping = class {
      // Runs start from a compiled scenario: the stand-in is built from one too.
      static from_compiled() {
        return new Trapping();
      }
      static without_causes() {
        return new Trapping();
      }
      limit_wall_time() {}
      series_meta() {
        return '[]';
      }
      budget() {
        return '{"memory_bytes":1,"expected_memory_bytes":1,"work_limit":1,"typical_work":0,"seconds_estimate":0,"seconds_limit":1,"precondition_share":0}';
      }
      run(): boolean {
        throw new WebAssembly.RuntimeError('unreachable');
      }
      free() {}
    };
    return createEngineApi(Promise.resolve(), { ...wasm, Simulation: Trapping as unknown as WasmBindings['Simulation'] });
  }

  it('the API marks itself poisoned and refuses everything with engine_abort', async () => {
    const api = trappingApi();
    const json = await api.defaultScenario();
    const err = await api.run(json, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ code: 'engine_abort', field: '', message: expect.stringMatching(/unreachable/) });
    // The real validate would work; a trapped instance is not trusted with anything again.
    await expect(api.validate(json)).rejects.toMatchObject({ code: 'engine_abort' });
  });

  it('the page replaces the worker before the next call, and the next run completes', async () => {
    let workers = 0;
    const client = track(
      new EngineClient({
        createWorker: () => {
          workers += 1;
          return channelWorker(workers === 1 ? trappingApi() : loadEngine());
        },
      }),
    );
    await waitFor(client, 'ready');
    const json = await client.defaultScenario();
    const states: EngineState['status'][] = [];
    client.subscribe((s) => states.push(s.status));
    const err = await client.run(json, () => {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'engine_abort' });
    expect(workers).toBe(2); // replaced at once, not on the next call
    expect(states[0]).toBe('loading');
    await waitFor(client, 'ready');
    const again = await client.run(json, () => {});
    expect(again.summary).toEqual((await runCollect(json)).result.summary);
  });
});
