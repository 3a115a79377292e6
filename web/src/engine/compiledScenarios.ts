// Scenarios the engine has compiled, kept for the runs that follow. The engine checks a
// scenario and derives what its run needs in one step (`Compiled`); the page gets back a handle
// and the normalised scenario as an object (parsed here, once), and a run starts from the
// handle without checking or parsing anything again. One edit = one compile.
import type { Compiled } from './pkg/ssd_wasm.js';
import type { EngineGuard } from './engineGuard';
import type { Scenario } from './generated/Scenario';

/** Distinct scenarios kept at most: the page compiles what is being edited, then runs it. */
const KEEP = 8;

/** What a compile hands the page: a handle for its runs and the scenario as the engine normalised it. */
export interface CompiledScenario {
  handle: number;
  scenario: Scenario;
}

interface Entry extends CompiledScenario {
  compiled: Compiled;
  /** The normalised text, as the engine wrote it (a run of the same text finds it). */
  text: string;
}

export interface CompiledScenarios {
  /** Compiles `json` (a refusal names the field) and keeps it; a text compiled before is not compiled again. */
  compile(json: string): CompiledScenario & { text: string };
  /** The kept compile of a handle, if it is still kept. */
  byHandle(handle: number): (CompiledScenario & { compiled: Compiled }) | undefined;
  /** Compiles done in this worker (the page's test hook counts them: one per edit). */
  count(): number;
}

export function compiledScenarios(engine: EngineGuard): CompiledScenarios {
  // Keyed by the text as given and as normalised: the page sends either. Oldest first.
  const kept = new Map<string, Entry>();
  const handles = new Map<number, Entry>();
  let nextHandle = 1;
  let compiles = 0;
  const evictOldest = () => {
    const [oldest] = handles.values();
    handles.delete(oldest.handle);
    for (const [key, e] of kept) if (e === oldest) kept.delete(key);
    // The memory of a trapped instance cannot be trusted, not even to free.
    if (!engine.poisoned()) oldest.compiled.free();
  };
  return {
    compile(json) {
      // A trapped instance is trusted with nothing again, not even a scenario it compiled before.
      engine.guard(() => undefined);
      const found = kept.get(json);
      if (found) {
        // Used again: it becomes the newest, so an edit's scenario outlives older ones.
        handles.delete(found.handle);
        handles.set(found.handle, found);
        return found;
      }
      compiles += 1;
      const compiled = engine.guard(() => new engine.wasm.Compiled(json));
      let entry: Entry;
      try {
        const text = engine.guard(() => compiled.scenario_json());
        entry = { compiled, handle: nextHandle++, text, scenario: engine.read('scenario', () => text) };
      } catch (err) {
        if (!engine.poisoned()) compiled.free(); // not kept: nothing else would free it
        throw err;
      }
      kept.set(json, entry);
      kept.set(entry.text, entry);
      handles.set(entry.handle, entry);
      while (handles.size > KEEP) evictOldest();
      return entry;
    },
    byHandle: (handle) => handles.get(handle),
    count: () => compiles,
  };
}
