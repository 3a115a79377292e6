// Page side of the engine: owns the worker, wraps it with Comlink, turns a dead or stuck
// worker into a visible error. A run is stopped between chunks by a flag in the worker
// (Squoosh's bridge); the worker is replaced only when its wasm traps or a chunk never returns.
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { WorkerApi } from './worker';
import type { FioComparison } from './generated/FioComparison';
import type { FioImport } from './generated/FioImport';
import type { FioLogKind } from './generated/FioLogKind';
import type { FitStep } from './generated/FitStep';
import type { MeasuredLog } from './generated/MeasuredLog';
import type { MeasuredResult } from './generated/MeasuredResult';
import type { GalleryEntry } from './generated/GalleryEntry';
import type { GalleryMeasured } from './generated/GalleryMeasured';
import type { Scenario } from './generated/Scenario';
import type { ArticleEngineValue, ArticleLine, Catalog, Preset, RunChunk, RunOptions, RunResult, TraceFinished, TraceScanOptions, TraceScanProgress } from './types';
import { CancelledError, EngineError, registerErrorTransfer } from './errors';

// The worker's refusals arrive as EngineError with field and code (the worker registers the same).
registerErrorTransfer();

export { CancelledError };

/** The worker could not start or crashed: nothing it was asked will ever answer. */
export class EngineFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFailedError';
  }
}

export type EngineState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'failed'; message: string };

export interface EngineClientOptions {
  createWorker?: () => Worker;
  /** How long a fresh worker may take to load the wasm before we call it broken. */
  loadTimeoutMs?: number;
  /** How long a stopped run's chunk may take to come back before the worker is called stuck. */
  stopTimeoutMs?: number;
}

/** A compiled scenario in one worker: its handle there and the scenario as the engine normalised it. */
export interface CompiledRef {
  handle: number;
  scenario: Scenario;
  /** Which worker holds the handle (a replaced worker's handles are gone). */
  worker: number;
}

export interface EngineStats {
  /** Workers started for this page's engine: 1 unless one trapped, failed or hung. */
  workerStarts: number;
  /** Times the wasm finished loading (once per worker). */
  wasmLoads: number;
  /** Compile calls the page made. */
  compileTrips: number;
  /** Scenarios the current worker compiled (a text compiled before is not compiled again). */
  compilesInWorker: number;
}

interface ActiveRun {
  stop(): void;
  /** Settles when the run's promise does, either way. */
  settled: Promise<void>;
}

interface Session {
  id: number;
  worker: Worker;
  remote: Comlink.Remote<WorkerApi>;
  /** Rejects when this worker is terminated or fails; every call races against it. */
  gone: Promise<never>;
  ended: boolean;
  end(reason: Error): void;
}

export class EngineClient {
  private session: Session;
  private disposed = false;
  private running: ActiveRun | null = null;
  private sessions = 0;
  private readonly counts = { workerStarts: 0, wasmLoads: 0, compileTrips: 0 };
  private listeners = new Set<(state: EngineState) => void>();
  state: EngineState = { status: 'loading' };

  private readonly createWorker: () => Worker;
  private readonly loadTimeoutMs: number;
  private readonly stopTimeoutMs: number;

