// "Find the nearest preset drive": the reader's job run on every shipped drive, one after another,
// each run held against their fio result by the engine (fio_compare), as `ssdsim fio compare
// --nearest` does natively. The runs use a worker of their own (a one-lane WorkerPool), never the
// page's engine, so the reader's scenario, run and charts stay as they are; each run goes through
// the worker's ordinary run, so the page's ceilings (memory before, wall time during) apply.
import { CancelledError, type EngineClient } from '../engine/bridge';
import { describeError, refusalFrom } from '../engine/errors';
import { WorkerPool } from '../engine/pool';
import { rankNearest, type DriveCandidate, type NearestRow } from './nearestDrives';

export type NearestState =
  | { status: 'idle' }
  /** `index` drives are done; the one running is `index + 1` of `total`, `progress` 0..1 through it. */
  | { status: 'running'; index: number; total: number; preset: string; progress: number }
  | { status: 'done'; rows: NearestRow[] }
  /** Something other than a drive's refusal broke the batch (a refusal is a row). */
  | { status: 'failed'; message: string };

/** What the comparison needs besides each drive's run: fio's result text and the job in it. */
export interface NearestInput {
  candidates: readonly DriveCandidate[];
  resultText: string;
  job: string | null;
}

function reason(err: unknown): string {
  const refusal = refusalFrom(err);
  if (refusal) return describeError(refusal.toData());
  return err instanceof Error ? err.message : String(err);
}

/** One drive: run to its end (or a ceiling), then compared; a refusal is the row's outcome. */
async function runOne(engine: EngineClient, c: DriveCandidate, input: NearestInput, onProgress: (p: number) => void): Promise<NearestRow> {
  const { preset, alsoIn } = c;
  try {
    // Only the summary is read: no block map, no latency causes (a faster run, the same numbers).
    const result = await engine.run(JSON.stringify(c.scenario), (chunk) => onProgress(chunk.progress), { blockMap: false, causes: false });
    const comparison = await engine.fioCompare(input.resultText, input.job, JSON.stringify(result.summary));
    return { status: 'compared', preset, alsoIn, comparison, stopped: result.stopped };
  } catch (err) {
    if (err instanceof CancelledError) throw err;
    return { status: 'refused', preset, alsoIn, message: reason(err) };
  }
}

/** The runs outside React: state through `changed`, one batch at a time, cancellable. */
export class NearestRuns {
  private pool: WorkerPool | null = null;
  private token = 0;

  constructor(
    private readonly changed: (state: NearestState) => void,
    /** Tests hand in engines of their own; the page's are fresh workers. */
    private readonly createClient?: () => EngineClient,
  ) {}

  run = async (input: NearestInput): Promise<void> => {
    const id = ++this.token;
    this.pool?.cancel();
    // One lane: the drives run one after another, so the page's own engine keeps a core.
    const pool = (this.pool = new WorkerPool({ cores: 1, createClient: this.createClient }));
    const total = input.candidates.length;
    const report = (index: number, progress: number) => id === this.token && this.changed({ status: 'running', index, total, preset: input.candidates[index].preset, progress });
    if (total > 0) report(0, 0);
    try {
      const rows = await pool.map(input.candidates, (engine, c, index) => {
        report(index, 0);
        return runOne(engine, c, input, (p) => report(index, p));
      });
      if (id === this.token) this.changed({ status: 'done', rows: rankNearest(rows) });
    } catch (err) {
      // Cancelled (or replaced by a newer batch): the newer state is already set.
      if (id === this.token && !(err instanceof CancelledError)) this.changed({ status: 'failed', message: reason(err) });
    }
  };

  cancel = (): void => {
    this.token += 1;
    this.pool?.cancel();
    this.changed({ status: 'idle' });
  };

  dispose(): void {
    this.token += 1;
    this.pool?.dispose();
    this.pool = null;
  }
}
