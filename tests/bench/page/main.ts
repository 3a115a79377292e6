// The bench page: starts workers and hands them work; Playwright calls the BenchPage it
// installs as a global. Times are taken here, around the round trip, with performance.now().
import { WorkerPool } from '../../../web/src/engine/pool';
import { BENCH_PAGE_GLOBAL, type BenchPage, type WorkerReply, type WorkerRequest } from './protocol';

const nowS = () => performance.now() / 1000;

/** The worker's next reply; a worker that fails to load or crashes rejects (it would otherwise never answer). */
function nextReply(worker: Worker): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<WorkerReply>) => {
      done();
      if (event.data.kind === 'failed') reject(new Error(event.data.message));
      else resolve(event.data);
    };
    const onError = (event: ErrorEvent) => {
      done();
      reject(new Error(`bench worker failed: ${event.message || 'it did not load'}`));
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
}

async function startWorker(): Promise<Worker> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ssd-bench' });
  try {
    await nextReply(worker); // 'ready'
  } catch (err) {
    worker.terminate();
    throw err;
  }
  return worker;
}

function ask(worker: Worker, request: WorkerRequest): Promise<WorkerReply> {
  const reply = nextReply(worker);
  worker.postMessage(request);
  return reply;
}

const benchPage: BenchPage = {
  async measureCase(scenario, repeat, causes) {
    const worker = await startWorker();
    try {
      const reply = await ask(worker, { kind: 'measure', scenario, repeat, causes });
      if (reply.kind !== 'measured') throw new Error(`unexpected reply ${reply.kind}`);
      return { measurements: reply.measurements, memoryBytesBefore: reply.memoryBytesBefore, memoryBytesAfter: reply.memoryBytesAfter };
    } finally {
      worker.terminate();
    }
  },

  async runFigure(scenarios, workers) {
    // The app's own pool ("Compare variants"), sized to `workers`: the wall time is what a
    // user waits, the workers' start (loading the wasm) included.
    const pool = new WorkerPool({ cores: workers });
    const t0 = nowS();
    try {
      const scenarioS = await pool.map(scenarios, async (engine, scenario) => {
        const start = nowS();
        await engine.run(scenario, () => {}, { blockMap: false });
        return nowS() - start;
      });
      return { workers: pool.lastBatch?.workers ?? workers, wallS: nowS() - t0, scenarioS };
    } finally {
      pool.dispose();
    }
  },
};

(globalThis as unknown as Record<string, BenchPage>)[BENCH_PAGE_GLOBAL] = benchPage;
