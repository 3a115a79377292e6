// Which step the reader is on: the one crossing the upper part of the screen as they scroll,
// or the one they jumped to. Starting on a linked step scrolls to it once.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Reduced motion: jump instead of scrolling smoothly. */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export function useActiveStep(ids: readonly string[], start: number, track: boolean) {
  const [active, setActive] = useState(start);
  const nodes = useRef(new Map<string, HTMLElement>());
  const key = ids.join();

  const register = useCallback(
    (id: string) => (el: HTMLElement | null) => {
      if (el) {
        el.dataset.stepRoot = id;
        nodes.current.set(id, el);
      }
      else nodes.current.delete(id);
    },
    [],
  );

  useEffect(() => {
    if (!track || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((e) => e.isIntersecting).map((e) => ids.indexOf((e.target as HTMLElement).dataset.stepRoot ?? ''));
        const top = seen.filter((i) => i >= 0).sort((a, b) => a - b)[0];
        if (top !== undefined) setActive(top);
      },
      // A band across the upper part of the screen: the step in it is the one being read.
      { rootMargin: '-20% 0px -55% 0px' },
    );
    for (const el of nodes.current.values()) observer.observe(el);
    return () => observer.disconnect();
    // ids is read through `key`: the same steps keep the same observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [key, track]);

  // A link to a step opens at that step.
  useEffect(() => {
    if (!track || start === 0) return;
    nodes.current.get(ids[start])?.scrollIntoView({ block: 'start' });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);

  const scrollTo = useCallback(
    (i: number) => {
      const id = ids[Math.max(0, Math.min(ids.length - 1, i))];
      const el = nodes.current.get(id);
      if (!el) return;
      setActive(ids.indexOf(id));
      el.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids is read through `key`
    [key],
  );

  return { active, scrollTo, register };
}
