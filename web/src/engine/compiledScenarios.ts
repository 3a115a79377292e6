// Scenarios the engine has compiled, kept from the page's validation to the run that follows,
// so a run is validated once: the engine checks a scenario and derives what its run needs in
// one step (`Compiled`), and the run starts from that instead of checking it again.
import type { Compiled } from './pkg/ssd_wasm.js';
import type { EngineGuard } from './engineGuard';
import { checkedText } from './engineResult';

/** Scenarios kept at most: the page validates what is being edited, then runs it. */
const KEEP = 8;

export interface CompiledScenarios {
  /** Compiles `json` (a refusal names the field), keeps it for a run; returns it normalised. */
  compile(json: string): string;
  /** The compiled form of `json`, as given or as normalised, if it is kept. */
  find(json: string): Compiled | undefined;
}

export function compiledScenarios(engine: EngineGuard): CompiledScenarios {
  // Keyed by the text as given and as normalised: the page runs either. Oldest first.
  const kept = new Map<string, Compiled>();
  // The page parses the normalised text it is handed: it is checked to be a scenario first.
  const scenarioText = (c: Compiled) => checkedText('scenario', engine.guard(() => c.scenario_json()));
  const distinct = () => new Set(kept.values());
  const evictOldest = () => {
    const [, oldest] = kept.entries().next().value as [string, Compiled];
    for (const [key, c] of kept) if (c === oldest) kept.delete(key);
    // The memory of a trapped instance cannot be trusted, not even to free.
    if (!engine.poisoned()) oldest.free();
  };
  return {
    compile(json) {
      const found = kept.get(json);
      if (found) return scenarioText(found);
      const compiled = engine.guard(() => new engine.wasm.Compiled(json));
      let normalised: string;
      try {
        normalised = scenarioText(compiled);
      } catch (err) {
        if (!engine.poisoned()) compiled.free(); // not kept: nothing else would free it
        throw err;
      }
      kept.set(json, compiled);
      kept.set(normalised, compiled);
      while (distinct().size > KEEP) evictOldest();
      return normalised;
    },
    find: (json) => kept.get(json),
  };
}
