// The runs the build shipped for the stories' steps (scripts/vite-story-runs.ts): a step whose
// scenario is among them draws from the file at once instead of simulating. The index says which
// files there are and which a step draws from, so a page opened at a step fetches its files while
// the engine is still starting. Each file names its scenario in full and is used only for exactly
// that one. No index (the dev server, a host that lost the files) means every step runs live.
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { decodeRun, runFileName } from './runFile';
import type { RunView } from '../../session/runView';
import type { Catalog } from '../../engine/types';
import { finishedView, type StepJob } from './stepResults';
import { EARLY_FETCH_GLOBAL, STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX, type EarlyStoryFetch, type ShippedIndex } from './shippedFiles';


const EMPTY: ShippedIndex = { runs: [], steps: {} };
let index: Promise<ShippedIndex> | null = null;
let catalog: Promise<Catalog | null> | null = null;
/** File texts fetched or being fetched, by name: each file is fetched once per page. */
const texts = new Map<string, Promise<string | null>>();

/** What the page's start script fetched (the built pages have one, shippedFiles.ts), taken once. */
let early: EarlyStoryFetch | null | undefined;
function takeEarly(): EarlyStoryFetch | null {
  if (early === undefined) {
    const w = (typeof window === 'undefined' ? {} : window) as unknown as Record<string, EarlyStoryFetch | undefined>;
    early = w[EARLY_FETCH_GLOBAL] ?? null;
  }
  return early;
}

/** A shipped file's response: the start script's if it asked for it, otherwise fetched now. */
function shippedResponse(name: string, started: Promise<Response | null> | undefined): Promise<Response | null> {
  return (
    started ??
    fetch(`${STORY_RUNS_DIR}/${name}`)
      .then((r) => (r.ok ? r : null))
      .catch(() => null)
  );
}

/** The shipped index, fetched once per page. */
function shippedIndex(): Promise<ShippedIndex> {
  index ??= shippedResponse(STORY_RUNS_INDEX, takeEarly()?.index)
    .then((r) => (r ? (r.json() as Promise<Partial<ShippedIndex>>) : EMPTY))
    .then((j) => ({ runs: Array.isArray(j.runs) ? j.runs : [], steps: j.steps && typeof j.steps === 'object' ? j.steps : {} }))
    // A dev server answers a missing file with the page itself: not JSON, so no shipped runs.
    .catch(() => EMPTY);
  return index;
}

function fileText(name: string): Promise<string | null> {
  let text = texts.get(name);
  if (!text) {
    const started = takeEarly()?.files ?? Promise.resolve({} as Record<string, Promise<Response | null>>);
    text = started
      .then((files) => shippedResponse(name, files[name]))
      .then((r) => (r ? r.text() : null))
      .catch(() => null);
    texts.set(name, text);
  }
  return text;
}

/**
 * The build's catalogue, or null. It was checked against its schema as the build read it from
 * the engine, and is the one that engine gives: no need to wait for the worker to ask it again.
 */
export function shippedCatalog(): Promise<Catalog | null> {
  catalog ??= shippedResponse(STORY_RUNS_CATALOG, takeEarly()?.catalog)
    .then((r) => (r ? (r.json() as Promise<Catalog>) : null))
    .catch(() => null);
  return catalog;
}

/** Starts fetching the files of the step a page opens at, before its engine is ready. */
export function prefetchStep(storyId: string, stepId: string): void {
  void shippedIndex().then((i) => i.steps[`${storyId}/${stepId}`]?.forEach((name) => void fileText(name)));
}

async function shippedRun(json: string, name: string): Promise<RunView | null> {
  const text = await fileText(name);
  const run = text === null ? null : decodeRun(json, text);
  return run && finishedView(json, run);
}

/** After the next frame is painted, then once the page is idle (or a second has passed). */
export function afterDrawIdle(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 100);
      }, 0),
    ),
  );
}

export interface ShippedRuns {
  /** False until the index is known: until then no step starts a live run it may not need. */
  settled: boolean;
  /** Scenarios being read from their files: not to be run live meanwhile. */
  loading: ReadonlySet<string>;
}

/**
 * Reads every shipped run the jobs need into the finished runs: the first job's (the step being
 * read) before the others', so its files are not queued behind the rest of the story's.
 */
export function useShippedRuns(jobs: readonly StepJob[], setDone: Dispatch<SetStateAction<ReadonlyMap<string, RunView>>>): ShippedRuns {
  const [names, setNames] = useState<ReadonlySet<string> | null>(null);
  // Scenarios whose file has been read (drawn from, or found wanting: then they run live).
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const requested = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    void shippedIndex().then((i) => live && setNames(new Set(i.runs)));
    return () => {
      live = false;
    };
  }, []);

  // Known in the same render as the index: no live run starts for a scenario about to be read.
  const loading = useMemo(() => {
    const shipped = (json: string) => names !== null && !read.has(json) && names.has(nameOf(json));
    return new Set(jobs.flatMap((j) => (j.kind === 'scenario' ? [j.json] : j.members)).filter(shipped));
  }, [names, read, jobs]);

  useEffect(() => {
    if (!names) return;
    const wanted = jobs.map((j) =>
      (j.kind === 'scenario' ? [j.json] : j.members)
        .filter((json) => !requested.current.has(json))
        .map((json) => ({ json, name: nameOf(json) }))
        .filter(({ name }) => names.has(name)),
    );
    const all = wanted.flat();
    if (all.length === 0) return;
    for (const { json } of all) requested.current.add(json);
    const readOne = ({ json, name }: { json: string; name: string }) =>
      // A file that cannot be read or is not this scenario's run: the step runs live instead.
      shippedRun(json, name)
        .catch(() => null)
        .then((view) => {
          if (view) setDone((m) => (m.has(json) ? m : new Map(m).set(json, view)));
          setRead((r) => new Set(r).add(json));
        });
    const [first, ...rest] = wanted;
    // The rest of the story waits until the step being read is drawn and the page is idle: on
    // 2 cores their reading would otherwise delay that first chart.
    void Promise.all(first.map(readOne))
      .then(afterDrawIdle)
      .then(() => rest.flat().forEach((w) => void readOne(w)));
  }, [names, jobs, setDone]);

  return { settled: names !== null, loading };
}

/** File names by scenario, each hashed once per page (a story names its scenarios on every render). */
const fileNames = new Map<string, string>();
function nameOf(json: string): string {
  let name = fileNames.get(json);
  if (name === undefined) fileNames.set(json, (name = runFileName(json)));
  return name;
}
