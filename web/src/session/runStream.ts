// One run on the page at a time, outside React: starts a run on the engine (from a compiled
// handle, or from text), collects its streamed points, paints at most once per animation frame,
// and turns a stop or a failure into a status the UI can show. A new run stops the old one
// between two chunks (the worker and its compiled scenarios stay). A painted frame and the
// finished run are background changes: React renders them as transitions, yielding to input
// every few milliseconds, so a streaming run never holds the main thread (useStore).
import { CancelledError, type CompiledRef, type EngineClient } from '../engine/bridge';
import type { RunChunk, RunResult } from '../engine/types';
import { doneView, failedView, freshStream, IDLE_VIEW, receiveChunk, startedView, streamedView, type Streamed } from './streamedRun';
import type { RunView } from './runView';

/** What to run: a compiled scenario (the page's own edits), or scenario text (a story's step). */
export type RunSource = { compiled: CompiledRef } | { text: string };

export class RunStream {
  private view_: RunView = IDLE_VIEW;
  private stream: Streamed = freshStream();
  private runId = 0;
  private running = false;
  private engine: EngineClient | null = null;
  /** A painted frame not yet on screen: chunks that arrive meanwhile wait for the next one. */
  private rendering = false;
  private behind = false;
  private frameRequest: number | null = null;

  /** `changed(background)`: the view moved on; `background` for a painted frame or the finished run. */
  constructor(private readonly changed: (background: boolean) => void) {}

  get view(): RunView {
    return this.view_;
  }

  start(engine: EngineClient, source: RunSource, trace: File | null = null): void {
    this.engine = engine;
    const id = ++this.runId;
    this.running = true;
    this.stream = freshStream();
    this.stopPainting();
    const text = 'text' in source ? source.text : JSON.stringify(source.compiled.scenario);
    this.set(startedView(this.view_, text, 'compiled' in source ? source.compiled.scenario : null));

    const onChunk = (chunk: RunChunk) => {
      if (id !== this.runId) return; // a stopped run's late message
      const series = receiveChunk(this.stream, chunk);
      // Series and their buffers replace the previous run's together, in one render.
      if (series) this.set({ ...this.view_, series, buffers: this.stream.buffers, scenario: this.stream.scenario ?? this.view_.scenario, blockMap: null, snapshots: null, latencyCauses: null, stale: false });
      this.schedulePaint();
    };
    const options = trace ? { trace } : undefined;
    const run: Promise<RunResult> = 'compiled' in source ? engine.runCompiled(source.compiled, onChunk, options) : engine.run(source.text, onChunk, options);
    run.then(
      (result) => {
        if (id !== this.runId) return;
        this.settle();
        this.stream.progress = 1;
        this.set(doneView(this.view_, result, this.stream), true);
      },
      (err: unknown) => {
        if (id !== this.runId) return;
        this.settle();
        this.set(failedView(this.view_, err, this.stream));
      },
    );
  }

  /** Stops the run going on between two chunks and keeps what was drawn. */
  stop(): void {
    if (!this.running || !this.engine) return;
    this.engine.stopRun();
  }

  /** The frame React last committed: points that came while it rendered get the next one. */
  painted(frame: number): void {
    if (frame !== this.view_.frame) return;
    this.rendering = false;
    if (this.behind) {
      this.behind = false;
      this.schedulePaint();
    }
  }

  dispose(): void {
    this.runId += 1;
    this.stopPainting();
  }

  private set(view: RunView, background = false): void {
    this.view_ = view;
    this.changed(background);
  }

  private settle(): void {
    this.running = false;
    this.stopPainting();
  }

  private schedulePaint(): void {
    if (this.rendering) this.behind = true;
    else if (this.frameRequest === null) this.frameRequest = requestAnimationFrame(() => this.paint());
  }

  private paint(): void {
    this.frameRequest = null;
    this.rendering = true;
    this.set(streamedView(this.view_, this.stream, this.stream.blockMap, this.stream.budget), true);
  }

  private stopPainting(): void {
    if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = null;
    this.rendering = false;
    this.behind = false;
  }
}

export { CancelledError };
