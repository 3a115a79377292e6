// The engine's word on the scenario text: every edit is validated by the engine, so errors read
// exactly as the engine words them. Broken JSON never makes the round trip.
import { useEffect, useMemo, useRef, useState } from 'react';
import { CancelledError, type EngineClient } from '../engine/bridge';
import { EngineError } from '../engine/errors';
import type { JsonObject } from '../scenario/paths';
import { errorData, parseScenario, type Validation } from './scenarioText';

export function useScenarioValidation(engine: EngineClient | null, engineReady: boolean, ready: boolean, text: string) {
  const [engineValidation, setValidation] = useState<Validation>({ status: 'pending' });
  /** The last scenario the engine accepted: edits apply to it while the JSON is broken. */
  const lastValid = useRef<JsonObject | null>(null);
  const abortedText = useRef<string | null>(null);

  const parsed = useMemo(() => (ready ? parseScenario(text) : null), [ready, text]);
  const draft = parsed && 'scenario' in parsed ? parsed.scenario : null;
  // Broken JSON is refused here, without a round trip to the engine.
  const validation = useMemo<Validation>(() => (parsed && 'error' in parsed ? { status: 'invalid', error: parsed.error } : engineValidation), [parsed, engineValidation]);

  useEffect(() => {
    if (!engine || !engineReady || !parsed || 'error' in parsed) return;
    let live = true;
    engine.validate(text).then(
      (normalized) => {
        if (!live) return;
        const scenario = JSON.parse(normalized) as JsonObject;
        lastValid.current = scenario;
        setValidation({ status: 'valid', normalized, scenario });
      },
      (err: unknown) => {
        if (!live || err instanceof CancelledError) return; // re-validated when the fresh engine is ready
        // An abort replaced the worker: the text is validated again once the fresh one is ready,
        // but only once, so a text that traps every time shows the abort instead of looping.
        if (err instanceof EngineError && err.code === 'engine_abort' && abortedText.current !== text) {
          abortedText.current = text;
          return;
        }
        setValidation({ status: 'invalid', error: errorData(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [engine, engineReady, text, parsed]);

  return { draft, validation, lastValid };
}
