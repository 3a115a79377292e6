// "Find the nearest preset drive": the reader's job run on every shipped drive, one after another,
// each run held against their fio result by the engine (fio_compare), as `ssdsim fio compare
// --nearest` does natively. The runs use a worker of their own (ownLane.ts), never the page's
// engine, so the reader's scenario, run and charts stay as they are.
import { CancelledError, type EngineClient } from '../engine/bridge';
import { rankNearest, type DriveCandidate, type NearestRow } from './nearestDrives';
import { LaneRuns, reason, runAndCompare, type MeasuredInput } from './ownLane';

export type NearestState =
  | { status: 'idle' }
  /** `index` drives are done; the one running is `index + 1` of `total`, `progress` 0..1 through it. */
  | { status: 'running'; index: number; total: number; preset: string; progress: number }
  | { status: 'done'; rows: NearestRow[] }
  /** Something other than a drive's refusal broke the batch (a refusal is a row). */
  | { status: 'failed'; message: string };

/** What the comparison needs besides each drive's run: fio's result text and the job in it. */
export interface NearestInput extends MeasuredInput {
  candidates: readonly DriveCandidate[];
}

/** One drive: run to its end (or a ceiling), then compared; a refusal is the row's outcome. */
async function runOne(engine: EngineClient, c: DriveCandidate, input: NearestInput, onProgress: (p: number) => void): Promise<NearestRow> {
  const { preset, alsoIn } = c;
  try {
    return { status: 'compared', preset, alsoIn, ...(await runAndCompare(engine, c.scenario, input, onProgress)) };
  } catch (err) {
    if (err instanceof CancelledError) throw err;
    return { status: 'refused', preset, alsoIn, message: reason(err) };
  }
}

/** The runs outside React: state through `changed`, one batch at a time, cancellable. */
export class NearestRuns extends LaneRuns<NearestState> {
  run = (input: NearestInput): Promise<void> =>
    this.runBatch(async (batch) => {
      const total = input.candidates.length;
      const report = (index: number, progress: number) => batch.live() && this.changed({ status: 'running', index, total, preset: input.candidates[index].preset, progress });
      if (total > 0) report(0, 0);
      const rows = await batch.map(input.candidates, (engine, c, index) => {
        report(index, 0);
        return runOne(engine, c, input, (p) => report(index, p));
      });
      return { status: 'done', rows: rankNearest(rows) };
    });
}
