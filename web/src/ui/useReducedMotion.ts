// The reader's motion setting, read where anything animates (the NAND lab, the drive-state player).
import { useSyncExternalStore } from 'react';

/** True when the reader asked for less motion: state then changes without tweening. */
export function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  return useSyncExternalStore(
    (notify) => {
      if (typeof matchMedia !== 'function') return () => {};
      const m = matchMedia(query);
      m.addEventListener('change', notify);
      return () => m.removeEventListener('change', notify);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    // Rendered to a string (tests, no window): motion as usual.
    () => false,
  );
}
