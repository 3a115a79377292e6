// Makes the built site work offline after a first visit: writes dist/sw.js (from
// scripts/service-worker.js) with this build's version and the files to keep: everything the
// build wrote and public/ holds, except the story steps' runs (5–6 MB; each is kept once read).
// The version is a hash of every kept file's content, so any change makes a new cache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { STORY_RUNS_CATALOG, STORY_RUNS_DIR, STORY_RUNS_INDEX } from '../web/src/explain/story/shippedFiles.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const SERVICE_WORKER = 'sw.js';

/** Whether the offline cache keeps a built file from the start. */
export function keptFromTheStart(file: string): boolean {
  if (!file.startsWith(`${STORY_RUNS_DIR}/`)) return true;
  return file === `${STORY_RUNS_DIR}/${STORY_RUNS_INDEX}` || file === `${STORY_RUNS_DIR}/${STORY_RUNS_CATALOG}`;
}

export function offlinePlugin(publicDir: string): Plugin {
  return {
    name: 'ssd-offline',
    apply: 'build',
    // After every other plugin has added its files (the story runs among them).
    enforce: 'post',
    generateBundle(_options, bundle) {
      const version = createHash('sha256');
      const built = Object.values(bundle)
        .filter((item) => keptFromTheStart(item.fileName))
        .map((item) => {
          version.update(item.fileName).update(item.type === 'chunk' ? item.code : item.source);
          return item.fileName;
        });
      const shipped = readdirSync(publicDir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          version.update(e.name).update(readFileSync(`${publicDir}/${e.name}`));
          return e.name;
        });
      const files = [...new Set([...built, ...shipped])].sort();
      const source = readFileSync(here('./service-worker.js'), 'utf8')
        .replace('__VERSION__', JSON.stringify(version.digest('hex').slice(0, 16)))
        .replace('__FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER, source });
    },
  };
}
