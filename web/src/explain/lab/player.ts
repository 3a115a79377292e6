// Plays a lab drive's events one at a time: play / pause / step one event / step one host
// command, at a chosen speed, with the host's own writes, reads and trims mixed in. The engine
// runs commands ahead in batches (one round trip for several commands) and the player shows
// their events from a queue, so the animation never waits on the worker. Framework-free: the
// React view subscribes to its snapshots.
import type { LabBatch, LabCommand, LabLayout, LabWorkload } from '../../engine/types';
import { isEngineErrorData, type EngineErrorData } from '../../engine/errors';
import { engineConfigJson, scriptBatch, type LabConfig } from './config';
import type { LabBackend } from './labEngine';
import { applyEventInPlace, applyEvents, createModel, decodeEvents, differences, UNMAPPED, type LabEvent, type LabModel } from './model';

export interface LabNow {
  command: LabCommand;
  /** The event just shown; null for a command that did nothing (a trim of an unmapped page). */
  event: LabEvent | null;
  /** The event's place in its command, 1-based, and the command's event count. */
  index: number;
  of: number;
  /** Counts every event shown on this drive: a key for one-off animations. */
  serial: number;
  /** For a program: the physical page the unit was on before (a GC move's source), else null. */
  from: number | null;
}

export interface LabSnapshot {
  status: 'loading' | 'ready' | 'failed';
  error: EngineErrorData | { field: ''; code: 'engine_abort'; message: string } | null;
  layout: LabLayout | null;
  model: LabModel | null;
  now: LabNow | null;
  playing: boolean;
  /** Events per second while playing. */
  speed: number;
  workload: LabWorkload;
  selected: number | null;
  /** Events fetched but not yet shown. */
  queued: number;
  /** False once the replayed model ever differed from the engine's own state. */
  consistent: boolean;
  /** A command the engine refused (the last one). */
  refusal: EngineErrorData | null;
}

interface Queued {
  command: LabCommand;
  events: LabEvent[];
  /** Events of it already shown. */
  shown: number;
  /** Pause once this command has been shown (the reader's own write, read or trim). */
  stopAfter: boolean;
}

/** How far ahead of the picture the engine runs while playing, in seconds of events. */
const LOOKAHEAD_S = 2;

export class LabPlayer {
  private snap: LabSnapshot;
  private listeners = new Set<() => void>();
  private queue: Queued[] = [];
  /** The model after every fetched event (the engine's state), for the consistency check. */
  private ahead: LabModel | null = null;
  private session: number | null = null;
  /** Bumped on reset and dispose: answers for an older drive are dropped. */
  private generation = 0;
  private fetching: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private consistent = true;
  /** Playing the workload (fetch more as it goes) rather than only the reader's command. */
  private autoFetch = true;
  private serial = 0;
  private refusal: EngineErrorData | null = null;

