// React's view of a session: the model lives in Session (a plain module); this hook creates one
// per mounted page, starts and disposes its engine in an effect (StrictMode's double mount never
// leaves two engines), reads its snapshot with useStore (a run's frames render as transitions), and opens the link's
// comparison once the catalogue is there (useComparisonLink). The playground and the embed view
// are two layouts over this one session.
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../i18n';
import { workloadKind } from '../scenario/knobs';
import type { KnobBinding } from './knobBinding';
import { runFacts, Session as SessionModel, type SessionOptions } from './Session';
import { useComparisonLink } from './useComparisonLink';
import { useStore } from './useStore';
import type { VariantsModel } from './comparisonRuns';

export { AUTO_RUN_DELAY_MS } from './Session';

export function useSession(options: SessionOptions) {
  const { lang } = useI18n();
  const [model] = useState(() => new SessionModel(options));
  useEffect(() => {
    model.start();
    return () => model.dispose();
  }, [model]);
  const state = useStore(model.store);
  const { view, catalog, scenario } = state;
  // The streamed frame is on screen: the model may paint the next one.
  useEffect(() => model.painted(view.frame), [model, view.frame]);

  const pins = useMemo(() => ({ pins: state.pins, ...model.pins }), [model, state.pins]);
  const { comparison: runs } = model;
  const variants = useMemo<VariantsModel>(() => ({ state: state.variants, runJobs: runs.runJobs, run: runs.run, cancel: runs.cancel, lastBatch: runs.lastBatch }), [runs, state.variants]);
  // Pins and a figure overlay travel in the link; opening one recomputes them.
  const comparison = useComparisonLink(catalog, pins, variants);
  useEffect(() => model.setLinkContext(lang, comparison.params), [model, lang, comparison.params]);

  const scenarioModel = useMemo(
    () => ({
      ...scenario,
      setText: model.setText,
      setValue: model.setValue,
      resetValue: model.resetValue,
      setKind: model.setKind,
      choosePreset: model.choosePreset,
      chooseDrive: model.chooseDrive,
      takeFittedDrive: model.takeFittedDrive,
      importScenario: model.importScenario,
      dismissIssues: model.dismissIssues,
    }),
    [model, scenario],
  );
  const current = useMemo(() => model.current(), [model, scenario]); // eslint-disable-line react-hooks/exhaustive-deps -- derived from the snapshot's scenario
  const facts = useMemo(() => runFacts(state), [state.view.scenario, state.catalog]); // eslint-disable-line react-hooks/exhaustive-deps -- what runFacts reads
  const valid = scenario.validation.status === 'valid' ? scenario.validation : null;
  const kind = current ? workloadKind(current) : 'job';
  // A limit checked only when the run starts (simulator memory, flash work) names its field
  // too: the knob shows it as it would a validation error.
  const runError = view.status === 'failed' ? view.error : null;
  const runRefusal = useMemo(() => (runError?.field && runError.code ? { field: runError.field, code: runError.code, message: runError.message } : null), [runError]);
  const refusal = scenario.validation.status === 'invalid' ? scenario.validation.error : runRefusal;
  const knobs = useMemo<KnobBinding | null>(
    () => (current ? { scenario: current, kind, edited: scenario.edited, error: refusal, set: model.setValue, reset: model.resetValue } : null),
    [current, kind, scenario.edited, refusal, model],
  );

  return {
    model,
    engine: model.engine,
    engineState: state.engineState,
    catalog,
    catalogError: state.catalogError,
    scenario: scenarioModel,
    view,
    cancel: model.cancel,
    runNow: model.runNow,
    retry: model.retry,
    autoRun: state.autoRun,
    setAutoRun: model.setAutoRun,
    pins,
    variants,
    comparison,
    search: state.search,
    current,
    kind,
    /** What every knob on the page is bound to (null until there is a scenario). */
    knobs,
    normalized: valid?.normalized ?? null,
    ...facts,
    traceFile: state.traceFile,
    setTraceFile: model.setTraceFile,
    waitsForTrace: model.waitsForTrace(),
  };
}

export type Session = ReturnType<typeof useSession>;
