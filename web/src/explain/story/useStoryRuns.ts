// Runs a story's steps and keeps every finished run, so the story reads like a document with all
// its charts. A preset step streams through the playground's own run pipeline (useRun on the
// page's engine); a figure step is its members' runs, side by side on a worker pool (one worker
// per core), overlaid as the playground's "Compare variants" pins them. A member that is also a
// preset step's scenario (article 000's BG4-like drives) runs once for both. Jobs are taken in
// the order given, one at a time: the step being read first, then the rest of the story. Steps
// as written are not run at all when the build shipped their runs (shippedRuns.ts).
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { EngineClient, EngineState } from '../../engine/bridge';
import { useRunStream } from '../../session/useRunStream';
import type { RunView } from '../../session/runView';
import { figureResult, QUEUED, scenarioResult, type FigureCache, type StepJob, type StepResult } from './stepResults';
import { usePooledRuns } from './usePooledRuns';
import { useShippedRuns } from './shippedRuns';

export { figureView } from './stepResults';

export type { StepJob, StepResult } from './stepResults';

export interface StoryRuns {
  result(job: StepJob | null): StepResult;
  /** A job has a scenario to run live (nothing shipped for it, or its file failed): the engine must start. */
  needsEngine: boolean;
  /** Restarts a failed engine and forgets failures, so the queue runs them again. */
  retry(): void;
}

export function useStoryRuns(engine: EngineClient | null, engineState: EngineState, jobs: readonly StepJob[]): StoryRuns {
  const { view, start } = useRunStream(engine);
  const [done, setDone] = useState<ReadonlyMap<string, RunView>>(new Map());
  const [failed, setFailed] = useState<ReadonlyMap<string, string>>(new Map());
  const startedKey = useRef<string | null>(null);
  const figures = useRef<FigureCache>(new Map());
  const { pooled, runMembers } = usePooledRuns({ setDone, setFailed });
  // The build's runs of the steps as written come first; only what is not shipped runs live.
  const shipped = useShippedRuns(jobs, setDone);

  // A finished (or refused) run becomes the result of every step that needs that scenario.
  const record = useCallback((key: string, end: RunView) => {
    // The run is an external system: its end is recorded once.
    if (end.status === 'done') setDone((m) => (m.has(key) ? m : new Map(m).set(key, end)));
    else setFailed((m) => new Map(m).set(key, end.error?.message ?? 'cancelled'));
  }, []);
  useRunEnd(view, startedKey, record);

  // The queue: the next job with a scenario still to run starts when nothing else runs.
  const ready = engineState.status === 'ready';
  const waiting = useCallback((json: string) => !done.has(json) && !failed.has(json) && !shipped.loading.has(json), [done, failed, shipped.loading]);
  const needsEngine = shipped.settled && jobs.some((j) => (j.kind === 'scenario' ? [j.json] : j.members).some(waiting));
  useEffect(() => {
    if (!ready || !shipped.settled || startedKey.current !== null || view.status === 'running' || pooled.size > 0) return;
    const job = jobs.find((j) => (j.kind === 'scenario' ? [j.json] : j.members).some(waiting));
    if (!job) return;
    if (job.kind === 'figure') {
      runMembers([...new Set(job.members.filter(waiting))]);
      return;
    }
    startedKey.current = job.json;
    start(job.json);
  }, [ready, shipped.settled, waiting, jobs, view.status, pooled, start, runMembers]);

  const one = useCallback((json: string): StepResult => scenarioResult(json, { done, failed, pooled, view }), [done, failed, view, pooled]);

  const result = useCallback(
    (job: StepJob | null): StepResult => {
      if (!job) return QUEUED;
      if (job.kind === 'scenario') return one(job.json);
      return figureResult(job, one, figures.current);
    },
    [one],
  );

  const retry = useCallback(() => {
    if (engineState.status === 'failed') engine?.restart();
    setFailed(new Map());
  }, [engine, engineState.status]);

  return { result, retry, needsEngine };
}

/** Hands the end of the run this hook started (`startedKeyRef`) to `record`, once. */
function useRunEnd(view: RunView, startedKeyRef: MutableRefObject<string | null>, record: (key: string, end: RunView) => void) {
  useEffect(() => {
    const key = view.scenarioJson;
    if (!key || key !== startedKeyRef.current) return;
    if (view.status === 'done' || view.status === 'failed' || view.status === 'cancelled') {
      startedKeyRef.current = null;
      record(key, view);
    }
  }, [view, startedKeyRef, record]);
}
