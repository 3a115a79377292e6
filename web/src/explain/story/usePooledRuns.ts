// A figure's members run side by side on a worker pool (one worker per core); each is recorded
// as soon as it finishes, and their progress reaches the screen at most once per frame.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { CancelledError } from '../../engine/bridge';
import { WorkerPool } from '../../engine/pool';
import { runToEnd } from '../../engine/runToEnd';
import type { RunView } from '../../session/runView';
import { finishedView } from './stepResults';

/** Where finished and refused runs are recorded, by scenario JSON. */
export interface RunRecords {
  setDone: Dispatch<SetStateAction<ReadonlyMap<string, RunView>>>;
  setFailed: Dispatch<SetStateAction<ReadonlyMap<string, string>>>;
}

export function usePooledRuns({ setDone, setFailed }: RunRecords) {
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

  /** Runs a figure's missing members side by side; each is recorded as soon as it finishes. */
  const runMembers = useCallback(
    (members: string[]) => {
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
    },
    [setDone, setFailed],
  );

  return { pooled, runMembers };
}
