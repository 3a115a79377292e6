// A trace file scanned by the engine in the worker: idle, reading (with progress), refused at a
// line, failed, or summarised. A new file replaces the scan before it; its late answers are dropped.
import { useCallback, useRef, useState } from 'react';
import type { EngineClient } from '../engine/bridge';
import type { EngineErrorData } from '../engine/errors';
import type { TraceRefusal, TraceScanOptions, TraceScanProgress, TraceSummary } from '../engine/types';

export type TraceScanState =
  | { status: 'idle' }
  | { status: 'reading'; file: string; progress: TraceScanProgress | null }
  | { status: 'refused'; file: string; refusal: TraceRefusal }
  | { status: 'failed'; file: string; error: EngineErrorData }
  | { status: 'done'; file: string; summary: TraceSummary; source: File };

export function useTraceScan(engine: EngineClient | null) {
  const [state, setState] = useState<TraceScanState>({ status: 'idle' });
  const latest = useRef(0);
  const scan = useCallback(
    async (file: File, options: TraceScanOptions) => {
      if (!engine) return;
      const id = ++latest.current;
      const current = () => id === latest.current;
      setState({ status: 'reading', file: file.name, progress: null });
      try {
        const { error, summary } = await engine.scanTrace(file, options, (progress) => {
          if (current()) setState({ status: 'reading', file: file.name, progress });
        });
        if (!current()) return;
        if (error || !summary) setState({ status: 'refused', file: file.name, refusal: error ?? { line: 0, field: 'file', problem: 'unrecognised' } });
        else setState({ status: 'done', file: file.name, summary, source: file });
      } catch (err) {
        if (!current()) return;
        const e = err as Partial<EngineErrorData> & { message?: string };
        setState({ status: 'failed', file: file.name, error: { field: e.field ?? '', code: e.code ?? 'internal', message: e.message ?? String(err) } });
      }
    },
    [engine],
  );
  return { state, scan };
}
