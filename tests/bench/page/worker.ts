// The bench's Web Worker: the wasm engine as the app's worker loads it (`init()`, --target
// web), timed with this worker's performance.now().
import init, { Compiled, Simulation } from '../../../web/src/engine/pkg/ssd_wasm.js';
import { newSimulation } from '../../../web/src/engine/newSimulation';
import { measure } from '../measure';
import type { WorkerReply, WorkerRequest } from './protocol';

const ready = init();
const nowS = () => performance.now() / 1000;

function post(reply: WorkerReply): void {
  self.postMessage(reply);
}

/** Engine refusals cross as `{field, code, message}` objects, not Errors. */
function describe(err: unknown): string {
  return err instanceof Error ? err.message : JSON.stringify(err);
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  const wasm = await ready;
  const memoryBytes = () => wasm.memory.buffer.byteLength;
  const memoryBytesBefore = memoryBytes();
  const measurements = Array.from({ length: request.repeat }, () => measure(() => newSimulation({ Simulation, Compiled }, request.scenario, request.causes), nowS));
  return { kind: 'measured', measurements, memoryBytesBefore, memoryBytesAfter: memoryBytes() };
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  handle(event.data).then(post, (err: unknown) => post({ kind: 'failed', message: describe(err) }));
};
ready.then(
  () => post({ kind: 'ready' }),
  (err: unknown) => post({ kind: 'failed', message: `wasm did not load: ${describe(err)}` }),
);
