// The page's first scenario: from the link, else the last session's (stored), else the default
// preset. Whatever comes from outside is settled by the engine first: a refused field goes back
// to the preset's value and the refusal is reported.
import { CancelledError, type EngineClient } from '../engine/bridge';
import type { JsonObject } from '../scenario/paths';
import { nearestPreset, settleDecoded, type Settled } from '../scenario/settle';
import { loadStored } from '../scenario/storage';
import { baseScenario, decodeScenario, PAGE_PARAMS } from '../scenario/urlCodec';
import type { LoadedCatalog } from './catalog';

/** True when the query string carries scenario fields (not just page options such as lang). */
export function hasScenarioParams(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (!(PAGE_PARAMS as readonly string[]).includes(key) || key === 'preset') return true;
  return false;
}

export async function initialScenario(engine: EngineClient, catalog: LoadedCatalog, search: string, persist: boolean): Promise<Settled> {
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
