// Once for all browser test files: build the native CLI and the app, serve dist/ on a free
// loopback port, and hand the URL to the test files.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildAndServe } from './serve';
import { buildSsdsim } from './ssdsim';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(fileURLToPath(new URL('../artifacts/', import.meta.url)), { recursive: true });
  // SSD_E2E_NO_CLI=1 skips rebuilding the native CLI (web-only work while the engine is
  // mid-change elsewhere); the one test comparing with it then uses the last built binary.
  if (process.env.SSD_E2E_NO_CLI !== '1') buildSsdsim();
  const served = await buildAndServe();
  project.provide('baseUrl', served.url);
  return async () => {
    await served.close();
  };
}
