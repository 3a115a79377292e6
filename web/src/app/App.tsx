// The playground page: header, knobs on the left, live charts and the summary on the right.
import { useCallback, useMemo, useState } from 'react';
import { chartDefs } from '../charts/chartSpecs';
import { RunCharts } from '../charts/RunCharts';
import { compatiblePins } from '../charts/SeriesChartCard';
import { downloadText } from '../charts/exportChart';
import { useI18n } from '../i18n';
import { figureText } from '../i18n/engineText';
import { DevicePanel } from '../panels/DevicePanel';
import { PresetPicker } from '../panels/PresetPicker';
import { PhoneKnobsJump } from '../panels/PhoneKnobsJump';
import { SummaryPanel } from '../panels/SummaryPanel';
import { WorkloadPanel } from '../panels/WorkloadPanel';
import { getPath, jsonText, sameJson, type JsonObject } from '../scenario/paths';
import { describeError } from '../engine/errors';
import type { Figure, SummaryField } from '../engine/types';
import { deviceKinds, knobForField, knobsFor, workloadKind } from '../scenario/knobs';
import { appBase } from './appBase';
import { CompareBar } from './CompareBar';
import { EmbedDialog } from './EmbedDialog';
import { EngineBanner } from './EngineStatus';
import { IssueBanner } from './IssueBanner';
import { JsonEditor } from './JsonEditor';
import { ShareDialog } from './ShareDialog';
import { Topbar } from './Topbar';
import { runPinLabel } from './pinLabel';
import { pinId } from './usePins';
import { SessionRunControls } from './SessionRunControls';
import { useSession } from './useSession';
import { Icon } from '../ui/Icon';
import { LabCard } from '../explain/lab/LabCard';

const NO_FIELDS: SummaryField[] = [];

