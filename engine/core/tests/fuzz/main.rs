//! Scenario fuzzing as a test: mutated presets (in-range extremes, just past them, wrong types,
//! broken structure, other workload kinds) must validate without panicking; every refusal must
//! name a field that exists; every accepted scenario whose memory fits here must run without
//! panicking or hanging, stop at its work ceiling (lowered here) or before, and stay within
//! its memory bound.
//!
//! `npm test` runs a smoke of a few hundred cases. The long run (the README's `npm run fuzz`):
//!   FUZZ_CASES=100000 cargo test --release -p ssd-core --test fuzz -- --nocapture
//! FUZZ_SEED picks another deterministic stream of cases, FUZZ_WORK another work ceiling.

mod mutate;

use mutate::Mutator;
use serde_json::Value;
use ssd_core::rng::SimRng;
use ssd_core::scenario::catalogue::KNOBS;
use ssd_core::scenario::{ErrorCode, Scenario, ScenarioError};
use ssd_core::Simulation;
use std::panic::{catch_unwind, AssertUnwindSafe};

#[path = "../support/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

/// The work ceiling runs get here (FUZZ_WORK overrides it), so 10^5 cases finish in
/// minutes; the product's own is `WORK_LIMIT`. The ceiling is what bounds a run, whatever
/// its scenario: a lower one exercises the same stop.
fn run_work() -> u64 {
    std::env::var("FUZZ_WORK").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000)
}

/// Accepted cases whose memory bound is above this are validated but not built here (a
/// drive of a GiB takes seconds to build).
const RUN_MEMORY_BYTES: u64 = 256 << 20;

/// Events (or preconditioning's writes) per `run` call.
const CHUNK: u64 = 1 << 14;

/// Work a run may do past its ceiling before the check that stops it (`sim/ceiling.rs`: a
/// check every 256 events): half a second natively.
const OVERSHOOT: u64 = 5_000_000;

/// Calls in a row that move neither work nor progress before a run counts as hung.
const MAX_STALLS: u32 = 3;

#[derive(Default, Debug)]
struct Tally {
    cases: u64,
    refused: u64,
    ran: u64,
    /// Runs that stopped at the ceiling, and the most work any run did.
    stopped: u64,
    most_work: u64,
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
    let resolved = match ssd_core::resolve::Resolved::compile(scenario) {
        Ok(r) => r,
        Err(e) => return tally.failures.push(format!("validated, then refused by the compiler ({e}): {case}")),
    };
    if resolved.budget.memory_bytes > RUN_MEMORY_BYTES {
        tally.too_big_to_run_here += 1;
        return;
    }
    let base = heap::start();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut resolved = resolved;
        resolved.budget.work_limit = run_work();
        let mut sim = Simulation::from_resolved(resolved)?;
        let budget = *sim.budget();
        // A call that moves neither the work nor the progress is a stall: a run that
        // stalls a few calls running (the boundary after preconditioning is one) hangs.
        let (mut stalls, mut last) = (0, (0, 0.0));
        while !sim.run(CHUNK) && stalls <= MAX_STALLS {
            let now = (sim.work_done(), sim.progress());
            stalls = if now == last { stalls + 1 } else { 0 };
            last = now;
        }
        let hung = stalls > MAX_STALLS;
        let peak = heap::peak_since(base);
        Ok::<_, ScenarioError>((sim.work_done(), hung, sim.stopped().is_some(), budget, peak))
    }));
    match outcome {
        Err(_) => tally.failures.push(format!("panic while running {case}")),
        Ok(Err(e)) => tally.failures.push(format!("validated, then refused by the simulator ({e}): {case}")),
        Ok(Ok((work, hung, stopped, budget, peak))) => {
            tally.ran += 1;
            tally.stopped += stopped as u64;
            if hung {
                tally.failures.push(format!("no end after {work} work units for {case}"));
            }
            tally.most_work = tally.most_work.max(work);
            if work > run_work() + OVERSHOOT {
                tally.failures.push(format!("{work} work units, ceiling {} for {case}", run_work()));
            }
            if peak > budget.memory_bytes {
                tally.failures.push(format!("peak allocation {peak} bytes, bound {} for {case}", budget.memory_bytes));
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
        let failed_before = tally.failures.len();
        let parsed = catch_unwind(|| Scenario::from_json(&text));
        match parsed {
            Err(_) => tally.failures.push(format!("panic in validation for {text}")),
            Ok(Err(e)) => {
                tally.refused += 1;
                check_refusal(&e, &text, &mut tally);
            }
            Ok(Ok(scenario)) => run_case(&scenario, &text, &mut tally),
        }
        // Said at once as well as at the end: a long run's first failure is there to read
        // while the rest goes on.
        for f in &tally.failures[failed_before..] {
            eprintln!("fuzz case {i}: {f}");
        }
        if tally.failures.len() >= 20 {
            break;
        }
    }
    tally
}

#[test]
fn mutated_scenarios_never_panic_or_hang_and_stay_within_their_bounds() {
    let cases = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let seed = std::env::var("FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    // Quiet panics: the tally reports them with the case that caused them.
    std::panic::set_hook(Box::new(|_| {}));
    let tally = fuzz(cases, seed);
    let _ = std::panic::take_hook();
    println!(
        "fuzz: {} cases (seed {seed}): {} refused, {} ran ({} stopped at the ceiling of {} work units, the most done {}), {} valid but too big to build here; refusals by code: {:?}",
        tally.cases,
        tally.refused,
        tally.ran,
        tally.stopped,
        run_work(),
        tally.most_work, tally.too_big_to_run_here, tally.refused_by_code
    );
    assert!(tally.failures.is_empty(), "{} failures:\n{}", tally.failures.len(), tally.failures.join("\n"));
    // The mutations must reach the run loop, or this test proves nothing about it.
    assert!(tally.ran * 10 >= tally.cases, "only {} of {} cases ran", tally.ran, tally.cases);
}
