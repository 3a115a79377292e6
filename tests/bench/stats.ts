// Repetitions of a case summarised into one row with the field names of `ssdsim bench --json`
// (engine/cli/src/bench.rs), so native and wasm rows are read by the same code.
import type { Measurement } from './measure';

export interface BenchCase {
  id: string;
  name: string;
  scenario: string;
  /** False for a case a browser tab cannot run to its end (memory, work ceiling): measured natively only. */
  browser: boolean;
}

/** The cases measured in wasm (Node, Chromium): those the page could run. */
export function wasmCases(cases: readonly BenchCase[]): BenchCase[] {
  return cases.filter((c) => c.browser);
}

/** A row of `ssdsim bench --json`; wasm rows add the drive's build time and the wall time. */
export interface CaseRow {
  case: string;
  name: string;
  repeat: number;
  run_flash_ops: number;
  run_s_min: number;
  run_s_median: number;
  run_flash_ops_per_s_best: number;
  run_flash_ops_per_s_median: number;
  precondition_flash_ops: number;
  precondition_s_min: number;
  precondition_s_median: number;
  precondition_flash_ops_per_s_best: number;
  precondition_flash_ops_per_s_median: number;
  events: number;
  simulated_s: number;
  build_s_min?: number;
  build_s_median?: number;
  /** Build, preconditioning and loop together: what a user of the page waits for. */
  wall_s_min?: number;
  wall_s_median?: number;
}

/** Minimum and median (the mean of the middle two for an even count), as bench.rs computes them. */
export function minMedian(samples: readonly number[]): { min: number; median: number } {
  if (samples.length === 0) throw new Error('minMedian: no samples');
  const v = [...samples].sort((a, b) => a - b);
  const n = v.length;
  return { min: v[0], median: n % 2 === 1 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2 };
}

/** Operations per second; a part with no work (a case without preconditioning) is 0. */
export function rate(ops: number, seconds: number): number {
  return ops === 0 ? 0 : ops / seconds;
}

/** One row from the repetitions of a case (the work is the same each time; only time varies). */
export function summarise(c: BenchCase, runs: readonly Measurement[]): CaseRow {
  const first = runs[0];
  if (!first) throw new Error(`${c.id}: no measurements`);
  const loop = minMedian(runs.map((m) => m.run_s));
  const pre = minMedian(runs.map((m) => m.precondition_s));
  const build = minMedian(runs.map((m) => m.build_s));
  const wall = minMedian(runs.map((m) => m.build_s + m.precondition_s + m.run_s));
  return {
    case: c.id,
    name: c.name,
    repeat: runs.length,
    run_flash_ops: first.run_flash_ops,
    run_s_min: loop.min,
    run_s_median: loop.median,
    run_flash_ops_per_s_best: rate(first.run_flash_ops, loop.min),
    run_flash_ops_per_s_median: rate(first.run_flash_ops, loop.median),
    precondition_flash_ops: first.precondition_flash_ops,
    precondition_s_min: pre.min,
    precondition_s_median: pre.median,
    precondition_flash_ops_per_s_best: rate(first.precondition_flash_ops, pre.min),
    precondition_flash_ops_per_s_median: rate(first.precondition_flash_ops, pre.median),
    events: first.events,
    simulated_s: first.simulated_s,
    build_s_min: build.min,
    build_s_median: build.median,
    wall_s_min: wall.min,
    wall_s_median: wall.median,
  };
}
