// The end of a story: what to conclude, in a few sentences, and two or three questions to check
// it (answer one and its explanation appears). Each question is answered once, like a step's.
import { useState } from 'react';
import { useI18n } from '../../i18n';
import type { Story, StoryCheck } from '../stories/schema';
import { Choices } from './Choices';

export function StoryConclusion({ story }: { story: Story }) {
  const { t, lang } = useI18n();
  return (
    <section className="story-conclusion" data-testid="story-conclusion" aria-labelledby="story-conclusion-title">
      <h2 id="story-conclusion-title">{t('story.conclusion.title')}</h2>
      {story.conclusion.text[lang]
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i}>{p.trim()}</p>
        ))}
      <h3>{t('story.conclusion.check')}</h3>
      <ol className="story-checks">
        {story.conclusion.checks.map((check, i) => (
          <li key={i}>
            <Check check={check} index={i} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Check({ check, index }: { check: StoryCheck; index: number }) {
  const { t, lang } = useI18n();
  const [answer, setAnswer] = useState<string | null>(null);
  const done = answer !== null;
  const right = answer === check.answer;
  return (
    <div className="story-check" data-testid="story-check" data-check={index} data-answered={done ? (right ? 'right' : 'wrong') : 'no'}>
      <fieldset disabled={done}>
        <legend>{check.question[lang]}</legend>
        <Choices choices={check.choices} answer={answer} right={check.answer} onAnswer={setAnswer} />
      </fieldset>
      {done && (
        <p className="story-reveal" role="status">
          <strong>{right ? t('story.right') : t('story.wrong')} </strong>
          {check.explain[lang]}
        </p>
      )}
    </div>
  );
}
