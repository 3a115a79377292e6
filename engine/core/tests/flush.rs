//! Flush and FUA (issue 46): a job's `fsync` / `fdatasync` / `write_barrier` / `sync` make its
//! writes durable when they complete. Without power-loss protection a NAND drive's write
//! buffer is a volatile cache, so each flush waits until the buffer's data is programmed,
//! part-filled pages padded; with it the flush has nothing to wait for.

use serde_json::{json, Value};
use ssd_core::presets;
use ssd_core::{Scenario, Simulation};

fn run(s: &Scenario) -> Simulation {
    let mut sim = Simulation::new(s).unwrap();
    while !sim.run(1 << 20) {}
    sim
}

/// The 970 EVO Plus-like client drive (TLC, SLC cache, DRAM), 4 KiB random writes at QD1 over
/// 1 GiB for 50 ms, with `fsync` every `n` writes (0: never), with or without PLP.
fn sync_run(n: u32, plp: bool, fua: bool) -> Simulation {
    let mut v: Value = serde_json::from_str(presets::find("970-evo-plus-like").unwrap().json).unwrap();
    v["device"]["controller"]["plp"] = json!(plp);
    v["workload"] = json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 1, "size": "1g", "runtime": 0.05, "fsync": n, "sync": fua});
    run(&Scenario::from_json(&v.to_string()).unwrap())
}

/// Mean write latency spent on `id`, µs.
fn cause_us(sim: &Simulation, id: &str) -> f64 {
    let d = sim.latency_causes();
    let w = d.write.as_ref().expect("writes");
    d.causes.iter().position(|c| c.id() == id).map_or(0.0, |i| w.causes_us[i])
}

#[test]
fn fsync_after_every_4k_write_costs_a_program_each_and_plp_makes_it_free() {
    let base = sync_run(0, false, false);
    let each = sync_run(1, false, false);
    let fua = sync_run(0, false, true);
    let plp = sync_run(1, true, false);
    let iops = |s: &Simulation| s.report().summary.write_iops;
    let (b, e, f, p) = (iops(&base), iops(&each), iops(&fua), iops(&plp));
    let flush = cause_us(&each, "flush");
    let mean = each.latency_causes().write.as_ref().unwrap().mean_us;
    println!(
        "4K QD1 random writes: fsync=0 {b:.0} IOPS, fsync=1 {e:.0} ({:.3}x), sync=1 {f:.0}, fsync=1 with PLP {p:.0}; flush {flush:.1} of {mean:.1} µs",
        e / b
    );
    // Each flush waits for a program (hundreds of µs on TLC or SLC) where the write alone
    // waited for a buffer's few µs.
    assert!(e < b / 5.0, "fsync=1 {e} vs {b}");
    assert!(flush > 0.5 * mean, "the flush is most of a write's time: {flush} of {mean} µs");
    assert_eq!(cause_us(&base, "flush"), 0.0);
    // FUA is timed as the write and a flush: the same as fsync=1.
    assert!((f / e - 1.0).abs() < 0.05, "sync=1 {f} vs fsync=1 {e}");
    // With PLP the drive reports no volatile cache and Linux sends it no flush: free.
    assert_eq!(p, b, "PLP: {p} vs {b}");
    assert_eq!(cause_us(&plp, "flush"), 0.0);
}

#[test]
fn flush_every_n_writes_pays_once_per_n() {
    let at = |n: u32| sync_run(n, false, false).report().summary.write_iops;
    let (one, eight, none) = (at(1), at(8), at(0));
    println!("fsync=1 {one:.0}, fsync=8 {eight:.0}, none {none:.0} IOPS");
    assert!(eight > 4.0 * one && eight < none, "{one} {eight} {none}");
}

