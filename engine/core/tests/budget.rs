//! The budget holds: over many random small scenarios, no admitted run allocates more heap
//! than its bound, and none works past its ceiling without stopping there. One test in
//! this file, so the counting allocator sees nothing else.

use serde_json::{json, Value};
use ssd_core::rng::SimRng;
use ssd_core::{Scenario, Simulation};

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

fn kib(k: u64) -> u64 {
    k * 1024
}

fn pick<'a, T>(rng: &mut SimRng, options: &'a [T]) -> &'a T {
    &options[rng.below(options.len() as u64) as usize]
}

/// A small random device: every knob its memory and work depend on, varied.
fn random_device(rng: &mut SimRng) -> Value {
    let device = json!({
        "nand": {
            "cell": pick(rng, &["slc", "mlc", "tlc", "qlc"]),
            "channels": 1 + rng.below(4), "dies_per_channel": 1 + rng.below(3), "planes_per_die": 1 + rng.below(2),
            "blocks_per_plane": 16 + rng.below(112), "pages_per_block": *pick(rng, &[16, 64, 128, 256]),
            "page_bytes": *pick(rng, &[4096, 8192, 16384]),
        },
        "capacity": { "op_percent": *pick(rng, &[4.0, 7.0, 12.0, 28.0, 60.0]) },
        "controller": { "compression": rng.percent(20), "write_buffer": kib(*pick(rng, &[64, 256, 4096, 65536])) },
        "gc": { "policy": pick(rng, &["greedy", "fifo", "cost_benefit"]), "free_block_threshold": 2 + rng.below(3),
                "background": rng.percent(60), "background_free_blocks": 5 + rng.below(8), "pre_erase": rng.percent(30) },
        "wear": { "dynamic": rng.percent(70), "static_spread": *pick(rng, &[0, 5, 100]) },
        "mapping": if rng.percent(50) { json!({"dram_bytes": 0, "sram_bytes": kib(16), "dirty_sram_bytes": kib(16), "segment_bytes": *pick(rng, &[0, kib(32)])}) } else { json!({}) },
    });
    let mut device = device;
    // The write path: one-shot wordlines, planes sharing a die, striping, command limits.
    device["nand"]["one_shot"] = json!(rng.percent(70));
    device["nand"]["multi_plane"] = json!(rng.percent(80));
    device["nand"]["cache_ops"] = json!(rng.percent(80));
    device["controller"]["striping"] = json!(pick(rng, &["first_free", "fixed"]));
    device["controller"]["read_iops_limit"] = json!(*pick(rng, &[0, 20_000, 400_000]));
    device["controller"]["write_iops_limit"] = json!(*pick(rng, &[0, 20_000, 400_000]));
    device["controller"]["write_latency_us"] = json!(*pick(rng, &[0.0, 10.0]));
    if rng.percent(50) && !device["controller"]["compression"].as_bool().unwrap_or(false) {
        // An SLC cache: its folding, idle folds and reclaims are flash work too.
        device["slc_cache"] = json!({
            "static_bytes": kib(*pick(rng, &[0, 64, 512])),
            "dynamic_percent": *pick(rng, &[0.0, 10.0, 50.0, 100.0]),
            "when_full": pick(rng, &["direct", "fold_first"]),
            "fold_schedule": pick(rng, &["paced", "burst"]),
            "fold_batch_bytes": kib(*pick(rng, &[64, 1024])),
            "idle_fold": rng.percent(70),
        });
    }
    if rng.percent(15) {
        // A 3D XPoint drive: written in place, no FTL; the NAND fields above stay and are unused.
        device["kind"] = json!("xpoint_ssd");
        device["xpoint"] = json!({
            "capacity_bytes": kib(1024) * *pick(rng, &[64, 1024, 4096]),
            "channels": 1 + rng.below(8), "dies_per_channel": 1 + rng.below(4),
            "read_us": *pick(rng, &[0.5, 4.0, 20.0]), "write_us": *pick(rng, &[1.0, 6.0, 50.0]),
            "channel_mb_per_s": *pick(rng, &[50.0, 360.0, 1200.0]),
        });
    }
    if rng.percent(15) {
        // A hard disk: seeks, turns and its DRAM cache; the NAND fields stay and are unused.
        device["kind"] = json!("hdd");
        device["hdd"] = json!({
            "capacity_bytes": kib(1024) * *pick(rng, &[1024, 65536]),
            "rpm": *pick(rng, &[5400, 7200, 15000]),
            "cache_bytes": kib(*pick(rng, &[0, 64, 32768])),
            "write_cache": rng.percent(70),
            "zones": 1 + rng.below(30),
        });
    }
    if rng.percent(20) {
        // A hybrid: promotions, write-backs and evictions are media work of both tiers.
        let cache = *pick(rng, &["xpoint_ssd", "nand_ssd"]);
        let backing = if cache == "nand_ssd" { "hdd" } else { *pick(rng, &["nand_ssd", "hdd"]) };
        device["kind"] = json!("hybrid");
        device["tier"] = json!({
            "cache": cache, "backing": backing,
            "write_policy": pick(rng, &["write_back", "write_around"]),
            "promotion": pick(rng, &["on_access", "idle"]),
            "promote_after_reads": *pick(rng, &[1, 2, 8]),
            "idle_after_ms": *pick(rng, &[0.0, 1.0, 100.0]),
        });
        if device["xpoint"].is_null() {
            device["xpoint"] = json!({ "capacity_bytes": kib(1024) * *pick(rng, &[16, 256]) });
        }
    }
    device
}

