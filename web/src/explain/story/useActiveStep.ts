// Which step the reader is on. Two ways to get there, and they never fight:
// - the reader scrolls: the step is the last one whose top has passed a reading line a third
//   of the way down the screen (at the very bottom of the page, the last step);
// - the page moves them (a step link on arrival, Next / Back, the step list, a language
//   switch): that step is held, and kept at the top while charts above it draw or the text
//   reflows, until the reader scrolls by themselves (wheel, touch, keys, a drag).
// So the step list, "Step n of N", the address and what is at the top of the screen agree.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';

/** Reduced motion: jump instead of scrolling smoothly. */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The reading line, as a share of the viewport's height from its top. */
const READING_LINE = 1 / 3;

/** Keys that scroll the page: pressing one hands the position back to the reader. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * The step being read from the steps' tops (px from the viewport's top, in order), the
 * viewport's height and whether the page is scrolled to its end.
 */
export function stepAtReadingLine(tops: readonly number[], viewportHeight: number, atEnd: boolean): number {
  if (tops.length === 0) return 0;
  if (atEnd) return tops.length - 1;
  const line = viewportHeight * READING_LINE;
  let at = 0;
  tops.forEach((top, i) => {
    if (top <= line) at = i;
  });
  return at;
}

type Nodes = MutableRefObject<Map<string, HTMLElement>>;
type Held = MutableRefObject<number | null>;

/** `lang` is watched so a language switch keeps the reader's step at the top. */
export function useActiveStep(ids: readonly string[], start: number, track: boolean, lang: string) {
  const [active, setActive] = useState(start);
  const nodes = useRef(new Map<string, HTMLElement>());
  /** The step the page moved to and holds, or null once the reader scrolls. */
  const held = useRef<number | null>(track && start > 0 ? start : null);
  const key = ids.join();

  const register = useCallback(
    (id: string) => (el: HTMLElement | null) => {
      if (el) nodes.current.set(id, el);
      else nodes.current.delete(id);
    },
    [],
  );

  const element = useCallback(
    (i: number) => nodes.current.get(ids[i]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids is read through `key`
    [key],
  );

  useReaderScroll(ids, track, nodes, held, setActive);
  useHeldAtTop(key, track, nodes, held, element);
  useArrival(start, track, lang, held, () => active, element);

  const scrollTo = useCallback(
    (i: number) => {
      const to = Math.max(0, Math.min(ids.length - 1, i));
      const el = element(to);
      if (!el) return;
      held.current = to;
      setActive(to);
      el.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
      el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ids is read through `key`
    [key, element],
  );

  return { active, scrollTo, register };
}

/** The reader's own scrolling decides, once nothing is heldRef; their input releases a heldRef step. */
function useReaderScroll(ids: readonly string[], track: boolean, nodesRef: Nodes, heldRef: Held, setActive: (i: number) => void) {
  const key = ids.join();
  useEffect(() => {
    if (!track) return;
    let frame: number | null = null;
    const measure = () => {
      frame = null;
      if (heldRef.current !== null) return;
      const tops = ids.map((id) => nodesRef.current.get(id)?.getBoundingClientRect().top ?? Infinity);
      const root = document.scrollingElement ?? document.documentElement;
      const atEnd = root.scrollTop > 0 && root.scrollTop + window.innerHeight >= root.scrollHeight - 2;
      setActive(stepAtReadingLine(tops, window.innerHeight, atEnd));
    };
    const onScroll = () => {
      frame ??= requestAnimationFrame(measure);
    };
    const release = () => {
      heldRef.current = null;
    };
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable="true"]');
      if (!typing && SCROLL_KEYS.has(e.key)) release();
    };
    // A press on the page itself (not a control) may be the scrollbar: the reader scrolls.
    const onPointer = (e: PointerEvent) => {
      if (e.target === document.documentElement || e.target === document.body) release();
    };
    const listeners: [string, EventListener][] = [
      ['scroll', onScroll],
      ['wheel', release],
      ['touchstart', release],
      ['keydown', onKey as EventListener],
      ['pointerdown', onPointer as EventListener],
    ];
    for (const [type, fn] of listeners) window.addEventListener(type, fn, { passive: true });
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      for (const [type, fn] of listeners) window.removeEventListener(type, fn);
    };
    // ids is read through `key`: the same steps keep the same listeners.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [key, track]);
}

/** A heldRef step stays at the top while charts above it draw and text reflows. */
function useHeldAtTop(key: string, track: boolean, nodesRef: Nodes, heldRef: Held, element: (i: number) => HTMLElement | undefined) {
  useEffect(() => {
    if (!track || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (heldRef.current !== null) element(heldRef.current)?.scrollIntoView({ block: 'start' });
    });
    for (const el of nodesRef.current.values()) observer.observe(el);
    return () => observer.disconnect();
  }, [key, track, nodesRef, heldRef, element]);
}

/** Arrival on a linked step, and a language switch: the step being read goes (back) to the top. */
function useArrival(start: number, track: boolean, lang: string, heldRef: Held, active: () => number, element: (i: number) => HTMLElement | undefined) {
  const arrived = useRef(false);
  useLayoutEffect(() => {
    if (!track) return;
    const arrival = !arrived.current;
    arrived.current = true;
    // Without a step in the link the page opens at the story's title.
    if (arrival && start === 0) return;
    const at = arrival ? start : (heldRef.current ?? active());
    // A reader still at the title (above the first step) stays there.
    if (at === 0 && (element(0)?.getBoundingClientRect().top ?? 0) > 0) return;
    heldRef.current = at;
    element(at)?.scrollIntoView({ block: 'start' });
    // Only on arrival and when the language changes: the rest is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [lang, track]);
}
