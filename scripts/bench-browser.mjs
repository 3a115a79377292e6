// `npm run bench:browser`: runs tests/bench/main.ts. Node 20 cannot run TypeScript by itself,
// so Vite's module runner loads it (the transform Vitest gives the tests), with no project
// config: the app's plugins have nothing to do here.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport(fileURLToPath(new URL('../tests/bench/main.ts', import.meta.url)), { configFile: false, root, logLevel: 'warn' });
process.exitCode = await module.main(process.argv.slice(2));
