import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser end-to-end tests: one file, run serially, every wait bounded.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    // Building the app and the native CLI happens in beforeAll.
    hookTimeout: 600_000,
    teardownTimeout: 30_000,
  },
});
