// `npm run bench:cold-open`: runs tests/bench/coldOpen.ts (every story step opened cold in
// Chromium, timed to its first drawn series). Node 20 cannot run TypeScript by itself, so
// Vite's module runner loads it, with no project config (the app's plugins have nothing to do).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport(fileURLToPath(new URL('../tests/bench/coldOpen.ts', import.meta.url)), { configFile: false, root, logLevel: 'warn' });
process.exitCode = await module.main(process.argv.slice(2));
