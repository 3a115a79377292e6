// Play: the cursor walks the axis's snapshots, one every STEP_MS, and stops at the last. A reader
// who asked for less motion gets no auto-advance (the step buttons and keys still move it).
import { useEffect, useState } from 'react';
import type { DriveCursor } from './useDriveCursor';

/** Long enough to read a change in the map, short enough that 64 snapshots play in ~12 s. */
export const STEP_MS = 180;

export function useSnapshotPlayer(cursor: DriveCursor | null, reduced: boolean) {
  const [playing, setPlaying] = useState(false);
  const last = cursor ? cursor.stops.length - 1 : -1;
  const at = cursor?.at ?? -1;
  const goTo = cursor?.goTo;
  const active = playing && !reduced && !!goTo;

  useEffect(() => {
    if (!active || !goTo) return;
    const id = window.setTimeout(() => {
      goTo(at + 1);
      if (at + 1 >= last) setPlaying(false);
    }, STEP_MS);
    return () => window.clearTimeout(id);
  }, [active, at, last, goTo]);

  const toggle = () => {
    if (!cursor || reduced) return;
    if (active) return setPlaying(false);
    // From the end, play starts over.
    if (at >= last) cursor.goTo(0);
    setPlaying(true);
  };
  return { playing: active, toggle, stop: () => setPlaying(false) };
}