/// A random workload of every kind, small.
fn random_workload(rng: &mut SimRng) -> Value {
    let rw = *pick(rng, &["read", "write", "randread", "randwrite", "rw", "randrw", "trim", "randtrim"]);
    let bs = kib(*pick(rng, &[4, 8, 16, 64, 256]));
    // A hot region (a sixteenth of the drive or less) written over and over is the hard
    // case for FIFO and cost-benefit GC: they move the cold rest again and again.
    let size = *pick(rng, &[0, 0, kib(1024), kib(4096)]);
    let mut job = json!({ "kind": "job", "rw": rw, "bs": bs, "iodepth": *pick(rng, &[1, 4, 32, 128, 1024]), "size": size, "runtime": 0, "io_size": 0 });
    if rng.percent(50) {
        job["runtime"] = json!(*pick(rng, &[0.002, 0.01, 0.05]));
    } else {
        let commands = *pick(rng, &[200, 2000, 20000]);
        job["io_size"] = json!(bs * (1 + rng.below(commands)));
    }
    if rng.percent(30) {
        job["thinktime"] = json!(*pick(rng, &[1.0, 20.0, 200.0]));
    }
    if rng.percent(20) {
        job["log_avg_msec"] = json!(*pick(rng, &[0.001, 0.05, 1.0]));
    }
    if rng.percent(30) {
        job["buffer_compress_percentage"] = json!(*pick(rng, &[30, 60, 90]));
    }
    if rng.percent(30) {
        job["random_distribution"] = json!(*pick(rng, &["zipf:1.2", "pareto:0.2", "zoned:80/20"]));
    }
    let workload = match rng.below(7) {
        0 => json!({"kind": "span_sweep", "rw": pick(rng, &["randread", "randwrite"]), "spans": ["1m", "8m"], "runtime": 0.005}),
        1 => json!({"kind": "steady_state", "rw": pick(rng, &["write", "randwrite"]), "round_bytes": "4m", "rounds": 3}),
        2 => json!({"kind": "whole_drive_write", "rw": pick(rng, &["write", "randwrite"]), "points": 50}),
        3 => json!({"kind": "steady_state", "rw": "randwrite", "offset": "8m", "size": "8m", "round_bytes": "4m", "rounds": 3,
                    "idle_s": *pick(rng, &[0.0, 0.01, 0.5]), "trim_after_round": rng.percent(50), "random_distribution": *pick(rng, &["random", "zoned:80/20"])}),
        4 => json!({"kind": "file_copy", "file_bytes": *pick(rng, &["3m", "5000k", "8m"]), "copies": *pick(rng, &[0, 1, 2]), "bs": *pick(rng, &["128k", "1m"]),
                    "iodepth": *pick(rng, &[1, 4, 32]), "idle_s": *pick(rng, &[0.0, 0.01])}),
        _ => job,
    };
    workload
}

/// A small random scenario: every knob the budget depends on, varied.
fn random_scenario(rng: &mut SimRng) -> Value {
    let device = random_device(rng);
    let workload = random_workload(rng);
    json!({
        "seed": rng.below(1000),
        "device": device,
        "precondition": { "fill_percent": *pick(rng, &[0.0, 50.0, 100.0]), "random_rounds": *pick(rng, &[0.0, 0.0, 0.5, 2.0]) },
        "workload": workload,
    })
}

