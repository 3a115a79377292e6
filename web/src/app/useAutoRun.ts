// Re-runs the scenario shortly after it changes (a knob, a preset, the JSON editor), so the
// charts follow the knobs. The debounce lets a typed number settle before work starts; a run
// the user cancelled is not restarted until the scenario changes again.
import { useEffect, useRef } from 'react';

export const AUTO_RUN_DELAY_MS = 350;

interface Options {
  enabled: boolean;
  /** The normalised scenario JSON, null while the scenario is invalid or loading. */
  scenarioJson: string | null;
  engineReady: boolean;
  /** The scenario of the current or last run. */
  lastRunJson: string | null;
  start(scenarioJson: string): void;
}

export function useAutoRun({ enabled, scenarioJson, engineReady, lastRunJson, start }: Options): void {
  const first = useRef(true);
  useEffect(() => {
    if (!enabled || !scenarioJson || !engineReady || scenarioJson === lastRunJson) return;
    // The first scenario of the page runs at once; later edits wait for the typing to stop.
    const delay = first.current ? 0 : AUTO_RUN_DELAY_MS;
    const timer = setTimeout(() => {
      first.current = false;
      start(scenarioJson);
    }, delay);
    return () => clearTimeout(timer);
  }, [enabled, scenarioJson, engineReady, lastRunJson, start]);
}
