// The worker API's trace scan: a trace file read in chunks and summarised by the engine's
// reader (the one `ssdsim trace` uses). The file is never held whole: each chunk is read from
// the Blob, fed, and dropped, so a 1 GiB trace costs the worker a chunk and the reader's bounded
// state.
import type { EngineGuard } from './engineGuard';
import type { TraceFinished, TraceScanOptions, TraceScanProgress } from './types';

/** Bytes read from the file per step: large enough that the calls cost nothing, small enough to report progress often. */
export const TRACE_CHUNK_BYTES = 4 << 20;

export function traceApi(engine: EngineGuard) {
  const { ready, guard, read } = engine;
  return {
    /**
     * Reads `file` through the engine's trace reader; `onProgress` hears after every chunk.
     * A refused line ends the scan early with its line, field and problem in `error`.
     */
    async scanTrace(file: Blob, options: TraceScanOptions, onProgress?: (p: TraceScanProgress) => void): Promise<TraceFinished> {
      await ready;
      const scan = guard(() => new engine.wasm.TraceScan(JSON.stringify(options)));
      try {
        for (let at = 0; at < file.size; at += TRACE_CHUNK_BYTES) {
          const chunk = new Uint8Array(await file.slice(at, at + TRACE_CHUNK_BYTES).arrayBuffer());
          const fed = read('trace_fed', () => scan.feed(chunk));
          onProgress?.({ bytes: Math.min(at + TRACE_CHUNK_BYTES, file.size), totalBytes: file.size, commands: fed.commands, lines: fed.lines });
          if (fed.error) return { error: fed.error, summary: null };
        }
        return read('trace_finished', () => scan.finish());
      } finally {
        if (!engine.poisoned()) scan.free();
      }
    },
  };
}
