//! Bounded work and memory, decided before a run starts: refusals name the field, presets
//! are admitted, long runs keep their charts bounded, and preconditioning runs in chunks.

mod common;
use common::{scenario, series};
use ssd_core::resolve::{budget, time_points_bound, FLASH_OPS_LIMIT, MAX_TIME_WINDOWS, MEMORY_LIMIT_BYTES};
use ssd_core::{presets, Scenario, ScenarioError, Simulation};

/// Limits are checked with every other rule, when the scenario is read: the refusal comes
/// before any simulator exists, the same from a form, a link or `Simulation::new`.
fn refused(json: &str) -> ScenarioError {
    let e = Scenario::from_json(json).expect_err("refused");
    assert!(matches!(e.code, ssd_core::scenario::ErrorCode::TooMuchMemory | ssd_core::scenario::ErrorCode::TooMuchWork), "{e}");
    e
}

#[test]
fn a_drive_too_big_for_the_browser_is_refused_naming_blocks_per_plane() {
    // 32 channels x 8 dies x 4 planes x 8192 blocks of 256 x 16 KiB pages: 2 PiB... too big
    // to address; 2048 blocks give 16 TiB minus a little, and maps of several GiB.
    let e = refused(
        r#"{"device":{"nand":{"channels":32,"dies_per_channel":8,"planes_per_die":4,"blocks_per_plane":1000}},"precondition":{"fill_percent":0},"workload":{"kind":"job","runtime":0.001}}"#,
    );
    assert_eq!(e.field, "device.nand.blocks_per_plane");
    assert!(e.message.contains("MiB of simulator memory") && e.message.contains(&format!("the limit is {} MiB", MEMORY_LIMIT_BYTES >> 20)), "{e}");
}

