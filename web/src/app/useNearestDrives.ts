// "Nearest preset drive", wired to the session: the reader's job (the current scenario's workload,
// on a loaded fio result) run on every shipped drive by NearestRuns, and "Use this drive" as the
// session's own edit (chooseDrive), so it lands in the link like any other. A result belongs to
// the job, the precondition and the fio result it was made of: once they change it is not shown.
import { useEffect, useMemo, useState } from 'react';
import { driveCandidates } from '../session/nearestDrives';
import { NearestRuns, type NearestState } from '../session/nearestRuns';
import type { NearestControls } from '../panels/NearestDrives';
import type { FioResultControls } from '../panels/FioResultFile';
import type { Session } from '../session/useSession';

/** What the drives' runs take from the reader's scenario: everything but the drive itself. */
function jobKey(current: Record<string, unknown> | null, job: string | null): string | null {
  if (!current) return null;
  const { device: _d, scale: _s, name: _n, description: _e, ...rest } = current; // eslint-disable-line @typescript-eslint/no-unused-vars -- taken out of the key
  return JSON.stringify([rest, job]);
}

export function useNearestDrives(s: Session, fio: FioResultControls, job: string | null): NearestControls | null {
  const { catalog, current, kind } = s;
  const { chooseDrive } = s.scenario;
  const [state, setState] = useState<{ of: readonly [string | null, unknown]; state: NearestState }>({ of: [null, null], state: { status: 'idle' } });
  const key = jobKey(current, job);
  const loaded = fio.loaded;
  // The text, not the controls' object (remade with every comparison), names the result.
  const resultText = loaded?.text ?? null;
  const [runs] = useState(() => new NearestRuns((next) => setState((old) => ({ of: old.of, state: next }))));
  useEffect(() => () => runs.dispose(), [runs]);
  // Another job or result: the drives' runs of the old one are no longer its answer.
  const current_ = state.of[0] === key && state.of[1] === resultText;
  useEffect(() => {
    if (!current_ && state.state.status === 'running') runs.cancel();
  }, [current_, state.state.status, runs]);

  return useMemo(() => {
    if (!catalog || !current || !loaded || kind !== 'job') return null;
    const run = () => {
      setState({ of: [key, resultText], state: { status: 'idle' } });
      void runs.run({ candidates: driveCandidates(catalog.presets, current), resultText: loaded.text, job });
    };
    return { state: current_ ? state.state : { status: 'idle' }, run, cancel: runs.cancel, use: chooseDrive };
  }, [catalog, current, loaded, resultText, kind, key, job, runs, current_, state.state, chooseDrive]);
}
