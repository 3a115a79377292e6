// The runs the build shipped for the stories' steps (scripts/vite-story-runs.ts): a step whose
// scenario is among them draws from the file at once instead of simulating. The index says which
// files there are and which a step draws from, so a page opened at a step fetches its files while
// the engine is still starting. Each file names its scenario in full and is used only for exactly
// that one. No index (the dev server, a host that lost the files) means every step runs live.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { decodeRun, runFileName } from './runFile';
import type { RunView } from '../../session/runView';
import type { Catalog } from '../../engine/types';
import { finishedView, type StepJob } from './stepResults';
import { STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX, type ShippedIndex } from './shippedFiles';


const EMPTY: ShippedIndex = { runs: [], steps: {} };
let index: Promise<ShippedIndex> | null = null;
/** File texts fetched or being fetched, by name: each file is fetched once per page. */
const texts = new Map<string, Promise<string | null>>();

/** The shipped index, fetched once per page. */
function shippedIndex(): Promise<ShippedIndex> {
  index ??= fetch(`${STORY_RUNS_DIR}/${STORY_RUNS_INDEX}`)
    .then((r) => (r.ok ? (r.json() as Promise<Partial<ShippedIndex>>) : EMPTY))
    .then((j) => ({ runs: Array.isArray(j.runs) ? j.runs : [], steps: j.steps && typeof j.steps === 'object' ? j.steps : {} }))
    // A dev server answers a missing file with the page itself: not JSON, so no shipped runs.
    .catch(() => EMPTY);
  return index;
}

function fileText(name: string): Promise<string | null> {
  let text = texts.get(name);
  if (!text) {
    text = fetch(`${STORY_RUNS_DIR}/${name}`)
      .then((r) => (r.ok ? r.text() : null))
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
  return fetch(`${STORY_RUNS_DIR}/${STORY_RUNS_CATALOG}`)
    .then((r) => (r.ok ? (r.json() as Promise<Catalog>) : null))
    .catch(() => null);
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
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const requested = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    void shippedIndex().then((i) => live && setNames(new Set(i.runs)));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!names) return;
    const wanted = jobs.map((j) =>
      (j.kind === 'scenario' ? [j.json] : j.members)
        .filter((json) => !requested.current.has(json))
        .map((json) => ({ json, name: runFileName(json) }))
        .filter(({ name }) => names.has(name)),
    );
    const all = wanted.flat();
    if (all.length === 0) return;
    for (const { json } of all) requested.current.add(json);
    setLoading((l) => new Set([...l, ...all.map((w) => w.json)]));
    const read = ({ json, name }: { json: string; name: string }) =>
      // A file that cannot be read or is not this scenario's run: the step runs live instead.
      shippedRun(json, name)
        .catch(() => null)
        .then((view) => {
          if (view) setDone((m) => (m.has(json) ? m : new Map(m).set(json, view)));
          setLoading((l) => {
            const next = new Set(l);
            next.delete(json);
            return next;
          });
        });
    const [first, ...rest] = wanted;
    void Promise.all(first.map(read)).then(() => rest.flat().forEach((w) => void read(w)));
  }, [names, jobs, setDone]);

  return { settled: names !== null, loading };
}