#[test]
fn too_much_work_is_refused_naming_what_to_lower() {
    let e = refused(r#"{"device":{"nand":{"blocks_per_plane":1024}},"precondition":{"random_rounds":20},"workload":{"kind":"job","runtime":0.001}}"#);
    assert_eq!(e.field, "precondition.random_rounds");
    assert!(e.message.contains(&format!("against the limit of {} million (preconditioning's at 1/5", FLASH_OPS_LIMIT / 1_000_000)), "{e}");
    let long = refused(r#"{"workload":{"kind":"job","rw":"randread","size":0,"runtime":3600}}"#);
    assert_eq!(long.field, "workload.runtime");
    let big = refused(r#"{"workload":{"kind":"job","rw":"randwrite","size":0,"runtime":0,"io_size":"2t"}}"#);
    assert_eq!(big.field, "workload.io_size");
    let sweep = refused(r#"{"workload":{"kind":"span_sweep","rw":"randwrite","runtime":0,"io_size":"1t"}}"#);
    assert_eq!(sweep.field, "workload.io_size");
    // Trims touch no flash, but each is an event.
    let e = refused(r#"{"device":{"controller":{"command_latency_us":0}},"workload":{"kind":"job","rw":"randtrim","size":0,"runtime":0,"io_size":"4t"}}"#);
    assert!(e.message.contains("host commands"), "{e}");
}

#[test]
fn preconditioning_counts_against_the_limit_at_its_speed() {
    // Preconditioning runs about five times faster than timed work, so it counts a fifth:
    // the default 16 GiB drive takes every random round its knob allows (20; counted in full,
    // it stopped at four), and a 64 GiB drive one round before the steady-state preset's run.
    let twenty = scenario(r#"{"precondition":{"random_rounds":20},"workload":{"kind":"job","runtime":0.001}}"#);
    let b = budget::check(&twenty).unwrap();
    assert!(b.flash_ops > FLASH_OPS_LIMIT && b.precondition_flash_ops * 2 / 10 < FLASH_OPS_LIMIT, "{b:?}");
    assert!(b.precondition_time_share() > 0.99, "the workload is a millisecond: {}", b.precondition_time_share());
    let mut steady: serde_json::Value = serde_json::from_str(presets::find("tlc-steady-state-random-write").unwrap().json).unwrap();
    steady["device"]["nand"]["blocks_per_plane"] = 1024.into();
    steady["precondition"]["random_rounds"] = 1.into();
    let b = budget::check(&scenario(&steady.to_string())).unwrap();
    assert!(b.flash_ops > FLASH_OPS_LIMIT, "{b:?}");
    // Its share of the progress bar is its share of the time, not of the flash operations.
    let by_ops = b.precondition_flash_ops as f64 / b.flash_ops as f64;
    assert!(b.precondition_time_share() < by_ops - 0.2, "{} vs {by_ops}", b.precondition_time_share());
    // The 512 GiB drive's round is still over (the native bench measures it).
    let big = refused(
        r#"{"device":{"nand":{"blocks_per_plane":8192}},"precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"runtime":0,"io_size":"256m"}}"#,
    );
    assert_eq!(big.field, "precondition.random_rounds");
}

#[test]
fn every_preset_is_admitted_at_full_size_with_a_budget_that_says_so() {
    for p in presets::all() {
        let s = p.scenario().unwrap();
        let b = budget::check(&s.scaled().unwrap()).unwrap_or_else(|e| panic!("{} refused: {e}", p.name));
        assert!(b.flash_ops > 0 && b.host_commands > 0 && b.memory_bytes > 1 << 20, "{}: {b:?}", p.name);
        assert!(b.seconds_estimate < 120.0, "{}: {:.0} s", p.name, b.seconds_estimate);
        assert!(b.precondition_flash_ops <= b.flash_ops);
        assert_eq!(budget::estimate(&s.scaled().unwrap()), b);
    }
}

#[test]
fn the_budget_bounds_the_work_of_a_random_write_run() {
    let s = scenario(r#"{"precondition":{"random_rounds":1},"workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":32,"runtime":0,"io_size":"1g"}}"#);
    let mut sim = Simulation::new(&s).unwrap();
    let b = *sim.budget();
    assert!(sim.preconditioning());
    assert_eq!(sim.flash_ops_done(), 0, "nothing happens in the constructor");
    let mut last = 0.0;
    while sim.preconditioning() {
        sim.run(100_000);
        let p = sim.progress();
        assert!(p >= last && p <= 1.0, "progress {p} after {last}");
        last = p;
    }
    // The last chunk of preconditioning also started the workload: its first commands'
    // flash work is in this count too.
    let precondition = sim.flash_ops_done();
    // 4 M units filled and overwritten once, with greedy GC at 7 % OP.
    assert!(precondition > 3_000_000 && precondition <= b.precondition_flash_ops, "{precondition} vs {}", b.precondition_flash_ops);
    while !sim.run(100_000) {}
    let done = sim.flash_ops_done();
    let s = sim.summary();
    let before_run = done - s.flash_operations as u64;
    assert!(before_run <= precondition && before_run + 1_000 > precondition, "the summary counts the run, flash_ops_done everything");
    assert!(done <= b.flash_ops && done * 10 > b.flash_ops, "done {done}, budget {}: an upper bound, not an absurd one", b.flash_ops);
    assert_eq!(b.host_commands, 262_144 + 64);
    assert_eq!(s.write_latency.count, 262_144.0);
}

#[test]
fn chunked_preconditioning_gives_the_same_result_as_one_go() {
    let s = scenario(r#"{"seed":3,"precondition":{"fill_percent":80,"random_rounds":0.5},"workload":{"kind":"job","rw":"randrw","size":0,"runtime":0.02}}"#);
    let whole = Simulation::run_to_end(&s).unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    let mut chunks = 0;
    while !sim.run(9_973) {
        chunks += 1;
    }
    assert!(chunks > 400, "4.7 M preconditioning writes alone take 472 chunks ({chunks})");
    assert_eq!(sim.report().to_json(), whole.to_json());
}

#[test]
fn a_tiny_window_over_a_long_timed_run_is_widened_and_the_summary_says_so() {
    // One read a second for 100 s with 1 µs windows: 10^8 windows asked for.
    let s = scenario(r#"{"workload":{"kind":"job","rw":"randread","iodepth":1,"runtime":100,"thinktime":1000000,"log_avg_msec":0.001}}"#);
    let r = Simulation::run_to_end(&s).unwrap();
    assert!(r.summary.time_window_widened);
    assert_eq!(r.summary.time_window_ms, 100_000.0 / MAX_TIME_WINDOWS as f64);
    let points = series(&r, "read_throughput").len() as u64;
    assert!(points <= MAX_TIME_WINDOWS + 1 && points > MAX_TIME_WINDOWS - 2, "{points}");
    let plain = Simulation::run_to_end(&scenario(r#"{"workload":{"kind":"job","runtime":0.01,"log_avg_msec":0.1}}"#)).unwrap();
    assert!(!plain.summary.time_window_widened);
    assert_eq!(plain.summary.time_window_ms, 0.1);
    // 10 ms of runtime, then the 32 reads in flight complete and count (as in fio): the run
    // lasts a little longer, and its windows cover that too.
    let duration_ms = plain.summary.duration_s * 1e3;
    assert!(duration_ms > 10.0 && duration_ms < 10.5, "{duration_ms} ms");
    // Whole windows, and the last partial one unless it is a sliver under a tenth of a window.
    let whole = (duration_ms / 0.1).floor();
    let partial = if duration_ms - whole * 0.1 >= 0.01 { 1.0 } else { 0.0 };
    assert_eq!(series(&plain, "read_throughput").len() as f64, whole + partial);
}

#[test]
fn a_long_run_limited_by_bytes_doubles_its_windows_and_stays_within_the_budget() {
    // Ten reads a second apart, 1 µs windows: its duration is not known before the run.
    let s = scenario(r#"{"workload":{"kind":"job","rw":"randread","iodepth":1,"runtime":0,"io_size":"40k","thinktime":1000000,"log_avg_msec":0.001}}"#);
    let mut sim = Simulation::new(&s).unwrap();
    let memory = sim.budget().memory_bytes;
    while !sim.run(1 << 20) {}
    let r = sim.report();
    assert!(r.summary.time_window_widened);
    assert!(r.summary.time_window_ms > 0.001);
    let points = series(&r, "read_throughput").len() as u64;
    let bound = time_points_bound(1_000, (r.summary.duration_s * 1e9) as u64);
    assert!(points <= bound && points > MAX_TIME_WINDOWS, "{points} points, bound {bound}");
    assert!(memory < 256 << 20, "{} MiB", memory >> 20);
}

#[test]
fn compressed_units_that_fill_whole_slots_bring_gc_forward_in_the_estimate() {
    // Found by the fuzzer: 42 %-compressible data takes 5 of a slot's 8 sectors, and units
    // never straddle slots, so the drive fills (and GC starts) as if the data were whole
    // slots. An estimate counting sectors started GC late and came out under the run.
    let mut s = presets::find("ssd520-like").unwrap().scenario().unwrap();
    s.scale = 256;
    s.precondition.fill_percent = 0.0;
    if let ssd_core::scenario::Workload::SteadyState(w) = &mut s.workload {
        w.buffer_compress_percentage = 42;
    }
    let mut sim = Simulation::new(&s).unwrap();
    while !sim.run(1 << 20) {}
    let (done, estimate) = (sim.flash_ops_done(), sim.budget().flash_ops);
    println!("flash operations {done}, estimate {estimate}");
    assert!(done <= estimate, "{done} flash operations, estimate {estimate}");
}
