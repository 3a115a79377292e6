// Ships every story step's finished runs with the build (dist/story-runs/<name>.json and an
// index), computed by scripts/storyRuns.ts with the wasm the build ships, so they are the runs
// the page would make. The page reads them instead of simulating; a reader's own knob change
// still runs live. `vite dev` ships nothing: there every step runs live.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX } from '../web/src/explain/story/shippedFiles.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export function storyRunsPlugin(): Plugin {
  return {
    name: 'ssd-story-runs',
    apply: 'build',
    async generateBundle() {
      const wasm = readFileSync(here('../web/src/engine/pkg/ssd_wasm_bg.wasm'));
      const { module } = await runnerImport<typeof import('./storyRuns')>(here('./storyRuns.ts'));
      const { files, index, catalog } = await module.storyRunFiles(wasm, here('../node_modules/.cache/ssd-story-runs'), (line) => this.info(line));
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${f.name}`, source: f.text });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_INDEX}`, source: JSON.stringify(index) });
      this.emitFile({ type: 'asset', fileName: `${STORY_RUNS_DIR}/${STORY_RUNS_CATALOG}`, source: catalog });
    },
  };
}
