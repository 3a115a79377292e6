// Predict, then reveal: the step asks a question with a few choices before its chart is drawn
// (OSTEP's habit: guessing first makes the answer stick). Answering, or choosing to skip,
// reveals the chart; the answer then reads as right or not, with the explanation.
import { useI18n } from '../../i18n';
import type { StoryPredict } from '../stories/schema';
import { Choices } from './Choices';

interface Props {
  predict: StoryPredict;
  answer: string | null;
  onAnswer(choice: string): void;
  skipped: boolean;
  onSkip(): void;
}

export function Prediction({ predict, answer, onAnswer, skipped, onSkip }: Props) {
  const { t, lang } = useI18n();
  const done = answer !== null;
  const right = answer === predict.answer;
  return (
    <div className="story-predict" data-testid="story-predict" data-answered={done ? (right ? 'right' : 'wrong') : 'no'}>
      <fieldset disabled={done}>
        <legend>
          <span className="story-predict-tag">{t('story.predict')}</span> {predict.question[lang]}
        </legend>
        <Choices choices={predict.choices} answer={answer} right={predict.answer} onAnswer={onAnswer}>
          {!done && !skipped && (
            <button type="button" className="btn btn-ghost btn-small" onClick={onSkip} data-testid="predict-skip">
              {t('story.skipPredict')}
            </button>
          )}
        </Choices>
      </fieldset>
      {(done || skipped) && (
        <p className="story-reveal" role="status">
          {done && <strong>{right ? t('story.right') : t('story.wrong')} </strong>}
          {predict.reveal[lang]}
        </p>
      )}
    </div>
  );
}