export function App() {
  const { t, lang } = useI18n();
  const s = useSession({ persist: true });
  const { catalog, scenario, view, current, kind } = s;
  const devices = useMemo(() => deviceKinds(current), [current]);
  const [dialog, setDialog] = useState<'share' | 'embed' | null>(null);
  const error = scenario.validation.status === 'invalid' ? scenario.validation.error : null;
  // A limit checked only when the run starts (simulator memory, flash work) names its field
  // too: the form marks that knob as it would a validation error.
  const runError = view.status === 'failed' ? view.error : null;
  // One object per refusal: the memoised knob panels skip the frames of a streaming run.
  const runRefusal = useMemo(() => (runError?.field && runError.code ? { field: runError.field, code: runError.code, message: runError.message } : null), [runError]);
  const knobError = error ?? runRefusal;
  const { choosePreset, preset: presetName } = scenario;
  const resetPreset = useCallback(() => choosePreset(presetName), [choosePreset, presetName]);
  const runVariants = s.variants.run;
  const compareVariants = useCallback((f: Figure) => void runVariants(f), [runVariants]);
  const preset = catalog?.presets.find((p) => p.name === scenario.preset);
  const presetKind = preset ? workloadKind(preset.scenario) : kind;
  const filenameBase = `ssd-${scenario.preset || 'scenario'}`;
  const canShare = s.search !== null;
  const shareUrl = s.search !== null ? `${appBase()}?${s.search}` : '';

  const headlineMeta = view.series[chartDefs(view.series)[0]?.series[0] ?? -1];
  // The preset the shown run is, exactly as shipped (or null once anything differs).
  const runPreset = useMemo(() => (preset && view.scenarioJson && sameJson(JSON.parse(view.scenarioJson) as JsonObject, preset.scenario as unknown as JsonObject) ? preset.name : null), [preset, view.scenarioJson]);

  // The article figure on the comparison, if any (the Embed dialog can embed it alone).
  const pinnedFigure = catalog?.figures.find((f) => f.name === s.pins.pins.find((p) => p.figure)?.figure);

  const closeDialog = useCallback(() => setDialog(null), []);
  const embedCharts = useMemo(() => [...chartDefs(view.series).map((d) => d.id), ...(s.blockMapExpected ? ['blocks'] : [])], [view.series, s.blockMapExpected]);

  const pinCurrent = () => {
    if (view.status !== 'done' || !view.scenarioJson || !catalog) return;
    const head = chartDefs(view.series)[0];
    if (!head) return;
    const runScenario = JSON.parse(view.scenarioJson) as JsonObject;
    // Named from the scenario alone, as a page opened from the share link names it.
    s.pins.add({
      id: pinId(),
      basePreset: scenario.preset,
      scenarioJson: view.scenarioJson,
      series: head.series.map((i) => ({ meta: view.series[i], points: view.buffers[i].view().slice() })),
      summary: view.summary,
      label: runPinLabel(catalog, scenario.preset, runScenario),
    });
  };

  const emptySummary = {
    idle: t('summary.idle'),
    running: t('summary.running'),
    done: '',
    cancelled: t('summary.cancelled'),
    failed: t('summary.failed'),
  }[view.status];

  return (
    <div className="app">
      <a className="skip-link" href="#charts">
        {t('app.skip')}
      </a>
      <Topbar
        engine={s.engineState}
        canShare={canShare}
        onShare={() => setDialog('share')}
        onEmbed={() => setDialog('embed')}
        onExport={() => scenario.validation.status === 'valid' && downloadText(`${scenario.validation.normalized}\n`, `${filenameBase}.json`, 'application/json')}
        onImport={(text) => void scenario.importScenario(text)}
      />
      <EngineBanner state={s.engineState} onRestart={s.retry} />
      <IssueBanner
        issues={[...scenario.issues, ...s.comparison.issues]}
        importError={scenario.importError}
        onDismiss={() => {
          scenario.dismissIssues();
          s.comparison.dismiss();
        }}
      />

      <main className="layout">
        <aside className="sidebar" aria-label={t('app.controls')}>
          <section className="card run-card">
            <SessionRunControls s={s} />
          </section>
          {catalog && scenario.ready && current ? (
            <>
              <PresetPicker
                presets={catalog.presets}
                figures={catalog.figures}
                preset={scenario.preset}
                editedCount={scenario.edited.length + (kind !== presetKind ? 1 : 0)}
                variantsBusy={s.variants.state.status === 'running'}
                onPreset={scenario.choosePreset}
                onReset={resetPreset}
                onVariants={compareVariants}
              />
              <WorkloadPanel
                knobs={catalog.knobs}
                scenario={current}
                kind={kind}
                presetKind={presetKind}
                edited={scenario.edited}
                error={knobError}
                onKind={scenario.setKind}
                onChange={scenario.setValue}
                onReset={scenario.resetValue}
              />
              <DevicePanel knobs={catalog.knobs} scenario={current} kind={kind} edited={scenario.edited} error={knobError} onChange={scenario.setValue} onReset={scenario.resetValue} />
              {/* A refusal no knob on screen can show (the document, a cross-field rule) reads here. */}
              {error && !knobForField(knobsFor(catalog.knobs, kind, devices), error.field) && (
                <p className="field-error banner-error" role="alert" data-testid="scenario-error" data-code={error.code}>
                  {describeError(error)}
                </p>
              )}
              <JsonEditor text={scenario.text} onText={scenario.setText} />
            </>
          ) : (
            <section className="card panel skeleton" aria-busy="true">
              <h2>{t('panel.preset')}</h2>
              <p className="muted">{s.engineState.status === 'failed' ? t('engine.needed') : t('run.loading')}</p>
              <div className="skeleton-lines" aria-hidden="true">
                <span />
                <span />
                <span />
              </div>
            </section>
          )}
        </aside>
        <div className={`content${view.stale ? ' stale' : ''}`} id="charts" aria-busy={view.status === 'running'}>
          <RunCharts
            view={view}
            pins={s.pins.pins}
            onRemovePin={s.pins.remove}
            runtimeS={s.runtimeS}
            filenameBase={filenameBase}
            blocks={s.blockMapExpected}
            runPreset={runPreset}
            headlineActions={
              <button type="button" className="btn btn-ghost btn-small" onClick={pinCurrent} disabled={view.status !== 'done'} data-testid="pin" title={t('compare.pinHelp')}>
                <Icon name="pin" />
                {t('compare.pin')}
              </button>
            }
            afterHeadline={<CompareBar pins={s.pins} variants={s.variants} figures={catalog?.figures ?? []} hidden={s.pins.pins.length - compatiblePins(s.pins.pins, headlineMeta).length} />}
          />
          <SummaryPanel summary={view.summary} fields={catalog?.summaryFields ?? NO_FIELDS} emptyText={emptySummary} devices={s.runDevices} />
          <LabCard />
        </div>
      </main>
      <PhoneKnobsJump ready={!!(catalog && scenario.ready && current)} />
      <footer className="footer muted">
        {t('app.footer')} <code>ssdsim</code>
        {typeof getPath(current, 'seed') === 'number' && <span> · {t('app.seed', { seed: jsonText(getPath(current, 'seed')) })}</span>}
      </footer>

      <ShareDialog open={dialog === 'share'} url={shareUrl} seed={typeof getPath(current, 'seed') === 'number' ? (getPath(current, 'seed') as number) : null} compared={s.pins.pins.length} onClose={closeDialog} />
      {catalog && s.search !== null && (
        <EmbedDialog
          open={dialog === 'embed'}
          base={appBase()}
          search={s.search}
          charts={embedCharts}
          knobs={catalog.knobs}
          kind={kind}
          devices={devices}
          edited={scenario.edited}
          figureTitle={pinnedFigure ? figureText(lang, pinnedFigure).title : null}
          compared={s.pins.pins.length}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
