// The worker API's trace scan: a trace file read in chunks and summarised by the engine's
// reader (the one `ssdsim trace` uses). The file is never held whole: each chunk is read from
// the Blob into one reused buffer and fed, so a 1 GiB trace costs the worker a chunk and the
// reader's bounded state.
import { blobChunks } from './blobChunks';
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
      const chunks = blobChunks(file, TRACE_CHUNK_BYTES);
      try {
        let bytes = 0;
        for (let chunk = await chunks.next(); chunk; chunk = await chunks.next()) {
          const fed = read('trace_fed', () => scan.feed(chunk));
          bytes += chunk.length;
          onProgress?.({ bytes, totalBytes: file.size, commands: fed.commands, lines: fed.lines });
          if (fed.error) return { error: fed.error, summary: null };
        }
        return read('trace_finished', () => scan.finish());
      } finally {
        await chunks.close();
        if (!engine.poisoned()) scan.free();
      }
    },
  };
}
