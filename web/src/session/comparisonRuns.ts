// Runs the scenarios a comparison needs side by side on a pool of workers (one per core) apart
// from the playground's own engine, so the page's run and the UI stay free: "Compare variants"
// runs every member of an article figure (e.g. BG4 HMB off / 61 / 64 MiB + BG3 + a DRAM drive);
// opening a share link re-runs the figure and the pinned runs it names. Each finished scenario
// becomes a pin, in the jobs' order whichever finishes first.
import { CancelledError, type EngineClient } from '../engine/bridge';
import { WorkerPool, type BatchStats } from '../engine/pool';
import { runToEnd } from '../engine/runToEnd';
import type { Figure, SeriesMeta, Summary } from '../engine/types';
import { headlineSeries, memberSeries } from './headlineSeries';
import { figureMemberLabel } from '../i18n/engineText';
import type { JsonObject } from '../scenario/paths';
import { pinId, type Pin, type PinnedSeries } from './pins';

export interface VariantProgress {
  /** The figure being run; null when only pinned runs are being recomputed. */
  figure: string | null;
  /** True while a share link's comparison is being recomputed. */
  restoring: boolean;
  /** Scenarios finished so far (the one shown as running is `index + 1`). */
  index: number;
  total: number;
  /** Progress of the whole batch, 0..1. */
  progress: number;
}

export type VariantState = { status: 'idle' } | { status: 'running'; at: VariantProgress } | { status: 'failed'; message: string };

/** One scenario to run, and how its result becomes a pin. `prepare` may swap in a validated scenario. */
export interface PinJob {
  scenarioJson: string;
  prepare?(engine: EngineClient): Promise<string>;
  /** The series the pin keeps: the run's headline unless said (a figure naming its own). */
  keep?(series: readonly SeriesMeta[]): number[];
  make(result: { scenarioJson: string; scenario: JsonObject; series: PinnedSeries[]; summary: Summary }): Pin;
}

/** Runs one scenario to the end and keeps its headline series (or those `keep` picks) and summary. */
async function runHeadline(engine: EngineClient, scenarioJson: string, onProgress: (p: number) => void, keep: (series: readonly SeriesMeta[]) => number[] = headlineSeries): Promise<{ series: PinnedSeries[]; summary: Summary; scenario: JsonObject }> {
  const { series, buffers, summary, scenario } = await runToEnd(engine, scenarioJson, onProgress, { blockMap: false, causes: false });
  const head = keep(series);
  return { series: head.map((i) => ({ meta: series[i], points: buffers[i].view().slice() })), summary, scenario: scenario as unknown as JsonObject };
}

/** A figure's members as jobs (all of them, or the listed ids). */
export function figureJobs(figure: Figure, only: readonly string[] | null = null): PinJob[] {
  return figure.members
    .filter((m) => !only || only.includes(m.id))
    .map((member) => ({
      scenarioJson: JSON.stringify(member.scenario),
      keep: (series) => memberSeries(series, figure),
      make: ({ scenarioJson, scenario, series, summary }) => ({ id: pinId(), figure: figure.name, preset: member.id, scenarioJson, scenario, series, summary, label: (lang) => figureMemberLabel(lang, figure.name, member) }),
    }));
}

/**
 * The comparison's runs, outside React: a pool of workers made for a batch and gone after it,
 * the batch's progress as state (reported at most once a frame), and its pins handed to `done`
 * in the jobs' order when all are back. One batch at a time: a new one replaces the last.
 */
export class ComparisonRuns {
  private pool: WorkerPool | null = null;
  private token = 0;
  private frame: number | null = null;

  /**
   * `changed`: the batch's state; `done`: its pins, and whether they were a share link's
   * comparison being restored.
   */
  constructor(
    private readonly changed: (state: VariantState) => void,
    private readonly done: (pins: Pin[], restoring: boolean) => void,
  ) {}

  /** Runs the jobs on the pool and hands over their pins, in the jobs' order, when all are done. */
  runJobs = async (jobs: PinJob[], figure: string | null, restoring: boolean): Promise<void> => {
    const id = ++this.token;
    this.pool ??= new WorkerPool();
    const total = jobs.length;
    const progress = new Array<number>(total).fill(0);
    let finished = 0;
    // Chunks stream from every worker at once: the bar moves at most once per frame.
    const report = () => {
      this.frame ??= requestAnimationFrame(() => {
        this.frame = null;
        if (id !== this.token) return;
        const sum = progress.reduce((a, p) => a + p, 0);
        this.changed({ status: 'running', at: { figure, restoring, index: Math.min(finished, total - 1), total, progress: sum / total } });
      });
    };
    this.changed({ status: 'running', at: { figure, restoring, index: 0, total, progress: 0 } });
    try {
      const results = await this.pool.map(jobs, async (engine, job, index) => {
        const scenarioJson = job.prepare ? await job.prepare(engine) : job.scenarioJson;
        const run = await runHeadline(
          engine,
          scenarioJson,
          (p) => {
            progress[index] = p;
            report();
          },
          job.keep,
        );
        progress[index] = 1;
        finished += 1;
        report();
        return { scenarioJson, ...run };
      });
      if (id !== this.token) return;
      this.stopReporting();
      this.changed({ status: 'idle' });
      this.done(
        results.map((r, i) => jobs[i].make(r)),
        restoring,
      );
    } catch (err) {
      if (id !== this.token) return;
      this.stopReporting();
      this.changed(err instanceof CancelledError ? { status: 'idle' } : { status: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  /** "Compare variants": every member of an article figure. */
  run = (figure: Figure): Promise<void> => this.runJobs(figureJobs(figure), figure.name, false);

  cancel = (): void => {
    this.token += 1;
    this.stopReporting();
    this.pool?.cancel();
    this.changed({ status: 'idle' });
  };

  /** What the last batch did (workers, how many ran at once, wall time): the test hook reads it. */
  lastBatch = (): BatchStats | null => this.pool?.lastBatch ?? null;

  dispose(): void {
    this.token += 1;
    this.stopReporting();
    this.pool?.dispose();
    this.pool = null;
  }

  private stopReporting(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }
}

/** What the views use of the comparison's runs: their state and the actions. */
export type VariantsModel = Pick<ComparisonRuns, 'runJobs' | 'run' | 'cancel' | 'lastBatch'> & { state: VariantState };
