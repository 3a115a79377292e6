// Every story step's runs, computed at build time by the same wasm engine the page runs, so a
// step opened from its link draws at once (article 003's rounds take half a minute to simulate
// on a laptop). Loaded by scripts/vite-story-runs.ts through Vite's module runner: it imports the
// page's own code, so the scenarios are exactly the ones the page would run.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { initSync } from '../web/src/engine/pkg/ssd_wasm.js';
import { createEngineApi } from '../web/src/engine/api';
import { runToEnd } from '../web/src/engine/runToEnd';
import { decodeRun, encodeRun, RUN_FILE_FORMAT, runFileName } from '../web/src/explain/story/runFile';
import { codecContext } from '../web/src/session/catalog';
import { STORIES } from '../web/src/explain/stories';
import { planStep, storyScenarios } from '../web/src/explain/story/stepPlan';
import type { ShippedIndex } from '../web/src/explain/story/shippedFiles';

export interface ShippedRun {
  name: string;
  text: string;
}

export interface ShippedRuns {
  files: ShippedRun[];
  index: ShippedIndex;
  /** The engine's catalogue as the page's engine gives it (JSON). */
  catalog: string;
}

/**
 * Every story's runs as files. A run is kept in `cacheDir` under the engine's hash: a build with
 * the same engine reuses it, a new engine starts afresh (older engines' runs are removed).
 */
/**
 * `shard` (worker threads, scripts/story-runs-worker.mjs): compute only every `of`-th missing
 * run, starting at `index`, into the cache, and return nothing; the build's own pass then finds
 * them all there.
 */
export async function storyRunFiles(wasm: Uint8Array, cacheDir: string, log: (line: string) => void, shard?: { index: number; of: number }): Promise<ShippedRuns> {
  const engineHash = createHash('sha256').update(wasm).digest('hex').slice(0, 16);
  const dir = join(cacheDir, engineHash);
  if (existsSync(cacheDir)) for (const old of readdirSync(cacheDir)) if (old !== engineHash) rmSync(join(cacheDir, old), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const instance = initSync({ module: wasm });
  const engine = createEngineApi(Promise.resolve(instance));
  const raw = await engine.catalog();
  const catalog = { ...raw, ...codecContext(raw) };
  const scenarios = [...new Set(STORIES.flatMap((story) => storyScenarios(story.steps, catalog)))];

  const files: ShippedRun[] = [];
  let computed = 0;
  const started = Date.now();
  for (const [i, json] of scenarios.entries()) {
    if (shard && i % shard.of !== shard.index) continue;
    const name = runFileName(json);
    const cached = join(dir, name);
    let text = existsSync(cached) ? readFileSync(cached, 'utf8') : null;
    // A cached file is used only if it is this scenario's run; one of an older format the page
    // still reads is written again in this one (the same run: nothing to simulate again).
    const kept = text === null ? null : decodeRun(json, text);
    if (kept === null) text = null;
    else if ((JSON.parse(text!) as { format: number }).format !== RUN_FILE_FORMAT) {
      text = encodeRun(json, kept);
      writeFileSync(cached, text);
    }
    if (text === null) {
      // No block-map snapshots while it runs: nobody watches; the final map is kept.
      const run = await runToEnd(engine, json, () => {}, { targetChunkMs: 1_000 });
      text = encodeRun(json, run);
      // Another build (a second worktree) may have cleared the cache meanwhile.
      mkdirSync(dir, { recursive: true });
      writeFileSync(cached, text);
      computed += 1;
    }
    files.push({ name, text });
  }
  // Which files each step draws from: a page opened at a step fetches them while its engine starts.
  const steps: Record<string, string[]> = {};
  for (const story of STORIES)
    for (const step of story.steps) {
      const job = planStep(step, catalog, undefined, 'en').job;
      if (job) steps[`${story.id}/${step.id}`] = (job.kind === 'scenario' ? [job.json] : job.members).map(runFileName);
    }
  log(`story runs: ${files.length} (${computed} computed in ${((Date.now() - started) / 1000).toFixed(1)} s, the rest from ${dir})`);
  return { files, index: { runs: files.map((f) => f.name).sort(), steps }, catalog: JSON.stringify(raw) };
}
