// A read-only window.__ssd hook so end-to-end tests (and curious users in devtools) can read
// exactly what the page received from the engine, bit for bit, without scraping the SVG.
import { useEffect } from 'react';
import type { RunView } from './useRun';

export interface SsdTestHook {
  status: RunView['status'];
  progress: number;
  scenarioJson: string | null;
  summary: RunView['summary'];
  error: string | null;
  series(): { id: string; label: string; points: [number, number][] }[];
}

declare global {
  interface Window {
    __ssd?: SsdTestHook;
  }
}

export function useTestHook(view: RunView): void {
  useEffect(() => {
    window.__ssd = {
      status: view.status,
      progress: view.progress,
      scenarioJson: view.scenarioJson,
      summary: view.summary,
      error: view.error,
      series: () => view.series.map((s, i) => ({ id: s.id, label: s.label, points: view.buffers[i]?.toPairs() ?? [] })),
    };
  }, [view]);
}
