// Module worker hosting the wasm engine. Comlink.expose runs synchronously at load (before the
// wasm has finished loading) so no early call is lost; every API method awaits `ready` instead.
import * as Comlink from 'comlink';
import init from './pkg/ssd_wasm.js';
import { createEngineApi } from './api';
import { registerErrorTransfer } from './errors';

// Refusals keep their field and code on the way to the page (the page registers the same).
registerErrorTransfer();

const ready = init();
// Keep an unobserved failure from becoming an unhandled rejection; callers see it via ping().
ready.catch(() => {});

const api = createEngineApi(ready);
export type WorkerApi = typeof api;

Comlink.expose(api);
