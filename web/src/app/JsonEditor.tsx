// The scenario as JSON, for what the knobs do not cover (or pasting a scenario file). It is the
// same text the knobs edit, so both stay in step.
import { memo } from 'react';
import { useI18n } from '../i18n';

// Memoised: the page re-renders with every frame of a streaming run; this only changes with the scenario.
export const JsonEditor = memo(function JsonEditor({ text, onText }: { text: string; onText(text: string): void }) {
  const { t } = useI18n();
  return (
    <details className="card json-editor">
      <summary>{t('json.title')}</summary>
      <p className="muted small">{t('json.help')}</p>
      <textarea aria-label={t('json.title')} spellCheck={false} value={text} onChange={(e) => onText(e.target.value)} rows={18} data-testid="json-editor" />
    </details>
  );
});
