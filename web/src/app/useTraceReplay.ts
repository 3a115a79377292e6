// "Replay on this drive": the scanned trace becomes the scenario's workload (the trace kind's
// defaults, with the file's name, size, detected format and a window fitting its duration) and its file goes with every run of
// it (useRun), so auto-run replays it as the knobs change.
import { useCallback } from 'react';
import type { TraceSummary } from '../engine/types';
import { formatScenario } from './scenarioText';
import type { Session } from './useSession';

/** Throughput points the recorded duration is drawn with. */
const WINDOWS_PER_TRACE = 10_000;

/**
 * The averaging window for a replay: the trace's recorded duration over 10,000 points, at least
 * 1 ms. The engine cannot know a streamed trace's duration before its end, and its 1 ms default
 * covers 160 s at most (`MAX_TIME_POINTS`); sized from the scan, the windows cover 16 times the
 * recorded duration. 0 (the engine's 1 ms) for a trace without times.
 */
export function replayWindowMs(summary: Pick<TraceSummary, 'duration_ns'>): number {
  return summary.duration_ns > 0 ? Math.max(1, Math.ceil(summary.duration_ns / 1e6 / WINDOWS_PER_TRACE)) : 0;
}

export function useTraceReplay(s: Session): (file: File, summary: TraceSummary) => void {
  const { catalog, current, setTraceFile } = s;
  const { setText } = s.scenario;
  return useCallback(
    (file: File, summary: TraceSummary) => {
      const defaults = catalog?.workloadDefaults.trace;
      if (!current || !defaults) return;
      setTraceFile(file);
      setText(formatScenario({ ...current, workload: { ...defaults, format: summary.format, name: file.name, bytes: file.size, log_avg_msec: replayWindowMs(summary) } }));
    },
    [catalog, current, setTraceFile, setText],
  );
}
