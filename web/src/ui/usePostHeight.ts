// An embedded page (a chart, a comparison, a story step) tells the page around it its height
// whenever it changes, so public/embed.js can size the iframe to fit, both ways: the content's
// own height is measured (the app's root), never the document's, which is at least as tall
// as the iframe already is (the body's min-height is the viewport's) and so could only grow.
import { useEffect } from 'react';

/** The message public/embed.js listens for. */
export const HEIGHT_MESSAGE = 'ssd-playground:height';

/** The content's height: from the document's top to the bottom of the app's root element. */
export function contentHeight(doc: Document = document): number {
  const root = doc.getElementById('root') ?? doc.body;
  const rect = root.getBoundingClientRect();
  const style = doc.defaultView?.getComputedStyle(doc.body);
  const bottomPad = style ? parseFloat(style.paddingBottom) + parseFloat(style.marginBottom) : 0;
  return Math.ceil(rect.bottom + (doc.defaultView?.scrollY ?? 0) + (Number.isFinite(bottomPad) ? bottomPad : 0));
}

export function usePostHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    let last = 0;
    const post = () => {
      const height = contentHeight();
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.getElementById('root') ?? document.body);
    post();
    return () => observer.disconnect();
  }, [enabled]);
}
