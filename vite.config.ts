import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { oembedPlugin } from './scripts/vite-oembed.ts';
import { storyRunsPlugin } from './scripts/vite-story-runs.ts';
import { offlinePlugin } from './scripts/vite-offline.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The app lives in web/; static assets in public/; the build goes to dist/ at the top level.
// No wasm plugin: the wasm-bindgen glue (--target web) does `new URL('*_bg.wasm', import.meta.url)`,
// which Vite rewrites into an emitted asset as long as the worker is bundled as an ES module.
export default defineConfig({
  root: here('./web'),
  // Relative asset URLs: the app (and its embed page) works from any sub-path it is hosted at.
  base: './',
  publicDir: here('./public'),
  // oembedPlugin: the oEmbed endpoint (absolute URLs) for preview/dev, and for a build told its public address.
  // storyRunsPlugin: every story step's finished runs, computed at build time (steps draw at once).
  // offlinePlugin: dist/sw.js, which keeps the built site for use offline after a first visit.
  plugins: [react(), oembedPlugin(), storyRunsPlugin(), offlinePlugin(here('./public'))],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // react-dom's client and d3 are most of the main chunk (~200 kB gzipped); one chunk keeps
    // the embed page to a single request.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Two pages, one bundle: the playground and the embeddable chart.
      input: { main: here('./web/index.html'), embed: here('./web/embed.html') },
    },
  },
  worker: {
    format: 'es',
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
