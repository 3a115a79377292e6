// Paints a streaming run at most once per animation frame: chunks can arrive faster than the
// screen refreshes, so they are coalesced into one paint, and no frame starts while the last
// one is still rendering (a slow device draws less often instead of falling behind).
import { startTransition, useCallback, useEffect, useRef, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { streamedView, type Streamed } from './streamedRun';
import type { RunView } from './runView';

export function useFramePainter(stream: MutableRefObject<Streamed>, setView: Dispatch<SetStateAction<RunView>>, frame: number) {
  const rafId = useRef<number | null>(null);
  /** A streamed frame is being rendered; chunks that arrive meanwhile wait for the next one. */
  const rendering = useRef(false);
  const behind = useRef(false);

  const paint = useCallback(() => {
    rafId.current = null;
    rendering.current = true;
    const { blockMap, budget } = stream.current;
    // A frame of new points is a transition: React renders it in slices and lets input and
    // the browser's own frames in between, so no chunk makes one long main-thread task.
    startTransition(() => {
      setView((v) => streamedView(v, stream.current, blockMap, budget));
    });
  }, [stream, setView]);

  const schedulePaint = useCallback(() => {
    if (rendering.current) behind.current = true;
    else if (rafId.current === null) rafId.current = requestAnimationFrame(paint);
  }, [paint]);

  const stopPainting = useCallback(() => {
    if (rafId.current !== null) cancelAnimationFrame(rafId.current);
    rafId.current = null;
    rendering.current = false;
    behind.current = false;
  }, []);

  useEffect(() => stopPainting, [stopPainting]);

  // The frame is on screen: points that came while it rendered get the next one.
  useEffect(() => {
    rendering.current = false;
    if (behind.current) {
      behind.current = false;
      schedulePaint();
    }
  }, [frame, schedulePaint]);

  return { schedulePaint, stopPainting };
}
