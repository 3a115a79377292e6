// Where the build puts the story steps' shipped runs, and the index's shape: shared by the page
// (shippedRuns.ts) and the build (scripts/vite-story-runs.ts, scripts/vite-offline.ts), so it
// imports nothing.

export const STORY_RUNS_DIR = 'story-runs';
export const STORY_RUNS_INDEX = 'index.json';
/** The engine's catalogue the runs were planned with, computed by the same engine at build time. */
export const STORY_RUNS_CATALOG = 'catalog.json';

export interface ShippedIndex {
  /** Every shipped file's name. */
  runs: string[];
  /** By `story/step`: the files that step draws from. */
  steps: Record<string, string[]>;
}

/** Where the page's start script (earlyStoryFetch) leaves what it fetched, on `window`. */
export const EARLY_FETCH_GLOBAL = '__ssdStoryEarly';

/** What the start script fetched before the app's code arrived; each response is read once. */
export interface EarlyStoryFetch {
  index: Promise<Response | null>;
  catalog: Promise<Response | null>;
  /** By file name, once the index is read: the files of the step the page opens at. */
  files: Promise<Record<string, Promise<Response | null>>>;
}

/**
 * The page's start script (an inline script of the built index.html and embed.html, written by
 * scripts/vite-story-runs.ts from this function's text): a page opened at a story step asks for
 * the index, the catalogue and that step's run files at once, while the app's code is still
 * downloading, instead of after the app has started (about half a second later on 2 cores).
 * `modules`: the story page's code chunks, preloaded beside the entry; `stepFiles`: the index's
 * `steps`, when the build knew them as it wrote the page. Self-contained on purpose:
 * only its arguments and the browser's globals, as its text runs alone.
 */
export function earlyStoryFetch(dir: string, indexName: string, catalogName: string, global: string, modules: string[], stepFiles: Record<string, string[]> | null): void {
  const params = new URLSearchParams(location.search);
  if (!params.has('story')) return;
  // The story pages' code (a chunk the entry imports only once it runs): asked for beside the entry.
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  const story = params.get('story');
  if (!story) return;
  const step = params.get('step');
  const get = (name: string): Promise<Response | null> =>
    fetch(`${dir}/${name}`)
      .then((r) => (r.ok ? r : null))
      .catch(() => null);
  const index = get(indexName);
  const ask = (steps: Record<string, string[]>) => {
    // No step in the link: the story's first step, the first of its keys in the index.
    const key = step ? `${story}/${step}` : Object.keys(steps).find((k) => k.startsWith(`${story}/`));
    const byName: Record<string, Promise<Response | null>> = {};
    for (const name of (key && steps[key]) || []) byName[name] = get(name);
    return byName;
  };
  // The build wrote each step's files into the script: no wait for the index to know them.
  const files = stepFiles
    ? Promise.resolve(ask(stepFiles))
    : index
        .then((r) => (r ? r.clone().json() : null))
        .then((found: { steps?: Record<string, string[]> } | null) => ask(found?.steps ?? {}))
        .catch(() => ({}));
  const early: EarlyStoryFetch = { index, catalog: get(catalogName), files };
  (window as unknown as Record<string, EarlyStoryFetch>)[global] = early;
}
