// What was wrong with a shared link (or a stored / imported scenario), in plain text: every
// value from outside is rendered by React as text, never as markup.
import { useI18n, type MessageKey } from '../i18n';
import type { UrlIssue } from '../scenario/urlCodec';

export function issueText(t: (k: MessageKey, v?: Record<string, string | number>) => string, issue: UrlIssue): string {
  const vars = { param: issue.param, value: issue.value ?? '', detail: issue.detail ?? '' };
  // A pin that cannot be read says why by an id (pinCodec.ts), worded here.
  const key = issue.code === 'bad-pin' ? `issue.bad-pin.${issue.detail}` : `issue.${issue.code}`;
  const text = t(key as MessageKey, vars);
  return issue.pin !== undefined && issue.code !== 'bad-pin' ? t('issue.inPin', { n: issue.pin, text }) : text;
}

export function IssueBanner({ issues, importError, onDismiss }: { issues: UrlIssue[]; importError: string | null; onDismiss(): void }) {
  const { t } = useI18n();
  if (issues.length === 0 && !importError) return null;
  return (
    <div className="notice-banner" role="alert" data-testid="url-issues">
      <div>
        <strong>{importError ? t('issue.importTitle') : t('issue.title')}</strong>
        <ul>
          {importError && <li>{importError}</li>}
          {issues.slice(0, 8).map((issue, i) => (
            <li key={i} data-code={issue.code}>
              {issueText(t, issue)}
            </li>
          ))}
          {issues.length > 8 && <li>{t('issue.more', { n: issues.length - 8 })}</li>}
        </ul>
      </div>
      <button type="button" className="btn btn-secondary btn-small" onClick={onDismiss}>
        {t('issue.dismiss')}
      </button>
    </div>
  );
}
