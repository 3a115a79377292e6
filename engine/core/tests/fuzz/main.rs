//! Scenario fuzzing as a test: mutated presets (in-range extremes, just past them, wrong types,
//! broken structure, other workload kinds) must validate without panicking; every refusal must
//! name a field that exists; every accepted scenario small enough to run here must run to the
//! end without panicking, within its work estimate and its memory estimate.
//!
//! `npm test` runs a smoke of a few hundred cases. The long run (the README's `npm run fuzz`):
//!   FUZZ_CASES=100000 cargo test --release -p ssd-core --test fuzz -- --nocapture
//! FUZZ_SEED picks another deterministic stream of cases.

mod mutate;

use mutate::Mutator;
use serde_json::Value;
use ssd_core::rng::SimRng;
use ssd_core::scenario::knobs::KNOBS;
use ssd_core::scenario::{ErrorCode, Scenario, ScenarioError};
use ssd_core::Simulation;
use std::panic::{catch_unwind, AssertUnwindSafe};

#[path = "../support/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

/// Accepted cases estimated above this much flash work are validated but not run here, so
/// 10^5 cases finish in minutes; the product's own limit is far higher.
const RUN_FLASH_OPS: u64 = 1_000_000;

#[derive(Default, Debug)]
struct Tally {
    cases: u64,
    refused: u64,
    ran: u64,
    too_big_to_run_here: u64,
    refused_by_code: std::collections::BTreeMap<String, u64>,
    failures: Vec<String>,
}

/// A refusal must name a field that exists: the document (""), a knob, a group of knobs, or
/// one of the scenario's own fields; list entries by index (`workload.spans[2]`).
fn field_exists(field: &str) -> bool {
    let path = match field.find('[') {
        Some(i) => &field[..i],
        None => field,
    };
    matches!(path, "" | "version" | "name" | "description" | "workload.kind")
        || KNOBS.iter().any(|k| k.path == path || k.path.strip_prefix(path).is_some_and(|rest| rest.starts_with('.')))
}

fn check_refusal(e: &ScenarioError, case: &str, tally: &mut Tally) {
    *tally.refused_by_code.entry(format!("{:?}", e.code)).or_default() += 1;
    if !field_exists(&e.field) {
        tally.failures.push(format!("refusal names no field ({e:?}) for {case}"));
    }
    if e.code == ErrorCode::Internal {
        tally.failures.push(format!("internal error {e} for {case}"));
    }
}

fn run_case(scenario: &Scenario, case: &str, tally: &mut Tally) {
    let Ok(scaled) = scenario.scaled() else {
        return tally.failures.push(format!("a valid scenario that does not scale: {case}"));
    };
    if ssd_core::resolve::budget::estimate(&scaled).flash_ops > RUN_FLASH_OPS {
        tally.too_big_to_run_here += 1;
        return;
    }
    let base = heap::start();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut sim = Simulation::new(scenario)?;
        let budget = *sim.budget();
        while !sim.run(1 << 14) {
            if sim.flash_ops_done() > budget.flash_ops {
                break;
            }
        }
        let peak = heap::peak_since(base);
        let summary = sim.summary();
        let commands = summary.read_latency.count + summary.write_latency.count;
        Ok::<_, ScenarioError>((sim.flash_ops_done(), commands, budget, peak))
    }));
    match outcome {
        Err(_) => tally.failures.push(format!("panic while running {case}")),
        Ok(Err(e)) => tally.failures.push(format!("validated, then refused by the simulator ({e}): {case}")),
        Ok(Ok((done, commands, budget, peak))) => {
            tally.ran += 1;
            if done > budget.flash_ops {
                tally.failures.push(format!("{done} flash operations, estimate {} for {case}", budget.flash_ops));
            }
            if commands > budget.host_commands as f64 {
                tally.failures.push(format!("{commands} host commands, estimate {} for {case}", budget.host_commands));
            }
            if peak > budget.memory_bytes {
                tally.failures.push(format!("peak allocation {peak} bytes, estimate {} for {case}", budget.memory_bytes));
            }
        }
    }
}

fn fuzz(cases: u64, seed: u64) -> Tally {
    let presets: Vec<Value> =
        ssd_core::presets::all().map(|p| serde_json::to_value(p.scenario().expect("presets are valid")).expect("a scenario serialises")).collect();
    let mut mutator = Mutator { rng: SimRng::new(seed) };
    let mut tally = Tally::default();
    for i in 0..cases {
        let mut doc = presets[(i % presets.len() as u64) as usize].clone();
        mutator.mutate(&mut doc);
        let text = doc.to_string();
        tally.cases += 1;
        let parsed = catch_unwind(|| Scenario::from_json(&text));
        match parsed {
            Err(_) => tally.failures.push(format!("panic in validation for {text}")),
            Ok(Err(e)) => {
                tally.refused += 1;
                check_refusal(&e, &text, &mut tally);
            }
            Ok(Ok(scenario)) => run_case(&scenario, &text, &mut tally),
        }
        if tally.failures.len() >= 20 {
            break;
        }
    }
    tally
}

#[test]
fn mutated_scenarios_never_panic_and_stay_within_their_estimates() {
    let cases = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let seed = std::env::var("FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    // Quiet panics: the tally reports them with the case that caused them.
    std::panic::set_hook(Box::new(|_| {}));
    let tally = fuzz(cases, seed);
    let _ = std::panic::take_hook();
    println!(
        "fuzz: {} cases (seed {seed}): {} refused, {} ran, {} valid but too big to run here; refusals by code: {:?}",
        tally.cases, tally.refused, tally.ran, tally.too_big_to_run_here, tally.refused_by_code
    );
    assert!(tally.failures.is_empty(), "{} failures:\n{}", tally.failures.len(), tally.failures.join("\n"));
    // The mutations must reach the run loop, or this test proves nothing about it.
    assert!(tally.ran * 10 >= tally.cases, "only {} of {} cases ran", tally.ran, tally.cases);
}
