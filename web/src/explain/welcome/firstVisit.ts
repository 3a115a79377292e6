// Which page an address opens: a first visit to the bare address gets the welcome; a returning
// visit, or any link with a query (a share link, a story link), goes straight to what it names.
// "A previous visit" is our own mark in localStorage, or the playground's saved scenario.

const VISITED_KEY = 'ssd-playground:visited';
const SAVED_SCENARIO_KEY = 'ssd-playground:last-scenario';

export type PageKind = 'welcome' | 'stories' | 'drives' | 'playground';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: every visit is treated as a return, never a crash
  }
}

export function visitedBefore(store: Pick<Storage, 'getItem'> | null = storage()): boolean {
  try {
    return !store || store.getItem(VISITED_KEY) !== null || store.getItem(SAVED_SCENARIO_KEY) !== null;
  } catch {
    return true;
  }
}

export function markVisited(store: Pick<Storage, 'setItem'> | null = storage()): void {
  try {
    store?.setItem(VISITED_KEY, '1');
  } catch {
    // full or disabled storage: the welcome may show again, nothing breaks
  }
}

/** The page for an address: `?welcome` always welcomes; `?story…` reads; else the playground. */
export function pageFor(search: string, visited: boolean): PageKind {
  const params = new URLSearchParams(search);
  if (params.has('welcome')) return 'welcome';
  if (params.has('story')) return 'stories';
  if (params.has('drives')) return 'drives';
  if ([...params.keys()].length === 0 && !visited) return 'welcome';
  return 'playground';
}
