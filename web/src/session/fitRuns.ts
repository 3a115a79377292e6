// "Fit the knobs to this result": the engine's search (ssd_core::fio::FioFit, the one `ssdsim fio
// fit` drives) proposes a drive, the drive runs the reader's job on a worker of its own (ownLane.ts)
// and is compared with the loaded fio result, and the search is told how it compared, until it
// has tried every knob. Nothing here decides which knob moves: the page only runs what is proposed.
import { CancelledError, type EngineClient } from '../engine/bridge';
import type { FioComparison } from '../engine/generated/FioComparison';
import type { FitOutput } from '../engine/generated/FitOutput';
import type { JsonObject } from '../scenario/paths';
import { LaneRuns, runAndCompare, type MeasuredInput } from './ownLane';

export type FitState =
  | { status: 'idle' }
  /** `tried` drives proposed so far (the one running included), of at most `most` (0 before the first); `progress` 0..1 through it. */
  | { status: 'running'; tried: number; most: number; progress: number }
  /** What the search found, and the fitted scenario "Use the fitted drive" takes the device of. */
  | { status: 'done'; output: FitOutput; fitted: JsonObject }
  | { status: 'failed'; message: string };

/** The reader's scenario (its workload the measured job) and the result it is held against. */
export interface FitInput extends MeasuredInput {
  scenario: JsonObject;
}

type Report = (tried: number, most: number, progress: number) => void;

/**
 * One proposed drive's outcome for the search: its comparison, or null when the engine refused it
 * (a knob moved out of its range) or it stopped at a ceiling, as the CLI counts them. The drive as
 * it is (the first) refused is the fit's failure, with the engine's own reason.
 */
async function outcomeOf(engine: EngineClient, run: unknown, first: boolean, input: FitInput, onProgress: (p: number) => void): Promise<FioComparison | null> {
  try {
    const { comparison, stopped } = await runAndCompare(engine, run, input, onProgress);
    return stopped ? null : comparison;
  } catch (err) {
    if (err instanceof CancelledError || first) throw err;
    return null;
  }
}

/** The whole search on one engine: step, run, tell, until the engine says it is over. */
async function fitOn(engine: EngineClient, input: FitInput, report: Report): Promise<Extract<FitState, { status: 'done' }>> {
  let step = await engine.fioFitStart(JSON.stringify(input.scenario));
  while (step.run) {
    const { tried, most } = step;
    report(tried, most, 0);
    const outcome = await outcomeOf(engine, step.run, tried === 1, input, (p) => report(tried, most, p));
    step = await engine.fioFitNext(step.state, outcome);
  }
  if (!step.output || !step.fitted) throw new Error('the fit ended without a result');
  return { status: 'done', output: step.output, fitted: step.fitted as JsonObject };
}

/** The fit outside React: state through `changed`, one fit at a time, cancellable. */
export class FitRuns extends LaneRuns<FitState> {
  run = (input: FitInput): Promise<void> =>
    this.runBatch(async (batch) => {
      const report: Report = (tried, most, progress) => batch.live() && this.changed({ status: 'running', tried, most, progress });
      report(0, 0, 0);
      const [done] = await batch.map([input], (engine) => fitOn(engine, input, report));
      return done;
    });
}
