// Ships every story step's finished runs with the build (dist/story-runs/<name>.json and an
// index), computed by scripts/storyRuns.ts with the wasm the build ships, so they are the runs
// the page would make. The page reads them instead of simulating; a reader's own knob change
// still runs live. `vite dev` ships nothing: there every step runs live.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runnerImport, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { EARLY_FETCH_GLOBAL, earlyStoryFetch, STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX, type ShippedIndex } from '../web/src/explain/story/shippedFiles.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export function storyRunsPlugin(): Plugin {
  // Each step's files, once computed (this plugin's bundle step runs before the pages are written).
  let stepFiles: ShippedIndex['steps'] | null = null;
  return {
    name: 'ssd-story-runs',
    apply: 'build',
    // Both pages start fetching a linked step's runs, and the story page's code, from their
    // first line (shippedFiles.ts).
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => [{ tag: 'script', injectTo: 'head-prepend', children: earlyScript(ctx.bundle ? storyChunks(ctx.bundle, html) : [], stepFiles) }],
    },
    async generateBundle() {
      const wasm = readFileSync(here('../web/src/engine/pkg/ssd_wasm_bg.wasm'));
      const cacheDir = here('../node_modules/.cache/ssd-story-runs');
      const started = Date.now();
      // Runs missing from the cache are made on every core first (each run is one thread's).
      const of = availableParallelism();
      if (of > 1) await Promise.all(Array.from({ length: of }, (_, index) => shardWorker({ storyRuns: here('./storyRuns.ts'), cacheDir, index, of })));
      const { module } = await runnerImport<typeof import('./storyRuns')>(here('./storyRuns.ts'));
      const { files, index, catalog } = await module.storyRunFiles(wasm, cacheDir, (line) => this.info(line));
      stepFiles = index.steps;
      this.info(`story runs ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${of} threads`);
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${f.name}`, source: f.text });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_INDEX}`, source: JSON.stringify(index) });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_CATALOG}`, source: catalog });
    },
  };
}

/** The start script's text: earlyStoryFetch called with where the runs are and the story page's chunks. */
export function earlyScript(modules: readonly string[], stepFiles: ShippedIndex['steps'] | null): string {
  const args = [STORY_RUNS_DIR, STORY_RUNS_INDEX, STORY_RUNS_CATALOG, EARLY_FETCH_GLOBAL, modules, stepFiles].map((a) => JSON.stringify(a)).join(', ');
  return `(${earlyStoryFetch.toString()})(${args});`;
}

/** The story page's chunk (web/src/main.tsx imports it when the address names a story) and every chunk it imports, but those the page's `html` loads itself. */
export function storyChunks(bundle: OutputBundle, html: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const story = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith('/explain/story/StoryApp.tsx'));
  const found = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.find((c) => c.fileName === name);
    if (!chunk || chunk.isEntry || html.includes(name) || found.has(name)) return;
    found.add(name);
    chunk.imports.forEach(visit);
  };
  if (story) visit(story.fileName);
  return [...found].map((f) => `./${f}`);
}

/** One worker thread computing its share of the missing runs into the cache. */
function shardWorker(workerData: { storyRuns: string; cacheDir: string; index: number; of: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(here('./story-runs-worker.mjs'), { workerData });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`story runs worker ${workerData.index} exited with ${code}`))));
  });
}
