// "Fit the knobs to this result", wired to the session: the reader's scenario as it is (its drive,
// scale and job) fitted to the loaded fio result by FitRuns, and "Use the fitted drive" as the
// session's own edit (takeFittedDrive), so it lands in the link like any other. A fit belongs to
// the scenario and the fio result it was made of: once either changes it is not shown, except
// that taking the fitted drive keeps it (the scenario is then the fitted one).
import { useEffect, useMemo, useState } from 'react';
import { FitRuns, type FitState } from '../session/fitRuns';
import { withFittedDevice } from '../session/scenarioEdits';
import type { FitControls } from '../panels/FitKnobs';
import type { FioResultControls } from '../panels/FioResultFile';
import type { Session } from '../session/useSession';
import type { JsonObject } from '../scenario/paths';

/** What the fit ran: the whole scenario but its name and description, and the job in the result. */
function fitKey(current: JsonObject | null, job: string | null): string | null {
  if (!current) return null;
  const { name: _n, description: _e, ...rest } = current; // eslint-disable-line @typescript-eslint/no-unused-vars -- taken out of the key
  return JSON.stringify([rest, job]);
}

interface Held {
  /** The scenario the fit began from, its key, and the result's text. */
  from: JsonObject | null;
  of: readonly [string | null, string | null];
  state: FitState;
}

export function useFitKnobs(s: Session, fio: FioResultControls, job: string | null): FitControls | null {
  const { catalog, current, kind } = s;
  const { takeFittedDrive } = s.scenario;
  const [held, setHeld] = useState<Held>({ from: null, of: [null, null], state: { status: 'idle' } });
  const key = fitKey(current, job);
  const loaded = fio.loaded;
  const resultText = loaded?.text ?? null;
  const [runs] = useState(() => new FitRuns((next) => setHeld((old) => ({ ...old, state: next }))));
  useEffect(() => () => runs.dispose(), [runs]);
  const { from, state: fitState } = held;
  // Done: the scenario with the fitted drive taken is this fit's too.
  const fittedKey = useMemo(() => (fitState.status === 'done' && from ? fitKey(withFittedDevice(from, fitState.fitted), job) : null), [fitState, from, job]);
  const ofThis = (held.of[0] === key || (key !== null && fittedKey === key)) && held.of[1] === resultText;
  // Another scenario or result: the fit of the old one is no longer its answer.
  useEffect(() => {
    if (!ofThis && fitState.status === 'running') runs.cancel();
  }, [ofThis, fitState.status, runs]);

  return useMemo(() => {
    if (!catalog || !current || !loaded || kind !== 'job') return null;
    const run = () => {
      setHeld({ from: current, of: [key, resultText], state: { status: 'idle' } });
      void runs.run({ scenario: current, resultText: loaded.text, job });
    };
    const state = ofThis ? fitState : { status: 'idle' as const };
    const use = () => state.status === 'done' && takeFittedDrive(state.fitted);
    return { state, run, cancel: runs.cancel, use, inUse: state.status === 'done' && fittedKey === key, knobs: catalog.knobs };
  }, [catalog, current, loaded, resultText, kind, key, job, runs, ofThis, fitState, fittedKey, takeFittedDrive]);
}
