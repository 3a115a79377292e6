//! Refusals name a field that exists, with a stable code: the page highlights that field and
//! translates by code. Each case here is a class of input that once crashed or misled.

use ssd_core::scenario::{ErrorCode, Scenario, ScenarioError};

fn refuse(json: &str) -> ScenarioError {
    match Scenario::from_json(json) {
        Ok(_) => panic!("accepted: {json}"),
        Err(e) => e,
    }
}

fn assert_refused(json: &str, field: &str, code: ErrorCode) -> ScenarioError {
    let e = refuse(json);
    assert_eq!((e.field.as_str(), e.code), (field, code), "{json} → {e}");
    e
}

#[test]
fn documents_and_groups_must_be_objects() {
    assert_refused("[]", "", ErrorCode::NotAnObject);
    assert_refused("3", "", ErrorCode::NotAnObject);
    assert_refused("null", "", ErrorCode::NotAnObject);
    assert_refused(r#"{"device": []}"#, "device", ErrorCode::NotAnObject);
    assert_refused(r#"{"device": {"nand": 5}}"#, "device.nand", ErrorCode::NotAnObject);
    assert_refused(r#"{"device": null}"#, "device", ErrorCode::NotAnObject);
    assert_refused(r#"{"workload": []}"#, "workload", ErrorCode::NotAnObject);
    assert_refused(r#"{"precondition": "full"}"#, "precondition", ErrorCode::NotAnObject);
    assert_refused("{", "", ErrorCode::Syntax);
    // A group that is off by default takes an object, or null.
    Scenario::from_json(r#"{"device": {"nand": {"timing": null}}}"#).unwrap();
    Scenario::from_json(r#"{"device": {"nand": {"timing": {"read_us": 50}}}}"#).unwrap();
}

#[test]
fn type_errors_inside_the_workload_name_the_field() {
    let e = assert_refused(r#"{"workload": {"kind": "job", "iodepth": "deep"}}"#, "workload.iodepth", ErrorCode::InvalidType);
    assert!(e.message.contains("invalid type"), "{e}");
    assert_refused(r#"{"workload": {"kind": "span_sweep", "spans": ["1g", true]}}"#, "workload.spans[1]", ErrorCode::NotWholeBytes);
    assert_refused(r#"{"workload": {"kind": "steady_state", "rounds": -1}}"#, "workload.rounds", ErrorCode::OutOfRange);
    // CrystalDiskMark rounds: tests that do not parse, a test count out of range, runs too small.
    assert_refused(r#"{"workload": {"kind": "steady_state", "tests": "SEQ1M"}}"#, "workload.tests", ErrorCode::OutOfRange);
    assert_refused(r#"{"workload": {"kind": "steady_state", "tests": "SEQ1M Q1T1", "test_count": 10}}"#, "workload.test_count", ErrorCode::OutOfRange);
    let small = r#"{"workload": {"kind": "steady_state", "tests": "SEQ1M Q1T1, RND4K Q1T1", "test_count": 9, "round_bytes": "1m"}}"#;
    let e = assert_refused(small, "workload.round_bytes", ErrorCode::OutOfRange);
    assert!(e.message.contains("18 a round"), "{e}");
    Scenario::from_json(r#"{"workload": {"kind": "steady_state", "tests": "SEQ1M Q1T1, RND4K Q32T1", "test_count": 9, "size": "4g"}}"#).unwrap();
    assert_refused(r#"{"workload": {"kind": "job", "iodepth": 5000000000}}"#, "workload.iodepth", ErrorCode::OutOfRange);
    assert_refused(r#"{"workload": {"kind": "job", "rw": "sideways"}}"#, "workload.rw", ErrorCode::InvalidOption);
    assert_refused(r#"{"workload": {"kind": "teleport"}}"#, "workload.kind", ErrorCode::InvalidOption);
    assert_refused(r#"{"workload": {"iodepth": 4}}"#, "workload.kind", ErrorCode::InvalidOption);
}

#[test]
fn unknown_fields_name_the_group_they_sit_in() {
    let e = assert_refused(r#"{"workload": {"kind": "job", "iodpeth": 4}}"#, "workload", ErrorCode::UnknownField);
    assert!(e.message.contains("iodpeth"), "{e}");
    // A field of another workload kind is unknown to this one.
    assert_refused(r#"{"workload": {"kind": "span_sweep", "offset": 0}}"#, "workload", ErrorCode::UnknownField);
    assert_refused(r#"{"device": {"nand": {"chanels": 4}}}"#, "device.nand", ErrorCode::UnknownField);
    assert_refused(r#"{"colour": 4}"#, "", ErrorCode::UnknownField);
}

#[test]
fn benchmark_fields_are_reported_under_their_own_names() {
    // A span smaller than a transfer: the span is at fault, not the job's `size` it becomes.
    let e = assert_refused(r#"{"workload": {"kind": "span_sweep", "bs": "64k", "spans": ["1g", "16k"]}}"#, "workload.spans[1]", ErrorCode::OutOfRange);
    assert!(e.message.contains("at least bs"), "{e}");
    assert_refused(r#"{"workload": {"kind": "span_sweep", "rw": "read"}}"#, "workload.rw", ErrorCode::InvalidOption);
    assert_refused(r#"{"workload": {"kind": "span_sweep", "spans": []}}"#, "workload.spans", ErrorCode::OutOfRange);
    assert_refused(r#"{"workload": {"kind": "transfer_size_sweep", "sizes": ["4k", "6k"]}}"#, "workload.sizes[1]", ErrorCode::NotAligned);
    assert_refused(r#"{"workload": {"kind": "transfer_size_sweep", "runtime": 0}}"#, "workload.runtime", ErrorCode::OutOfRange);
    assert_refused(r#"{"workload": {"kind": "crystal_disk_mark", "size": "4m"}}"#, "workload.size", ErrorCode::OutOfRange);
}

#[test]
fn a_latency_trace_over_the_whole_drive_has_an_end() {
    // size 0 = to the drive's end; io_size 0 = the file once: the job ends after one pass.
    let s = Scenario::from_json(r#"{"scale": 4, "workload": {"kind": "latency_trace", "size": 0, "bs": "1m"}}"#).unwrap();
    let report = ssd_core::Simulation::run_to_end(&s).unwrap();
    // The 1/4 drive holds a quarter of the full drive's 4 KiB units, rounded down.
    let drive = (report.summary.user_capacity_bytes / 4.0 / 4096.0).floor() * 4096.0;
    let written = report.summary.host_written_bytes;
    assert!(written >= drive && written < drive + 1048576.0, "wrote {written} of a {drive}-byte drive");
}

#[test]
fn zero_point_counts_are_refused_not_divided_by() {
    assert_refused(r#"{"workload": {"kind": "whole_drive_write", "points": 0}}"#, "workload.points", ErrorCode::OutOfRange);
    assert_refused(r#"{"workload": {"kind": "latency_trace", "max_points": 0}}"#, "workload.max_points", ErrorCode::OutOfRange);
}

#[test]
fn a_transfer_larger_than_the_drive_is_refused() {
    // 8 blocks per plane x 1 plane x 16 pages x 4 KiB = 512 KiB of NAND.
    let tiny = r#""device": {"nand": {"channels": 1, "dies_per_channel": 1, "planes_per_die": 1, "blocks_per_plane": 64, "pages_per_block": 16, "page_bytes": 4096}, "capacity": {"op_percent": 50}}"#;
    let e = assert_refused(&format!(r#"{{{tiny}, "workload": {{"kind": "whole_drive_write", "bs": "64m"}}}}"#), "workload.bs", ErrorCode::OutOfRange);
    assert!(e.message.contains("fit in the drive"), "{e}");
    assert_refused(&format!(r#"{{{tiny}, "workload": {{"kind": "job", "bs": "8m", "size": 0}}}}"#), "workload.bs", ErrorCode::OutOfRange);
    assert_refused(
        &format!(r#"{{{tiny}, "workload": {{"kind": "transfer_size_sweep", "sizes": ["4k", "16m"], "size": 0}}}}"#),
        "workload.sizes[1]",
        ErrorCode::OutOfRange,
    );
}

#[test]
fn firmware_working_blocks_come_on_top_of_the_raw_capacity() {
    assert_refused(r#"{"device": {"nand": {"blocks_per_plane": 4}}}"#, "device.nand.blocks_per_plane", ErrorCode::OutOfRange);
    // GC's reserve no longer eats the spare: a large threshold on a small plane is fine and
    // the OP is the one typed.
    let s = Scenario::from_json(r#"{"device": {"nand": {"blocks_per_plane": 16}, "gc": {"free_block_threshold": 14, "background_free_blocks": 16}}, "workload": {"kind": "job", "size": 0}}"#).unwrap();
    let g = ssd_core::media::Geometry::new(&s.device).unwrap();
    assert_eq!((g.blocks_per_plane, g.working_blocks_per_plane), (32, 16));
    assert!((g.op_percent_of_user() - 7.0).abs() < 1e-3, "{}", g.op_percent_of_user());
    // No spare at all, or almost none (WAF in the hundreds), is refused.
    let e = assert_refused(r#"{"device": {"capacity": {"op_percent": 0}}}"#, "device.capacity.op_percent", ErrorCode::OutOfRange);
    assert!(e.message.contains("no spare"), "{e}");
    let nearly_none = r#"{"device": {"nand": {"blocks_per_plane": 1024}, "gc": {"free_block_threshold": 2}, "capacity": {"op_percent": 0.4}}}"#;
    let e = assert_refused(nearly_none, "device.capacity.op_percent", ErrorCode::OutOfRange);
    assert!(e.message.contains("write amplification"), "{e}");
    Scenario::from_json(r#"{"device": {"nand": {"blocks_per_plane": 1024}, "capacity": {"op_percent": 7}}}"#).unwrap();
}

#[test]
fn integers_past_two_to_the_53_are_refused_not_rounded() {
    assert_refused(r#"{"seed": 9007199254740992}"#, "seed", ErrorCode::UnsafeInteger);
    Scenario::from_json(r#"{"seed": 9007199254740991}"#).unwrap();
    assert_refused(r#"{"workload": {"kind": "job", "io_size": 18014398509481984}}"#, "workload.io_size", ErrorCode::UnsafeInteger);
    assert_refused(r#"{"workload": {"kind": "job", "io_size": "8p"}}"#, "workload.io_size", ErrorCode::NotWholeBytes);
    assert_refused(r#"{"workload": {"kind": "job", "io_size": 1e17}}"#, "workload.io_size", ErrorCode::NotWholeBytes);
    assert_refused(r#"{"workload": {"kind": "job", "bs": "4.5k"}}"#, "workload.bs", ErrorCode::NotAligned);
    assert_refused(r#"{"workload": {"kind": "job", "bs": "0.3"}}"#, "workload.bs", ErrorCode::NotWholeBytes);
}

#[test]
fn scale_rounding_is_reported_on_scale() {
    // 256 blocks per plane at 1/64 is 4: too few for GC's reserve.
    let e = assert_refused(r#"{"scale": 64}"#, "scale", ErrorCode::OutOfRange);
    assert!(e.message.contains("at least 8 blocks"), "{e}");
}

#[test]
fn every_preset_still_validates_at_every_scale_it_allows() {
    for preset in ssd_core::presets::all() {
        let s = preset.scenario().unwrap();
        let mut scale = 1;
        while scale <= 1024 {
            let scaled = Scenario { scale, ..s.clone() };
            match scaled.validate() {
                Ok(()) => {}
                // Too big to simulate here at this size (a compressing 240 GB drive at full
                // size needs 2.4 GiB): the refusal says so and a larger scale runs.
                Err(e) if e.code == ErrorCode::TooMuchMemory => {
                    assert!(e.message.contains("larger scale") || e.field == "scale", "{} at scale {scale}: {e}", preset.name);
                    assert!(scale < s.scale, "{} refused at its own scale or above ({scale}): {e}", preset.name);
                }
                Err(e) => {
                    assert_eq!(e.field, "scale", "{} at scale {scale}: {e}", preset.name);
                    break; // larger scales only shrink the drive further
                }
            }
            scale *= 2;
        }
        assert!(scale > 1, "{} runs at its own scale", preset.name);
    }
}

#[test]
fn the_write_path_refuses_what_cannot_hold_together_naming_the_field() {
    // A static SLC cache lives in the spare area at bits-per-cell NAND per byte: the default
    // 16 GiB TLC drive has about 1.1 GB of spare, so 400 MB of static SLC (1.2 GB of NAND) is
    // too much.
    let e = assert_refused(r#"{"device": {"slc_cache": {"static_bytes": "400MB"}}}"#, "device.slc_cache.static_bytes", ErrorCode::OutOfRange);
    assert!(e.message.contains("spare area"), "{e}");
    Scenario::from_json(r#"{"device": {"slc_cache": {"static_bytes": "200MB", "dynamic_percent": 50}}}"#).unwrap();
    // SLC NAND has no SLC mode to speak of; compression and an SLC cache are not modelled.
    assert_refused(
        r#"{"device": {"nand": {"cell": "slc"}, "slc_cache": {"dynamic_percent": 10}}}"#,
        "device.slc_cache.dynamic_percent",
        ErrorCode::Inconsistent,
    );
    assert_refused(
        r#"{"device": {"controller": {"compression": true}, "slc_cache": {"static_bytes": "64MB"}}}"#,
        "device.slc_cache.static_bytes",
        ErrorCode::Inconsistent,
    );
    assert_refused(r#"{"device": {"slc_cache": {"dynamic_percent": 101}}}"#, "device.slc_cache.dynamic_percent", ErrorCode::OutOfRange);
    assert_refused(r#"{"device": {"slc_cache": {"when_full": "sometimes"}}}"#, "device.slc_cache.when_full", ErrorCode::InvalidOption);
    assert_refused(r#"{"device": {"controller": {"striping": "diagonal"}}}"#, "device.controller.striping", ErrorCode::InvalidOption);
    assert_refused(r#"{"device": {"mapping": {"segment_bytes": "48k"}}}"#, "device.mapping.segment_bytes", ErrorCode::NotPowerOfTwo);
    // CrystalDiskMark's custom tests must read as its own names.
    let custom = |tests: &str| format!(r#"{{"workload": {{"kind": "crystal_disk_mark", "profile": "custom", "tests": "{tests}"}}}}"#);
    let e = assert_refused(&custom("SEQ1M Q8T1, RND3K Q32T4"), "workload.tests", ErrorCode::OutOfRange);
    assert!(e.message.contains("RND3K"), "{e}");
    assert_refused(&custom(""), "workload.tests", ErrorCode::OutOfRange);
    Scenario::from_json(&custom("SEQ1M Q8T1, RND4K Q32T4, RND4K Q1T1")).unwrap();
}
