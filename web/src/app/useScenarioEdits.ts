// The ways a reader changes the scenario: a knob, a knob back to its preset value, another
// workload kind, another preset, or an imported file. Each rewrites the scenario text, the
// source of truth that the knobs and the JSON editor both show.
import { useCallback, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { EngineClient } from '../engine/bridge';
import { describeError } from '../engine/errors';
import { getPath, setPath, type Json, type JsonObject } from '../scenario/paths';
import { setWithFollowers } from '../scenario/followedDefaults';
import { nearestPreset } from '../scenario/settle';
import { baseScenario, type UrlIssue } from '../scenario/urlCodec';
import type { LoadedCatalog } from './useCatalog';
import { errorData, formatScenario, parseScenario } from './scenarioText';

/** The scenario state the edits write. */
export interface ScenarioSetters {
  setText: Dispatch<SetStateAction<string>>;
  setPreset: Dispatch<SetStateAction<string>>;
  setIssues: Dispatch<SetStateAction<UrlIssue[]>>;
  setImportError: Dispatch<SetStateAction<string | null>>;
}

/** `current`: the newest scenario (the text's, or the last valid one while the JSON is broken). */
export function useScenarioEdits(current: MutableRefObject<JsonObject | null>, catalog: LoadedCatalog | null, preset: string, { setText, setPreset, setIssues }: ScenarioSetters) {
  const setValue = useCallback(
    (path: string, value: Json) => {
      const from = current.current;
      // Another cell type brings its own datasheet timings (issue 27: QLC's were kept).
      if (from) setText(formatScenario(catalog ? setWithFollowers(catalog.knobs, from, path, value) : setPath(from, path, value)));
    },
    [current, catalog, setText],
  );

  const resetValue = useCallback(
    (path: string) => {
      const from = current.current;
      if (!from || !catalog) return;
      const kind = getPath(from, 'workload.kind');
      const base = baseScenario(preset, typeof kind === 'string' ? kind : null, catalog.codec);
      const original = (p: string) => getPath(base, p) ?? null;
      // A field others follow (the cell type) takes them back to the preset's values too.
      const followers = catalog.knobs.filter((k) => k.follows?.path === path && getPath(from, k.path) != null).map((k) => k.path);
      setText(formatScenario([path, ...followers].reduce((s, p) => setPath(s, p, original(p)), from)));
    },
    [current, catalog, preset, setText],
  );

  const setKind = useCallback(
    (kind: string) => {
      const from = current.current;
      if (!from || !catalog) return;
      const workload = baseScenario(preset, kind, catalog.codec).workload;
      setText(formatScenario({ ...from, workload }));
    },
    [current, catalog, preset, setText],
  );

  const choosePreset = useCallback(
    (name: string) => {
      if (!catalog?.codec.presets.has(name)) return;
      setPreset(name);
      setText(formatScenario(baseScenario(name, null, catalog.codec)));
      setIssues([]);
    },
    [catalog, setPreset, setText, setIssues],
  );

  return { setValue, resetValue, setKind, choosePreset };
}

/** Reads a scenario file: the engine validates it and the nearest preset names it. */
export function useScenarioImport(engine: EngineClient | null, catalog: LoadedCatalog | null, { setText, setPreset, setIssues, setImportError }: ScenarioSetters) {
  return useCallback(
    async (fileText: string): Promise<boolean> => {
      if (!engine || !catalog) return false;
      const result = parseScenario(fileText);
      if ('error' in result) {
        setImportError(describeError(result.error));
        return false;
      }
      try {
        const scenario = JSON.parse(await engine.validate(JSON.stringify(result.scenario))) as JsonObject;
        setPreset(nearestPreset(scenario, catalog.codec));
        setText(formatScenario(scenario));
        setImportError(null);
        setIssues([]);
        return true;
      } catch (err) {
        setImportError(describeError(errorData(err)));
        return false;
      }
    },
    [engine, catalog, setText, setPreset, setIssues, setImportError],
  );
}
