// A step's place while the page draws the step it was opened at (StoryPage, useFirstDrawn): its
// number and title only, so the list and the page's order are there at once while the rest of
// the story (text, knobs, links, charts) is rendered moments later, after the first chart.
import { useI18n } from '../../i18n';
import type { StoryStep } from '../stories/schema';

export function StepPlaceholder({ step, index, total }: { step: StoryStep; index: number; total: number }) {
  const { t, lang } = useI18n();
  return (
    <section className="story-step" data-pending-step={step.id} aria-busy="true">
      <header className="story-step-head">
        <span className="story-step-num" aria-hidden="true">
          {index + 1}
        </span>
        <div>
          <p className="muted small">{t('story.stepOf', { n: index + 1, total })}</p>
          <h2>{step.title[lang]}</h2>
        </div>
      </header>
    </section>
  );
}
