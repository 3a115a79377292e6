//! numjobs (threads, each with its own queue and random stream) and the host's CPU cost per
//! command, serial within a thread: why RND4K Q32T1 and Q8T8 differ on a fast drive.

mod common;
use common::run;

/// A drive that can do far more than 200 k random 4 KiB reads a second: 8 channels x 4 dies
/// x 2 planes of TLC behind PCIe 3.0 x4 (the link allows 800 k).
fn random_reads(overhead_us: f64, iodepth: u32, numjobs: u32) -> f64 {
    let r = run(&format!(
        r#"{{"device":{{"nand":{{"channels":8,"dies_per_channel":4}}}},"host":{{"command_overhead_us":{overhead_us}}},
            "workload":{{"kind":"job","rw":"randread","iodepth":{iodepth},"numjobs":{numjobs},"size":"1g","runtime":0.02}}}}"#
    ));
    r.summary.read_iops
}

#[test]
fn one_thread_issues_at_most_one_command_per_host_overhead() {
    // 5 µs a command: one thread issues at most 200 k commands a second, however deep its
    // queue; eight threads with 8 each share the same 64... and the drive can take them.
    let q32t1 = random_reads(5.0, 32, 1);
    let q8t8 = random_reads(5.0, 8, 8);
    assert!(q32t1 <= 200_000.0 && q32t1 > 190_000.0, "Q32T1 {q32t1}");
    assert!(q8t8 > 300_000.0, "Q8T8 {q8t8}");
    // Without a host cost, Q32T1 is no longer capped by the thread.
    let free = random_reads(0.0, 32, 1);
    assert!(free > 280_000.0, "Q32T1 without host cost {free}");
    // The default (2 µs) caps one thread at 500 k: this drive's Q32T1 stays below that.
    let default = random_reads(ssd_core::scenario::DEFAULT_COMMAND_OVERHEAD_US, 32, 1);
    assert!(default < 500_000.0 && default > 0.95 * free, "default {default} vs {free}");
}

#[test]
fn host_overhead_adds_to_every_qd1_command() {
    let qd1 = |overhead: f64| {
        run(&format!(r#"{{"host":{{"command_overhead_us":{overhead}}},"workload":{{"kind":"job","rw":"randread","iodepth":1,"size":"1g","runtime":0.01}}}}"#))
            .summary
            .read_latency
            .p50_us
    };
    let (none, ten) = (qd1(0.0), qd1(10.0));
    assert!((ten - none - 10.0).abs() < 0.5, "QD1 latency {none} µs without, {ten} µs with 10 µs of host cost");
}

#[test]
fn threads_draw_their_own_random_streams_and_each_does_its_io_size() {
    // Two threads of QD1 and one thread of QD2 keep the same commands in flight; with no host
    // cost they read at the same rate, but from different random streams.
    let job = |numjobs: u32, iodepth: u32| {
        run(&format!(
            r#"{{"host":{{"command_overhead_us":0}},"workload":{{"kind":"job","rw":"randread","iodepth":{iodepth},"numjobs":{numjobs},"size":"1g","runtime":0.01}}}}"#
        ))
    };
    let (two_threads, one_thread) = (job(2, 1), job(1, 2));
    let (a, b) = (two_threads.summary.read_iops, one_thread.summary.read_iops);
    assert!((a / b - 1.0).abs() < 0.05, "{a} vs {b}");
    assert_ne!(two_threads.to_json(), one_thread.to_json());
    // Same scenario, same seed: the same numbers.
    assert_eq!(job(2, 1).to_json(), two_threads.to_json());
    // fio's clones: each thread writes io_size, from the region's start.
    let w = run(r#"{"workload":{"kind":"job","rw":"write","bs":"128k","iodepth":4,"numjobs":3,"size":"64m","runtime":0,"io_size":"8m"}}"#);
    assert_eq!(w.summary.host_written_bytes, 3.0 * 8.0 * 1048576.0);
}

#[test]
fn numjobs_and_host_cost_are_refused_out_of_range_naming_the_field() {
    let e = ssd_core::Scenario::from_json(r#"{"workload":{"kind":"job","numjobs":0}}"#).unwrap_err();
    assert_eq!(e.field, "workload.numjobs");
    let e = ssd_core::Scenario::from_json(r#"{"host":{"command_overhead_us":-1}}"#).unwrap_err();
    assert_eq!(e.field, "host.command_overhead_us");
    let e = ssd_core::Scenario::from_json(r#"{"host":{"overhead":1}}"#).unwrap_err();
    assert_eq!(e.field, "host");
    let e = ssd_core::Scenario::from_json(r#"{"host":3}"#).unwrap_err();
    assert_eq!(e.field, "host");
}
