// Run lifecycle on the page: start a run on the engine, collect streamed points, re-render at
// most once per animation frame, and turn cancel/failure into a status the UI can show.
import type { ScenarioError } from '../scenario/generated/ScenarioError';
import { startTransition, useCallback, useRef, useState } from 'react';
import type { EngineClient } from '../engine/bridge';
import type { ErrorCode } from '../engine/errors';
import type { PointBuffer } from '../engine/chunking';
import type { BlockMap, Budget, RunChunk, SeriesMeta, Summary } from '../engine/types';
import { doneView, failedView, freshStream, IDLE_VIEW, receiveChunk, startedView, type Streamed } from './streamedRun';
import { useFramePainter } from './useFramePainter';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** Why a run failed: the engine's code when it gave one (engine_abort: the worker was replaced). */
export interface RunError {
  code: ErrorCode | null;
  /** The field a run-time refusal names ("" when none): the form marks it like a validation error. */
  field: string;
  message: string;
}

export interface RunView {
  status: RunStatus;
  progress: number;
  series: SeriesMeta[];
  /** Indexed like `series`; mutated in place as chunks arrive. */
  buffers: PointBuffer[];
  summary: Summary | null;
  /** The ceiling the last run stopped at (its field and code), if it stopped before its end. */
  stopped?: ScenarioError | null;
  error: RunError | null;
  /** The scenario JSON of the current/last run. */
  scenarioJson: string | null;
  elapsedMs: number;
  /** Bumped once per painted frame; lets memoised children notice new points. */
  frame: number;
  /** The drive's blocks when the run finished. */
  blockMap: BlockMap | null;
  /** Runs started on this page so far. */
  runs: number;
  /**
   * True from the start of a run until its first points arrive: the charts keep showing the
   * previous run (dimmed) instead of flashing empty on every knob change.
   */
  stale: boolean;
  /**
   * What the engine admitted the current run under (memory and time bounds), from its first
   * chunk on; until then the last run's, shown dimmed like the charts (`stale`). Views built
   * from pooled runs (story figures) leave it out.
   */
  budget?: Budget | null;
  /**
   * The engine's wasm memory when its last run finished, bytes. It stays while the next run
   * goes (the same engine, whose memory never shrinks); null until a run finishes, and again
   * once the engine is replaced (cancel, trap).
   */
  memoryBytes?: number | null;
}

export function useRun(engine: EngineClient | null) {
  const runId = useRef(0);
  const running = useRef(false);
  const stream = useRef<Streamed>(freshStream());
  const [view, setView] = useState<RunView>(IDLE_VIEW);
  const { schedulePaint, stopPainting } = useFramePainter(stream, setView, view.frame);

  const start = useCallback(
    (scenarioJson: string) => {
      if (!engine) return;
      // A new run replaces one in progress: stopping the worker is the only way to stop wasm.
      if (running.current) engine.cancel();
      running.current = true;
      const id = ++runId.current;
      stream.current = freshStream();
      stopPainting();
      setView((v) => startedView(v, scenarioJson));

      const onChunk = (chunk: RunChunk) => {
        if (id !== runId.current) return; // a stale run's late message
        const series = receiveChunk(stream.current, chunk);
        if (series) {
          const fresh = stream.current.buffers;
          // Series and their buffers replace the previous run's together, in one render (a
          // transition: mounting every chart is the heaviest render of a run).
          startTransition(() => setView((v) => ({ ...v, series, buffers: fresh, blockMap: null, stale: false })));
        }
        schedulePaint();
      };

      const settle = () => {
        running.current = false;
        stopPainting();
      };
      engine.run(scenarioJson, onChunk).then(
        (result) => {
          if (id !== runId.current) return;
          settle();
          stream.current.progress = 1;
          // The summary, the late series and every chart's last points: a large render, sliced.
          startTransition(() => setView((v) => doneView(v, result, stream.current)));
        },
        (err: unknown) => {
          if (id !== runId.current) return;
          settle();
          setView((v) => failedView(v, err, stream.current));
        },
      );
    },
    [engine, schedulePaint, stopPainting],
  );

  /** Terminates the worker at once (the engine restarts a fresh one) and keeps what was drawn. */
  const cancel = useCallback(() => {
    if (!engine || !running.current) return;
    engine.cancel();
  }, [engine]);

  return { view, start, cancel };
}
