// Ships every story step's finished runs with the build (dist/story-runs/<name>.json and an
// index), computed by scripts/storyRuns.ts with the wasm the build ships, so they are the runs
// the page would make. The page reads them instead of simulating; a reader's own knob change
// still runs live. `vite dev` ships nothing: there every step runs live.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runnerImport, type Plugin } from 'vite';
import { STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX } from '../web/src/explain/story/shippedFiles.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export function storyRunsPlugin(): Plugin {
  return {
    name: 'ssd-story-runs',
    apply: 'build',
    async generateBundle() {
      const wasm = readFileSync(here('../web/src/engine/pkg/ssd_wasm_bg.wasm'));
      const cacheDir = here('../node_modules/.cache/ssd-story-runs');
      const started = Date.now();
      // Runs missing from the cache are made on every core first (each run is one thread's).
      const of = availableParallelism();
      if (of > 1) await Promise.all(Array.from({ length: of }, (_, index) => shardWorker({ storyRuns: here('./storyRuns.ts'), cacheDir, index, of })));
      const { module } = await runnerImport<typeof import('./storyRuns')>(here('./storyRuns.ts'));
      const { files, index, catalog } = await module.storyRunFiles(wasm, cacheDir, (line) => this.info(line));
      this.info(`story runs ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${of} threads`);
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${f.name}`, source: f.text });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_INDEX}`, source: JSON.stringify(index) });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_CATALOG}`, source: catalog });
    },
  };
}

/** One worker thread computing its share of the missing runs into the cache. */
function shardWorker(workerData: { storyRuns: string; cacheDir: string; index: number; of: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(here('./story-runs-worker.mjs'), { workerData });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`story runs worker ${workerData.index} exited with ${code}`))));
  });
}
