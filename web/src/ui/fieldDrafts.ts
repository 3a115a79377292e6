// Fields whose typed text is not a value ("abc", "-1 MiB", "32 MB/s"): the knob keeps the text
// and says why beside it, and nothing runs. The page around it must say so too, at the top, and
// must not call the run it still shows "Finished": each knob reports its problem here while it
// lasts, and the run controls and the refusal banner read them.
import { useSyncExternalStore } from 'react';
import type { MessageKey } from '../i18n';

export interface DraftProblem {
  /** The knob's path (`workload.bs`). */
  path: string;
  /** Why the text is not a value. */
  key: MessageKey;
  /** The text as typed. */
  text: string;
}

let problems: readonly DraftProblem[] = [];
const byOwner = new Map<string, DraftProblem>();
const listeners = new Set<() => void>();

/** A knob (by its own id) reports its problem, or null once its text is a value again (or it is gone). */
export function reportDraft(owner: string, problem: DraftProblem | null): void {
  const was = byOwner.get(owner);
  if (problem === null ? was === undefined : was !== undefined && was.path === problem.path && was.key === problem.key && was.text === problem.text) return;
  if (problem === null) byOwner.delete(owner);
  else byOwner.set(owner, problem);
  problems = [...byOwner.values()];
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: readonly DraftProblem[] = [];

/** Every field whose text is not a value now, in the order they were reported. */
export function useDraftProblems(): readonly DraftProblem[] {
  return useSyncExternalStore(
    subscribe,
    () => problems,
    () => none,
  );
}
