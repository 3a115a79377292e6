// Builds the app with Vite and serves dist/ with `vite preview` on a free loopback port.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';

const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Vitest sets NODE_ENV=test, and Vite keeps an existing NODE_ENV: the build would bundle React's
 * development runtime (about 3x slower, with checks users never run). The browser tests test
 * what `npm run build:web` ships.
 */
async function productionBuild<T>(run: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * SSD_E2E_OUT_DIR builds into another directory than dist/, so two checkouts' (or two
 * developers') browser tests on one machine never serve each other's half-written build.
 */
export async function buildAndServe(outDir = process.env.SSD_E2E_OUT_DIR): Promise<Served> {
  const output = outDir ? { build: { outDir, emptyOutDir: true } } : {};
  await productionBuild(() => build({ configFile, logLevel: 'warn', ...output }));
  const port = await freePort();
  const server: PreviewServer = await preview({
    configFile,
    logLevel: 'warn',
    ...output,
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => server.close(),
  };
}
