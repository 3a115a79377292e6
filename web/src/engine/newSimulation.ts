// A run of a scenario in the wasm engine: from its compiled form if one is at hand, else from
// its text; booking latency causes or not (`Simulation::with_causes`). The worker's run API
// and the bench build their runs here, so both measure the same thing.
import type { Compiled, Simulation } from './pkg/ssd_wasm.js';

type Wasm = Pick<typeof import('./pkg/ssd_wasm.js'), 'Compiled' | 'Simulation'>;

export function newSimulation(wasm: Wasm, scenarioJson: string, causes: boolean, compiled?: Compiled): Simulation {
  if (causes) return compiled ? wasm.Simulation.from_compiled(compiled) : new wasm.Simulation(scenarioJson);
  if (compiled) return wasm.Simulation.without_causes(compiled);
  // Compiled here only to build the run: freed at once (the run keeps its own copy).
  const once = new wasm.Compiled(scenarioJson);
  try {
    return wasm.Simulation.without_causes(once);
  } finally {
    once.free();
  }
}
