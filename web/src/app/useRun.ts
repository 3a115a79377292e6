// Run lifecycle on the page: start a run on the engine, collect streamed points, re-render at
// most once per animation frame, and turn cancel/failure into a status the UI can show.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { EngineClient } from '../engine/bridge';
import type { RunChunk } from '../engine/types';
import { doneView, failedView, freshStream, IDLE_VIEW, receiveChunk, startedView, type Streamed } from './streamedRun';
import type { RunView } from './runView';
import { useFramePainter } from './useFramePainter';

export type { RunError, RunStatus, RunView } from './runView';

/** Whether a scenario replays a trace (its run then needs the file). */
function replaysTrace(scenarioJson: string): boolean {
  try {
    return (JSON.parse(scenarioJson) as { workload?: { kind?: unknown } }).workload?.kind === 'trace';
  } catch {
    return false;
  }
}

/** `traceFile`: the trace a trace workload replays, handed to each of its runs. */
export function useRun(engine: EngineClient | null, traceFile: File | null = null) {
  const runId = useRef(0);
  const trace = useRef(traceFile);
  useEffect(() => {
    trace.current = traceFile;
  }, [traceFile]);
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
          startTransition(() => setView((v) => ({ ...v, series, buffers: fresh, blockMap: null, snapshots: null, latencyCauses: null, stale: false })));
        }
        schedulePaint();
      };

      const settle = () => {
        running.current = false;
        stopPainting();
      };
      const file = trace.current && replaysTrace(scenarioJson) ? trace.current : null;
      engine.run(scenarioJson, onChunk, file ? { trace: file } : undefined).then(
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
