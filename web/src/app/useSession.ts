// Everything one page needs, wired together: the engine, its catalogue, the scenario (with the
// URL and storage following it), the run with auto-run, and the compare pins. The playground
// and the embed view are two layouts over this one session.
import { useCallback, useMemo, useState } from 'react';
import { useEngine } from '../engine/bridge';
import { useI18n } from '../i18n';
import { deviceKinds, hasEraseBlocks, workloadKind } from '../scenario/knobs';
import type { JsonObject } from '../scenario/paths';
import { useAutoRun } from './useAutoRun';
import { useCatalog } from './useCatalog';
import { useComparisonLink } from './useComparisonLink';
import { usePins, type Pin } from './usePins';
import { useRun } from './useRun';
import { useScenario } from './useScenario';
import { useTestHook } from './testHook';
import { useUrlSync } from './useUrlSync';
import { useVariants } from './useVariants';

export function useSession({ persist }: { persist: boolean }) {
  const { lang } = useI18n();
  const { engine, state: engineState } = useEngine();
  const { catalog, error: catalogError } = useCatalog(engine, engineState);
  const scenario = useScenario(engine, engineState, catalog, persist);
  // The trace file a trace workload replays (picked in the Your trace panel).
  const [traceFile, setTraceFile] = useState<File | null>(null);
  const { view, start, cancel } = useRun(engine, traceFile);
  const [autoRun, setAutoRun] = useState(true);
  const pins = usePins();
  const { replaceAll, restore } = pins;
  // A figure's members replace the comparison; a link's restored pins lead it.
  const variants = useVariants(useCallback((next: Pin[], restoring: boolean) => (restoring ? restore(next) : replaceAll(next)), [replaceAll, restore]));
  // Pins and a figure overlay travel in the link; opening one recomputes them.
  const comparison = useComparisonLink(catalog, pins, variants);
  useTestHook(view, variants.lastBatch);

  const valid = scenario.validation.status === 'valid' ? scenario.validation : null;
  const normalized = valid?.normalized ?? null;
  const engineReady = engineState.status === 'ready';
  // The knobs show the text as it is now (the engine's normalised copy lags by one validation).
  const current: JsonObject | null = scenario.draft ?? valid?.scenario ?? null;
  const kind = current ? workloadKind(current) : 'job';
  // A trace scenario opened from a link waits for its file (picked in the trace panel); once
  // it is attached, auto-run runs it as any new scenario.
  const waitsForTrace = kind === 'trace' && !traceFile;
  useAutoRun({ enabled: autoRun && !waitsForTrace, scenarioJson: normalized, engineReady, lastRunJson: view.scenarioJson, start });
  const search = useUrlSync(valid?.scenario ?? null, scenario.preset, catalog?.codec ?? null, lang, comparison.params);

  const runNow = useCallback(() => {
    if (normalized) start(normalized);
  }, [normalized, start]);

  /** A failed run or a crashed engine: restart the engine if it died, then run again. */
  const retry = useCallback(() => {
    if (engineState.status === 'failed') engine?.cancel();
    if (normalized) start(normalized);
  }, [engine, engineState.status, normalized, start]);

  // The run's own scenario, not the one being edited, decides how its results read.
  const runScenario = useMemo(() => {
    if (!view.scenarioJson) return null;
    try {
      return JSON.parse(view.scenarioJson) as unknown;
    } catch {
      return null;
    }
  }, [view.scenarioJson]);
  // The x axis of time charts: a job's runtime.
  const runtimeS = useMemo(() => {
    const s = runScenario as { workload?: { kind?: string; runtime?: number } } | null;
    return s?.workload?.kind === 'job' && typeof s.workload.runtime === 'number' ? s.workload.runtime : 0;
  }, [runScenario]);
  // Which summary values mean something, and whether a block map is coming (3D XPoint: none).
  const runDevices = useMemo(() => deviceKinds(runScenario), [runScenario]);
  const blockMapExpected = catalog ? hasEraseBlocks(catalog.knobs, runDevices) : true;

  return { engine, engineState, catalog, catalogError, scenario, view, start, cancel, runNow, retry, autoRun, setAutoRun, pins, variants, comparison, search, current, kind, normalized, runtimeS, runDevices, blockMapExpected, traceFile, setTraceFile, waitsForTrace };
}

export type Session = ReturnType<typeof useSession>;
