import { useEffect, useRef, useState } from 'react';

/** Style for a chart not yet measured: it holds its place, unseen. */
export const UNMEASURED = { visibility: 'hidden' } as const;

/**
 * Tracks an element's content width so SVG charts can size themselves to their card. Until the
 * first measurement `width` is the fallback and `measured` is false (a chart keeps its space but
 * stays hidden, so it never shows at a wrong size).
 */
export function useElementWidth<T extends HTMLElement>(fallback = 640) {
  const ref = useRef<T | null>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer's first report comes right after the browser's own layout of the frame.
    // Reading clientWidth on mount instead forced that layout in the middle of React's commit,
    // with a second render in the same task: the longest main-thread task of a finished run.
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setMeasured(Math.round(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width: measured ?? fallback, measured: measured !== null };
}