/// A ceiling low enough that the random scenarios below reach it now and then.
const TEST_WORK_LIMIT: u64 = 3_000_000;

/// What a run did against its budget.
struct Measured {
    work: u64,
    stopped: bool,
    peak: u64,
    budget: ssd_core::resolve::Budget,
}

/// Runs `scenario` in chunks under `work_limit`: None if it was refused, Err if the engine
/// panicked.
fn measure(scenario: &Scenario, chunk: u64, work_limit: u64) -> Option<Result<Measured, ()>> {
    let base = heap::start();
    let mut resolved = ssd_core::resolve::Resolved::compile(scenario).ok()?;
    resolved.budget.work_limit = work_limit;
    let mut sim = Simulation::from_resolved(resolved).ok()?;
    let budget = *sim.budget();
    let finished = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| while !sim.run(chunk) {}));
    if finished.is_err() {
        return Some(Err(()));
    }
    let report = sim.report();
    let text = report.to_json();
    let peak = heap::peak_since(base);
    drop(text);
    assert_eq!(report.summary.truncated, report.stopped.is_some());
    Some(Ok(Measured { work: sim.work_done(), stopped: report.stopped.is_some(), peak, budget }))
}

/// Work past the ceiling before the check that stops a run: the ceiling is checked every few
/// thousand events, and one event's flash work is bounded by its command's size and GC.
fn overshoot_ok(work: u64, limit: u64) -> bool {
    work <= limit + limit / 2
}

#[test]
fn memory_stays_under_its_bound_and_work_under_its_ceiling() {
    // The presets first (no bigger than their own scale or a quarter of the size), with the
    // browser's ceiling.
    for p in ssd_core::presets::all() {
        let mut s = p.scenario().unwrap();
        s.scale = s.scale.max((s.device.nand.blocks_per_plane / 64).clamp(1, 4));
        let limit = ssd_core::resolve::WORK_LIMIT;
        let Ok(Measured { work, stopped, peak, budget }) = measure(&s, 1 << 16, limit).expect("admitted") else { panic!("{} panicked", p.name) };
        println!("{}: work {work} (typically {}), peak heap {} of {} MiB", p.name, budget.typical_work, peak >> 20, budget.memory_bytes >> 20);
        assert!(!stopped && work <= limit && peak <= budget.memory_bytes, "{}", p.name);
    }
    let mut rng = SimRng::new(2026);
    let (mut ran, mut stopped_runs, mut worst_memory) = (0, 0, 0.0f64);
    let count: u64 = std::env::var("BUDGET_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let mut panics = Vec::new();
    for i in 0..count {
        let v = random_scenario(&mut rng);
        // Some combinations are invalid (a fill with rounds but no data, too little spare).
        let Ok(mut scenario) = Scenario::from_json(&v.to_string()) else { continue };
        if v["precondition"]["fill_percent"] == 0.0 {
            scenario.precondition.random_rounds = 0.0;
        }
        let Some(measured) = measure(&scenario, 50_000, TEST_WORK_LIMIT) else { continue };
        let Ok(Measured { work, stopped, peak, budget }) = measured else {
            panics.push(v.to_string());
            continue;
        };
        assert!(stopped || work <= TEST_WORK_LIMIT, "scenario {i}: {work} work done past the ceiling without stopping: {v}");
        assert!(overshoot_ok(work, TEST_WORK_LIMIT), "scenario {i}: stopped {work} work units in, ceiling {TEST_WORK_LIMIT}: {v}");
        assert!(peak <= budget.memory_bytes, "scenario {i}: peak heap {peak} bytes, budget {}: {v}", budget.memory_bytes);
        worst_memory = worst_memory.max(peak as f64 / budget.memory_bytes as f64);
        stopped_runs += stopped as u64;
        ran += 1;
    }
    println!("{ran} runs, {stopped_runs} stopped at the ceiling; closest to the memory bound: {worst_memory:.3}");
    assert!(panics.is_empty(), "the engine panicked on:\n{}", panics.join("\n"));
    assert!(ran > count / 3, "most random scenarios are valid and admitted ({ran})");
    assert!(stopped_runs > 0 && stopped_runs < ran / 2, "the ceiling stops some runs, not most ({stopped_runs} of {ran})");
}
