//! A compressing controller (article 003's SandForce): compressible data takes fewer NAND
//! sectors, so fewer programs and more room for GC; random data gains nothing.

mod common;
use common::{run, series};

fn steady(compression: bool, pattern: &str) -> ssd_core::Report {
    run(&format!(
        r#"{{"device":{{"controller":{{"compression":{compression}}}}},"precondition":{{"random_rounds":1}},
        "workload":{{"kind":"steady_state","rw":"randwrite","round_bytes":"1g","rounds":4,{pattern}}}}}"#
    ))
}

/// Random data gains nothing; it loses a little, because a compressing FTL keeps a second
/// free block per plane in reserve for repacking. The two drives' random rounds draw
/// differently (a compressing drive overwrites by logical unit, the other by slot: see
/// `ftl/deferred.rs`), so "nothing" is within 1 %.
#[test]
fn random_data_gains_nothing_from_compression() {
    let plain = steady(false, r#""buffer_compress_percentage":0"#);
    let compressing = steady(true, r#""buffer_compress_percentage":0"#);
    for (a, b) in series(&plain, "steady_state").iter().zip(series(&compressing, "steady_state")) {
        assert!(b[1] <= 1.01 * a[1] && b[1] > 0.92 * a[1], "{} vs {}", b[1], a[1]);
    }
    let (wa, wb) = (plain.summary.write_amplification, compressing.summary.write_amplification);
    assert!(wb >= 0.99 * wa && wb < 1.08 * wa, "WAF {wb} vs {wa}");
}

#[test]
fn zero_filled_data_never_slows_down_and_barely_touches_nand() {
    let zeros = steady(true, r#""zero_buffers":true"#);
    let rounds: Vec<f64> = series(&zeros, "steady_state").iter().map(|p| p[1]).collect();
    assert!(rounds.windows(2).all(|w| w[1] >= w[0]), "{rounds:?}");
    let random = steady(true, r#""buffer_compress_percentage":0"#);
    assert!(rounds[3] > 10.0 * series(&random, "steady_state")[3][1]);
    let ratio = zeros.summary.nand.as_ref().unwrap().nand_written_bytes / zeros.summary.host_written_bytes;
    assert!(ratio < 0.8, "NAND written / host written = {ratio}");
}

#[test]
fn half_compressible_data_writes_half_the_nand() {
    let r = run(r#"{"device":{"controller":{"compression":true}},"precondition":{"fill_percent":0},
        "workload":{"kind":"whole_drive_write","bs":"128k","io_size":"4g","buffer_compress_percentage":50}}"#);
    let ratio = r.summary.nand.as_ref().unwrap().nand_written_bytes / r.summary.host_written_bytes;
    assert!((ratio - 0.5).abs() < 0.01, "{ratio}");
    assert!((r.summary.write_amplification - 0.5).abs() < 0.01);
}
