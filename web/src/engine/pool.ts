// A few engines side by side for independent scenarios (an article figure's members, the pins
// of a comparison link): one worker per core, so five drives take about as long as the slowest
// of them instead of their sum. Each scenario is deterministic on its own, so which worker runs
// it changes nothing in its numbers. The page's own run keeps its single EngineClient.
import { CancelledError, EngineClient } from './bridge';

/** The most workers a pool starts: each holds its own wasm heap. */
export const MAX_POOL_WORKERS = 8;

/** Workers for `jobs` scenarios on a machine with `cores` logical cores: one per core, at least one, never more than there are jobs. */
export function poolSize(jobs: number, cores: number | undefined): number {
  const perCore = Number.isFinite(cores) && cores! > 0 ? Math.floor(cores!) : 1;
  return Math.max(1, Math.min(perCore, MAX_POOL_WORKERS, jobs));
}

/** What the last batch did: for the page's test hook and for anyone timing it in devtools. */
export interface BatchStats {
  jobs: number;
  workers: number;
  /** The most jobs that were running at the same moment. */
  peakConcurrent: number;
  wallMs: number;
}

export interface WorkerPoolOptions {
  /** Cores to size the pool by (defaults to navigator.hardwareConcurrency). */
  cores?: number;
  /** Tests hand in engines over an in-process channel. */
  createClient?: () => EngineClient;
}

/** One job: runs on the engine it is given and resolves with its result. */
export type PoolTask<I, R> = (engine: EngineClient, item: I, index: number) => Promise<R>;

export class WorkerPool {
  private clients: EngineClient[] = [];
  /** Bumped by cancel(): a batch that sees another value stops handing out jobs. */
  private generation = 0;
  private readonly cores: number | undefined;
  private readonly createClient: () => EngineClient;
  lastBatch: BatchStats | null = null;

  constructor(options: WorkerPoolOptions = {}) {
    this.cores = options.cores ?? globalThis.navigator?.hardwareConcurrency;
    this.createClient = options.createClient ?? (() => new EngineClient());
  }

  /**
   * Runs `task` for every item, as many at once as the pool has workers, and resolves with the
   * results in the items' order (whatever order they finish in). The first failure stops the
   * batch: the other workers are terminated and the promise rejects with that failure. After
   * the batch (done, failed or cancelled) its workers are gone, with their wasm heaps.
   */
  async map<I, R>(items: readonly I[], task: PoolTask<I, R>): Promise<R[]> {
    this.cancel(); // one batch at a time: a new one replaces any still running
    const generation = this.generation;
    const live = () => generation === this.generation;
    const started = performance.now();
    const workers = poolSize(items.length, this.cores);
    this.clients = Array.from({ length: items.length ? workers : 0 }, () => this.createClient());
    const results = new Array<R>(items.length);
    const batch = { next: 0, running: 0, peak: 0, failure: null as { error: unknown } | null };

    const lane = async (engine: EngineClient) => {
      while (batch.failure === null && live() && batch.next < items.length) {
        const index = batch.next++;
        batch.running += 1;
        batch.peak = Math.max(batch.peak, batch.running);
        try {
          results[index] = await task(engine, items[index], index);
        } catch (error) {
          // The first failure is the batch's; the others are the workers it stopped.
          if (batch.failure === null && live()) {
            batch.failure = { error };
            this.stop();
          }
        } finally {
          batch.running -= 1;
        }
      }
    };

    try {
      await Promise.all(this.clients.map(lane));
    } finally {
      if (live()) this.stop();
    }
    this.lastBatch = { jobs: items.length, workers, peakConcurrent: batch.peak, wallMs: performance.now() - started };
    if (batch.failure) throw batch.failure.error;
    if (!live()) throw new CancelledError();
    return results;
  }

  /** Terminates every worker at once; the batch in progress rejects with CancelledError. */
  cancel(): void {
    this.generation += 1;
    this.stop();
  }

  dispose(): void {
    this.cancel();
  }

  /** Ends this batch's workers (their calls in flight reject with CancelledError). */
  private stop(): void {
    for (const client of this.clients) client.dispose();
    this.clients = [];
  }
}
