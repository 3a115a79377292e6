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
