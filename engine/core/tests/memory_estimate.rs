//! The memory the page shows before a run (`Budget::expected_memory_bytes`) is what the run
//! takes: within 10 % of the heap it really allocates, on the bench's cases and on every
//! preset. One test in this file, so the counting allocator sees nothing else.

use ssd_core::{Scenario, Simulation};

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

/// The engine's own memory in the browser, beside what a run allocates.
const ENGINE_BYTES: u64 = 1 << 20;

#[test]
fn runs_take_the_memory_expected_of_them() {
    let mut cases: Vec<(String, Scenario)> =
        ssd_core::bench::CASES.iter().filter(|c| c.browser).map(|c| (c.id.to_string(), Scenario::from_json(c.scenario).unwrap())).collect();
    cases.extend(ssd_core::presets::all().map(|p| (p.name.to_string(), p.scenario().unwrap())));
    // A write buffer far past any drive's (the fuzzer's 3.9 GB on a hybrid's NAND): it is
    // allocated whole when the drive is built, 32 bytes a unit, and its bound must say so.
    let mut big: serde_json::Value = serde_json::to_value(ssd_core::presets::find("tlc-random-read").unwrap().scenario().unwrap()).unwrap();
    big["device"]["controller"]["write_buffer"] = serde_json::json!(1u64 << 30);
    cases.push(("1 GiB write buffer".to_string(), Scenario::from_json(&big.to_string()).unwrap()));
    // Four tenants at once, deep queues: their slots add up, and each keeps its histograms.
    let mut four = big.clone();
    four["device"]["controller"]["write_buffer"] = serde_json::json!(1u64 << 22);
    let tenant = |rw: &str, offset: u64| serde_json::json!({ "enabled": true, "rw": rw, "iodepth": 256, "offset": offset, "size": 1u64 << 28, "io_size": 1u64 << 26, "runtime": 0 });
    four["workload"] = serde_json::json!({ "kind": "tenants", "tenant_1": tenant("randwrite", 0), "tenant_2": tenant("randread", 1 << 28), "tenant_3": tenant("write", 2 << 28), "tenant_4": tenant("randrw", 3 << 28) });
    cases.push(("four tenants".to_string(), Scenario::from_json(&four.to_string()).unwrap()));
    // A power cut on a 1 GiB buffer: a record per acknowledged write and per booked batch.
    let mut cut = big.clone();
    cut["workload"] = serde_json::json!({ "kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 32, "size": 1u64 << 30, "runtime": 1, "power_cut_s": 0.05 });
    cases.push(("power cut, 1 GiB buffer".to_string(), Scenario::from_json(&cut.to_string()).unwrap()));
    for (name, s) in cases {
        let base = heap::start();
        let mut sim = Simulation::new(&s).unwrap();
        while !sim.run(1 << 20) {}
        let text = sim.report().to_json();
        let peak = heap::peak_since(base);
        drop(text);
        let budget = *sim.budget();
        // The expectation counts the engine's own memory (about 1 MiB in the browser: its
        // static data and stack), which this heap does not.
        let taken = peak + ENGINE_BYTES;
        let (mib, expected) = (|b: u64| b as f64 / 1048576.0, budget.expected_memory_bytes);
        println!(
            "{name}: takes {:.1} MiB, expected {:.1} MiB ({:.2}), at most {:.1} MiB",
            mib(taken),
            mib(expected),
            taken as f64 / expected as f64,
            mib(budget.memory_bytes)
        );
        let off = taken.abs_diff(expected) as f64;
        assert!(off <= 0.1 * expected as f64 || off <= 0.5 * 1048576.0, "{name}: takes {taken} bytes, expected {expected}");
        assert!(peak <= budget.memory_bytes, "{name}: over its bound");
    }
}
