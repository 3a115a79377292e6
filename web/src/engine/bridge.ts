// Page side of the engine: owns the worker, wraps it with Comlink, turns a dead or stuck
// worker into a visible error, and cancels a run by replacing the worker (Squoosh-style).
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { WorkerApi } from './worker';
import type { ArticleEngineValue, ArticleLine, Catalog, Preset, RunChunk, RunOptions, RunResult, TraceFinished, TraceScanOptions, TraceScanProgress } from './types';
import { EngineError, registerErrorTransfer } from './errors';

// The worker's refusals arrive as EngineError with field and code (the worker registers the same).
registerErrorTransfer();

/** A run (or any call) that was stopped because the worker was terminated on purpose. */
export class CancelledError extends Error {
  constructor() {
    super('Run cancelled');
    this.name = 'CancelledError';
  }
}

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
}

interface Session {
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
  private listeners = new Set<(state: EngineState) => void>();
  state: EngineState = { status: 'loading' };

  private readonly createWorker: () => Worker;
  private readonly loadTimeoutMs: number;

  constructor(options: EngineClientOptions = {}) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 20_000;
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

  /** An article figure's values measured on the lines the page drew (catalogueApi.ts). */
  articleValues(figure: string, lines: ArticleLine[]): Promise<ArticleEngineValue[]> {
    return this.call((r) => r.articleValues(figure, lines));
  }

  run(scenarioJson: string, onChunk: (chunk: RunChunk) => void, options?: RunOptions): Promise<RunResult> {
    const session = this.session;
    // Chunks the worker posted just before it was terminated are still queued on the callback's
    // own channel; drop them, or a cancelled run would keep drawing for a moment.
    const guarded = (chunk: RunChunk) => {
      if (!session.ended) onChunk(chunk);
    };
    return this.call((r) => r.run(scenarioJson, Comlink.proxy(guarded), options));
  }

  /** Reads a trace file through the engine's reader and summarises it (`traceApi.ts`). */
  scanTrace(file: Blob, options: TraceScanOptions, onProgress: (p: TraceScanProgress) => void): Promise<TraceFinished> {
    return this.call((r) => r.scanTrace(file, options, Comlink.proxy(onProgress)));
  }

  /** Stops whatever the worker is doing at once and starts a fresh one. */
  cancel(): void {
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
    try {
      worker = this.createWorker();
    } catch (err) {
      const message = `The simulation engine could not start: ${err instanceof Error ? err.message : String(err)}`;
      this.setState({ status: 'failed', message });
      const gone = Promise.reject(new EngineFailedError(message));
      gone.catch(() => {});
      return { worker: null as unknown as Worker, remote: null as unknown as Comlink.Remote<WorkerApi>, gone, ended: true, end: () => {} };
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
export function useEngine(): { engine: EngineClient | null; state: EngineState } {
  const [engine, setEngine] = useState<EngineClient | null>(null);
  const [state, setState] = useState<EngineState>({ status: 'loading' });
  useEffect(() => {
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
  }, []);
  return { engine, state };
}
