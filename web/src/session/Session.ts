// One page's session, outside React (as tldraw's editor or Excalidraw's actions): the engine and
// its catalogue, the scenario as a typed object with its compiled handle and validation, the run
// and its stream, auto-run, the pins, the trace file and the link. Views read a snapshot
// (`store`: React's useStore, where a run's frames render as transitions) and call actions; nothing of the
// model hides in hooks or refs. One edit = one compile in the worker, kept for its runs.
import { CancelledError, EngineClient, type EngineState } from '../engine/bridge';
import { EngineError, describeError, type EngineErrorData } from '../engine/errors';
import type { TraceSummary } from '../engine/types';
import type { Lang } from '../i18n';
import { deviceKinds, hasEraseBlocks, workloadKind } from '../scenario/knobs';
import type { Json, JsonObject } from '../scenario/paths';
import { editedPaths, nearestPreset } from '../scenario/settle';
import { saveStored } from '../scenario/storage';
import { baseScenario, type UrlIssue } from '../scenario/urlCodec';
import { codecContext, type LoadedCatalog } from './catalog';
import { initialScenario } from './initialScenario';
import { pageOptions, scenarioSearch, urlWriter } from './link';
import { pinList, type Pin } from './pins';
import { ComparisonRuns, type VariantState } from './comparisonRuns';
import { RunStream } from './runStream';
import type { Store } from './useStore';
import { traceWorkload } from './traceReplay';
import type { RunView } from './runView';
import { errorData, formatScenario, parseScenario, type Validation } from './scenarioText';
import { withDrive, withFittedDevice, withKind, withReset, withValue } from './scenarioEdits';

/** How long after an edit auto-run waits before it runs, so a typed number settles first. */
export const AUTO_RUN_DELAY_MS = 350;

export interface ScenarioState {
  /** False until the first scenario (link, storage or default) is settled. */
  ready: boolean;
  /** The JSON editor's text. */
  text: string;
  /** The text parsed (null while the JSON is broken). */
  draft: JsonObject | null;
  preset: string;
  validation: Validation;
  /** Paths that differ from the preset. */
  edited: string[];
  /** Problems with the link, storage or an imported file, for the user to read. */
  issues: UrlIssue[];
  importError: string | null;
}

export interface SessionState {
  engineState: EngineState;
  catalog: LoadedCatalog | null;
  /** The engine answered the catalogue, but refused (a result that did not match its schema). */
  catalogError: EngineErrorData | null;
  scenario: ScenarioState;
  view: RunView;
  autoRun: boolean;
  /** The trace file a trace workload replays (picked in the Your trace panel). */
  traceFile: File | null;
  pins: Pin[];
  /** The comparison's runs on their worker pool ("Compare variants", a link's pins). */
  variants: VariantState;
  /** The link's query string; null until there is a valid scenario. */
  search: string | null;
}

export interface SessionOptions {
  /** Restore the last scenario and keep saving it (the playground); an embed shows exactly its link. */
  persist: boolean;
  createEngine?: () => EngineClient;
}

const NO_SCENARIO: ScenarioState = { ready: false, text: '', draft: null, preset: '', validation: { status: 'pending' }, edited: [], issues: [], importError: null };

export class Session {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  /** True while listeners hear a background change (a streamed frame, a finished run). */
  private background = false;
  private engine_: EngineClient | null = null;
  private readonly run: RunStream;
  /** The comparison's runs: an article figure's members, a link's pins. */
  readonly comparison: ComparisonRuns;
  private readonly url = urlWriter();
  /** Bumped by every compile sent: only the newest one's answer is taken. */
  private compileSeq = 0;
  /** A text whose compile trapped the engine once: compiled again once only. */
  private abortedText: string | null = null;
  /** The last scenario the engine accepted: edits apply to it while the JSON is broken. */
  private lastValid: JsonObject | null = null;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  private firstRun = true;
  private starting = false;
  private link: { lang: Lang; comparison: readonly [string, string][] } = { lang: 'en', comparison: [] };

