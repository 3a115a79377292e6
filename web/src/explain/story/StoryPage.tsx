// A story as a reading page: a text column with each step's chart inside the text, a step list
// beside it (above it on a phone) with previous / next, and every step's own link. The step
// being read runs first; the rest follow in reading order, so charts are ready on arrival.
// In embed mode (`&embed=1`) just the linked step renders, compactly, on a see-through page.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EngineBanner } from '../../ui/EngineStatus';
import { useCatalog } from '../../session/catalog';
import type { JsonObject } from '../../scenario/paths';
import type { Story, StoryStep } from '../stories/schema';
import { StoryHeader } from './StoryHeader';
import { StoryConclusion } from './StoryConclusion';
import { StepView } from './StepView';
import { jobOrder, planStep } from './stepPlan';
import { useStoryTestHook } from './storyTestHook';
import { useActiveStep } from './useActiveStep';
import { useStepHistory } from './useStepHistory';
import { usePostHeight } from '../../ui/usePostHeight';
import { useStoryRuns } from './useStoryRuns';
import { useDeferredEngine, useFirstDrawn } from './useDeferredEngine';
import { StepPlaceholder } from './StepPlaceholder';
import { prefetchStep, shippedCatalog } from './shippedRuns';
import { useGhosts } from './ghost';
import { useI18n } from '../../i18n';
import { ArticleProvider, NO_FIGURES } from '../../run/useArticleValues';
import { EngineFacts } from '../../charts/EngineFacts';

interface Props {
  story: Story;
  /** The step the link names (`&step=`), if it is one of the story's. */
  startStep: string | null;
  embed: boolean;
}

export function StoryPage({ story, startStep, embed }: Props) {
  const { lang } = useI18n();
  // The engine waits while the step opened at draws from its shipped run (useDeferredEngine.ts).
  const { engine, state: engineState, start: startEngine } = useDeferredEngine();
  const { catalog } = useCatalog(engine, engineState, shippedCatalog);
  const linked = story.steps.findIndex((s) => s.id === startStep);
  const first = Math.max(0, linked);
  // A link naming a step the story does not have says so, and opens at the first step.
  const unknownStep = startStep !== null && startStep !== '' && linked < 0 ? startStep : null;
  const steps = useMemo(() => (embed ? [story.steps[first]] : story.steps), [embed, story.steps, first]);
  useEffect(() => prefetchStep(story.id, story.steps[first].id), [story, first]);
  const [edits, setEdited] = useStepEdits();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const { active, scrollTo, register } = useActiveStep(steps.map((s) => s.id), embed ? 0 : first, !embed, lang);
  usePostHeight(embed);

  const plans = useMemo(() => steps.map((step) => planStep(step, catalog, edits[step.id], lang)), [steps, catalog, edits, lang]);
  const jobs = useMemo(() => jobOrder(plans, active), [plans, active]);
  const runs = useStoryRuns(engine, engineState, jobs);
  // Until the step opened at is drawn, the others show their titles only.
  const settled = useFirstDrawn(startEngine, runs, catalog !== null, plans[active]?.job ?? null);
  const ghosts = useGhosts(steps, plans, runs.result, embed);
  useStoryTestHook(story.id, steps[active]?.id ?? null, steps, plans, runs);

  useStepHistory(embed, story.id, steps, active, scrollTo);

  const body = (
    <EngineFacts catalog={catalog}>
      <ArticleProvider figures={catalog?.figures ?? NO_FIGURES} engine={engine}>
        {steps.map((step, i) => (
      <div key={step.id} ref={register(step.id)} className="story-step-slot">
        {!settled && i !== (embed ? 0 : first) ? <StepPlaceholder step={step} index={i} total={story.steps.length} /> : <StepView
          engine={engine} wantEngine={startEngine}
          storyId={story.id}
          step={step}
          index={embed ? first : i}
          total={story.steps.length}
          result={runs.result(plans[i].job)}
          ghost={ghosts[i]}
          catalog={catalog}
          scenario={plans[i].scenario}
          own={plans[i].own}
          onScenario={(next) => setEdited(step.id, next)}
          answer={answers[step.id] ?? null}
          onAnswer={(choice) => setAnswers((a) => ({ ...a, [step.id]: choice }))}
          playground={plans[i].playground}
          embed={embed}
          onRetry={runs.retry}
        />}
      </div>
    ))}
      </ArticleProvider>
    </EngineFacts>
  );

  if (embed) {
    return (
      <div className="embed story-embed" data-testid="story-embed" data-story={story.id}>
        <EngineBanner state={engineState} onRestart={runs.retry} />
        {body}
      </div>
    );
  }

  return (
    <div className="story-app" data-testid="story-page" data-story={story.id}>
      <StoryHeader />
      <EngineBanner state={engineState} onRestart={runs.retry} />
      <main className="story-layout">
        <StoryNav story={story} steps={steps} active={active} scrollTo={scrollTo} />
        <article className="story-column" lang={lang}>
          <StoryTitle story={story} unknownStep={unknownStep} />
          {body}
          <StoryConclusion story={story} />
          <StoryEnd />
        </article>
      </main>
    </div>
  );
}

