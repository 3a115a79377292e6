// The worker of their own that the fio result's extra runs use ("Find the nearest preset drive",
// "Fit the knobs"): a one-lane WorkerPool, never the page's engine, so the reader's scenario, run
// and charts stay as they are, and the page's own engine keeps a core. Each run goes through the
// worker's ordinary run, so the page's ceilings (memory before, wall time during) apply, and is
// held against the loaded fio result by the engine (fio_compare), as `ssdsim fio compare` does.
import { CancelledError, type EngineClient } from '../engine/bridge';
import { describeError, refusalFrom } from '../engine/errors';
import type { FioComparison } from '../engine/generated/FioComparison';
import type { ScenarioError } from '../engine/generated/ScenarioError';
import { WorkerPool } from '../engine/pool';

/** fio's result text and the job in it: what each run is held against. */
export interface MeasuredInput {
  resultText: string;
  job: string | null;
}

/** A refusal's text as the page shows it (field first), or any other failure's message. */
export function reason(err: unknown): string {
  const refusal = refusalFrom(err);
  if (refusal) return describeError(refusal.toData());
  return err instanceof Error ? err.message : String(err);
}

/** One scenario run to its end (or a ceiling) and compared; a refusal is thrown, as the engine's. */
export async function runAndCompare(
  engine: EngineClient,
  scenario: unknown,
  input: MeasuredInput,
  onProgress: (p: number) => void,
): Promise<{ comparison: FioComparison; stopped: ScenarioError | null }> {
  // Only the summary is read: no block map, no latency causes (a faster run, the same numbers).
  const result = await engine.run(JSON.stringify(scenario), (chunk) => onProgress(chunk.progress), { blockMap: false, causes: false });
  const comparison = await engine.fioCompare(input.resultText, input.job, JSON.stringify(result.summary));
  return { comparison, stopped: result.stopped };
}

/** A batch on the lane: `live()` is true until it is cancelled or another batch replaces it. */
export interface LaneBatch {
  live(): boolean;
  map: WorkerPool['map'];
}

/** One batch at a time on a fresh worker; cancel and dispose end it with its wasm heap. */
export class OwnLane {
  private pool: WorkerPool | null = null;
  private token = 0;

  /** Tests hand in engines of their own; the page's are fresh workers. */
  constructor(private readonly createClient?: () => EngineClient) {}

  begin(): LaneBatch {
    const id = ++this.token;
    this.pool?.cancel();
    // One lane: the runs go one after another, so the page's own engine keeps a core.
    const pool = (this.pool = new WorkerPool({ cores: 1, createClient: this.createClient }));
    return { live: () => id === this.token, map: (items, task) => pool.map(items, task) };
  }

  cancel(): void {
    this.token += 1;
    this.pool?.cancel();
  }

  dispose(): void {
    this.token += 1;
    this.pool?.dispose();
    this.pool = null;
  }
}

/** The states every feature on a lane has besides its own: nothing yet, or a failure's reason. */
export type LaneState = { status: 'idle' } | { status: 'failed'; message: string };

/** A feature's runs on a lane of their own, outside React: state through `changed`, one batch at
 * a time, cancellable (the nearest drives, the knob fit). */
export class LaneRuns<State extends { status: string }> {
  private readonly lane: OwnLane;

  constructor(
    protected readonly changed: (state: State | LaneState) => void,
    /** Tests hand in engines of their own; the page's are fresh workers. */
    createClient?: () => EngineClient,
  ) {
    this.lane = new OwnLane(createClient);
  }

  /** `work` as the lane's one batch: what it returns becomes the state, unless the batch was
   * cancelled or replaced meanwhile (the newer state is set then). */
  protected async runBatch(work: (batch: LaneBatch) => Promise<State>): Promise<void> {
    const batch = this.lane.begin();
    try {
      const done = await work(batch);
      if (batch.live()) this.changed(done);
    } catch (err) {
      if (batch.live() && !(err instanceof CancelledError)) this.changed({ status: 'failed', message: reason(err) });
    }
  }

  cancel = (): void => {
    this.lane.cancel();
    this.changed({ status: 'idle' });
  };

  dispose(): void {
    this.lane.dispose();
  }
}
