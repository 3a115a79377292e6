//! Workloads from real life (article 003): a TRIM of a range, steady-state rounds with idle
//! time and deleted files trimmed or not, and a large file copied until the drive is full.

mod common;
use common::{run, scenario, series};
use ssd_core::ftl::UNMAPPED;
use ssd_core::scenario::ErrorCode;
use ssd_core::units::{MAPPING_UNIT_BYTES, MIB};
use ssd_core::{Scenario, Simulation};

/// 2 planes x 256 blocks x 64 pages of 4 KiB: 128 MiB of NAND, quick to write many times.
const SMALL: &str = r#""device":{"nand":{"channels":1,"dies_per_channel":1,"planes_per_die":2,"blocks_per_plane":256,"pages_per_block":64,"page_bytes":4096},"capacity":{"op_percent":7}}"#;

fn small(rest: &str) -> String {
    format!("{{{SMALL},{rest}}}")
}

#[test]
fn a_trim_job_unmaps_exactly_its_range() {
    // 1 MiB transfers over 5 MiB + 12 KiB: the last transfer is the 12 KiB tail.
    let s = scenario(&small(
        r#""precondition":{"fill_percent":100},"workload":{"kind":"job","rw":"trim","bs":"1m","offset":"8m","size":"5132k","io_size":"5132k","iodepth":2}"#,
    ));
    let mut sim = Simulation::new(&s).unwrap();
    while !sim.run(1 << 20) {}
    let (from, to) = ((8 * MIB / MAPPING_UNIT_BYTES) as u32, ((8 * MIB + 5132 * 1024) / MAPPING_UNIT_BYTES) as u32);
    let ftl = &sim.drive().nand().unwrap().ftl;
    for lba in from - 64..to + 64 {
        let trimmed = ftl.lookup(lba) == UNMAPPED;
        assert_eq!(trimmed, (from..to).contains(&lba), "lba {lba}");
    }
    assert_eq!(sim.summary().host_trimmed_bytes, (5132 * 1024) as f64);
}

/// Writes into the back half of a full drive, deleting the round's files after each round,
/// with or without TRIM (article 003's OP level 4: space the OS freed counts as spare only if
/// the drive is told).
fn deleted_files(trim: bool) -> ssd_core::Report {
    run(&small(&format!(
        r#""precondition":{{"fill_percent":100}},"workload":{{"kind":"steady_state","rw":"randwrite","offset":"56m","size":"56m","round_bytes":"56m","rounds":6,"trim_after_round":{trim}}}"#
    )))
}

#[test]
fn trimming_deleted_files_gives_gc_spare_and_speed() {
    let (kept, trimmed) = (deleted_files(false), deleted_files(true));
    let speeds = |r: &ssd_core::Report| series(r, "steady_state").iter().map(|p| p[1]).collect::<Vec<_>>();
    let (k, t) = (speeds(&kept), speeds(&trimmed));
    println!(
        "deleted files without TRIM: WAF {:.2}, MB/s per round {k:.0?}; with TRIM: WAF {:.2}, {t:.0?}",
        kept.summary.write_amplification, trimmed.summary.write_amplification
    );
    assert_eq!(k.len(), 6, "one point per round, the trims add none");
    assert_eq!(trimmed.summary.host_trimmed_bytes, 6.0 * 56.0 * MIB as f64);
    assert_eq!(kept.summary.host_trimmed_bytes, 0.0);
    assert!(trimmed.summary.write_amplification < 0.8 * kept.summary.write_amplification);
    assert!(t[5] > 1.2 * k[5], "the last round is faster with TRIM: {} vs {}", t[5], k[5]);
}

/// Rounds of 4 MiB random writes on a full drive with a small write buffer, with or without a
/// rest between them; background GC tops each plane up to 32 free blocks while the host rests.
fn rounds_with_idle(idle_s: f64) -> ssd_core::Report {
    run(&format!(
        r#"{{"device":{{"nand":{{"channels":1,"dies_per_channel":1,"planes_per_die":2,"blocks_per_plane":256,"pages_per_block":64,"page_bytes":4096}},"capacity":{{"op_percent":7}},
              "controller":{{"write_buffer":"64k"}},"gc":{{"background":true,"background_free_blocks":32}}}},
            "precondition":{{"fill_percent":100,"random_rounds":2}},"workload":{{"kind":"steady_state","rw":"randwrite","round_bytes":"4m","rounds":5,"idle_s":{idle_s}}}}}"#
    ))
}