  constructor(
    private readonly backend: LabBackend,
    private config: LabConfig,
  ) {
    this.snap = { status: 'loading', error: null, layout: null, model: null, now: null, playing: false, speed: 3, workload: config.workload, selected: null, queued: 0, consistent: true, refusal: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LabSnapshot => this.snap;

  private set(patch: Partial<LabSnapshot>): void {
    const queued = this.queue.reduce((n, q) => n + q.events.length - q.shown, 0);
    this.snap = { ...this.snap, ...patch, queued, consistent: this.consistent, refusal: this.refusal };
    for (const l of this.listeners) l();
  }

  /** Opens the drive and runs the config's script. */
  async start(): Promise<void> {
    const generation = ++this.generation;
    this.stopTimer();
    this.queue = [];
    this.fetching = null;
    this.consistent = true;
    this.refusal = null;
    this.set({ status: 'loading', error: null, now: null, playing: false, refusal: null, consistent: true, workload: this.config.workload });
    try {
      const opened = await this.backend.labOpen(engineConfigJson(this.config));
      if (generation !== this.generation) return void this.backend.labClose(opened.id).catch(() => {});
      this.session = opened.id;
      this.ahead = createModel(opened.layout);
      let shown = createModel(opened.layout);
      const script = this.config.script ?? [];
      for (let i = 0; i < script.length; i++) {
        const batch = scriptBatch(script[i], opened.layout.logical_pages, this.config.workload, this.ahead.lastWritten, i === script.length - 1);
        const result = await this.backend.labRun(opened.id, batch.commands, batch.stopAfterErase);
        if (generation !== this.generation) return;
        const items = this.absorb(batch.commands, result);
        const held = batch.holdLast ? items.pop() : undefined;
        shown = applyEvents(shown, items.flatMap((q) => q.events));
        if (held) this.queue.push(held);
      }
      this.set({ status: 'ready', layout: opened.layout, model: shown });
    } catch (err) {
      if (generation === this.generation) this.fail(err);
    }
  }

  /** Checks a batch against the model ahead and turns it into queue entries (not queued). */
  private absorb(commands: LabCommand[], batch: LabBatch): Queued[] {
    const items: Queued[] = [];
    let from = 0;
    batch.commandEnds.forEach((end, i) => {
      items.push({ command: commands[i], events: decodeEvents(batch.events, from, end), shown: 0, stopAfter: false });
      from = end;
    });
    const ahead = this.ahead!;
    for (const q of items) for (const e of q.events) applyEventInPlace(ahead, e);
    if (differences(ahead, batch.pages, batch.eraseCounts, batch.counters).length > 0) this.consistent = false;
    if (batch.refusal) this.refusal = batch.refusal;
    return items;
  }

  private fail(err: unknown): void {
    this.stopTimer();
    const error = isEngineErrorData(err) ? { field: err.field, code: err.code, message: err.message } : { field: '' as const, code: 'engine_abort' as const, message: err instanceof Error ? err.message : String(err) };
    this.set({ status: 'failed', error, playing: false });
  }

  /** Asks the engine for more commands; one request at a time. */
  private fetch(commands: LabCommand[], stopAfter = false): Promise<void> {
    if (this.fetching) return this.fetching.then(() => this.fetch(commands, stopAfter));
    const generation = this.generation;
    const session = this.session;
    if (session === null) return Promise.resolve();
    this.fetching = this.backend.labRun(session, commands).then(
      (batch) => {
        this.fetching = null;
        if (generation !== this.generation) return;
        const items = this.absorb(commands, batch);
        if (stopAfter && items.length > 0) items[items.length - 1].stopAfter = true;
        this.queue.push(...items);
        this.set({});
      },
      (err: unknown) => {
        this.fetching = null;
        if (generation === this.generation) this.fail(err);
      },
    );
    return this.fetching;
  }

  private steps(n: number): LabCommand[] {
    return Array.from({ length: n }, () => ({ op: 'step', workload: this.snap.workload }));
  }

  /** Shows the next event; false when the queue is empty. */
  private advance(): boolean {
    const head = this.queue[0];
    if (!head || !this.snap.model) return false;
    let now: LabNow;
    let model = this.snap.model;
    if (head.events.length === 0) {
      now = { command: head.command, event: null, index: 0, of: 0, serial: ++this.serial, from: null };
    } else {
      const event = head.events[head.shown];
      head.shown += 1;
      const before = event.kind === 'program' && event.unit < model.logicalPages ? model.l2p[event.unit] : UNMAPPED;
      model = applyEvents(model, [event]);
      now = { command: head.command, event, index: head.shown, of: head.events.length, serial: ++this.serial, from: before === UNMAPPED ? null : before };
    }
    const done = head.shown >= head.events.length;
    if (done) this.queue.shift();
    const pause = done && head.stopAfter;
    this.set({ model, now, ...(pause ? { playing: false } : {}) });
    if (pause) this.stopTimer();
    return true;
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tick = (): void => {
    this.timer = undefined;
    if (!this.snap.playing || this.disposed) return;
    // Keep the engine a couple of seconds ahead of the picture.
    if (this.autoFetch && this.snap.queued < this.snap.speed * LOOKAHEAD_S && !this.fetching) void this.fetch(this.steps(Math.max(2, Math.ceil(this.snap.speed / 2))));
    if (this.advance()) {
      if (this.snap.playing) this.timer = setTimeout(this.tick, 1000 / this.snap.speed);
    } else if (!this.autoFetch && !this.fetching) {
      this.pause();
    } else {
      // Nothing fetched yet: try again as soon as the engine answers.
      void (this.fetching ?? Promise.resolve()).then(() => {
        if (this.snap.playing && this.timer === undefined) this.tick();
      });
    }
  };

  play(autoFetch = true): void {
    if (this.snap.status !== 'ready' || this.snap.playing) return;
    this.autoFetch = autoFetch;
    this.set({ playing: true });
    this.tick();
  }

  pause(): void {
    this.stopTimer();
    if (this.snap.playing) this.set({ playing: false });
  }

  toggle(): void {
    if (this.snap.playing) this.pause();
    else this.play();
  }

  /** One event: the next of the current command, or the first of the next workload write. */
  async stepEvent(): Promise<void> {
    if (this.snap.status !== 'ready') return;
    this.pause();
    if (this.queue.length === 0) await this.fetch(this.steps(1));
    this.advance();
  }

  /** The rest of the current command at once, or (between commands) the whole next one. */
  async stepCommand(): Promise<void> {
    if (this.snap.status !== 'ready') return;
    this.pause();
    if (this.queue.length === 0) await this.fetch(this.steps(1));
    const head = this.queue[0];
    if (!head) return;
    while (this.queue[0] === head && this.advance()) {
      // each advance shows one event; the last one stays on screen
    }
  }

  /** The reader's own command on a logical page; it plays, then the player pauses. */
  async command(op: 'write' | 'read' | 'trim', unit: number): Promise<void> {
    if (this.snap.status !== 'ready' || !this.snap.layout || unit < 0 || unit >= this.snap.layout.logical_pages) return;
    const wasPlaying = this.snap.playing;
    // Paused with commands already run ahead: show them at once, so this one plays next.
    if (!wasPlaying) this.flush();
    this.set({ selected: unit });
    await this.fetch([{ op, unit }], !wasPlaying);
    if (!this.snap.playing) this.play(false);
  }

  private flush(): void {
    const rest = this.queue.flatMap((q) => q.events.slice(q.shown));
    const last = this.queue[this.queue.length - 1];
    this.queue = [];
    if (!last || !this.snap.model) return;
    const event = rest[rest.length - 1] ?? null;
    this.set({ model: applyEvents(this.snap.model, rest), now: { command: last.command, event, index: last.events.length, of: last.events.length, serial: ++this.serial, from: null } });
  }

  setSpeed(speed: number): void {
    this.set({ speed });
  }

  setWorkload(workload: LabWorkload): void {
    this.set({ workload });
  }

  select(unit: number | null): void {
    this.set({ selected: unit });
  }

  /** A fresh drive (same config unless one is given), script included. */
  reset(config?: LabConfig): Promise<void> {
    if (config) this.config = config;
    const old = this.session;
    this.session = null;
    if (old !== null) void this.backend.labClose(old).catch(() => {});
    return this.start();
  }

  dispose(): void {
    this.disposed = true;
    this.generation += 1;
    this.stopTimer();
    this.listeners.clear();
    if (this.session !== null) void this.backend.labClose(this.session).catch(() => {});
    this.session = null;
  }
}
