// "Your fio result": fio's own JSON result of the job (and, optionally, its bandwidth or latency
// logs), read in this browser, and after the run of the job the table "Measured vs model". A
// refused file says which field; the scenario is never touched.
import { useI18n } from '../i18n';
import type { FioComparison } from '../engine/generated/FioComparison';
import type { MeasuredLog } from '../engine/generated/MeasuredLog';
import type { MeasuredResult } from '../engine/generated/MeasuredResult';
import { FilePicker, asText } from '../ui/FilePicker';
import { FitKnobs, type FitControls } from './FitKnobs';
import { NearestDrives, type NearestControls } from './NearestDrives';
import { errorText, MAX_FIO_RESULT_BYTES, metricName, metricValue, type FioResultNotice } from './fioResult';

export interface FioResultControls {
  /** `text`: the file as read, for each comparison the engine makes of it. */
  loaded: { file: string; text: string; result: MeasuredResult } | null;
  logs: readonly { file: string; log: MeasuredLog }[];
  comparison: FioComparison | null;
  notice: FioResultNotice;
  onResult(file: string, text: string): void;
  onLog(file: string, text: string): void;
  onClear(): void;
}

/** `nearest` and `fit`: "Nearest preset drive" and "Fit the knobs", offered while a result is loaded and the workload is a job. */
export function FioResultFile({ fio, nearest = null, fit = null }: { fio: FioResultControls; nearest?: NearestControls | null; fit?: FitControls | null }) {
  const { t } = useI18n();
  return (
    <details className="card panel fio-result" data-testid="fio-result" open={fio.loaded !== null || fio.notice !== null}>
      <summary>
        <h2>{t('fioResult.title')}</h2>
      </summary>
      <p className="panel-intro">{t('fioResult.intro')}</p>
      <div className="fio-actions">
        <FilePicker label={t('fioResult.load')} accept=".json,application/json" className="btn btn-ghost btn-small" icon="upload" inputTestId="fio-result-file" onFile={asText(MAX_FIO_RESULT_BYTES, (text, f) => fio.onResult(f.name, text))} />
        <FilePicker label={t('fioResult.loadLog')} accept=".log,.txt,text/plain" className="btn btn-ghost btn-small" icon="upload" inputTestId="fio-log-file" onFile={asText(MAX_FIO_RESULT_BYTES, (text, f) => fio.onLog(f.name, text))} />
        {fio.loaded && (
          <button type="button" className="btn btn-ghost btn-small" onClick={fio.onClear} data-testid="fio-result-clear">
            {t('fioResult.clear')}
          </button>
        )}
      </div>
      {fio.notice && (
        <p className="field-error banner-error" role="alert" data-testid="fio-result-error">
          <strong>{t('fioResult.failed', { file: fio.notice.file })}</strong> {fio.notice.message}
        </p>
      )}
      {fio.loaded && (
        <p data-testid="fio-result-loaded">
          {t('fioResult.loaded', { file: fio.loaded.file, version: fio.loaded.result.fio_version, n: fio.loaded.result.jobs.length })}
          {fio.logs.map((l) => ` · ${t('fioResult.logLoaded', { file: l.file })}`).join('')}
        </p>
      )}
      {fio.loaded && !fio.comparison && <p className="muted">{t('fioResult.waiting')}</p>}
      {fio.comparison && <ComparisonTable c={fio.comparison} />}
      {fio.loaded && nearest && <NearestDrives nearest={nearest} />}
      {fio.loaded && fit && <FitKnobs fit={fit} />}
    </details>
  );
}

function ComparisonTable({ c }: { c: FioComparison }) {
  const { t, locale } = useI18n();
  return (
    <>
      <table className="group-table fio-compare-table" data-testid="fio-compare-table">
        <caption>{t('fioResult.tableTitle', { job: c.job })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fioResult.metric')}</th>
            <th scope="col">{t('fioResult.measured')}</th>
            <th scope="col">{t('fioResult.model')}</th>
            <th scope="col">{t('fioResult.error')}</th>
          </tr>
        </thead>
        <tbody>
          {c.metrics.map((m) => (
            <tr key={m.metric} data-metric={m.metric}>
              <th scope="row">{metricName(m, t)}</th>
              <td>{metricValue(m.measured, locale)}</td>
              <td>{metricValue(m.model, locale)}</td>
              <td>{errorText(m.error_percent, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="fio-compare-summary">
        {c.geomean_ratio === null ? t('fioResult.nothing') : t('fioResult.geomean', { value: c.geomean_ratio.toLocaleString(locale, { maximumFractionDigits: 3 }) })}
      </p>
    </>
  );
}
