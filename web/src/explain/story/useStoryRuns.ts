// Runs a story's steps and keeps every finished run, so the story reads like a document with all
// its charts. A preset step streams through the playground's own run pipeline (useRun on the
// page's engine); a figure step is its members' runs, side by side on a worker pool (one worker
// per core), overlaid as the playground's "Compare variants" pins them. A member that is also a
// preset step's scenario (article 000's BG4-like drives) runs once for both. Jobs are taken in
// the order given, one at a time: the step being read first, then the rest of the story.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, type EngineClient, type EngineState } from '../../engine/bridge';
import { PointBuffer } from '../../engine/chunking';
import { WorkerPool } from '../../engine/pool';
import { runToEnd, type FinishedRun } from '../../engine/runToEnd';
import type { Figure } from '../../engine/types';
import { chartDefs } from '../../charts/chartSpecs';
import { figureMemberLabel } from '../../i18n/engineText';
import { pinId, type Pin } from '../../app/usePins';
import { useRun, type RunView } from '../../app/useRun';

export type StepJob = { key: string; kind: 'scenario'; json: string } | { key: string; kind: 'figure'; figure: Figure; members: string[] };

export interface StepResult {
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  /** The run to draw: live while streaming, then the finished one; a figure's first member. */
  view: RunView | null;
  /** A figure's members, overlaid on the headline chart. */
  pins: Pin[];
  error: string | null;
}

const QUEUED: StepResult = { status: 'queued', progress: 0, view: null, pins: [], error: null };

/** A figure's result as a finished run of its first member, so the chart card can draw it. */
export function figureView(pins: readonly Pin[]): RunView {
  const first = pins[0];
  const buffers = first.series.map((s) => {
    const b = new PointBuffer(s.points.length);
    b.append(s.points);
    return b;
  });
  return {
    status: 'done',
    progress: 1,
    series: first.series.map((s) => s.meta),
    buffers,
    summary: first.summary ?? null,
    error: null,
    scenarioJson: first.scenarioJson,
    elapsedMs: 0,
    frame: 1,
    blockMap: null,
    runs: 1,
    stale: false,
  };
}

/** A run finished on the pool, as the page's own finished run would show it. */
function finishedView(scenarioJson: string, run: FinishedRun): RunView {
  return { status: 'done', progress: 1, series: run.series, buffers: run.buffers, summary: run.summary, error: null, scenarioJson, elapsedMs: 0, frame: 1, blockMap: run.blockMap, runs: 1, stale: false };
}

/** A member's finished run as a pin of its headline series, labelled as the figure names it. */
function memberPin(figure: Figure, index: number, view: RunView): Pin {
  const member = figure.members[index];
  const head = chartDefs(view.series)[0]?.series ?? [];
  return {
    id: pinId(),
    figure: figure.name,
    preset: member.id,
    scenarioJson: view.scenarioJson ?? '',
    series: head.map((i) => ({ meta: view.series[i], points: view.buffers[i]?.view().slice() ?? new Float64Array(0) })),
    summary: view.summary,
    label: (lang) => figureMemberLabel(lang, figure.name, member),
  };
}

export interface StoryRuns {
  result(job: StepJob | null): StepResult;
  /** Restarts a failed engine and forgets failures, so the queue runs them again. */
  retry(): void;
}

