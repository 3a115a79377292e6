// A step's number and title, the same on the drawn step and on its placeholder (StepPlaceholder),
// so the page does not move when the step's body arrives.
import { useI18n } from '../../i18n';
import type { StoryStep } from '../stories/schema';

export function StepHead({ step, index, total, titleId }: { step: StoryStep; index: number; total: number; titleId?: string }) {
  const { t, lang } = useI18n();
  return (
    <header className="story-step-head">
      <span className="story-step-num" aria-hidden="true">
        {index + 1}
      </span>
      <div>
        <p className="muted small">{t('story.stepOf', { n: index + 1, total })}</p>
        <h2 id={titleId} tabIndex={titleId ? -1 : undefined}>
          {step.title[lang]}
        </h2>
      </div>
    </header>
  );
}
