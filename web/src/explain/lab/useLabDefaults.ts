// The lab the engine builds from a config that says nothing, asked of the labs' worker once the
// lab card opens (its worker starts then anyway): the page keeps no copy of the engine's defaults.
import { useEffect, useState } from 'react';
import type { EngineLabConfig } from '../../engine/types';
import { acquireLabEngine, releaseLabEngine } from './labEngine';

/** The engine's lab defaults once `open` and the worker has answered; null before (or if it failed). */
export function useLabDefaults(open: boolean): EngineLabConfig | null {
  const [defaults, setDefaults] = useState<EngineLabConfig | null>(null);
  const want = open && defaults === null;
  useEffect(() => {
    if (!want) return;
    let live = true;
    acquireLabEngine()
      .labDefaults()
      .then((d) => live && setDefaults(d))
      // A worker that fails shows its error in the lab view, which opens its own drive.
      .catch(() => {});
    return () => {
      live = false;
      releaseLabEngine();
    };
  }, [want]);
  return defaults;
}
