// The address names the step being read, so copying it shares this place in the story, and the
// story's steps are the browser's history: each step the reader moves to (Next, Back, the step
// list, or scrolling on to it) is a new entry, so the browser's Back button returns to the step
// before instead of leaving the story. Moving back and forth in the history moves to that step
// and adds nothing. The first address the page writes (a link without a step) replaces its entry.
import { useEffect, useRef } from 'react';

/** The address with `story` and `step` set, other parameters kept (a language, a seed). */
export function stepSearch(search: string, storyId: string, stepId: string): string {
  const params = new URLSearchParams(search);
  params.set('story', storyId);
  params.set('step', stepId);
  return `?${params.toString()}`;
}

/** The step an address names among the story's, or -1. */
export function stepInSearch(search: string, ids: readonly string[]): number {
  const step = new URLSearchParams(search).get('step');
  return step === null ? -1 : ids.indexOf(step);
}

export function useStepHistory(embed: boolean, storyId: string, steps: readonly { id: string }[], active: number, scrollTo: (index: number) => void): void {
  const ids = steps.map((s) => s.id);
  /** The step a history move went to: reaching it writes no new entry. */
  const popped = useRef<number | null>(null);
  const shown = useRef(active);
  const stepId = ids[active];
  const key = ids.join();

  useEffect(() => {
    shown.current = active;
    if (embed || stepId === undefined) return;
    const next = stepSearch(location.search, storyId, stepId);
    const fromHistory = popped.current === active;
    popped.current = null;
    if (location.search === next) return;
    const url = `${location.pathname}${next}${location.hash}`;
    // Arrival without a step in the link, or a history move, names the step in place.
    if (fromHistory || stepInSearch(location.search, ids) < 0) history.replaceState(history.state, '', url);
    else history.pushState(history.state, '', url);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids is read through `key`
  }, [embed, storyId, stepId, active, key]);

  useEffect(() => {
    if (embed) return;
    // The page puts the step at the top itself: the browser restoring the entry's old scroll
    // position after a history move would fight it (and does, now and then, mid-scroll).
    const restoration = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onPop = () => {
      const i = stepInSearch(location.search, ids);
      if (i < 0) return;
      // Already there (an entry of the same step): nothing moves, nothing to remember.
      popped.current = i === shown.current ? null : i;
      scrollTo(i);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      history.scrollRestoration = restoration;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids is read through `key`
  }, [embed, key, scrollTo]);
}
