// The playground's left column: run controls, then the preset and the knobs built from the
// engine's knob table (a skeleton until the catalogue arrives). Refusals are marked on the knob
// they name; one no knob on screen can show is said under the forms.
import { useCallback } from 'react';
import { describeError, type EngineErrorData } from '../engine/errors';
import type { Figure } from '../engine/types';
import { useI18n } from '../i18n';
import { DevicePanel } from '../panels/DevicePanel';
import { PresetPicker } from '../panels/PresetPicker';
import { TracePanel } from '../panels/TracePanel';
import { WorkloadPanel } from '../panels/WorkloadPanel';
import { knobForField, knobsFor, workloadKind } from '../scenario/knobs';
import { JsonEditor } from './JsonEditor';
import { DraftRefusal, RefusalBanner } from './RefusalBanner';
import { useDraftProblems } from '../ui/fieldDrafts';
import { SessionRunControls } from './SessionRunControls';
import { useFioJob } from './useFioJob';
import { useFioResult } from './useFioResult';
import { useFitKnobs } from './useFitKnobs';
import { useNearestDrives } from './useNearestDrives';
import { FioResultFile } from '../panels/FioResultFile';
import { wantedTrace } from '../session/traceReplay';
import type { Session } from '../session/useSession';

export function PlaygroundSidebar({ s, devices }: { s: Session; devices: readonly string[] }) {
  const { t } = useI18n();
  const { catalog, scenario, current, kind } = s;
  const error = scenario.validation.status === 'invalid' ? scenario.validation.error : null;
  const { choosePreset, preset: presetName } = scenario;
  const resetPreset = useCallback(() => choosePreset(presetName), [choosePreset, presetName]);
  const runVariants = s.variants.run;
  const compareVariants = useCallback((f: Figure) => void runVariants(f), [runVariants]);
  const preset = catalog?.presets.find((p) => p.name === scenario.preset);
  const presetKind = preset ? workloadKind(preset.scenario) : kind;
  const fio = useFioJob(s);
  const fioJobName = fio.notice?.status === 'imported' ? fio.notice.result.name : null;
  const fioResult = useFioResult(s, fioJobName);
  const nearest = useNearestDrives(s, fioResult, fioJobName);
  const fit = useFitKnobs(s, fioResult, fioJobName);
  const replayTrace = s.model.replayTrace;
  const drafts = useDraftProblems();

  return (
    <aside className="sidebar" aria-label={t('app.controls')}>
      <section className="card run-card">
        <SessionRunControls s={s} />
        {error && catalog && <RefusalBanner error={error} knobs={catalog.knobs} />}
        {catalog && <DraftRefusal problems={drafts} knobs={catalog.knobs} />}
      </section>
      {catalog && scenario.ready && current && s.knobs ? (
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
            layout={catalog.layout}
            binding={s.knobs}
            presetKind={presetKind}
            onKind={scenario.setKind}
            fio={fio}
            traceReady={s.traceFile !== null}
          />
          <FioResultFile fio={fioResult} nearest={nearest} fit={fit} />
          <TracePanel engine={s.engine} onReplay={replayTrace} wanted={wantedTrace(current, s.traceFile)} onAttach={s.setTraceFile} />
          <DevicePanel knobs={catalog.knobs} layout={catalog.layout} binding={s.knobs} />
          {/* A refusal no knob on screen can show (the document, a cross-field rule) reads here. */}
          {error && !knobForField(knobsFor(catalog.knobs, kind, devices), error.field) && (
            <p className="field-error banner-error" role="alert" data-testid="scenario-error" data-code={error.code}>
              {describeError(error)}
            </p>
          )}
          <JsonEditor text={scenario.text} onText={scenario.setText} />
        </>
      ) : (
        <KnobsSkeleton failed={s.engineState.status === 'failed'} catalogError={s.catalogError} />
      )}
    </aside>
  );
}

/** Where the knobs will be: loading, or why they cannot be (the engine failed, or its catalogue was refused). */
export function KnobsSkeleton({ failed, catalogError }: { failed: boolean; catalogError: EngineErrorData | null }) {
  const { t } = useI18n();
  return (
    <section className="card panel skeleton" aria-busy={!failed && !catalogError}>
      <h2>{t('panel.preset')}</h2>
      {catalogError && !failed ? (
        <p className="field-error" role="alert" data-testid="catalog-error" data-code={catalogError.code}>
          {t('engine.catalogFailed')} {describeError(catalogError)}
        </p>
      ) : (
        <p className="muted">{failed ? t('engine.needed') : t('run.loading')}</p>
      )}
      <div className="skeleton-lines" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </section>
  );
}
