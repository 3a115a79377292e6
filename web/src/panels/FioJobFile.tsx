// The workload panel's fio job files: "Import .fio…" (any workload kind: it becomes a job) and
// "Export .fio" (a job), and after an import a notice listing what the engine did not model.
import { useI18n, type MessageKey } from '../i18n';
import { FilePicker, asText } from '../ui/FilePicker';
import { Icon } from '../ui/Icon';
import { MAX_FIO_BYTES, unmodelledInOrder, unmodelledLabel, type FioNotice } from './fioJob';

/** Listed options shown in the notice; a long file's rest is counted (the CLI lists them all). */
const SHOWN = 12;

export interface FioControls {
  notice: FioNotice | null;
  onImport(file: string, text: string, job?: string): void;
  onExport(): void;
  onDismiss(): void;
}

export function FioJobFile({ kind, fio }: { kind: string; fio: FioControls }) {
  const { t } = useI18n();
  return (
    <div className="fio-job" data-testid="fio-job">
      <div className="fio-actions">
        <FilePicker
          label={t('fio.import')}
          accept=".fio,.ini,.job,text/plain"
          className="btn btn-ghost btn-small"
          icon="upload"
          buttonTestId="fio-import"
          inputTestId="fio-file"
          onFile={asText(MAX_FIO_BYTES, (text, f) => fio.onImport(f.name, text))}
        />
        {kind === 'job' && (
          <button type="button" className="btn btn-ghost btn-small" onClick={fio.onExport} data-testid="fio-export">
            <Icon name="download" />
            {t('fio.export')}
          </button>
        )}
      </div>
      {fio.notice && <FioNoticeView notice={fio.notice} fio={fio} />}
    </div>
  );
}

function FioNoticeView({ notice, fio }: { notice: FioNotice; fio: FioControls }) {
  const { t } = useI18n();
  if (notice.status === 'failed') {
    return (
      <div className="notice-banner fio-notice" role="alert" data-testid="fio-notice">
        <p>
          <strong>{t('fio.failed', { file: notice.file })}</strong> {notice.message}
        </p>
        <button type="button" className="btn btn-secondary btn-small" onClick={fio.onDismiss}>
          {t('issue.dismiss')}
        </button>
      </div>
    );
  }
  const { result } = notice;
  const listed = unmodelledInOrder(result.unmodelled);
  return (
    <div className="notice-banner fio-notice" role="status" data-testid="fio-notice">
      <div>
        <strong>{t('fio.imported', { name: result.name, file: notice.file })}</strong>
        {result.jobs.length > 1 && (
          <label className="fio-pick">
            {t('fio.job')}{' '}
            <select value={result.name} onChange={(e) => fio.onImport(notice.file, notice.text, e.target.value)} data-testid="fio-job-pick">
              {result.jobs.map((j, i) => (
                <option key={`${j}-${i}`} value={j}>
                  {j}
                </option>
              ))}
            </select>
          </label>
        )}
        <p>{listed.length === 0 ? t('fio.allModelled') : t('fio.unmodelled', { n: listed.length })}</p>
        {listed.length > 0 && (
          <ul data-testid="fio-unmodelled">
            {listed.slice(0, SHOWN).map((u, i) => (
              <li key={i} title={u.reason} data-kind={u.kind}>
                {t('fio.line', { line: u.line })} <code>{unmodelledLabel(u)}</code> — {t(`fio.kind.${u.kind}` as MessageKey)}
              </li>
            ))}
            {listed.length > SHOWN && <li>{t('issue.more', { n: listed.length - SHOWN })}</li>}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn-secondary btn-small" onClick={fio.onDismiss}>
        {t('issue.dismiss')}
      </button>
    </div>
  );
}
