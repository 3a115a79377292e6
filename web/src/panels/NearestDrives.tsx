// "Nearest preset drive", under "Measured vs model": the reader's job run on every shipped drive
// (one after another, cancellable, with progress) and the drives ranked by the distance the
// summary line gives, nearest first; a drive that refused the job is listed with the reason.
// "Use this drive" is the session's edit: it changes the scenario as a preset choice would.
import { distanceOf, type NearestRow } from '../session/nearestDrives';
import type { NearestState } from '../session/nearestRuns';
import { useI18n } from '../i18n';
import { distanceText, errorText, metricName, worstMetric } from './fioResult';
import { LaneProgress } from './LaneProgress';

export interface NearestControls {
  state: NearestState;
  run(): void;
  cancel(): void;
  /** Loads the preset's drive into the scenario, the workload kept. */
  use(preset: string): void;
}

export function NearestDrives({ nearest }: { nearest: NearestControls }) {
  const { t } = useI18n();
  const { state } = nearest;
  return (
    <section className="fio-nearest" data-testid="fio-nearest" aria-labelledby="fio-nearest-title">
      <h3 id="fio-nearest-title">{t('fioResult.nearest.title')}</h3>
      <p className="muted">{t('fioResult.nearest.intro')}</p>
      {state.status === 'running' ? (
        <LaneProgress
          testId="fio-nearest"
          label={t('fioResult.nearest.progress', { n: state.index + 1, total: state.total, preset: state.preset })}
          fraction={(state.index + state.progress) / state.total}
          title={t('fioResult.nearest.title')}
          cancelLabel={t('fioResult.nearest.cancel')}
          onCancel={nearest.cancel}
        />
      ) : (
        <button type="button" className="btn btn-small" onClick={nearest.run} data-testid="fio-nearest-find">
          {t('fioResult.nearest.find')}
        </button>
      )}
      {state.status === 'failed' && (
        <p className="field-error" role="alert">
          {t('fioResult.nearest.failed', { message: state.message })}
        </p>
      )}
      {state.status === 'done' && state.rows.length > 0 && <NearestTable rows={state.rows} onUse={nearest.use} />}
    </section>
  );
}

function NearestTable({ rows, onUse }: { rows: readonly NearestRow[]; onUse(preset: string): void }) {
  const { t, locale } = useI18n();
  const job = rows.find((r) => r.status === 'compared')?.comparison.job;
  return (
    <table className="group-table fio-nearest-table" data-testid="fio-nearest-table">
      {job !== undefined && <caption>{t('fioResult.nearest.tableTitle', { job })}</caption>}
      <thead>
        <tr>
          <th scope="col">{t('fioResult.nearest.drive')}</th>
          <th scope="col" title={t('fioResult.nearest.distanceHelp')}>
            {t('fioResult.nearest.distance')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('fioResult.nearest.use')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const d = distanceOf(r);
          const worst = r.status === 'compared' ? worstMetric(r.comparison.metrics) : null;
          return (
            <tr key={r.preset} data-preset={r.preset} data-status={r.status} data-distance={d ?? ''}>
              <th scope="row">
                {r.preset}
                {worst && (
                  <small className="fio-nearest-note" data-testid="fio-nearest-worst">
                    {t('fioResult.nearest.worst', { metric: metricName(worst, t), error: errorText(worst.error_percent, locale) })}
                  </small>
                )}
                {r.alsoIn.length > 0 && <small className="fio-nearest-note">{t('fioResult.nearest.also', { presets: r.alsoIn.join(', ') })}</small>}
                {r.status === 'compared' && r.stopped && <small className="fio-nearest-note">{t('fioResult.nearest.stopped', { message: r.stopped.message })}</small>}
              </th>
              {r.status === 'refused' ? (
                <td className="field-error">
                  {t('fioResult.nearest.refused', { message: r.message })}
                </td>
              ) : (
                <td className="fio-nearest-distance">{d === null ? t('fioResult.nearest.nothing') : distanceText(d, locale)}</td>
              )}
              <td>
                {/* A drive that refused the job is no drive to run it on. */}
                {r.status === 'compared' && (
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => onUse(r.preset)} data-testid="fio-nearest-use">
                    {t('fioResult.nearest.use')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
