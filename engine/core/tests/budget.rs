//! The budget is an upper bound: over many random small scenarios, no admitted run does
//! more flash work or issues more commands than estimated, or allocates more heap. One
//! test in this file, so the counting allocator sees nothing else.

use serde_json::{json, Value};
use ssd_core::rng::SimRng;
use ssd_core::{Scenario, Simulation};

#[path = "support/heap.rs"]
mod heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

fn pick<'a, T>(rng: &mut SimRng, options: &'a [T]) -> &'a T {
    &options[rng.below(options.len() as u64) as usize]
}

/// A small random scenario: every knob the budget depends on, varied.
fn random_scenario(rng: &mut SimRng) -> Value {
    let kib = |k: u64| k * 1024;
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
    json!({
        "seed": rng.below(1000),
        "device": device,
        "precondition": { "fill_percent": *pick(rng, &[0.0, 50.0, 100.0]), "random_rounds": *pick(rng, &[0.0, 0.0, 0.5, 2.0]) },
        "workload": workload,
    })
}

/// What a run did against its budget.
struct Measured {
    done: u64,
    commands: f64,
    peak: u64,
    gc_moved_bytes: f64,
    budget: ssd_core::resolve::Budget,
}

/// Runs `scenario` in chunks: None if it was refused, Err if the engine panicked.
fn measure(scenario: &Scenario, chunk: u64) -> Option<Result<Measured, ()>> {
    let base = heap::start();
    let mut sim = Simulation::new(scenario).ok()?;
    let budget = *sim.budget();
    let finished = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        while !sim.run(chunk) {
            assert!(sim.flash_ops_done() <= budget.flash_ops, "passed its flash budget mid-run");
        }
    }));
    if finished.is_err() {
        return Some(Err(()));
    }
    let report = sim.report();
    let text = report.to_json();
    let peak = heap::peak_since(base);
    drop(text);
    let commands = report.summary.read_latency.count + report.summary.write_latency.count;
    Some(Ok(Measured { done: sim.flash_ops_done(), commands, peak, gc_moved_bytes: report.summary.gc_moved_bytes, budget }))
}

#[test]
fn no_admitted_run_exceeds_its_budget() {
    // The presets first (no bigger than their own scale or a quarter of the size).
    for p in ssd_core::presets::all() {
        let mut s = p.scenario().unwrap();
        s.scale = s.scale.max((s.device.nand.blocks_per_plane / 64).clamp(1, 4));
        let Ok(Measured { done, commands, peak, budget, .. }) = measure(&s, 1 << 16).expect("admitted") else { panic!("{} panicked", p.name) };
        println!("{}: flash ops {done} of {}, peak heap {} of {} MiB", p.name, budget.flash_ops, peak >> 20, budget.memory_bytes >> 20);
        assert!(done <= budget.flash_ops && commands <= budget.host_commands as f64 && peak <= budget.memory_bytes, "{}", p.name);
    }
    let mut rng = SimRng::new(2026);
    let (mut ran, mut worst_work, mut worst_memory) = (0, 0.0f64, 0.0f64);
    let count: u64 = std::env::var("BUDGET_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let mut closest = String::new();
    let mut panics = Vec::new();
    let (mut worst_gc, mut closest_gc) = (0.0f64, String::new());
    for i in 0..count {
        let v = random_scenario(&mut rng);
        // Some combinations are invalid (a fill with rounds but no data, too little spare).
        let Ok(mut scenario) = Scenario::from_json(&v.to_string()) else { continue };
        if v["precondition"]["fill_percent"] == 0.0 {
            scenario.precondition.random_rounds = 0.0;
        }
        let Some(measured) = measure(&scenario, 50_000) else { continue };
        let Ok(Measured { done, commands, peak, gc_moved_bytes, budget }) = measured else {
            panics.push(v.to_string());
            continue;
        };
        assert!(done <= budget.flash_ops, "scenario {i}: {done} flash ops done, budget {}: {v}", budget.flash_ops);
        assert!(commands <= budget.host_commands as f64, "scenario {i}: {commands} commands, budget {}: {v}", budget.host_commands);
        assert!(peak <= budget.memory_bytes, "scenario {i}: peak heap {peak} bytes, budget {}: {v}", budget.memory_bytes);
        if gc_moved_bytes > 0.0 && done as f64 / budget.flash_ops as f64 > worst_gc {
            worst_gc = done as f64 / budget.flash_ops as f64;
            closest_gc = format!("scenario {i} ({done} of {}): {v}", budget.flash_ops);
        }
        if done as f64 / budget.flash_ops as f64 > worst_work {
            worst_work = done as f64 / budget.flash_ops as f64;
            closest = format!("scenario {i} ({done} of {}): {v}", budget.flash_ops);
        }
        worst_memory = worst_memory.max(peak as f64 / budget.memory_bytes as f64);
        ran += 1;
    }
    println!("{ran} runs; closest to the budget: flash ops {worst_work:.3}, memory {worst_memory:.3}\n{closest}");
    println!("closest of the runs where GC copied data: {worst_gc:.3}\n{closest_gc}");
    assert!(panics.is_empty(), "the engine panicked on:\n{}", panics.join("\n"));
    assert!(ran as u64 > count / 3, "most random scenarios are valid and admitted ({ran})");
}
