// A story step's knobs, bound as the playground's are: an edit is compiled by the engine first
// (one compile, kept for the run that follows), so a value the engine refuses is marked at its
// knob and never reaches the step's run; an accepted one becomes the step's scenario.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineClient } from '../../engine/bridge';
import { EngineError, type EngineErrorData } from '../../engine/errors';
import type { Knob } from '../../scenario/knobs';
import { getPath, sameJson, setPath, type Json, type JsonObject } from '../../scenario/paths';
import { setWithFollowers } from '../../scenario/followedDefaults';
import { viewPaths } from '../../scenario/knobViews';
import type { KnobBinding } from '../../session/knobBinding';

export interface StepBindingOptions {
  engine: EngineClient | null;
  /** The step's knobs (for what is edited) and every knob of the scenario (followers move too). */
  knobs: readonly Knob[];
  all: readonly Knob[];
  kind: string;
  /** The step's scenario as it is now, and as the story wrote it (reset goes back to it). */
  scenario: JsonObject;
  own: JsonObject;
  /** Why the step's run failed, if it did: one of its knobs is likely the cause. */
  runError: string | null;
  /** The step's next scenario; null: back to the step as the story wrote it (its shipped run). */
  onScenario(next: JsonObject | null): void;
  /** Starts the page's engine now (an edit needs it; the page holds it back until first draw). */
  wantEngine(): void;
}

export function useStepBinding({ engine, knobs, all, kind, scenario, own, runError, onScenario, wantEngine }: StepBindingOptions): KnobBinding {
  // A refused edit: shown at its knob, with the value the reader typed, until the next edit.
  const [refused, setRefused] = useState<{ scenario: JsonObject; error: EngineErrorData } | null>(null);
  const shown = refused?.scenario ?? scenario;

  // An edit made before the page has started its engine (a story holds it back until the first
  // chart is drawn) starts it, and waits for it instead of being dropped.
  const pending = useRef<JsonObject | null>(null);
  const apply = useCallback(
    (next: JsonObject) => {
      if (!engine) {
        pending.current = next;
        wantEngine();
        return;
      }
      engine.compile(JSON.stringify(next)).then(
        (compiled) => {
          setRefused(null);
          const accepted = compiled.scenario as unknown as JsonObject;
          onScenario(sameJson(accepted, own) ? null : accepted);
        },
        (err: unknown) => {
          if (err instanceof EngineError && err.code !== 'engine_abort') setRefused({ scenario: next, error: err.toData() });
        },
      );
    },
    [engine, onScenario, own, wantEngine],
  );
  useEffect(() => {
    const next = pending.current;
    if (!engine || !next) return;
    pending.current = null;
    apply(next);
  }, [engine, apply]);
  const set = useCallback((path: string, value: Json) => apply(setWithFollowers(all, shown, path, value)), [apply, all, shown]);
  // Back to the story's value: with no other knob changed, that is the step's own run.
  // The other view of its quantity (user capacity for over-provisioning) goes back with it.
  const reset = useCallback((path: string) => apply(viewPaths(all, path).reduce((s, p) => setPath(s, p, getPath(own, p) ?? null), shown)), [apply, all, shown, own]);

  return useMemo(() => {
    const edited = knobs.filter((k) => !sameJson(getPath(shown, k.path) ?? null, getPath(own, k.path) ?? null)).map((k) => k.path);
    const error = refused?.error ?? (runError ? { field: '', code: 'internal' as const, message: runError } : null);
    return { scenario: shown, kind, edited, error, set, reset };
  }, [knobs, shown, own, refused, runError, kind, set, reset]);
}