#[test]
fn idle_time_between_rounds_lets_background_gc_work() {
    let (busy, rested) = (rounds_with_idle(0.0), rounds_with_idle(5.0));
    let speeds = |r: &ssd_core::Report| series(r, "steady_state").iter().map(|p| p[1]).collect::<Vec<_>>();
    let (b, r) = (speeds(&busy), speeds(&rested));
    println!("rounds back to back {b:.2?} MB/s; with 5 s idle between {r:.2?} MB/s");
    // Idle time is in the run's duration, not in any round's speed.
    assert!(rested.summary.duration_s > 4.0 * 5.0, "{}", rested.summary.duration_s);
    for i in 1..5 {
        assert!(r[i] > 2.0 * b[i], "round {}: {} vs {}", i + 1, r[i], b[i]);
    }
}

fn file_copy(op: f64, precondition: f64) -> ssd_core::Report {
    run(&format!(
        r#"{{"device":{{"nand":{{"channels":1,"dies_per_channel":1,"planes_per_die":2,"blocks_per_plane":256,"pages_per_block":64,"page_bytes":4096}},"capacity":{{"op_percent":{op}}},"controller":{{"write_buffer":"64k"}}}},
            "precondition":{{"fill_percent":{precondition}}},"workload":{{"kind":"file_copy","file_bytes":"15m","copies":0}}}}"#
    ))
}

fn speeds(r: &ssd_core::Report) -> Vec<f64> {
    series(r, "file_copy").iter().map(|p| p[1]).collect()
}

#[test]
fn a_file_copied_until_the_drive_is_full_writes_at_one_speed_whatever_the_op() {
    // 128 MiB of NAND: 119.6 MiB user at OP 7 % (7 copies of 15 MiB), 100 MiB at 28 % (6).
    let a = file_copy(7.0, 0.0);
    let copies = series(&a, "file_copy");
    assert_eq!(copies.iter().map(|p| p[0]).collect::<Vec<_>>(), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], "copies until the drive is full");
    assert_eq!(a.summary.host_written_bytes, 7.0 * 15.0 * MIB as f64);
    let first = copies[0][1];
    let more_op = file_copy(28.0, 0.0);
    // A second round of copies over the full drive (a sequential overwrite): GC finds
    // blocks that hold nothing valid, so the copies go as fast as on a fresh drive.
    let full = file_copy(7.0, 100.0);
    println!(
        "file copy MB/s per copy: OP 7 % {:.1?}, OP 28 % {:.1?}, OP 7 % over a full drive {:.1?} (WAF {:.3})",
        speeds(&a),
        speeds(&more_op),
        speeds(&full),
        full.summary.write_amplification
    );
    assert_eq!(speeds(&more_op).len(), 6);
    for s in speeds(&a).iter().chain(&speeds(&more_op)) {
        assert!((s / first - 1.0).abs() < 0.03, "{s} vs {first}");
    }
    // Over a full drive every block must be erased before it is programmed (tBERS per 64
    // pages: measured 7 % slower), but GC copies nothing.
    assert!(full.summary.write_amplification < 1.01, "{}", full.summary.write_amplification);
    for s in speeds(&full) {
        assert!((s / first - 1.0).abs() < 0.10, "{s} vs {first}");
    }
}

#[test]
fn file_copy_fields_are_checked_against_the_drive() {
    let refuse = |w: &str, field: &str| {
        let json = small(&format!(r#""workload":{{"kind":"file_copy",{w}}}"#));
        let e = Scenario::from_json(&json).and_then(|s| s.validate()).unwrap_err();
        assert_eq!(e.field, field, "{w}: {e}");
        assert_eq!(e.code, ErrorCode::OutOfRange, "{w}: {e}");
        e
    };
    let e = refuse(r#""file_bytes":"16m","copies":100"#, "workload.copies");
    assert!(e.message.contains("7 copies"), "{}", e.message);
    refuse(r#""file_bytes":"1g""#, "workload.file_bytes");
    refuse(r#""file_bytes":"64k","bs":"1m""#, "workload.file_bytes");
    refuse(r#""file_bytes":"4k","copies":0"#, "workload.file_bytes");
    refuse(r#""offset":"1g""#, "workload.offset");
    refuse(r#""file_bytes":"16m","idle_s":-1"#, "workload.idle_s");
    let e = Scenario::from_json(&small(r#""workload":{"kind":"file_copy","file_bytes":"6001k"}"#)).and_then(|s| s.validate()).unwrap_err();
    assert_eq!((e.field.as_str(), e.code), ("workload.file_bytes", ErrorCode::NotAligned), "{e}");
}
