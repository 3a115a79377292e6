// Issue 27: a refused knob value left the last run's charts and "Finished" on screen, with the
// reason only at the knob, far down the page. The refusal is said here, beside the run
// controls, naming the field by its knob's label (the engine's id, translated), and the
// results below are marked as not this scenario.
import { describeError, type EngineErrorData } from '../engine/errors';
import { useI18n } from '../i18n';
import { knobText } from '../i18n/engineText';
import { knobForField, type Knob } from '../scenario/knobs';
import type { DraftProblem } from '../ui/fieldDrafts';

/** The refused field as its knob is labelled (the raw path when no knob has it). */
export function refusedFieldLabel(knobs: readonly Knob[], error: EngineErrorData, lang: Parameters<typeof knobText>[0]): string {
  const knob = knobForField(knobs, error.field);
  return knob ? knobText(lang, knob).label : error.field;
}

export function RefusalBanner({ error, knobs }: { error: EngineErrorData; knobs: readonly Knob[] }) {
  const { t, lang } = useI18n();
  const field = error.field ? refusedFieldLabel(knobs, error, lang) : '';
  return (
    <div className="refusal-banner" role="alert" data-testid="refusal-banner" data-field={error.field} data-code={error.code}>
      <strong>{t('refused.title')}</strong>
      <p>{field ? t('refused.field', { field }) : null}</p>
      <p className="small">{describeError(error)}</p>
      <p className="small muted">{t('refused.resultsKept')}</p>
    </div>
  );
}

/**
 * Fields whose text is not a value ("abc", "-1 MiB", "32 MB/s"): said at the top as a refusal is,
 * each by its knob's label with what was typed and why, so the page never looks as if it ran it.
 */
export function DraftRefusal({ problems, knobs }: { problems: readonly DraftProblem[]; knobs: readonly Knob[] }) {
  const { t, lang } = useI18n();
  if (problems.length === 0) return null;
  return (
    <div className="refusal-banner" role="alert" data-testid="draft-refusal" data-fields={problems.map((p) => p.path).join(' ')}>
      <strong>{t('refused.draftTitle')}</strong>
      {problems.map((p) => {
        const knob = knobForField(knobs, p.path);
        return (
          <p key={p.path} data-field={p.path}>
            {t('refused.draftField', { field: knob ? knobText(lang, knob).label : p.path, text: p.text.trim().slice(0, 40), reason: t(p.key) })}
          </p>
        );
      })}
      <p className="small muted">{t('refused.resultsKept')}</p>
    </div>
  );
}