  constructor(private readonly options: SessionOptions) {
    this.run = new RunStream((background) => this.update({ view: this.run.view }, background));
    // A figure's members replace the comparison; a link's restored pins lead it.
    this.comparison = new ComparisonRuns(
      (variants) => this.update({ variants }),
      (pins, restoring) => (restoring ? this.pins.restore(pins) : this.pins.replaceAll(pins)),
    );
    this.state = { engineState: { status: 'loading' }, catalog: null, catalogError: null, scenario: NO_SCENARIO, view: this.run.view, autoRun: true, traceFile: null, pins: [], variants: { status: 'idle' }, search: null };
  }

  // ---- the store ----

  getState = (): SessionState => this.state;

  /** The store React reads (useStore): a run's streamed frames and results are background changes. */
  readonly store: Store<SessionState> = { subscribe: (l) => this.subscribe(l), get: () => this.state, background: () => this.background };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get engine(): EngineClient | null {
    return this.engine_;
  }

  /** Starts the engine (in a React effect, so StrictMode's second mount gets a fresh one). */
  start(): void {
    if (this.engine_) return;
    const engine = (this.options.createEngine ?? (() => new EngineClient()))();
    this.engine_ = engine;
    engine.subscribe((engineState) => {
      if (this.engine_ !== engine) return;
      this.update({ engineState });
      if (engineState.status === 'ready') void this.engineReady(engine);
    });
    this.update({ engineState: engine.state });
    if (engine.state.status === 'ready') void this.engineReady(engine);
  }

  dispose(): void {
    clearTimeout(this.autoTimer);
    this.url.dispose();
    this.run.dispose();
    this.comparison.dispose();
    this.engine_?.dispose();
    this.engine_ = null;
    this.starting = false;
  }

  // ---- actions: the scenario ----

  setText = (text: string): void => this.edit(text);
  setValue = (path: string, value: Json): void => this.editFrom((from) => withValue(from, path, value, this.state.catalog));
  resetValue = (path: string): void => this.editFrom((from, catalog) => withReset(from, path, this.state.scenario.preset, catalog));
  setKind = (kind: string): void => this.editFrom((from, catalog) => withKind(from, kind, this.state.scenario.preset, catalog));

  choosePreset = (name: string): void => {
    const catalog = this.state.catalog;
    if (!catalog?.codec.presets.has(name)) return;
    this.setScenario({ preset: name, issues: [] });
    const scenario = baseScenario(name, null, catalog.codec);
    this.edit(formatScenario(scenario), scenario);
    this.writeLink();
  };

  /** A preset's drive in place of the scenario's, the workload kept: the preset then names the scenario. */
  chooseDrive = (name: string): void => {
    const from = this.current();
    const catalog = this.state.catalog;
    if (!from || !catalog?.codec.presets.has(name)) return;
    this.setScenario({ preset: name, issues: [] });
    const next = withDrive(from, name, catalog);
    this.edit(formatScenario(next), next);
    this.writeLink();
  };

  /** The drive "Fit the knobs" fitted to a fio result in place of the scenario's; the link follows once it compiles. */
  takeFittedDrive = (fitted: JsonObject): void => this.editFrom((from) => withFittedDevice(from, fitted));

  /** Reads a scenario file: the engine validates it and the nearest preset names it. */
  importScenario = async (fileText: string): Promise<boolean> => {
    const { catalog } = this.state;
    const engine = this.engine_;
    if (!engine || !catalog) return false;
    const parsed = parseScenario(fileText);
    if ('error' in parsed) {
      this.setScenario({ importError: describeError(parsed.error) });
      return false;
    }
    try {
      const scenario = JSON.parse(await engine.validate(JSON.stringify(parsed.scenario))) as JsonObject;
      this.setScenario({ preset: nearestPreset(scenario, catalog.codec), importError: null, issues: [] });
      this.edit(formatScenario(scenario), scenario);
      return true;
    } catch (err) {
      this.setScenario({ importError: describeError(errorData(err)) });
      return false;
    }
  };

  dismissIssues = (): void => this.setScenario({ issues: [], importError: null });

  /** A workload the page built (an imported fio job) in place of the scenario's. */
  setWorkload = (workload: JsonObject): void => this.editFrom((from) => ({ ...from, workload }));

  /** "Replay on this drive": the scanned trace becomes the workload and its file goes with every run. */
  replayTrace = (file: File, summary: TraceSummary): void => {
    const defaults = this.state.catalog?.workloadDefaults.trace as JsonObject | undefined;
    if (!defaults || !this.current()) return;
    this.update({ traceFile: file });
    this.setWorkload(traceWorkload(defaults, file, summary));
  };

