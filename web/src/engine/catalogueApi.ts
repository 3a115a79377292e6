// The worker API's catalogue: the default scenario, presets, figures, the knob table, summary
// fields; all straight from the engine.
import type { EngineGuard } from './engineGuard';
import { checkedText } from './engineResult';
import type { Knob } from './generated/Knob';
import type { Scenario } from './generated/Scenario';
import type { ArticleEngineValue, ArticleLine, Catalog, Figure, Preset } from './types';

export function catalogueApi({ ready, wasm, guard, read }: EngineGuard) {
  const { article_values, default_scenario, figures, knob_layout, knobs, lab_knobs, presets, summary_fields, validate_scenario } = wasm;
  // Every JSON result is checked against its schema as it is read (engineResult.ts).
  const normalise = (scenario: unknown): Scenario => read('scenario', () => validate_scenario(JSON.stringify(scenario)));
  // The default scenario goes to the page as text, which it parses: checked all the same.
  const defaultText = () => checkedText('scenario', guard(() => default_scenario()));

  return {
    /** Resolves once the wasm is usable; rejects with the load error otherwise. */
    async ping(): Promise<true> {
      await ready;
      return true;
    },

    async defaultScenario(): Promise<string> {
      await ready;
      return defaultText();
    },

    async presets(): Promise<Preset[]> {
      await ready;
      return read('presets', () => presets());
    },

    async figures(): Promise<Figure[]> {
      await ready;
      return read('figures', () => figures());
    },

    /**
     * Each article value of figure `name` measured on the lines the page drew (its members'
     * headline lines), by the engine's own measures: the page never re-implements them.
     */
    async articleValues(name: string, lines: ArticleLine[]): Promise<ArticleEngineValue[]> {
      await ready;
      return read('article_values', () => article_values(name, JSON.stringify(lines)));
    },

    async knobs(): Promise<Knob[]> {
      await ready;
      return read('knobs', () => knobs());
    },

    /** Presets and figures normalised, knobs, and each workload kind's defaults, at once. */
    async catalog(): Promise<Catalog> {
      await ready;
      const layout = read('knob_layout', () => knob_layout());
      const workloadDefaults: Catalog['workloadDefaults'] = {};
      for (const { id: kind } of layout.workload_kinds) {
        workloadDefaults[kind] = normalise({ workload: { kind } }).workload;
      }
      const figureList: Figure[] = read('figures', () => figures()).map((f) => ({ ...f, members: f.members.map((m) => ({ ...m, scenario: normalise(m.scenario) })) }));
      const presetList: Preset[] = read('presets', () => presets()).map((p) => ({ ...p, scenario: normalise(p.scenario) }));
      return {
        defaultScenario: defaultText(),
        presets: presetList,
        figures: figureList,
        // The knob table is the single source of rules, nullability included.
        knobs: read('knobs', () => knobs()),
        labKnobs: read('lab_knobs', () => lab_knobs()),
        layout,
        summaryFields: read('summary_fields', () => summary_fields()),
        workloadDefaults,
      };
    },
  };
}
