// What a story page holds back until the step it opened at is drawn: the engine (started at once
// only when a step has to run live: nothing shipped for it, or the reader changed a knob) and
// the other steps' bodies. On 2 cores, the worker's wasm compiling and the whole story rendering
// beside the first chart would delay it; the reader finds them ready moments later.
import { useCallback, useEffect, useState } from 'react';
import { useEngine, type EngineClient, type EngineState } from '../../engine/bridge';
import { afterDrawIdle } from './shippedRuns';
import type { StepJob, StoryRuns } from './useStoryRuns';

export interface DeferredEngine {
  engine: EngineClient | null;
  state: EngineState;
  /** Starts the engine (once). */
  start(): void;
}

export function useDeferredEngine(): DeferredEngine {
  const [wanted, setWanted] = useState(false);
  const { engine, state } = useEngine(wanted);
  const start = useCallback(() => setWanted(true), []);
  return { engine, state, start };
}

/** However the first step fares, the rest of the page comes after this long. */
const AT_MOST_MS = 2_500;

/**
 * True once the step opened at (`job`, planned once `planned`) has its run, or has no chart, and
 * the page is idle after drawing it, or after AT_MOST_MS; `start` starts the engine then, or at
 * once when a step needs it to run live.
 */
export function useFirstDrawn(start: () => void, runs: StoryRuns, planned: boolean, job: StepJob | null): boolean {
  const [settled, setSettled] = useState(false);
  const drawn = planned && (!job || runs.result(job).status === 'done');
  useEffect(() => {
    if (runs.needsEngine) start();
  }, [runs.needsEngine, start]);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), AT_MOST_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!drawn) return;
    let live = true;
    void afterDrawIdle().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [drawn]);
  useEffect(() => {
    if (settled) start();
  }, [settled, start]);
  return settled;
}