  // ---- actions: the run ----

  runNow = (): void => {
    const { validation } = this.state.scenario;
    const engine = this.engine_;
    if (!engine || validation.status !== 'valid' || this.waitsForTrace()) return;
    clearTimeout(this.autoTimer);
    const trace = workloadKind(validation.scenario) === 'trace' ? this.state.traceFile : null;
    this.run.start(engine, { compiled: validation.compiled }, trace);
  };

  cancel = (): void => this.run.stop();

  /** A failed run or a crashed engine: restart the engine if it died, then run again. */
  retry = (): void => {
    if (this.state.engineState.status === 'failed') this.engine_?.restart();
    this.runNow();
  };

  setAutoRun = (autoRun: boolean): void => {
    this.update({ autoRun });
    this.autoRunSoon();
  };

  setTraceFile = (traceFile: File | null): void => {
    this.update({ traceFile });
    this.autoRunSoon();
  };

  /** React has drawn this frame of the run: the next streamed frame may be painted. */
  painted = (frame: number): void => this.run.painted(frame);

  // ---- actions: the comparison and the link ----

  readonly pins = {
    add: (pin: Pin) => this.setPins(pinList.add(this.state.pins, pin)),
    remove: (id: string) => this.setPins(pinList.remove(this.state.pins, id)),
    clear: () => this.setPins([]),
    replaceAll: (next: Pin[]) => this.setPins(pinList.replaceAll(this.state.pins, next)),
    restore: (next: Pin[]) => this.setPins(pinList.restore(this.state.pins, next)),
  };

  /** What the link carries besides the scenario: the language and the comparison on the chart. */
  setLinkContext(lang: Lang, comparison: readonly [string, string][]): void {
    if (lang === this.link.lang && comparison === this.link.comparison) return;
    this.link = { lang, comparison };
    this.writeLink();
  }

  // ---- derived ----

  /** The scenario the knobs show: the text's, or while its JSON is broken the last valid one. */
  current(): JsonObject | null {
    const { draft, validation } = this.state.scenario;
    return draft ?? (validation.status === 'valid' ? validation.scenario : this.lastValid);
  }

  /** A trace scenario opened from a link waits for its file before it can run. */
  waitsForTrace(): boolean {
    const current = this.current();
    return !!current && workloadKind(current) === 'trace' && !this.state.traceFile;
  }

  // ---- inside ----

  private update(patch: Partial<SessionState>, background = false): void {
    this.state = { ...this.state, ...patch };
    this.background = background;
    try {
      for (const listener of this.listeners) listener();
    } finally {
      this.background = false;
    }
  }

  private setScenario(patch: Partial<ScenarioState>): void {
    const scenario = { ...this.state.scenario, ...patch };
    const { catalog } = this.state;
    const shown = scenario.validation.status === 'valid' ? scenario.validation.scenario : scenario.draft;
    scenario.edited = shown && catalog && scenario.preset ? editedPaths(shown, scenario.preset, catalog.codec) : [];
    this.update({ scenario });
  }

  private setPins(pins: Pin[]): void {
    this.update({ pins });
  }

  private async engineReady(engine: EngineClient): Promise<void> {
    if (!this.state.catalog) {
      try {
        const catalog = await engine.catalog();
        if (this.engine_ !== engine) return;
        this.update({ catalog: { ...catalog, ...codecContext(catalog) }, catalogError: null });
      } catch (err) {
        // A failed or trapped engine shows its own banner, and the next ready state retries; a
        // refusal would come again, so it is shown where the knobs would be.
        if (err instanceof EngineError && err.code !== 'engine_abort') this.update({ catalogError: err.toData() });
        return;
      }
    }
    const catalog = this.state.catalog!;
    if (!this.state.scenario.ready) {
      if (this.starting) return;
      this.starting = true;
      try {
        const settled = await initialScenario(engine, catalog, location.search, this.options.persist);
        if (this.engine_ !== engine) return;
        this.setScenario({ ready: true, preset: settled.preset, issues: settled.issues });
        this.edit(formatScenario(settled.scenario), settled.scenario);
      } catch {
        // The engine restarted mid-way: tried again when it is ready.
      } finally {
        this.starting = false;
      }
      return;
    }
    // A fresh engine after a restart: what it refused or never answered is compiled again.
    if (this.state.scenario.validation.status !== 'valid') this.compile();
    else this.autoRunSoon();
  }

