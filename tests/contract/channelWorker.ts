// A Worker look-alike for the contract tests: a MessageChannel whose other end runs an engine API
// (by default the real wasm) in this process through Comlink, as the worker does in the browser.
import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { loadEngine } from './loadEngine';

export function channelWorker(api: object = loadEngine()): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
  const worker = port1 as unknown as Worker & { terminate(): void };
  worker.terminate = () => {
    port1.close();
    port2.close();
  };
  return worker;
}
