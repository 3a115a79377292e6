// React's view of a store whose changes are urgent (an edit, a status) or background (a run's
// streamed frame, its finished results). useSyncExternalStore renders every change at once, in
// one task: a frame of a whole-drive write re-renders the page's charts and panels, and on a
// busy machine that task went past 50 ms. Here a background change renders as a transition:
// React yields to input every few milliseconds while it renders, and an urgent change that
// comes meanwhile renders first. Every change sets the store's whole snapshot, so the last
// one set always wins whichever lane it took.
import { startTransition, useEffect, useState } from 'react';

export interface Store<T> {
  subscribe(listener: () => void): () => void;
  get(): T;
  /** Read while a listener runs: is the change being heard a background one? */
  background(): boolean;
}

export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    const sync = () => {
      const next = store.get();
      if (store.background()) startTransition(() => setValue(next));
      else setValue(next);
    };
    sync(); // a change between the first render and this effect
    return store.subscribe(sync);
  }, [store]);
  return value;
}