  /** An edit applied to the scenario as it is (or, while its JSON is broken, to the last valid one). */
  private editFrom(change: (from: JsonObject, catalog: LoadedCatalog) => JsonObject): void {
    const from = this.current();
    const catalog = this.state.catalog;
    if (!from || !catalog) return;
    const next = change(from, catalog);
    this.edit(formatScenario(next), next);
  }

  /**
   * The scenario changes: as text from the editor (parsed here, once), or as the object an edit
   * made (`draft`, shown in the editor as text); then compiled by the engine.
   */
  private edit(text: string, draft?: JsonObject): void {
    if (text === this.state.scenario.text && this.state.scenario.ready) return;
    const parsed = draft ? { scenario: draft } : parseScenario(text);
    if ('error' in parsed) {
      // Broken JSON is refused here, without a round trip to the engine.
      this.compileSeq += 1;
      this.setScenario({ text, draft: null, validation: { status: 'invalid', error: parsed.error } });
      return;
    }
    this.setScenario({ text, draft: parsed.scenario });
    this.compile();
  }

  private compile(): void {
    const engine = this.engine_;
    const { draft, text } = this.state.scenario;
    if (!engine || !draft || this.state.engineState.status !== 'ready') return;
    const seq = ++this.compileSeq;
    engine.compile(JSON.stringify(draft)).then(
      (compiled) => {
        if (seq !== this.compileSeq) return; // a newer edit is on its way
        const scenario = compiled.scenario as unknown as JsonObject;
        this.lastValid = scenario;
        this.setScenario({ validation: { status: 'valid', normalized: JSON.stringify(scenario), scenario, compiled } });
        const preset = this.state.scenario.preset;
        if (this.options.persist && preset) saveStored({ preset, scenario });
        this.writeLink();
        this.autoRunSoon();
      },
      (err: unknown) => {
        if (seq !== this.compileSeq || err instanceof CancelledError) return; // compiled again when the fresh engine is ready
        // An abort replaced the worker: the text is compiled again once the fresh one is ready,
        // but only once, so a text that traps every time shows the abort instead of looping.
        if (err instanceof EngineError && err.code === 'engine_abort' && this.abortedText !== text) {
          this.abortedText = text;
          return;
        }
        this.setScenario({ validation: { status: 'invalid', error: errorData(err) } });
      },
    );
  }

  private writeLink(): void {
    const { catalog, scenario } = this.state;
    const valid = scenario.validation.status === 'valid' ? scenario.validation.scenario : null;
    const search = valid && catalog && scenario.preset ? scenarioSearch(valid, scenario.preset, catalog.codec, this.link.lang, pageOptions(location.search), this.link.comparison) : null;
    if (search !== this.state.search) this.update({ search });
    this.url.write(search);
  }

  /**
   * Auto-run: the scenario runs shortly after it changes, so the charts follow the knobs. The
   * page's first scenario runs at once; a run the reader stopped is not started again until the
   * scenario changes.
   */
  private autoRunSoon(): void {
    clearTimeout(this.autoTimer);
    const { validation } = this.state.scenario;
    if (!this.state.autoRun || validation.status !== 'valid' || this.state.engineState.status !== 'ready' || this.waitsForTrace()) return;
    if (validation.normalized === this.state.view.scenarioJson) return;
    const delay = this.firstRun ? 0 : AUTO_RUN_DELAY_MS;
    this.autoTimer = setTimeout(() => {
      this.firstRun = false;
      this.runNow();
    }, delay);
  }
}

/** What the views derive from a snapshot, once per snapshot. */
export function runFacts(state: SessionState) {
  const run = state.view.scenario;
  // The x axis of time charts: a job's runtime.
  const workload = run?.workload as { kind?: string; runtime?: number } | undefined;
  const runtimeS = workload?.kind === 'job' && typeof workload.runtime === 'number' ? workload.runtime : 0;
  // Which summary values mean something, and whether a block map is coming (3D XPoint: none).
  const runDevices = deviceKinds(run);
  const blockMapExpected = state.catalog ? hasEraseBlocks(state.catalog.knobs, runDevices) : true;
  return { runtimeS, runDevices, blockMapExpected };
}
