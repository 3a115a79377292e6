import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Unit and engine-contract tests: plain Node, no browser. The real wasm is loaded with
// initSync() by the contract tests, so `npm run build:engine` must have run first.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: the simulation tests are CPU-bound, so don't oversubscribe.
    maxWorkers: 2,
  },
});
