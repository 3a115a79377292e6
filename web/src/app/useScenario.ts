// Scenario editing state: the JSON text is the source of truth; the engine validates every
// edit (in the worker) so errors read exactly as the engine words them.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CancelledError, type EngineClient, type EngineState } from '../engine/bridge';
import type { Preset } from '../engine/types';
import { formatScenario, parseScenario } from '../scenario/knobs';
import type { Scenario } from '../scenario/generated/Scenario';

export type Validation =
  | { status: 'pending' }
  | { status: 'valid'; normalized: string }
  | { status: 'invalid'; message: string };

/** Which preset the scenario came from, and whether it has been edited since. */
export interface Origin {
  preset: string | null;
  edited: boolean;
}

export function useScenario(engine: EngineClient | null, engineState: EngineState) {
  const [text, setText] = useState<string | null>(null);
  const [origin, setOrigin] = useState<Origin>({ preset: null, edited: false });
  const [presets, setPresets] = useState<Preset[]>([]);
  const [validation, setValidation] = useState<Validation>({ status: 'pending' });
  const ready = engineState.status === 'ready';

  // First load: the engine's default scenario and its preset list.
  useEffect(() => {
    if (!engine || !ready || text !== null) return;
    let live = true;
    Promise.all([engine.defaultScenario(), engine.presets()]).then(
      ([json, list]) => {
        if (!live) return;
        setText(json);
        setPresets(list);
        const name = (JSON.parse(json) as Scenario).name;
        setOrigin({ preset: list.find((p) => p.scenario.name === name)?.name ?? null, edited: false });
      },
      () => {}, // a failed engine is shown by its own banner
    );
    return () => {
      live = false;
    };
  }, [engine, ready, text]);

  const parsed = useMemo(() => (text === null ? null : parseScenario(text)), [text]);

  useEffect(() => {
    if (!engine || !ready || text === null || !parsed) return;
    if ('error' in parsed) {
      setValidation({ status: 'invalid', message: parsed.error });
      return;
    }
    let live = true;
    setValidation({ status: 'pending' });
    engine.validate(text).then(
      (normalized) => live && setValidation({ status: 'valid', normalized }),
      (err: unknown) => {
        if (!live || err instanceof CancelledError) return; // re-validated when the fresh engine is ready
        setValidation({ status: 'invalid', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [engine, ready, text, parsed]);

  const scenario: Scenario | null = parsed && 'scenario' in parsed ? parsed.scenario : null;

  const edit = useCallback((next: string) => {
    setText(next);
    setOrigin((o) => (o.edited ? o : { ...o, edited: true }));
  }, []);
  const update = useCallback((next: Scenario) => edit(formatScenario(next)), [edit]);
  const choosePreset = useCallback(
    (name: string) => {
      const preset = presets.find((p) => p.name === name);
      if (!preset) return;
      setText(formatScenario(preset.scenario));
      setOrigin({ preset: name, edited: false });
    },
    [presets],
  );

  return { text, edit, scenario, update, presets, choosePreset, origin, validation };
}
