// "Fit the knobs to this result", under "Nearest preset drive": the engine's search (the one
// `ssdsim fio fit` drives) moves the drive's headline knobs toward the loaded fio result, one run at
// a time (cancellable, with progress), then a table of the knobs it moved and one of each metric
// before and fitted, labelled as fitted to this one measurement. "Use the fitted drive" is the
// session's edit; until it is pressed the reader's scenario, charts and link stay as they are.
import type { FioComparison } from '../engine/generated/FioComparison';
import type { FitMove } from '../engine/generated/FitMove';
import type { FitOutput } from '../engine/generated/FitOutput';
import type { FitState } from '../session/fitRuns';
import type { Knob } from '../scenario/knobs';
import { formatBytesShort } from '../scenario/bytes';
import { knobUnitText } from '../scenario/knobFormat';
import { formatValue } from '../run/format';
import { knobText } from '../i18n/engineText';
import { useI18n } from '../i18n';
import { distanceText, errorText, metricName, metricValue } from './fioResult';
import { LaneProgress } from './LaneProgress';

export interface FitControls {
  state: FitState;
  run(): void;
  cancel(): void;
  /** Puts the fitted drive into the scenario. */
  use(): void;
  /** The fitted drive is the one in the scenario now. */
  inUse: boolean;
  /** The catalogue's knobs: each moved knob's label and unit, by its id. */
  knobs: readonly Knob[];
}

export function FitKnobs({ fit }: { fit: FitControls }) {
  const { t } = useI18n();
  const { state } = fit;
  return (
    <section className="fio-nearest fio-fit" data-testid="fio-fit" aria-labelledby="fio-fit-title">
      <h3 id="fio-fit-title">{t('fioResult.fit.title')}</h3>
      <p className="muted">{t('fioResult.fit.intro')}</p>
      {state.status === 'running' ? (
        <LaneProgress
          testId="fio-fit"
          label={state.most > 0 ? t('fioResult.fit.progress', { n: state.tried, most: state.most }) : t('fioResult.fit.starting')}
          fraction={state.most > 0 ? Math.min(1, (state.tried - 1 + state.progress) / state.most) : 0}
          title={t('fioResult.fit.title')}
          cancelLabel={t('fioResult.fit.cancel')}
          onCancel={fit.cancel}
        />
      ) : (
        <button type="button" className="btn btn-small" onClick={fit.run} data-testid="fio-fit-run">
          {t('fioResult.fit.run')}
        </button>
      )}
      {state.status === 'failed' && (
        <p className="field-error" role="alert">
          {t('fioResult.fit.failed', { message: state.message })}
        </p>
      )}
      {state.status === 'done' && <FitResult output={state.output} fit={fit} />}
    </section>
  );
}

function FitResult({ output, fit }: { output: FitOutput; fit: FitControls }) {
  const { t, locale } = useI18n();
  const d = (c: FioComparison) => (c.geomean_ratio === null ? '—' : distanceText(c.geomean_ratio, locale));
  return (
    <div data-testid="fio-fit-result">
      <p className="fio-fit-label" data-testid="fio-fit-label">
        <strong>{t('fioResult.fit.label', { tried: output.tried })}</strong>
      </p>
      {output.knobs.length === 0 ? <p data-testid="fio-fit-none">{t('fioResult.fit.none')}</p> : <KnobTable moves={output.knobs} knobs={fit.knobs} job={output.before.job} />}
      <MetricTable before={output.before} after={output.after} />
      <p className="muted" data-testid="fio-fit-distance" data-before={output.before.geomean_ratio ?? ''} data-after={output.after.geomean_ratio ?? ''}>
        {t('fioResult.fit.distance', { before: d(output.before), after: d(output.after) })}
      </p>
      {output.knobs.length > 0 && (
        <button type="button" className="btn btn-small" onClick={fit.use} disabled={fit.inUse} data-testid="fio-fit-use">
          {t('fioResult.fit.use')}
        </button>
      )}
    </div>
  );
}

/** A knob's value as its form reads it: sizes in binary units, other numbers with the knob's unit. */
function knobValue(v: number, knob: Knob | undefined, lang: 'en' | 'ja', locale: string): string {
  if (knob?.kind === 'bytes') return formatBytesShort(v, locale);
  const unit = knob?.unit ? knobUnitText(knob.unit, lang) : '';
  return unit ? `${formatValue(v, locale)} ${unit}` : formatValue(v, locale);
}

function KnobTable({ moves, knobs, job }: { moves: readonly FitMove[]; knobs: readonly Knob[]; job: string }) {
  const { t, lang, locale } = useI18n();
  return (
    <table className="group-table fio-fit-knobs" data-testid="fio-fit-knobs">
      <caption>{t('fioResult.fit.knobsTitle', { job })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('fioResult.fit.knob')}</th>
          <th scope="col">{t('fioResult.fit.before')}</th>
          <th scope="col">{t('fioResult.fit.fitted')}</th>
        </tr>
      </thead>
      <tbody>
        {moves.map((m) => {
          const knob = knobs.find((k) => k.path === m.knob);
          return (
            <tr key={m.knob} data-fit-knob={m.knob} data-before={m.before} data-after={m.after}>
              <th scope="row">{knob ? knobText(lang, knob).label : m.knob}</th>
              <td>{knobValue(m.before, knob, lang, locale)}</td>
              <td>{knobValue(m.after, knob, lang, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function MetricTable({ before, after }: { before: FioComparison; after: FioComparison }) {
  const { t, locale } = useI18n();
  return (
    <table className="group-table fio-fit-metrics" data-testid="fio-fit-metrics">
      <caption>{t('fioResult.fit.metricsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('fioResult.metric')}</th>
          <th scope="col">{t('fioResult.measured')}</th>
          <th scope="col">{t('fioResult.fit.modelBefore')}</th>
          <th scope="col">{t('fioResult.fit.modelFitted')}</th>
        </tr>
      </thead>
      <tbody>
        {before.metrics.map((b, i) => {
          const a = after.metrics[i];
          return (
            <tr key={b.metric} data-metric={b.metric}>
              <th scope="row">{metricName(b, t)}</th>
              <td>{metricValue(b.measured, locale)}</td>
              <ModelCell value={b.model} error={b.error_percent} />
              {a ? <ModelCell value={a.model} error={a.error_percent} /> : <td>—</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The model's value with its error under it: two columns of errors do not fit the sidebar. */
function ModelCell({ value, error }: { value: number; error: number }) {
  const { locale } = useI18n();
  return (
    <td>
      {metricValue(value, locale)}
      <span className="fio-fit-error">{errorText(error, locale)}</span>
    </td>
  );
}
