// Run lifecycle on the page: start a run on the engine, collect streamed points, re-render at
// most once per animation frame, and turn cancel/failure into a status the UI can show.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, type EngineClient } from '../engine/bridge';
import { EngineError, type ErrorCode } from '../engine/errors';
import { PointBuffer } from '../engine/chunking';
import type { BlockMap, Budget, RunChunk, SeriesMeta, Summary } from '../engine/types';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** Why a run failed: the engine's code when it gave one (engine_abort: the worker was replaced). */
export interface RunError {
  code: ErrorCode | null;
  /** The field a run-time refusal names ("" when none): the form marks it like a validation error. */
  field: string;
  message: string;
}

export function runError(err: unknown): RunError {
  if (err instanceof EngineError) return { code: err.code, field: err.field, message: err.message };
  return { code: null, field: '', message: err instanceof Error ? err.message : String(err) };
}

export interface RunView {
  status: RunStatus;
  progress: number;
  series: SeriesMeta[];
  /** Indexed like `series`; mutated in place as chunks arrive. */
  buffers: PointBuffer[];
  summary: Summary | null;
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
  const buffers = useRef<PointBuffer[]>([]);
  const runId = useRef(0);
  const rafId = useRef<number | null>(null);
  const latestProgress = useRef(0);
  const startedAt = useRef(0);
  const [view, setView] = useState<RunView>({
    status: 'idle',
    progress: 0,
    series: [],
    buffers: [],
    summary: null,
    error: null,
    scenarioJson: null,
    elapsedMs: 0,
    frame: 0,
    blockMap: null,
    runs: 0,
    stale: false,
    budget: null,
    memoryBytes: null,
  });
  const running = useRef(false);
  /** The block map the running simulation sent last (painted with the next frame). */
  const latestBlockMap = useRef<BlockMap | null>(null);
  /** The run's budget (first chunk) and wasm memory (last chunk), painted with the next frame. */
  const latestBudget = useRef<Budget | null>(null);
  const latestMemoryBytes = useRef<number | null>(null);

  /** A streamed frame is being rendered; chunks that arrive meanwhile wait for the next one. */
  const rendering = useRef(false);
  const behind = useRef(false);

  const paint = useCallback(() => {
    rafId.current = null;
    rendering.current = true;
    const blockMap = latestBlockMap.current;
    const budget = latestBudget.current;
    // A frame of new points is a transition: React renders it in slices and lets input and
    // the browser's own frames in between, so no chunk makes one long main-thread task.
    startTransition(() => {
      setView((v) => ({ ...v, progress: latestProgress.current, buffers: buffers.current, blockMap: blockMap ?? v.blockMap, budget: budget ?? v.budget, frame: v.frame + 1, elapsedMs: performance.now() - startedAt.current }));
    });
  }, []);

  // Chunks can arrive faster than the screen refreshes; coalesce them into one paint, and
  // never start a frame while the last one is still rendering (a slow device draws less often
  // instead of falling behind).
  const schedulePaint = useCallback(() => {
    if (rendering.current) behind.current = true;
    else if (rafId.current === null) rafId.current = requestAnimationFrame(paint);
  }, [paint]);

  const stopPainting = () => {
    if (rafId.current !== null) cancelAnimationFrame(rafId.current);
    rafId.current = null;
    rendering.current = false;
    behind.current = false;
  };

  useEffect(() => stopPainting, []);

  // The frame is on screen: points that came while it rendered get the next one.
  useEffect(() => {
    rendering.current = false;
    if (behind.current) {
      behind.current = false;
      schedulePaint();
    }
  }, [view.frame, schedulePaint]);

  const start = useCallback(
    (scenarioJson: string) => {
      if (!engine) return;
      // A new run replaces one in progress: stopping the worker is the only way to stop wasm.
      if (running.current) engine.cancel();
      running.current = true;
      const id = ++runId.current;
      buffers.current = [];
      latestBlockMap.current = null;
      latestBudget.current = null;
      latestMemoryBytes.current = null;
      latestProgress.current = 0;
      startedAt.current = performance.now();
      stopPainting();
      setView((v) => ({ ...v, status: 'running', progress: 0, summary: null, error: null, scenarioJson, elapsedMs: 0, runs: v.runs + 1, stale: v.series.length > 0 }));

      const onChunk = (chunk: RunChunk) => {
        if (id !== runId.current) return; // a stale run's late message
        if (chunk.blockMap) latestBlockMap.current = chunk.blockMap;
        if (chunk.budget) latestBudget.current = chunk.budget;
        if (chunk.memoryBytes !== undefined) latestMemoryBytes.current = chunk.memoryBytes;
        // The series list is set by the first chunk and may grow on the last one.
        if (buffers.current.length < chunk.series.length) {
          buffers.current = chunk.series.map((_, i) => buffers.current[i] ?? new PointBuffer());
          chunk.points.forEach((p, i) => buffers.current[i]?.append(p));
          const fresh = buffers.current;
          // Series and their buffers replace the previous run's together, in one render (a
          // transition: mounting every chart is the heaviest render of a run).
          startTransition(() => setView((v) => ({ ...v, series: chunk.series, buffers: fresh, blockMap: null, stale: false })));
          latestProgress.current = chunk.progress;
          schedulePaint();
          return;
        }
        chunk.points.forEach((p, i) => buffers.current[i]?.append(p));
        latestProgress.current = chunk.progress;
        schedulePaint();
      };

      engine.run(scenarioJson, onChunk).then(
        (result) => {
          if (id !== runId.current) return;
          running.current = false;
          stopPainting();
          latestProgress.current = 1;
          // The summary, the late series and every chart's last points: a large render, sliced.
          startTransition(() =>
            setView((v) => ({
              ...v,
              status: 'done',
              progress: 1,
              series: result.series,
              buffers: buffers.current,
              summary: result.summary,
              blockMap: result.blockMap,
              budget: latestBudget.current,
              memoryBytes: latestMemoryBytes.current,
              stale: false,
              frame: v.frame + 1,
              elapsedMs: performance.now() - startedAt.current,
            })),
          );
        },
        (err: unknown) => {
          if (id !== runId.current) return;
          running.current = false;
          stopPainting();
          const cancelled = err instanceof CancelledError;
          setView((v) => ({
            ...v,
            status: cancelled ? 'cancelled' : 'failed',
            progress: latestProgress.current,
            error: cancelled ? null : runError(err),
            // A cancel or a trap replaced the engine: the memory figure was the old one's.
            memoryBytes: cancelled || (err instanceof EngineError && err.code === 'engine_abort') ? null : v.memoryBytes,
            // A run stopped before its first points leaves the previous run's charts: say so.
            series: v.stale ? [] : v.series,
            buffers: v.stale ? [] : buffers.current,
            blockMap: v.stale ? null : v.blockMap,
            budget: latestBudget.current,
            stale: false,
            frame: v.frame + 1,
            elapsedMs: performance.now() - startedAt.current,
          }));
        },
      );
    },
    [engine, schedulePaint],
  );

  /** Terminates the worker at once (the engine restarts a fresh one) and keeps what was drawn. */
  const cancel = useCallback(() => {
    if (!engine || !running.current) return;
    engine.cancel();
  }, [engine]);

  return { view, start, cancel };
}
