//! Measurements without artifacts: a timed phase stops issuing when its runtime ends, the
//! commands in flight complete and count (as in fio), and the phase's elapsed time runs to
//! the last completion.

mod common;
use common::{run, series};

#[test]
fn a_command_still_in_flight_when_the_runtime_ends_completes_and_counts() {
    // One 1 MiB read takes far longer than the 1 µs runtime: fio would count it, and so do we.
    let r = run(r#"{"workload":{"kind":"job","rw":"read","bs":"1m","iodepth":1,"runtime":0.000001}}"#);
    let s = &r.summary;
    assert_eq!(s.read_latency.count, 1.0);
    assert_eq!(s.host_read_bytes, 1048576.0);
    let latency_s = s.read_latency.max_us / 1e6;
    assert!(latency_s > 100e-6, "a 1 MiB read is 64 pages: {latency_s} s");
    // The run lasts until that read completes; its throughput is its bytes over that time.
    assert!((s.duration_s / latency_s - 1.0).abs() < 0.01, "{} s vs {latency_s} s", s.duration_s);
    assert!((s.read_mb_per_s - 1.048576 / s.duration_s).abs() < 1e-6 * s.read_mb_per_s);
    // The throughput-over-time line holds it too.
    let drawn: f64 = series(&r, "read_throughput").iter().map(|p| p[1]).fold(0.0, f64::max);
    assert!(drawn > 0.0);
}

#[test]
fn a_timed_phase_counts_every_command_it_issued() {
    // A sequential QD8 write: every command issued is counted, and the throughput is the
    // bytes completed over the time to the last completion.
    let r = run(r#"{"workload":{"kind":"job","rw":"write","bs":"1m","iodepth":8,"runtime":0.01}}"#);
    let s = &r.summary;
    assert!(s.duration_s > 0.01, "{}", s.duration_s);
    assert_eq!(s.host_written_bytes, s.write_latency.count * 1048576.0);
    let expected = s.host_written_bytes / 1e6 / s.duration_s;
    assert!((s.write_mb_per_s / expected - 1.0).abs() < 1e-9, "{} vs {expected}", s.write_mb_per_s);
}

fn preset(name: &str) -> serde_json::Value {
    serde_json::to_value(ssd_core::presets::all().find(|p| p.name == name).unwrap().scenario().unwrap()).unwrap()
}

fn run_value(v: &serde_json::Value) -> ssd_core::Report {
    run(&v.to_string())
}

/// The TLC CrystalDiskMark preset: 16 planes of 16 KiB pages, one-shot programs of a
/// wordline's 3 pages in tPROG 1.8 ms, no SLC cache.
const TLC_PROGRAM_LIMIT_MB_S: f64 = 16.0 * 3.0 * 16384.0 / 1800e-6 / 1e6;

#[test]
fn crystaldiskmark_seq1m_q1t1_write_runs_at_the_nand_program_rate() {
    let r = run_value(&preset("tlc-crystaldiskmark"));
    let write = series(&r, "cdm_write");
    let read = series(&r, "cdm_read");
    assert_eq!((read.len(), write.len()), (4, 4));
    // SEQ1M Q8T1 and Q1T1 writes: every plane programming, the 4 MiB write buffer's share of
    // a 1 s test about 1 %. Before commands in flight counted, Q1T1 read 210 MB/s (20 MB/s on
    // the bg3-like drive): the slow last command of each test was dropped.
    for (i, name) in [(0, "SEQ1M Q8T1"), (1, "SEQ1M Q1T1")] {
        let mb_s = write[i][1];
        assert!((mb_s / TLC_PROGRAM_LIMIT_MB_S - 1.0).abs() < 0.03, "{name} write {mb_s} MB/s vs {TLC_PROGRAM_LIMIT_MB_S}");
    }
    // SEQ1M Q8T1 read: the PCIe 3.0 x4 link at 84 % efficiency, 3.3 GB/s.
    let link = 4.0 * 8e9 / 8.0 * 128.0 / 130.0 * 0.84 / 1e6;
    assert!(read[0][1] > 0.95 * link && read[0][1] <= link * 1.001, "{} vs {link}", read[0][1]);
    // The run: the 1 GiB test file written first (at the program rate), then 8 tests of 1 s,
    // each after an interval of 1 s.
    let prepare = 1024.0 * 1048576.0 / 1e6 / TLC_PROGRAM_LIMIT_MB_S;
    let expected = prepare + 16.0;
    assert!((r.summary.duration_s - expected).abs() < 0.1, "{} vs {expected}", r.summary.duration_s);
}

#[test]
fn a_short_runtime_lets_the_write_buffer_inflate_a_write_test() {
    let mut s = preset("tlc-crystaldiskmark");
    let seq_write = |runtime: f64, s: &mut serde_json::Value| {
        s["workload"] = serde_json::json!({"kind": "job", "rw": "write", "bs": "1m", "iodepth": 8, "size": "1g", "runtime": runtime});
        run_value(s).summary.write_mb_per_s
    };
    let short = seq_write(0.05, &mut s);
    let default = seq_write(1.0, &mut s);
    let cdm = seq_write(5.0, &mut s);
    // 0.05 s: 4 MiB of the 21 MiB written go at link speed into the buffer.
    assert!(short > 1.12 * cdm, "0.05 s {short} vs 5 s {cdm}");
    assert!((default / cdm - 1.0).abs() < 0.03, "1 s {default} vs 5 s {cdm}");
}

#[test]
fn crystaldiskmark_waits_its_interval_so_a_test_does_not_pay_for_the_one_before() {
    // bg3-like without its SLC cache: a DRAM-less drive writing TLC directly, whose SEQ1M
    // Q1T1 write, run straight after Q8T1, waited behind Q8T1's buffered writes.
    let mut s = preset("bg3-like");
    s["device"]["slc_cache"] = serde_json::json!({"static_bytes": 0, "dynamic_percent": 0});
    s["workload"] = serde_json::json!({"kind": "crystal_disk_mark", "size": "1g", "runtime": 0.2, "interval_s": 0});
    let back_to_back = series(&run_value(&s), "cdm_write")[1][1];
    s["workload"]["interval_s"] = serde_json::json!(0.5);
    let with_interval = series(&run_value(&s), "cdm_write")[1][1];
    s["workload"] = serde_json::json!({"kind": "job", "rw": "write", "bs": "1m", "iodepth": 1, "size": "1g", "runtime": 0.2});
    let alone = run_value(&s).summary.write_mb_per_s;
    assert!((with_interval / alone - 1.0).abs() < 0.02, "after an interval {with_interval} vs alone {alone}");
    assert!(back_to_back < with_interval, "back to back {back_to_back} vs {with_interval}");
}

#[test]
fn crystaldiskmark_profiles_and_best_of_n() {
    let mut s = preset("tlc-crystaldiskmark");
    s["workload"] = serde_json::json!({"kind": "crystal_disk_mark", "size": "256m", "runtime": 0.05, "interval_s": 0.01, "profile": "nvme", "test_count": 3});
    let r = run_value(&s);
    let read = r.series.iter().find(|x| x.id == "cdm_read").unwrap();
    assert_eq!(read.x.categories, ["SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1"]);
    assert_eq!(read.points.len(), 4, "one point per test, the best of 3 runs");
    // RND4K Q32T16: 16 threads, 512 commands in flight: more than Q32T1 gets.
    s["workload"]["profile"] = serde_json::json!("default");
    let default = run_value(&s);
    assert!(read.points[2][1] > series(&default, "cdm_read")[2][1]);
    // 3 runs of each of 8 tests, 7 intervals.
    assert!(r.summary.duration_s > 24.0 * 0.05 + 7.0 * 0.01, "{}", r.summary.duration_s);
}
