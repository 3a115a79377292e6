// The worker API's catalogue: the default scenario, presets, figures, the knob table, summary
// fields, and scenario validation; all straight from the engine.
import type { CompiledScenarios } from './compiledScenarios';
import type { EngineGuard } from './engineGuard';
import type { Knob, KnobLayout } from '../scenario/knobs';
import type { Catalog, Figure, Preset, SummaryField } from './types';

export function catalogueApi({ ready, wasm, guard }: EngineGuard, compiled: CompiledScenarios) {
  const { default_scenario, figures, knob_layout, knobs, presets, summary_fields, validate_scenario } = wasm;
  const validate = (json: string) => guard(() => validate_scenario(json));
  const normalise = <T>(scenario: T): T => JSON.parse(validate(JSON.stringify(scenario))) as T;

  return {
    /** Resolves once the wasm is usable; rejects with the load error otherwise. */
    async ping(): Promise<true> {
      await ready;
      return true;
    },

    async defaultScenario(): Promise<string> {
      await ready;
      return guard(() => default_scenario());
    },

    async presets(): Promise<Preset[]> {
      await ready;
      return JSON.parse(guard(() => presets())) as Preset[];
    },

    async figures(): Promise<Figure[]> {
      await ready;
      return JSON.parse(guard(() => figures())) as Figure[];
    },

    async knobs(): Promise<Knob[]> {
      await ready;
      return JSON.parse(guard(() => knobs())) as Knob[];
    },

    /** Presets and figures normalised, knobs, and each workload kind's defaults, at once. */
    async catalog(): Promise<Catalog> {
      await ready;
      const layout = JSON.parse(guard(() => knob_layout())) as KnobLayout;
      const workloadDefaults: Catalog['workloadDefaults'] = {};
      for (const kind of layout.workload_kinds) {
        workloadDefaults[kind] = normalise({ workload: { kind } }).workload;
      }
      const figureList = (JSON.parse(guard(() => figures())) as Figure[]).map((f) => ({ ...f, members: f.members.map((m) => ({ ...m, scenario: normalise(m.scenario) })) }));
      const presetList = (JSON.parse(guard(() => presets())) as Preset[]).map((p) => ({ ...p, scenario: normalise(p.scenario) }));
      return {
        defaultScenario: guard(() => default_scenario()),
        presets: presetList,
        figures: figureList,
        // The knob table is the single source of rules, nullability included.
        knobs: JSON.parse(guard(() => knobs())) as Knob[],
        layout,
        summaryFields: JSON.parse(guard(() => summary_fields())) as SummaryField[],
        workloadDefaults,
      };
    },

    /**
     * Normalised scenario JSON; refuses with an EngineError naming the field and the code. The
     * scenario stays compiled for a run of it that follows (see compiledScenarios.ts).
     */
    async validate(scenarioJson: string): Promise<string> {
      await ready;
      return compiled.compile(scenarioJson);
    },
  };
}
