import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser end-to-end tests: files run one at a time (two cores), every wait bounded.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // Builds the CLI and the app and serves them once for every file.
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
