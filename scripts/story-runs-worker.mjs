// A worker thread of scripts/vite-story-runs.ts: loads scripts/storyRuns.ts through Vite's module
// runner (it imports the page's own TypeScript) and computes its share of the story runs
// missing from the cache. Plain JavaScript: a worker thread is started from a file Node runs
// as it is.
import { readFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const { storyRuns, cacheDir, index, of } = workerData;
const wasm = readFileSync(fileURLToPath(new URL('../web/src/engine/pkg/ssd_wasm_bg.wasm', import.meta.url)));
const { module } = await runnerImport(storyRuns);
await module.storyRunFiles(wasm, cacheDir, () => {}, { index, of });
