// The worker API's compile: a scenario checked and compiled by the engine once, kept for the runs
// that follow (compiledScenarios.ts). The page's edits compile here; a link, a file or storage
// is validated here too, as text.
import type { CompiledScenario, CompiledScenarios } from './compiledScenarios';
import type { EngineGuard } from './engineGuard';

export function compileApi({ ready }: EngineGuard, compiled: CompiledScenarios) {
  return {
    /**
     * Normalised scenario JSON; refuses with an EngineError naming the field and the code. For
     * a scenario read from a link, a file or storage; an edit compiles instead (below).
     */
    async validate(scenarioJson: string): Promise<string> {
      await ready;
      return compiled.compile(scenarioJson).text;
    },

    /**
     * Compiles a scenario for the runs that follow: its handle and the scenario as the engine
     * normalised it, typed. Refuses with an EngineError naming the field and the code.
     */
    async compile(scenarioJson: string): Promise<CompiledScenario> {
      await ready;
      const { handle, scenario } = compiled.compile(scenarioJson);
      return { handle, scenario };
    },

    /** What this worker has done that the page's test hook counts. */
    async stats(): Promise<{ compiles: number }> {
      await ready;
      return { compiles: compiled.count() };
    },
  };
}
