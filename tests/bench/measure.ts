// One measurement of a bench case in wasm, by the method of `measure()` in
// engine/core/src/bench.rs (same chunk sizes, same split), so wasm and native numbers compare
// case by case. Shared by the Node run and the Chromium worker; no Node or DOM API here.

/** The part of the wasm `Simulation` a measurement uses. */
export interface BenchSimulation {
  preconditioning(): boolean;
  run(maxEvents: number): boolean;
  flash_ops_done(): number;
  /** JSON with at least `events` and `duration_s`. */
  summary(): string;
  free(): void;
}

/** Events per `run` call while preconditioning and while running (bench.rs's constants). */
export const PRECONDITION_CHUNK = 1 << 16;
export const RUN_CHUNK = 1 << 20;

/** Field names as `ssd_core::bench::Measurement`, plus the time to build the drive. */
export interface Measurement {
  /** `new Simulation`: validation, budget and allocating the drive. Natively untimed. */
  build_s: number;
  precondition_s: number;
  precondition_flash_ops: number;
  run_s: number;
  run_flash_ops: number;
  events: number;
  simulated_s: number;
}

/** Builds a simulation with `create` and runs it to the end; `nowS` is a clock in seconds. */
export function measure(create: () => BenchSimulation, nowS: () => number): Measurement {
  const tBuild = nowS();
  const sim = create();
  try {
    const t0 = nowS();
    while (sim.preconditioning()) sim.run(PRECONDITION_CHUNK);
    const t1 = nowS();
    const preconditionFlashOps = sim.flash_ops_done();
    while (!sim.run(RUN_CHUNK)) {
      // every call advances up to RUN_CHUNK events
    }
    const t2 = nowS();
    const summary = JSON.parse(sim.summary()) as { events: number; duration_s: number };
    return {
      build_s: t0 - tBuild,
      precondition_s: t1 - t0,
      precondition_flash_ops: preconditionFlashOps,
      run_s: t2 - t1,
      run_flash_ops: sim.flash_ops_done() - preconditionFlashOps,
      events: summary.events,
      simulated_s: summary.duration_s,
    };
  } finally {
    sim.free();
  }
}