export function useStoryRuns(engine: EngineClient | null, engineState: EngineState, jobs: readonly StepJob[]): StoryRuns {
  const { view, start } = useRun(engine);
  const [done, setDone] = useState<ReadonlyMap<string, RunView>>(new Map());
  const [failed, setFailed] = useState<ReadonlyMap<string, string>>(new Map());
  const startedKey = useRef<string | null>(null);
  // A figure's overlay, built once when its last member finishes (pins keep their ids).
  const figures = useRef(new Map<string, { view: RunView; pins: Pin[] }>());
  // Figure members running on the pool, with their progress (empty: the pool is idle).
  const [pooled, setPooled] = useState<ReadonlyMap<string, number>>(new Map());
  const pool = useRef<WorkerPool | null>(null);
  const progressFrame = useRef<number | null>(null);
  /** The batch on the pool now: a replaced one (StrictMode's second mount) reports nothing. */
  const batch = useRef(0);

  useEffect(
    () => () => {
      if (progressFrame.current !== null) cancelAnimationFrame(progressFrame.current);
      pool.current?.dispose();
      pool.current = null;
    },
    [],
  );

  // A finished (or refused) run becomes the result of every step that needs that scenario.
  useEffect(() => {
    const key = view.scenarioJson;
    if (!key || key !== startedKey.current) return;
    if (view.status === 'done') {
      startedKey.current = null;
      // The run is an external system: its end is recorded once.
      setDone((m) => (m.has(key) ? m : new Map(m).set(key, view)));
    } else if (view.status === 'failed' || view.status === 'cancelled') {
      startedKey.current = null;
      setFailed((m) => new Map(m).set(key, view.error?.message ?? 'cancelled'));
    }
  }, [view]);

  /** Runs a figure's missing members side by side; each is recorded as soon as it finishes. */
  const runMembers = useCallback((members: string[]) => {
    pool.current ??= new WorkerPool();
    const id = ++batch.current;
    const progress = new Map(members.map((m) => [m, 0]));
    setPooled(new Map(progress));
    // Chunks stream from every worker at once: the progress bars move at most once per frame.
    const report = () => {
      progressFrame.current ??= requestAnimationFrame(() => {
        progressFrame.current = null;
        if (id === batch.current) setPooled(new Map(progress));
      });
    };
    void pool.current
      .map(members, async (poolEngine, json) => {
        try {
          const run = await runToEnd(poolEngine, json, (p) => {
            progress.set(json, p);
            report();
          });
          progress.delete(json);
          setDone((m) => new Map(m).set(json, finishedView(json, run)));
        } catch (err) {
          // Members the failure stopped are not failures: the queue runs them again.
          if (!(err instanceof CancelledError)) setFailed((m) => new Map(m).set(json, err instanceof Error ? err.message : String(err)));
          throw err;
        }
      })
      .catch(() => {}) // recorded per member above
      .finally(() => id === batch.current && setPooled(new Map()));
  }, []);

  // The queue: the next job with a scenario still to run starts when nothing else runs.
  const ready = engineState.status === 'ready';
  useEffect(() => {
    if (!ready || startedKey.current !== null || view.status === 'running' || pooled.size > 0) return;
    const waiting = (json: string) => !done.has(json) && !failed.has(json);
    const job = jobs.find((j) => (j.kind === 'scenario' ? [j.json] : j.members).some(waiting));
    if (!job) return;
    if (job.kind === 'figure') {
      runMembers([...new Set(job.members.filter(waiting))]);
      return;
    }
    startedKey.current = job.json;
    start(job.json);
  }, [ready, jobs, done, failed, view.status, pooled, start, runMembers]);

  const one = useCallback(
    (json: string): StepResult => {
      const error = failed.get(json);
      if (error !== undefined) return { ...QUEUED, status: 'failed', error };
      const finished = done.get(json);
      if (finished) return { status: 'done', progress: 1, view: finished, pins: [], error: null };
      const onPool = pooled.get(json);
      if (onPool !== undefined) return { ...QUEUED, status: 'running', progress: onPool };
      if (view.scenarioJson === json && view.status === 'running') return { status: 'running', progress: view.progress, view: view.stale ? null : view, pins: [], error: null };
      return QUEUED;
    },
    [done, failed, view, pooled],
  );

  const result = useCallback(
    (job: StepJob | null): StepResult => {
      if (!job) return QUEUED;
      if (job.kind === 'scenario') return one(job.json);
      const cached = figures.current.get(job.key);
      if (cached) return { status: 'done', progress: 1, view: cached.view, pins: cached.pins, error: null };
      const members = job.members.map(one);
      const bad = members.find((m) => m.status === 'failed');
      if (bad) return bad;
      if (members.every((m) => m.status === 'done')) {
        const pins = members.map((m, i) => memberPin(job.figure, i, m.view!));
        const built = { view: figureView(pins), pins };
        figures.current.set(job.key, built);
        return { status: 'done', progress: 1, view: built.view, pins, error: null };
      }
      const progress = members.reduce((p, m) => p + (m.status === 'done' ? 1 : m.status === 'running' ? m.progress : 0), 0) / members.length;
      return { ...QUEUED, status: members.some((m) => m.status !== 'queued') ? 'running' : 'queued', progress };
    },
    [one],
  );

  const retry = useCallback(() => {
    if (engineState.status === 'failed') engine?.cancel();
    setFailed(new Map());
  }, [engine, engineState.status]);

  return { result, retry };
}
