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
