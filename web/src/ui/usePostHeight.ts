// An embedded page (a chart, a comparison, a story step) tells the page around it its height
// whenever it changes, so public/embed.js can size the iframe to fit.
import { useEffect } from 'react';

/** The message public/embed.js listens for. */
export const HEIGHT_MESSAGE = 'ssd-playground:height';

export function usePostHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    let last = 0;
    const post = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.documentElement);
    post();
    return () => observer.disconnect();
  }, [enabled]);
}
