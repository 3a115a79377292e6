// One LabPlayer per mounted view, on the labs' shared worker; a new config starts a new drive.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LabConfig } from './config';
import { acquireLabEngine, releaseLabEngine } from './labEngine';
import { LabPlayer, type LabSnapshot } from './player';

const LOADING: LabSnapshot = { status: 'loading', error: null, layout: null, model: null, now: null, playing: false, speed: 3, workload: 'random', selected: null, queued: 0, consistent: true, refusal: null };
const noop = () => () => {};

export function useLabPlayer(config: LabConfig): { player: LabPlayer | null; snap: LabSnapshot } {
  const [player, setPlayer] = useState<LabPlayer | null>(null);
  // Stories pass a fresh object per render; the drive restarts only when the config's values change.
  const key = JSON.stringify(config);
  useEffect(() => {
    const p = new LabPlayer(acquireLabEngine(), JSON.parse(key) as LabConfig);
    // The player talks to a worker (an external system), so it is made here, never in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setPlayer(p);
    void p.start();
    return () => {
      p.dispose();
      releaseLabEngine();
    };
  }, [key]);
  const snap = useSyncExternalStore(player?.subscribe ?? noop, player?.getSnapshot ?? (() => LOADING));
  return { player, snap };
}