/** The story's title and blurb, and a note when the link named a step the story lacks. */
function StoryTitle({ story, unknownStep }: { story: Story; unknownStep: string | null }) {
  const { t, lang } = useI18n();
  return (
    <header className="story-title">
      {story.article && <p className="story-article">{t('story.article', { n: story.article })}</p>}
      <h1>{story.title[lang]}</h1>
      <p className="story-blurb">{story.blurb[lang]}</p>
      {unknownStep && (
        <p className="note note-warn" role="alert" data-testid="step-not-found">
          {t('story.stepNotFound', { id: unknownStep.slice(0, 60) })}
        </p>
      )}
    </header>
  );
}

function StoryNav({ story, steps, active, scrollTo }: { story: Story; steps: readonly StoryStep[]; active: number; scrollTo(index: number): void }) {
  const { t, lang } = useI18n();
  return (
    <nav className="story-nav" aria-label={t('story.steps')}>
      <p className="story-nav-title">
        {story.article && <span className="story-article">{t('story.article', { n: story.article })}</span>}
        <strong>{story.title[lang]}</strong>
      </p>
      <ol className="story-step-list">
        {steps.map((s, i) => (
          <li key={s.id}>
            <a
              href={`?story=${story.id}&step=${s.id}`}
              aria-current={i === active ? 'step' : undefined}
              onClick={(e) => {
                e.preventDefault();
                scrollTo(i);
              }}
              data-nav-step={s.id}
            >
              {s.title[lang]}
            </a>
          </li>
        ))}
      </ol>
      <div className="story-prevnext">
        <button type="button" className="btn btn-ghost btn-small" disabled={active === 0} onClick={() => scrollTo(active - 1)} data-testid="story-prev">
          ← {t('story.prev')}
        </button>
        <span className="muted small" aria-live="polite">
          {t('story.stepOf', { n: active + 1, total: steps.length })}
        </span>
        <button type="button" className="btn btn-ghost btn-small" disabled={active === steps.length - 1} onClick={() => scrollTo(active + 1)} data-testid="story-next">
          {t('story.next')} →
        </button>
      </div>
    </nav>
  );
}

/** Each step's scenario as its inline knobs changed it; null puts the step's own back. */
function useStepEdits() {
  const [edits, setEdits] = useState<Record<string, JsonObject>>({});
  const setEdited = useCallback((id: string, next: JsonObject | null) => {
    setEdits((e) => {
      const copy = { ...e };
      if (next) copy[id] = next;
      else delete copy[id];
      return copy;
    });
  }, []);
  return [edits, setEdited] as const;
}

/** The story's last line: back to the list of stories. */
function StoryEnd() {
  const { t } = useI18n();
  return (
    <footer className="story-end">
      <a className="btn btn-secondary" href="./?story=">
        {t('story.list')}
      </a>
    </footer>
  );
}
