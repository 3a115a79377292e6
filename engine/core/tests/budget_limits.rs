//! Bounded memory before a run, bounded work while it goes: refusals for memory name the
//! field, the runs the page must allow finish under the work ceiling, a run that would take
//! hours stops at it with its partial results and a notice naming the field, at the same
//! point whatever the chunks, and long runs keep their charts bounded.

mod common;
use common::{scenario, series};
use ssd_core::resolve::{Resolved, MAX_TIME_POINTS, MAX_TIME_WINDOWS, MEMORY_LIMIT_BYTES, WORK_LIMIT};
use ssd_core::scenario::ErrorCode;
use ssd_core::{presets, Scenario, ScenarioError, Simulation};

/// Memory is checked with every other rule, when the scenario is read: the refusal comes
/// before any simulator exists, the same from a form, a link or `Simulation::new`.
fn refused(json: &str) -> ScenarioError {
    let e = Scenario::from_json(json).expect_err("refused");
    assert_eq!(e.code, ErrorCode::TooMuchMemory, "{e}");
    e
}

/// A preset's scenario with its workload (or preconditioning) changed.
fn preset_with(name: &str, change: impl FnOnce(&mut serde_json::Value)) -> Scenario {
    let mut v: serde_json::Value = serde_json::from_str(presets::find(name).unwrap().json).unwrap();
    change(&mut v);
    scenario(&v.to_string())
}