  constructor(options: EngineClientOptions = {}) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 20_000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
    this.session = this.start();
  }

  subscribe(listener: (state: EngineState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  defaultScenario(): Promise<string> {
    return this.call((r) => r.defaultScenario());
  }

  presets(): Promise<Preset[]> {
    return this.call((r) => r.presets());
  }

  catalog(): Promise<Catalog> {
    return this.call((r) => r.catalog());
  }

  validate(scenarioJson: string): Promise<string> {
    return this.call((r) => r.validate(scenarioJson));
  }

  /** A fio job file as a job workload and the options it did not model (fioApi.ts). */
  fioImport(text: string, job?: string): Promise<FioImport> {
    return this.call((r) => r.fioImport(text, job));
  }

  /** A job scenario as a fio job file. */
  fioExport(scenarioJson: string): Promise<string> {
    return this.call((r) => r.fioExport(scenarioJson));
  }

  /** fio's own JSON result, a bw/lat log, and the result against a run's summary (fioApi.ts). */
  fioResult(text: string): Promise<MeasuredResult> {
    return this.call((r) => r.fioResult(text));
  }

  fioLog(text: string, fileName: string, kind?: FioLogKind): Promise<MeasuredLog> {
    return this.call((r) => r.fioLog(text, fileName, kind));
  }

  fioCompare(resultText: string, job: string | null, summaryJson: string): Promise<FioComparison> {
    return this.call((r) => r.fioCompare(resultText, job, summaryJson));
  }

  /** The fit of the scenario's drive to a fio result, a step at a time; each step's `run` runs as any run does (fioApi.ts). */
  fioFitStart(scenarioJson: string): Promise<FitStep> {
    return this.call((r) => r.fioFitStart(scenarioJson));
  }

  fioFitNext(state: unknown, comparison: FioComparison | null): Promise<FitStep> {
    return this.call((r) => r.fioFitNext(state, comparison));
  }

  /** The gallery of real drives: sources, protocols' runs, public values (galleryApi.ts). */
  gallery(): Promise<GalleryEntry[]> {
    return this.call((r) => r.gallery());
  }

  /** One gallery drive's protocols run and measured by the engine. */
  galleryMeasure(preset: string): Promise<GalleryMeasured[]> {
    return this.call((r) => r.galleryMeasure(preset));
  }

  /** An article figure's values measured on the lines the page drew (catalogueApi.ts). */
  articleValues(figure: string, lines: ArticleLine[]): Promise<ArticleEngineValue[]> {
    return this.call((r) => r.articleValues(figure, lines));
  }

  /**
   * Compiles a scenario in the worker: a handle its runs start from (`runCompiled`) and the
   * scenario as the engine normalised it, typed. One edit, one compile.
   */
  async compile(scenarioJson: string): Promise<CompiledRef> {
    const session = this.session;
    const { handle, scenario } = await this.call((r) => r.compile(scenarioJson));
    this.counts.compileTrips += 1;
    return { handle, scenario, worker: session.id };
  }

  /** Runs a scenario from its text (compiled in the worker first, once). */
  run(scenarioJson: string, onChunk: (chunk: RunChunk) => void, options?: RunOptions): Promise<RunResult> {
    return this.stream(onChunk, (r, guarded) => r.run(scenarioJson, guarded, options));
  }

  /**
   * Runs what `compile` returned. A handle from a worker that has since been replaced (after a
   * trap) is compiled again in the new one from the scenario it carries.
   */
  async runCompiled(ref: CompiledRef, onChunk: (chunk: RunChunk) => void, options?: RunOptions): Promise<RunResult> {
    const live = ref.worker === this.session.id ? ref : await this.compile(JSON.stringify(ref.scenario));
    return this.stream(onChunk, (r, guarded) => r.runCompiled(live.handle, guarded, options));
  }

  /**
   * Stops the run going on between two chunks; its promise rejects with CancelledError. The
   * worker stays, with its wasm and compiled scenarios, unless the chunk in progress does not
   * come back within `stopTimeoutMs`: then it is terminated and a fresh one started.
   */
  stopRun(): void {
    const run = this.running;
    if (!run) return;
    run.stop();
    // A worker that cannot take the message in is restarted by the timer below.
    this.session.remote.cancelRun().catch(() => {});
    const session = this.session;
    const timer = setTimeout(() => {
      if (this.running === run && this.session === session) this.restart();
    }, this.stopTimeoutMs);
    void run.settled.then(() => clearTimeout(timer));
  }

  /** What this page's engine has done: workers started, wasm loads, compiles (the test hook reads it). */
  async stats(): Promise<EngineStats> {
    const { compiles } = await this.call((r) => r.stats());
    return { workerStarts: this.counts.workerStarts, wasmLoads: this.counts.wasmLoads, compileTrips: this.counts.compileTrips, compilesInWorker: compiles };
  }

  private stream(onChunk: (chunk: RunChunk) => void, start: (remote: Comlink.Remote<WorkerApi>, onChunk: (chunk: RunChunk) => void) => Promise<RunResult>): Promise<RunResult> {
    const session = this.session;
    let stopped = false;
    // Chunks the worker posted before it took the stop in (or before it was terminated) are
    // still queued on the callback's own channel; drop them, or a stopped run would keep drawing.
    const guarded = (chunk: RunChunk) => {
      if (!stopped && !session.ended) onChunk(chunk);
    };
    const previous = this.running;
    if (previous) this.stopRun(); // the worker stops it too, as the new run starts
    const promise = this.call((r) => start(r, Comlink.proxy(guarded))).then((result) => {
      if (stopped) throw new CancelledError(); // it ended before the worker took the stop in
      return result;
    });
    const settled = promise.then(
      () => {},
      () => {},
    );
    const run: ActiveRun = { stop: () => (stopped = true), settled };
    this.running = run;
    void settled.then(() => {
      if (this.running === run) this.running = null;
    });
    return promise;
  }

  /** Reads a trace file through the engine's reader and summarises it (`traceApi.ts`). */
  scanTrace(file: Blob, options: TraceScanOptions, onProgress: (p: TraceScanProgress) => void): Promise<TraceFinished> {
    return this.call((r) => r.scanTrace(file, options, Comlink.proxy(onProgress)));
  }

  /** Stops whatever the worker is doing at once and starts a fresh one (a failed or stuck engine). */
  restart(): void {
    if (this.disposed) return;
    this.session.end(new CancelledError());
    this.session = this.start();
  }

  dispose(): void {
    this.disposed = true;
    this.session.end(new CancelledError());
    this.listeners.clear();
  }

  private call<T>(fn: (remote: Comlink.Remote<WorkerApi>) => Promise<T>): Promise<T> {
    if (this.state.status === 'failed') return Promise.reject(new EngineFailedError(this.state.message));
    const session = this.session;
    return Promise.race([fn(session.remote), session.gone]).catch((err: unknown) => {
      if (err instanceof EngineError && err.code === 'engine_abort') this.replaceAborted(session, err);
      throw err;
    });
  }

  /**
   * The worker's wasm trapped: its instance is unusable, so the session ends (calls still in
   * flight on it get the same error) and a fresh worker starts before anything else is asked.
   * The page keeps its scenario; only the engine is new.
   */
  private replaceAborted(session: Session, reason: EngineError): void {
    if (this.disposed || session !== this.session) return; // already replaced
    session.end(reason);
    this.session = this.start();
  }

  private setState(state: EngineState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private start(): Session {
    this.setState({ status: 'loading' });
    let worker: Worker;
    const id = ++this.sessions;
    try {
      this.counts.workerStarts += 1;
      worker = this.createWorker();
    } catch (err) {
      const message = `The simulation engine could not start: ${err instanceof Error ? err.message : String(err)}`;
      this.setState({ status: 'failed', message });
      const gone = Promise.reject(new EngineFailedError(message));
      gone.catch(() => {});
      return { id, worker: null as unknown as Worker, remote: null as unknown as Comlink.Remote<WorkerApi>, gone, ended: true, end: () => {} };
    }

    let rejectGone!: (reason: Error) => void;
    const gone = new Promise<never>((_, reject) => (rejectGone = reject));
    gone.catch(() => {}); // observed through the races; silence the unraced case
    const remote = Comlink.wrap<WorkerApi>(worker);

    const fail = (message: string) => {
      if (session.ended) return;
      const error = new EngineFailedError(message);
      session.end(error);
      this.setState({ status: 'failed', message });
    };

    // A module worker whose script or imports fail to load fires only this event; without it
    // every Comlink call would wait forever.
    worker.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      fail(`The simulation engine crashed or failed to load${event.message ? `: ${event.message}` : ''}.`);
    });
    worker.addEventListener('messageerror', () => fail('The simulation engine sent a message the page could not read.'));

    const session: Session = {
      id,
      worker,
      remote,
      gone,
      ended: false,
      end: (reason) => {
        if (session.ended) return;
        session.ended = true;
        clearTimeout(timer);
        rejectGone(reason);
        // Terminating is the whole cancel: the wasm loop stops mid-chunk, no cooperation needed.
        worker.terminate();
      },
    };

    const timer = setTimeout(
      () => fail(`The simulation engine did not load within ${this.loadTimeoutMs / 1000} s.`),
      this.loadTimeoutMs,
    );
    Promise.race([remote.ping(), gone]).then(
      () => {
        clearTimeout(timer);
        this.counts.wasmLoads += 1;
        if (!session.ended) this.setState({ status: 'ready' });
      },
      (err: unknown) => {
        if (err instanceof CancelledError || session.ended) return;
        fail(`The simulation engine failed to load: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
    return session;
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'ssd-engine' });
}

/**
 * One engine per mounted component. Created in an effect, not during render, and disposed in
 * the cleanup, so StrictMode's double mount never leaves two engines running.
 */
/**
 * The page's engine. `start` false holds the worker back (its wasm must not compete with a
 * story's first chart drawn from a shipped run on 2 cores); it starts once `start` turns true.
 */
export function useEngine(start = true): { engine: EngineClient | null; state: EngineState } {
  const [engine, setEngine] = useState<EngineClient | null>(null);
  const [state, setState] = useState<EngineState>({ status: 'loading' });
  useEffect(() => {
    if (!start) return;
    const client = new EngineClient();
    // The worker is an external system created by the effect (never during render), so its
    // handle can only reach React state from here.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setEngine(client);
    setState(client.state);
    const unsubscribe = client.subscribe(setState);
    return () => {
      unsubscribe();
      client.dispose();
      setEngine(null);
    };
  }, [start]);
  return { engine, state };
}
