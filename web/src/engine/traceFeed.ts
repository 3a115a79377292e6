// A trace file pushed into a running trace workload (wasm `attach_pushed_trace`): read from the
// Blob a slice at a time into one reused buffer (`blobChunks`), only as far as the engine's
// bounded buffer takes, so the worker holds one slice whatever the file's size. The run is the
// same however the file is sliced (the engine parks the commands that found no input and resumes
// them at the time they asked).
import { blobChunks } from './blobChunks';
import type { Simulation } from './pkg/ssd_wasm.js';
import type { EngineGuard } from './engineGuard';

/** Bytes read from the file at a time. */
export const TRACE_FEED_BYTES = 1 << 20;

export interface TraceFeed {
  /** Feeds until the engine's buffer is full or the file has ended (then says so). */
  top(): Promise<void>;
}

export function traceFeed({ guard }: EngineGuard, sim: Simulation, file: Blob, sliceBytes = TRACE_FEED_BYTES): TraceFeed {
  guard(() => sim.attach_pushed_trace(file.size));
  let chunks = blobChunks(file, sliceBytes);
  let pending: Uint8Array | null = null;
  let finished = false;
  return {
    async top() {
      if (guard(() => sim.trace_wants_restart())) {
        // The engine read the file once before its replay, or a looping trace starts another
        // pass: from the file's first byte again.
        await chunks.close();
        [chunks, pending, finished] = [blobChunks(file, sliceBytes), null, false];
      }
      while (!finished) {
        if (!pending || pending.length === 0) {
          pending = await chunks.next();
          if (!pending) {
            guard(() => sim.finish_trace_input());
            finished = true;
            return;
          }
        }
        const chunk = pending;
        const taken = guard(() => sim.feed_trace(chunk));
        pending = chunk.subarray(taken);
        if (pending.length > 0) return; // the buffer is full: the run takes some first
      }
    },
  };
}
