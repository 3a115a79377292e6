// The worker the NAND labs talk to. One worker serves every lab on the page (a story may hold
// several), and it is not the playground's run worker: cancelling a run replaces that worker,
// which would lose the labs' drives. The last lab to unmount ends it.
import * as Comlink from 'comlink';
import type { WorkerApi } from '../../engine/worker';
import type { EngineLabConfig, LabBatch, LabCommand, LabOpened } from '../../engine/types';
import { registerErrorTransfer } from '../../engine/errors';

/** What a lab player needs from an engine; the contract tests pass the API itself. */
export interface LabBackend {
  /** The lab a config that says nothing builds (the engine's defaults). */
  labDefaults(): Promise<EngineLabConfig>;
  labOpen(configJson: string): Promise<LabOpened>;
  labRun(id: number, commands: LabCommand[], stopAfterErase?: boolean): Promise<LabBatch>;
  labClose(id: number): Promise<void>;
}

const LOAD_TIMEOUT_MS = 20_000;

class LabWorker implements LabBackend {
  private readonly worker: Worker;
  private readonly remote: Comlink.Remote<WorkerApi>;
  /** Rejects once the worker is gone; every call races against it. */
  private readonly gone: Promise<never>;
  dead = false;

  constructor() {
    registerErrorTransfer();
    this.worker = new Worker(new URL('../../engine/worker.ts', import.meta.url), { type: 'module', name: 'ssd-lab' });
    this.remote = Comlink.wrap<WorkerApi>(this.worker);
    let fail!: (err: Error) => void;
    this.gone = new Promise<never>((_, reject) => (fail = reject));
    this.gone.catch(() => {});
    const die = (message: string) => {
      if (this.dead) return;
      this.dead = true;
      fail(new Error(message));
      this.worker.terminate();
    };
    // A module worker that fails to load raises only this event; a Comlink call would hang.
    this.worker.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      die(`The NAND lab's engine failed to load${e.message ? `: ${e.message}` : ''}.`);
    });
    const timer = setTimeout(() => die('The NAND lab’s engine did not load in time.'), LOAD_TIMEOUT_MS);
    void Promise.race([this.remote.ping(), this.gone]).then(
      () => clearTimeout(timer),
      (err: unknown) => die(err instanceof Error ? err.message : String(err)),
    );
  }

  private call<T>(fn: () => Promise<T>): Promise<T> {
    return Promise.race([fn(), this.gone]);
  }

  labDefaults() {
    return this.call(() => this.remote.labDefaults());
  }
  labOpen(configJson: string) {
    return this.call(() => this.remote.labOpen(configJson));
  }
  labRun(id: number, commands: LabCommand[], stopAfterErase = false) {
    return this.call(() => this.remote.labRun(id, commands, stopAfterErase));
  }
  labClose(id: number) {
    return this.call(() => this.remote.labClose(id));
  }

  end(): void {
    this.dead = true;
    this.worker.terminate();
  }
}

let shared: LabWorker | null = null;
let users = 0;
let endTimer: ReturnType<typeof setTimeout> | undefined;

/** The labs' worker, started on first use (a dead one is replaced). */
export function acquireLabEngine(): LabBackend {
  clearTimeout(endTimer);
  if (!shared || shared.dead) shared = new LabWorker();
  users += 1;
  return shared;
}

/** Ends the worker once no lab uses it (after a beat: StrictMode remounts at once). */
export function releaseLabEngine(): void {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  clearTimeout(endTimer);
  endTimer = setTimeout(() => {
    if (users === 0 && shared) {
      shared.end();
      shared = null;
    }
  }, 1_000);
}
