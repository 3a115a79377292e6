// A read-only window.__ssd hook so end-to-end tests (and curious users in devtools) can read
// exactly what the page received from the engine and what each chart draws, bit for bit,
// without scraping the SVG.
import { useEffect } from 'react';
import { chartData, chartIds } from '../charts/registry';
import type { BatchStats } from '../engine/pool';
import type { EngineClient, EngineStats } from '../engine/bridge';
import type { RunView } from '../session/runView';

export interface SsdTestHook {
  status: RunView['status'];
  progress: number;
  scenarioJson: string | null;
  summary: RunView['summary'];
  error: string | null;
  /** The engine's error code of a failed run (engine_abort after a trap), else null. */
  errorCode: string | null;
  /** Runs started on this page so far. */
  runs: number;
  series(): { id: string; label: string; points: [number, number][] }[];
  /** What a chart draws, by chart id ("headline", "throughput", …). */
  chart(id: string): { key: string; label: string; points: [number, number][] }[] | null;
  charts(): string[];
  blockMap(): { planes: number; blocksPerPlane: number; unitsPerBlock: number; valid: number[]; eraseCounts: number[] } | null;
  /** The last comparison batch ("Compare variants", a link's pins): workers, how many ran at once, wall time. */
  comparison(): BatchStats | null;
  /** What the page's engine has done: workers started, wasm loads, compiles (one per edit). */
  engineStats(): Promise<EngineStats | null>;
}

declare global {
  interface Window {
    __ssd?: SsdTestHook;
  }
}

export function useTestHook(view: RunView, lastBatch: () => BatchStats | null, engine: EngineClient | null): void {
  useEffect(() => {
    window.__ssd = {
      status: view.status,
      progress: view.progress,
      scenarioJson: view.scenarioJson,
      summary: view.summary,
      error: view.error?.message ?? null,
      errorCode: view.error?.code ?? null,
      runs: view.runs,
      series: () => view.series.map((s, i) => ({ id: s.id, label: s.label, points: view.buffers[i]?.toPairs() ?? [] })),
      chart: (id) => chartData(id),
      charts: () => chartIds(),
      blockMap: () =>
        view.blockMap && {
          planes: view.blockMap.planes,
          blocksPerPlane: view.blockMap.blocksPerPlane,
          unitsPerBlock: view.blockMap.unitsPerBlock,
          valid: Array.from(view.blockMap.valid),
          eraseCounts: Array.from(view.blockMap.eraseCounts),
        },
      comparison: lastBatch,
      engineStats: async () => engine?.stats() ?? null,
    };
  }, [view, lastBatch, engine]);
}
