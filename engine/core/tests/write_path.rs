//! The write path's knobs do what they say, in numbers the hardware's own times give:
//! one-shot programming, multi-plane operations, cache read, the controller's command limits
//! and its write latency.

use serde_json::{json, Value};
use ssd_core::{Report, Scenario, Simulation};

/// The default drive (4 channels x 2 dies x 2 planes of 3D TLC, 16 KiB pages, tR 60 µs,
/// one-shot tPROG 1.8 ms for 3 pages, 800 MB/s channels) with `device` merged in.
fn run(device: Value, workload: Value, fill: f64) -> Report {
    let v = json!({"device": device, "precondition": {"fill_percent": fill}, "workload": workload});
    Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap()
}

fn seq_write(device: Value) -> f64 {
    run(device, json!({"kind": "job", "rw": "write", "bs": "1m", "iodepth": 8, "size": "1g", "runtime": 0.5}), 0.0).summary.write_mb_per_s
}

const PAGE: f64 = 16384.0;

/// The 4 MiB write buffer completes that much more within a run of `seconds`: the planes'
/// rate plus the buffer spread over the run is what the host sees.
fn host_rate(planes_mb_per_s: f64, seconds: f64) -> f64 {
    planes_mb_per_s + 4.0 * 1_048_576.0 / seconds / 1e6
}

#[test]
fn one_shot_programs_a_wordline_in_one_operation() {
    // 16 planes, each programming 3 pages per 1.8 ms operation, or one page per operation.
    let one_shot = seq_write(json!({}));
    let page_by_page = seq_write(json!({"nand": {"one_shot": false}}));
    let (a, b) = (host_rate(16.0 * 3.0 * PAGE / 1.8e-3 / 1e6, 0.5), host_rate(16.0 * PAGE / 1.8e-3 / 1e6, 0.5));
    println!("one-shot {one_shot:.0} MB/s (planes: {a:.0}), page by page {page_by_page:.0} ({b:.0})");
    assert!((one_shot / a - 1.0).abs() < 0.03 && (page_by_page / b - 1.0).abs() < 0.03);
}

#[test]
fn without_multi_plane_operations_a_die_does_one_thing_at_a_time() {
    // 8 dies of 2 planes: programs of a die's two planes no longer overlap.
    let multi = seq_write(json!({}));
    let single = seq_write(json!({"nand": {"multi_plane": false}}));
    println!("multi-plane {multi:.0} MB/s, one operation per die {single:.0}");
    assert!((single / (multi / 2.0) - 1.0).abs() < 0.03, "{single} vs half of {multi}");
}

#[test]
fn without_cache_read_the_plane_waits_for_its_own_transfer() {
    // QD1 4 KiB reads: the plane stays busy while the unit crosses the channel, which the
    // next read on it would wait for; alone, a read takes the same time, so compare the
    // plane time the summary reports per read.
    let read = |cache: bool| {
        let r = run(
            json!({"nand": {"cache_ops": cache}}),
            json!({"kind": "job", "rw": "randread", "bs": "16k", "iodepth": 64, "size": "1g", "runtime": 0.05}),
            100.0,
        );
        r.summary.read_iops
    };
    let (with, without) = (read(true), read(false));
    // Each 16 KiB read: tR 60 µs, plus 4 units x 5.12 µs at 800 MB/s without cache read.
    let expected = 60.0 / (60.0 + 4.0 * 4096.0 / 800.0);
    println!("16 KiB reads at QD64: {with:.0} IOPS with cache read, {without:.0} without (planes' share {expected:.3})");
    assert!(without < with * 0.95 && without > with * expected * 0.9, "{with} vs {without}");
}

#[test]
fn the_controller_takes_no_more_commands_than_its_limits() {
    let iops = |device: Value, rw: &str| {
        let r = run(device, json!({"kind": "job", "rw": rw, "bs": "4k", "iodepth": 32, "numjobs": 4, "size": "1g", "runtime": 0.05}), 100.0);
        if rw == "randread" {
            r.summary.read_iops
        } else {
            r.summary.write_iops
        }
    };
    let free = iops(json!({}), "randread");
    let limited = iops(json!({"controller": {"read_iops_limit": 100_000}}), "randread");
    println!("random reads: {free:.0} IOPS free, {limited:.0} with a 100k limit");
    assert!(free > 150_000.0 && limited <= 100_000.0 * 1.001 && limited > 95_000.0);
    let limited = iops(json!({"controller": {"write_iops_limit": 50_000}}), "randwrite");
    assert!(limited <= 50_000.0 * 1.001 && limited > 47_000.0, "{limited}");
}

#[test]
fn a_write_takes_the_firmware_write_latency_on_top() {
    let qd1 = |extra: f64| {
        let r = run(
            json!({"controller": {"write_latency_us": extra}}),
            json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 1, "size": "1g", "runtime": 0.01}),
            0.0,
        );
        r.summary.write_latency.p50_us
    };
    let (base, slower) = (qd1(0.0), qd1(10.0));
    println!("QD1 write p50: {base} µs, {slower} µs with 10 µs of write latency");
    assert!((slower - base - 10.0).abs() < 0.5);
}

#[test]
fn qlc_programs_in_the_isscc_range_per_die() {
    // A 4-plane die of 16 KiB pages: 4 planes x 4 pages per 12 ms one-shot operation.
    let t = ssd_core::media::NandTiming::native(ssd_core::scenario::CellType::Qlc);
    let per_die = 4.0 * 4.0 * PAGE / (t.program_ns as f64 / 1e9) / 1e6;
    assert!((12.0..30.0).contains(&per_die), "{per_die} MB/s per die");
    assert!(t.erase_ns > ssd_core::media::NandTiming::native(ssd_core::scenario::CellType::Tlc).erase_ns, "QLC erases slowest");
    // On a drive: 1 channel, 1 die of 4 planes, nothing else in the way.
    let r = run(
        json!({"nand": {"cell": "qlc", "channels": 1, "dies_per_channel": 1, "planes_per_die": 4, "blocks_per_plane": 64, "pages_per_block": 256}}),
        json!({"kind": "job", "rw": "write", "bs": "1m", "iodepth": 8, "size": "256m", "runtime": 3.0}),
        0.0,
    );
    let expected = host_rate(per_die, 3.0);
    println!("one QLC die writes {:.1} MB/s (datasheet {per_die:.1}, with the buffer {expected:.1})", r.summary.write_mb_per_s);
    assert!((r.summary.write_mb_per_s / expected - 1.0).abs() < 0.05);
}
