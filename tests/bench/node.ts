// The wasm engine in Node, loaded as tests/contract/loadEngine.ts does (Node has no fetch
// for init(), so initSync with the file's bytes): the bench cases, the figures, and the
// Node half of the measurements.
import { readFileSync } from 'node:fs';
import { bench_cases, Compiled, figures, initSync, Simulation } from '../../web/src/engine/pkg/ssd_wasm.js';
import { newSimulation } from '../../web/src/engine/newSimulation';
import { measure, type Measurement } from './measure';
import type { BenchCase } from './stats';

let loaded = false;

function load(): void {
  if (loaded) return;
  initSync({ module: readFileSync(new URL('../../web/src/engine/pkg/ssd_wasm_bg.wasm', import.meta.url)) });
  loaded = true;
}

/** The engine's bench cases (ssd_core::bench::CASES), in its order. */
export function engineBenchCases(): BenchCase[] {
  load();
  return JSON.parse(bench_cases()) as BenchCase[];
}

/** A figure's members (preset ids) and their scenarios as JSON, in the figure's order. */
export function figureMembers(name: string): { id: string; scenario: string }[] {
  load();
  const figure = (JSON.parse(figures()) as { name: string; members: { id: string; scenario: unknown }[] }[]).find((f) => f.name === name);
  if (!figure) throw new Error(`the engine has no figure "${name}"`);
  return figure.members.map((m) => ({ id: m.id, scenario: JSON.stringify(m.scenario) }));
}

export function measureInNode(c: BenchCase, repeat: number, causes: boolean): Measurement[] {
  load();
  return Array.from({ length: repeat }, () => measure(() => newSimulation({ Simulation, Compiled }, c.scenario, causes), () => performance.now() / 1000));
}

/** A scenario's memory as the engine works it out before the run: what the page shows
 * (`Budget::expected_memory_bytes`) and the bound the run is admitted under (`memory_bytes`). */
export function memoryEstimate(scenario: string): { expected: number; bound: number } {
  load();
  const sim = new Simulation(scenario);
  try {
    const budget = JSON.parse(sim.budget()) as { memory_bytes: number; expected_memory_bytes: number };
    return { expected: budget.expected_memory_bytes, bound: budget.memory_bytes };
  } finally {
    sim.free();
  }
}
