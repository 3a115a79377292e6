// The session model outside React (issue 43), on the real engine over a Comlink channel: the
// first scenario compiles once and runs from its handle; each edit is parsed once and compiled
// once; a newer edit's answer wins; broken JSON never reaches the engine; a refusal names its
// field and runs nothing; a run's result carries its typed scenario; and a new run stops the
// old one between chunks in the same worker.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient } from '../../web/src/engine/bridge';
import { Session, type SessionState } from '../../web/src/session/Session';
import { channelWorker } from './channelWorker';

// The browser globals the session touches: the address (read at start, written throttled),
// animation frames (the streamed paint), storage (not used: persist is off).
beforeAll(() => {
  const g = globalThis as Record<string, unknown>;
  g.location ??= new URL('http://localhost/');
  g.history ??= { state: null, replaceState: () => {} };
  g.document ??= { querySelector: () => null };
  g.requestAnimationFrame ??= (cb: () => void) => setTimeout(cb, 0) as unknown as number;
  g.cancelAnimationFrame ??= (id: number) => clearTimeout(id);
});

const sessions: Session[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

function open(): { session: Session; engine: () => EngineClient } {
  let client: EngineClient | null = null;
  const session = new Session({ persist: false, createEngine: () => (client = new EngineClient({ createWorker: channelWorker, stopTimeoutMs: 60_000 })) });
  sessions.push(session);
  // React acknowledges each painted frame; here every state change does.
  session.subscribe(() => session.painted(session.getState().view.frame));
  session.start();
  return { session, engine: () => client! };
}

function until(session: Session, test: (s: SessionState) => boolean, timeoutMs = 30_000): Promise<SessionState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const s = session.getState();
      if (!test(s)) return false;
      clearTimeout(timer);
      stop();
      resolve(s);
      return true;
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out; state: ${JSON.stringify({ engine: session.getState().engineState, run: session.getState().view.status, validation: session.getState().scenario.validation.status })}`));
    }, timeoutMs);
    const stop = session.subscribe(() => void check());
    check();
  });
}

const done = (runs: number) => (s: SessionState) => s.view.status === 'done' && s.view.runs >= runs && s.scenario.validation.status === 'valid';

describe('the session model', () => {
  it('opens on the default preset, compiles it once and runs it from its handle; the result carries the typed scenario', async () => {
    const { session, engine } = open();
    const s = await until(session, done(1));
    expect(s.scenario.ready).toBe(true);
    expect(s.scenario.preset).toBe(s.catalog!.defaultPreset);
    expect(s.view.summary).not.toBeNull();
    const valid = s.scenario.validation.status === 'valid' ? s.scenario.validation : null;
    expect(s.view.scenario).toEqual(valid!.scenario);
    expect(s.view.scenarioJson).toBe(valid!.normalized);
    expect(await engine().stats()).toMatchObject({ workerStarts: 1, wasmLoads: 1, compileTrips: 1, compilesInWorker: 1 });
    expect(s.search).toContain('preset=');
  });

  it('ten quick edits: ten compiles, the last one wins, one worker, and its run holds the last value', async () => {
    const { session, engine } = open();
    await until(session, done(1));
    const path = 'workload.iodepth';
    for (let depth = 2; depth <= 11; depth++) session.setValue(path, depth);
    const s = await until(session, (st) => done(2)(st) && (st.view.scenario?.workload as { iodepth?: number }).iodepth === 11);
    expect(s.scenario.edited).toContain(path);
    const stats = await engine().stats();
    expect(stats).toMatchObject({ workerStarts: 1, wasmLoads: 1, compileTrips: 11, compilesInWorker: 11 });
  });

  it('broken JSON is refused without a trip to the engine; a refused value names its field and runs nothing', async () => {
    const { session, engine } = open();
    const first = await until(session, done(1));
    session.setText('{"seed": ');
    expect(session.getState().scenario.validation).toMatchObject({ status: 'invalid', error: { code: 'syntax' } });
    expect((await engine().stats()).compileTrips).toBe(1);
    // Edits apply to the last valid scenario while the text is broken.
    session.setValue('workload.iodepth', 0);
    const refused = await until(session, (st) => st.scenario.validation.status === 'invalid' && st.scenario.validation.error.field === 'workload.iodepth');
    expect(refused.scenario.validation).toMatchObject({ error: { code: 'out_of_range' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(session.getState().view.runs).toBe(first.view.runs);
  });

  it('a new run stops the one streaming, between chunks, in the same worker', async () => {
    const { session, engine } = open();
    await until(session, done(1));
    // A run long enough to be stopped while it streams.
    session.setValue('workload.runtime', 30);
    await until(session, (st) => st.view.status === 'running' && st.view.progress > 0);
    session.setValue('workload.runtime', 0.05);
    const s = await until(session, (st) => done(3)(st) && (st.view.scenario?.workload as { runtime?: number }).runtime === 0.05);
    expect(s.view.status).toBe('done');
    expect(await engine().stats()).toMatchObject({ workerStarts: 1, wasmLoads: 1 });
  });
});
