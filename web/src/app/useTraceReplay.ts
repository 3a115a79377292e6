// "Replay on this drive": the scanned trace becomes the scenario's workload (the trace kind's
// defaults, with the file's name, size and detected format) and its file goes with every run of
// it (useRun), so auto-run replays it as the knobs change.
import { useCallback } from 'react';
import type { TraceSummary } from '../engine/types';
import { formatScenario } from './scenarioText';
import type { Session } from './useSession';

export function useTraceReplay(s: Session): (file: File, summary: TraceSummary) => void {
  const { catalog, current, setTraceFile } = s;
  const { setText } = s.scenario;
  return useCallback(
    (file: File, summary: TraceSummary) => {
      const defaults = catalog?.workloadDefaults.trace;
      if (!current || !defaults) return;
      setTraceFile(file);
      setText(formatScenario({ ...current, workload: { ...defaults, format: summary.format, name: file.name, bytes: file.size } }));
    },
    [catalog, current, setTraceFile, setText],
  );
}
