// Scenario state: the JSON text is the source of truth (knobs are views onto it, so a knob
// change shows in the JSON editor and vice versa); the engine validates every edit so errors
// read exactly as the engine words them. On start the scenario comes from the link, else the
// last session, else the default preset; from then on the URL and storage follow it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CancelledError, type EngineClient, type EngineState } from '../engine/bridge';
import type { Json, JsonObject } from '../scenario/paths';
import { editedPaths, nearestPreset, settleDecoded, type Settled } from '../scenario/settle';
import { loadStored, saveStored } from '../scenario/storage';
import { baseScenario, decodeScenario, PAGE_PARAMS, type UrlIssue } from '../scenario/urlCodec';
import { formatScenario, type Validation } from './scenarioText';
import type { LoadedCatalog } from './useCatalog';
import { useScenarioEdits, useScenarioImport, type ScenarioSetters } from './useScenarioEdits';
import { useScenarioValidation } from './useScenarioValidation';

/** True when the query string carries scenario fields (not just page options such as lang). */
export function hasScenarioParams(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (!(PAGE_PARAMS as readonly string[]).includes(key) || key === 'preset') return true;
  return false;
}

async function initialScenario(engine: EngineClient, catalog: LoadedCatalog, search: string, persist: boolean): Promise<Settled> {
  const validate = (json: string) => engine.validate(json);
  if (hasScenarioParams(search)) return settleDecoded(decodeScenario(search, catalog.codec), catalog.codec, validate);
  const stored = persist ? loadStored() : null;
  if (stored) {
    try {
      const scenario = JSON.parse(await validate(JSON.stringify(stored.scenario))) as JsonObject;
      const preset = catalog.codec.presets.has(stored.preset) ? stored.preset : nearestPreset(scenario, catalog.codec);
      return { preset, scenario, issues: [] };
    } catch (err) {
      if (err instanceof CancelledError) throw err;
      // A stored scenario from an older engine that no longer validates: start fresh.
    }
  }
  const preset = catalog.defaultPreset;
  return { preset, scenario: baseScenario(preset, null, catalog.codec), issues: [] };
}

export { formatScenario, parseScenario, type Validation } from './scenarioText';

export interface ScenarioModel {
  /** False until the first scenario (link, storage or default) is settled. */
  ready: boolean;
  text: string;
  /** The parsed text (null while the JSON is broken). */
  draft: JsonObject | null;
  preset: string;
  validation: Validation;
  /** Paths that differ from the preset. */
  edited: string[];
  /** Problems with the link, storage or an imported file, for the user to read. */
  issues: UrlIssue[];
  importError: string | null;
  setText(text: string): void;
  setValue(path: string, value: Json): void;
  resetValue(path: string): void;
  setKind(kind: string): void;
  choosePreset(name: string): void;
  importScenario(text: string): Promise<boolean>;
  dismissIssues(): void;
}

/**
 * `persist`: restore the last session's scenario and keep saving it (the playground); an
 * embedded chart shows exactly its link and leaves the visitor's own session alone.
 */
export function useScenario(engine: EngineClient | null, engineState: EngineState, catalog: LoadedCatalog | null, persist = true): ScenarioModel {
  const [text, setTextState] = useState('');
  const [preset, setPreset] = useState('');
  const [ready, setReady] = useState(false);
  const [issues, setIssues] = useState<UrlIssue[]>([]);
  const [importError, setImportError] = useState<string | null>(null);
  const engineReady = engineState.status === 'ready';

  // First scenario: from the link, else storage, else the default preset.
  const starting = useRef(false);
  useEffect(() => {
    if (!engine || !engineReady || !catalog || ready || starting.current) return;
    starting.current = true;
    initialScenario(engine, catalog, location.search, persist).then(
      (settled) => {
        setPreset(settled.preset);
        setTextState(formatScenario(settled.scenario));
        setIssues(settled.issues);
        setReady(true);
      },
      () => {
        starting.current = false; // the engine restarted mid-way; try again when it is ready
      },
    );
  }, [engine, engineReady, catalog, ready, persist]);

  const { draft, validation, lastValid } = useScenarioValidation(engine, engineReady, ready, text);

  // The last valid scenario survives a reload.
  const normalized = validation.status === 'valid' ? validation.normalized : null;
  useEffect(() => {
    if (persist && normalized && preset) saveStored({ preset, scenario: JSON.parse(normalized) as Record<string, unknown> });
  }, [normalized, preset, persist]);

  const edited = useMemo(() => {
    const scenario = validation.status === 'valid' ? validation.scenario : draft;
    return scenario && catalog && preset ? editedPaths(scenario, preset, catalog.codec) : [];
  }, [validation, draft, catalog, preset]);

  // Edits apply to the text as it is (or, while its JSON is broken, to the last valid scenario).
  const current = useRef<JsonObject | null>(null);
  // The latest-value ref: callbacks below stay stable while reading the newest scenario.
  // eslint-disable-next-line react-hooks/refs -- written during render on purpose, read only in event handlers
  current.current = draft ?? lastValid.current;

  const setters: ScenarioSetters = { setText: setTextState, setPreset, setIssues, setImportError };
  const { setValue, resetValue, setKind, choosePreset } = useScenarioEdits(current, catalog, preset, setters);
  const importScenario = useScenarioImport(engine, catalog, setters);
  const setText = useCallback((next: string) => setTextState(next), []);
  const dismissIssues = useCallback(() => {
    setIssues([]);
    setImportError(null);
  }, []);

  return { ready, text, draft, preset, validation, edited, issues, importError, setText, setValue, resetValue, setKind, choosePreset, importScenario, dismissIssues };
}
