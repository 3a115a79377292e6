// The answer buttons of a question (a step's prediction, a story's check): the reader's choice
// marked, and once answered the right one too.
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import type { Text } from '../stories/schema';

interface Props {
  choices: readonly { id: string; label: Text }[];
  /** The reader's choice, or null. */
  answer: string | null;
  /** The right choice's id. */
  right: string;
  onAnswer(choice: string): void;
  /** After the choices, in the same row (a "just show me"). */
  children?: ReactNode;
}

export function Choices({ choices, answer, right, onAnswer, children }: Props) {
  const { lang } = useI18n();
  const done = answer !== null;
  return (
    <div className="story-choices">
      {choices.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`btn btn-small story-choice${answer === c.id ? ' chosen' : ''}${done && c.id === right ? ' correct' : ''}`}
          aria-pressed={answer === c.id}
          onClick={() => onAnswer(c.id)}
          data-choice={c.id}
        >
          {c.label[lang]}
        </button>
      ))}
      {children}
    </div>
  );
}