#[test]
fn the_knobs_at_their_defaults_change_no_bit() {
    // The digests test holds every preset's bits; here a write run with the knobs left out
    // and one with their defaults spelled out.
    let mut v: Value = serde_json::from_str(presets::find("970-evo-plus-like").unwrap().json).unwrap();
    v["workload"] = json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 4, "size": "1g", "runtime": 0.02});
    let a = run(&Scenario::from_json(&v.to_string()).unwrap()).report().summary;
    v["workload"]["fsync"] = json!(0);
    v["workload"]["sync"] = json!(false);
    v["device"]["controller"]["plp"] = json!(false);
    let b = run(&Scenario::from_json(&v.to_string()).unwrap()).report().summary;
    assert_eq!(a.write_iops.to_bits(), b.write_iops.to_bits());
    assert_eq!(a.write_latency, b.write_latency);
}

/// A trace's flushes (issue 46): blkparse's RWBS marks a FUA write `WFS` and a preflush `FWS`,
/// and an empty flush has no sector. Replayed with `flushes` on, 4 KiB sequential writes that
/// are each FUA, or each followed by an empty flush, cost what `fsync=1` costs; off, or with
/// PLP, they replay as plain writes, and the Flush cause is listed only when they flush.
#[test]
fn a_traces_fua_writes_and_empty_flushes_replay_as_fsync() {
    use ssd_core::host::StreamSource;
    use std::io::Cursor;
    let line = |k: u64, rwbs: &str| format!("  8,0    0 {:8} {:14.9} 100  Q {rwbs:>3} {} + 8 [app]\n", k + 1, k as f64 * 1e-6, k * 8);
    let flush = |k: u64| format!("  8,0    0 {:8} {:14.9} 100  Q FWS [jbd2/sda1-8]\n", k + 1, k as f64 * 1e-6);
    let n = 3000;
    let plain: String = (0..n).map(|k| line(k, "W")).collect();
    let fua: String = (0..n).map(|k| line(k, "WFS")).collect();
    let empty: String = (0..n).map(|k| line(k, "W") + &flush(k)).collect();
    let replay = |trace: &str, flushes: bool, plp: bool| {
        let mut v: Value = serde_json::from_str(presets::find("970-evo-plus-like").unwrap().json).unwrap();
        v["device"]["controller"]["plp"] = json!(plp);
        v["workload"] = json!({"kind": "trace", "iodepth": 1, "flushes": flushes, "map": {"fit": "wrap"}});
        let mut sim = Simulation::new(&Scenario::from_json(&v.to_string()).unwrap()).unwrap();
        let options = sim.trace_options().unwrap();
        sim.attach_trace(Box::new(StreamSource::new(Cursor::new(trace.as_bytes().to_vec()), &options, Some(trace.len() as u64)))).unwrap();
        while !sim.run(1 << 20) {}
        let listed = sim.latency_causes().causes.iter().any(|c| c.id() == "flush");
        let flush_us = if listed { cause_us(&sim, "flush") } else { 0.0 };
        (sim.report().summary.write_iops, listed, flush_us)
    };
    let (base, base_listed, _) = replay(&plain, true, false);
    let (f, f_listed, f_flush) = replay(&fua, true, false);
    let (e, _, e_flush) = replay(&empty, true, false);
    let (off, off_listed, _) = replay(&fua, false, false);
    let (plp, _, plp_flush) = replay(&fua, true, true);
    let job = sync_run(1, false, false).report().summary.write_iops;
    println!("trace 4K QD1 writes: plain {base:.0} IOPS, FUA {f:.0} (flush {f_flush:.1} µs), empty flushes {e:.0} ({e_flush:.1} µs), off {off:.0}, PLP {plp:.0}; fsync=1 job {job:.0}");
    assert!(base_listed && f_listed && !off_listed, "the Flush cause is listed only when a trace replays flushes");
    assert!(f < base / 5.0 && e < base / 5.0, "each write waits for a program: {f} / {e} vs {base}");
    assert!((f / e - 1.0).abs() < 0.05, "an empty flush after a write costs what a FUA write does: {f} vs {e}");
    assert!(f_flush > 0.0 && e_flush > 0.0 && plp_flush == 0.0);
    assert_eq!(off, replay(&plain, false, false).0, "off, the flags change nothing");
    assert_eq!(plp, base, "PLP: no flush reaches the drive");
}