/// Runs to the end in chunks of `chunk`, returning the simulation.
fn run_in_chunks(s: &Scenario, chunk: u64) -> Simulation {
    let mut sim = Simulation::new(s).unwrap();
    while !sim.run(chunk) {}
    sim
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
fn the_runs_the_issue_names_finish_under_the_ceiling() {
    let cdm = |name| preset_with(name, |v| v["workload"] = serde_json::json!({"kind": "crystal_disk_mark", "runtime": 5, "interval_s": 5}));
    let steady = |key: &str| {
        let key = key.to_string();
        preset_with("tlc-steady-state-random-write", move |v| {
            if key == "rounds" {
                v["workload"]["rounds"] = 20.into();
            } else {
                v["precondition"]["random_rounds"] = 20.into();
            }
        })
    };
    let big = scenario(ssd_core::bench::case("precondition-512g").unwrap().scenario);
    for (name, s) in [
        ("CrystalDiskMark 5 s + 5 s, bg3-like", cdm("bg3-like")),
        ("the same, bg4-like", cdm("bg4-like")),
        ("20 rounds", steady("rounds")),
        ("20 random rounds of preconditioning", steady("precondition")),
        ("512 GiB fill + a random round", big),
    ] {
        let sim = run_in_chunks(&s, 1 << 20);
        let (work, typical) = (sim.work_done(), sim.budget().typical_work);
        println!("{name}: work {work}, typically {typical} ({:.2})", typical as f64 / work as f64);
        assert!(sim.stopped().is_none() && work < WORK_LIMIT, "{name}: {work}");
        // Typical, not a bound: within a factor of a few of what runs do.
        assert!(typical as f64 / work as f64 > 0.5 && (typical as f64 / work as f64) < 6.0, "{name}: typically {typical}, did {work}");
    }
}

#[test]
fn an_hours_long_run_stops_at_the_ceiling_with_what_it_measured() {
    let started = std::time::Instant::now();
    let sim = run_in_chunks(&scenario(r#"{"workload":{"kind":"job","rw":"randread","size":0,"runtime":3600}}"#), 1 << 20);
    let wall = started.elapsed().as_secs_f64();
    let notice = sim.stopped().expect("stopped at the ceiling");
    assert_eq!((notice.field.as_str(), notice.code), ("workload.runtime", ErrorCode::TooMuchWork));
    assert!(notice.message.contains("work ceiling") && notice.message.contains("% of the way through"), "{notice}");
    let r = sim.report();
    assert!(r.summary.truncated && r.stopped.as_ref() == Some(notice));
    // Partial results: minutes of simulated reads, their throughput and latency.
    assert!(r.summary.duration_s > 60.0 && r.summary.duration_s < 3600.0, "{}", r.summary.duration_s);
    assert!(r.summary.read_mb_per_s > 100.0 && r.summary.read_latency.count > 1e6, "{:?}", r.summary.read_mb_per_s);
    // Windows sized for the hour asked for (18 s): the part that ran draws a few dozen.
    assert!(series(&r, "read_throughput").len() > 20);
    let work = sim.work_done();
    assert!(work > WORK_LIMIT && work < WORK_LIMIT + 100_000, "{work}");
    // Natively a few times faster than the browser's assumed rate: well under a minute.
    assert!(wall < 60.0, "{wall:.1} s");
    assert!(sim.budget().seconds_limit.is_some_and(|s| s <= 60.0), "the page says it stops within a minute");
}

#[test]
fn a_run_stops_at_the_same_point_whatever_its_chunks_while_preconditioning_or_working() {
    let low_ceiling = |json: &str, limit: u64, chunk: u64| {
        let mut r = Resolved::compile(&scenario(json)).unwrap();
        r.budget.work_limit = limit;
        let mut sim = Simulation::from_resolved(r).unwrap();
        while !sim.run(chunk) {}
        sim.report()
    };
    // Preconditioning: 4 M units filled, then overwritten, against a ceiling of 2 M units.
    let pre = r#"{"precondition":{"random_rounds":2},"workload":{"kind":"job","rw":"randwrite","size":0,"runtime":1}}"#;
    let whole = low_ceiling(pre, 2_000_000, 1 << 30);
    let stopped = whole.stopped.as_ref().expect("stopped preconditioning");
    assert_eq!((stopped.field.as_str(), stopped.code), ("precondition.random_rounds", ErrorCode::TooMuchWork));
    assert!(stopped.message.contains("while preconditioning"), "{stopped}");
    assert_eq!(whole.summary.host_written_bytes, 0.0, "no workload ran");
    assert_eq!(low_ceiling(pre, 2_000_000, 9_973).to_json(), whole.to_json());
    // The workload: random writes limited by bytes.
    let work = r#"{"workload":{"kind":"job","rw":"randwrite","size":0,"runtime":0,"io_size":"4g"}}"#;
    let whole = low_ceiling(work, 5_000_000, 1 << 30);
    assert_eq!(whole.stopped.as_ref().map(|n| n.field.as_str()), Some("workload.io_size"));
    assert!(whole.summary.host_written_bytes > 0.0 && whole.summary.host_written_bytes < 4e9);
    assert_eq!(low_ceiling(work, 5_000_000, 9_973).to_json(), whole.to_json());
    assert_eq!(low_ceiling(work, 5_000_000, 1_000).to_json(), whole.to_json());
}

#[test]
fn a_run_whose_time_series_fill_up_stops_naming_the_window() {
    // Ten reads a second apart, 1 µs windows, limited by bytes: the windows double as the run
    // goes (see `resolve/window.rs`), and the series would still pass their cap.
    let s = scenario(r#"{"workload":{"kind":"job","rw":"randread","iodepth":1,"runtime":0,"io_size":"4m","thinktime":1000000,"log_avg_msec":0.001}}"#);
    let mut sim = Simulation::new(&s).unwrap();
    let memory = sim.budget().memory_bytes;
    while !sim.run(1 << 20) {}
    let r = sim.report();
    let notice = r.stopped.as_ref().expect("stopped when the series filled");
    assert_eq!((notice.field.as_str(), notice.code), ("workload.log_avg_msec", ErrorCode::TooMuchMemory));
    assert!(r.summary.time_window_widened && r.summary.time_window_ms > 0.001);
    let points = series(&r, "read_throughput").len() as u64;
    assert!(points <= MAX_TIME_POINTS && points > MAX_TIME_WINDOWS, "{points} points");
    assert!(memory < 256 << 20, "{} MiB", memory >> 20);
    // With windows of a millisecond the same run has room: it finishes.
    let wide = run_in_chunks(
        &scenario(r#"{"workload":{"kind":"job","rw":"randread","iodepth":1,"runtime":0,"io_size":"40k","thinktime":1000000,"log_avg_msec":1}}"#),
        1 << 20,
    );
    assert!(wide.stopped().is_none());
}

#[test]
fn every_preset_is_admitted_at_full_size_with_a_budget_that_says_so() {
    for p in presets::all() {
        let r = Resolved::compile(&p.scenario().unwrap()).unwrap_or_else(|e| panic!("{} refused: {e}", p.name));
        let b = r.budget;
        assert!(b.typical_work > 0 && b.memory_bytes > 1 << 20 && b.memory_bytes <= MEMORY_LIMIT_BYTES, "{}: {b:?}", p.name);
        assert!(b.seconds_estimate > 0.0 && Some(b.seconds_estimate) <= b.seconds_limit && b.work_limit == WORK_LIMIT, "{}: {b:?}", p.name);
        assert!((0.0..=1.0).contains(&b.precondition_share));
        assert_eq!(Resolved::compile_unlimited(&p.scenario().unwrap()).unwrap().budget.work_limit, u64::MAX);
    }
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
    // lasts a little longer, but its windows stop where the host stopped issuing.
    let duration_ms = plain.summary.duration_s * 1e3;
    assert!(duration_ms > 10.0 && duration_ms < 10.5, "{duration_ms} ms");
    let reads = series(&plain, "read_throughput");
    assert_eq!(reads.len(), 100);
    assert!(reads.last().unwrap()[0] <= 0.01 + 1e-12, "{:?}", reads.last());
}

#[test]
fn the_last_window_does_not_plunge_while_the_queue_drains() {
    // Issue 27: 4 KiB random reads at QD32 (about 800 MB/s); the windows after the runtime
    // ended drew the 32 reads in flight completing (about 100 MB/s), which read as the
    // drive slowing down. The last window now reads like the others.
    let r = Simulation::run_to_end(&presets::find("tlc-random-read").unwrap().scenario().unwrap()).unwrap();
    let reads = series(&r, "read_throughput");
    let steady: Vec<f64> = reads[reads.len() / 2..reads.len() - 1].iter().map(|p| p[1]).collect();
    let low = steady.iter().cloned().fold(f64::MAX, f64::min);
    let last = reads.last().unwrap()[1];
    assert!(last >= 0.9 * low, "last window {last:.0} MB/s, the steady windows' lowest {low:.0}");
}
