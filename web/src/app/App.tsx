// Playground shell: engine status, scenario panel, run controls, live chart and summary.
import { useMemo } from 'react';
import { chartTitle, throughputSeries } from '../charts/pickSeries';
import { ThroughputChart, type ChartLine } from '../charts/ThroughputChart';
import { useEngine } from '../engine/bridge';
import { RunControls } from '../panels/RunControls';
import { ScenarioPanel } from '../panels/ScenarioPanel';
import { SummaryPanel } from '../panels/SummaryPanel';
import { plannedRuntimeS } from '../scenario/knobs';
import { EngineBanner, EngineBadge } from './EngineStatus';
import { useRun, type RunStatus } from './useRun';
import { useScenario } from './useScenario';
import { useTestHook } from './testHook';

const EMPTY = new Float64Array(0);

const EMPTY_SUMMARY: Record<RunStatus, string> = {
  idle: 'Results appear here when a run finishes.',
  running: 'Results appear here when the run finishes.',
  done: '',
  cancelled: 'The run was cancelled before it finished, so there is no summary; the chart keeps what it drew.',
  failed: 'The run failed; see the message beside the Run button.',
};

/** Seconds → the series' x unit, so the x axis can span the planned runtime. */
function runtimeInUnit(seconds: number, unit: string): number {
  const scale: Record<string, number> = { s: 1, ms: 1e3, us: 1e6, µs: 1e6, ns: 1e9 };
  return seconds * (scale[unit] ?? 0);
}

export function App() {
  const { engine, state: engineState } = useEngine();
  const { text, edit, scenario, update, presets, choosePreset, origin, validation } = useScenario(engine, engineState);
  const { view, start, cancel } = useRun(engine);
  useTestHook(view);

  const running = view.status === 'running';
  const lines: ChartLine[] = throughputSeries(view.series).map((i) => ({ meta: view.series[i], points: view.buffers[i]?.view() ?? EMPTY }));
  const runScenario = useMemo(() => (view.scenarioJson ? safeParse(view.scenarioJson) : scenario), [view.scenarioJson, scenario]);
  const xMaxHint = lines.length ? runtimeInUnit(plannedRuntimeS(runScenario), lines[0].meta.x.unit) : 0;
  const canRun = engineState.status === 'ready' && validation.status === 'valid' && text !== null;

  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <div>
            <h1>SSD Playground</h1>
            <p className="muted">Simulate NAND flash, the FTL and host I/O — live, in your browser</p>
          </div>
        </div>
        <EngineBadge state={engineState} />
      </header>

      <EngineBanner state={engineState} onRestart={() => engine?.cancel()} />

      <main className="layout">
        <aside className="sidebar">
          <section className="card">
            <RunControls
              status={view.status}
              engine={engineState.status}
              progress={view.progress}
              canRun={canRun}
              elapsedMs={view.elapsedMs}
              onRun={() => text !== null && start(text)}
              onCancel={cancel}
            />
            {view.status === 'failed' && view.error && (
              <p className="field-error banner-error" role="alert" data-testid="run-error">
                {view.error}
              </p>
            )}
          </section>
          {text !== null ? (
            <ScenarioPanel
              text={text}
              scenario={scenario}
              presets={presets}
              origin={origin}
              validation={validation}
              disabled={running}
              onText={edit}
              onScenario={update}
              onPreset={choosePreset}
            />
          ) : (
            <section className="card scenario skeleton" aria-busy="true">
              <h2>Scenario</h2>
              <p className="muted">{engineState.status === 'failed' ? 'Needs the engine, which failed to load.' : 'Loading the engine…'}</p>
            </section>
          )}
        </aside>
        <div className="content">
          <ThroughputChart title={chartTitle(lines[0]?.meta)} lines={lines} xMaxHint={xMaxHint} running={running} />
          <SummaryPanel summary={view.summary} emptyText={EMPTY_SUMMARY[view.status]} />
        </div>
      </main>
      <footer className="footer muted">
        Rust FTL/NAND model compiled to WebAssembly, running in a Web Worker. Same scenario and seed give the same numbers as the native <code>ssdsim</code> CLI.
      </footer>
    </div>
  );
}

function safeParse(json: string) {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
