//! One capacity model (issue 44): over-provisioning and user capacity are two views of one
//! quantity. A stated user capacity wins, and the scenario the engine normalises then holds
//! the drive's over-provisioning (what the summary reports, to 0.01 %); over-provisioning set
//! as a form sets it (`user_bytes` 0) changes the drive on every preset, and a scaled run keeps
//! it as typed. What a compiled scenario runs has a fingerprint (`Resolved::fingerprint`): a
//! knob whose move keeps it is dead there, and the catalogue says why (`Knob::inert`).
//! Refusals of sizes state them in binary units, as the page shows them.

use ssd_core::media::Geometry;
use ssd_core::presets;
use ssd_core::resolve::effective::acts;
use ssd_core::resolve::Resolved;
use ssd_core::scenario::catalogue::find;
use ssd_core::scenario::{ErrorCode, Scenario};
use ssd_core::units::Bytes;

fn compile(s: &Scenario) -> Resolved {
    Resolved::compile(s).unwrap_or_else(|e| panic!("{e}"))
}

/// The preset's scenario as the page has it (the engine's normalised one).
fn preset(name: &str) -> Scenario {
    presets::find(name).unwrap().scenario().unwrap()
}

/// Over-provisioning set as the page's form sets it: the user capacity follows.
fn with_op(s: &Scenario, op: f64) -> Scenario {
    let mut s = s.clone();
    s.device.capacity.op_percent = op;
    s.device.capacity.user_bytes = Bytes(0);
    s
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[test]
fn the_normalised_scenario_states_the_drives_over_provisioning() {
    let mut stating = 0;
    for p in presets::all() {
        let typed = Scenario::parse(p.json).unwrap();
        let r = compile(&typed);
        let Some(full) = r.full_geometry else { continue };
        let normalised = &r.scenario;
        if typed.device.capacity.user_bytes.0 > 0 {
            stating += 1;
            assert_eq!(normalised.device.capacity.op_percent, round2(full.op_percent_of_user()), "{}", p.name);
        } else {
            assert_eq!(normalised.device.capacity.op_percent, typed.device.capacity.op_percent, "{}: OP as typed", p.name);
        }
        // The same drive, and the same scenario again when compiled again.
        let again = compile(normalised);
        assert_eq!(&again.scenario, normalised, "{}", p.name);
        assert_eq!(again.fingerprint(), r.fingerprint(), "{}", p.name);
        assert_eq!(Scenario::from_json(p.json).unwrap(), *normalised, "{}", p.name);
    }
    assert!(stating >= 10, "{stating} presets state their user capacity");
    // The 660p-like: 512 GiB of NAND behind 512,110,190,592 user bytes.
    assert_eq!(preset("660p-like").device.capacity.op_percent, 7.35);
}

#[test]
fn over_provisioning_moves_the_drive_on_the_presets_that_state_user_capacity() {
    for name in ["660p-like", "bg4-like", "bg3-like", "970-evo-plus-like", "ssd520-like", "h10-like"] {
        let s = preset(name);
        assert!(s.device.capacity.user_bytes.0 > 0, "{name} states its user capacity");
        let before = compile(&s);
        for op in [7.0, 28.0] {
            let after = compile(&with_op(&s, op));
            let full = after.full_geometry.unwrap();
            assert!((full.op_percent_of_user() - op).abs() < 0.01, "{name} OP {op}: the drive has {}", full.op_percent_of_user());
            assert_eq!(after.scenario.device.capacity.op_percent, op, "{name}: the knob shows what was set");
            assert_ne!(after.fingerprint(), before.fingerprint(), "{name} OP {op}: the drive did not change");
            assert_ne!(after.user_bytes, before.user_bytes, "{name} OP {op}");
        }
        // The old way (user_bytes kept, as an old share link has it) changes nothing: the user
        // capacity still decides, and the knob shows the drive's over-provisioning again.
        let mut kept = s.clone();
        kept.device.capacity.op_percent = 28.0;
        let old = compile(&kept);
        assert_eq!(old.fingerprint(), before.fingerprint(), "{name}");
        assert_eq!(old.scenario, before.scenario, "{name}");
    }
}

#[test]
fn a_typed_over_provisioning_is_kept_at_every_scale() {
    for name in ["660p-like", "bg4-like"] {
        for op in [7.0, 28.0] {
            let typed = with_op(&preset(name), op);
            let full = Geometry::new(&typed.device).unwrap();
            let mut scales = 0;
            for scale in 1..=64 {
                let s = Scenario { scale, ..typed.clone() };
                let Ok(r) = Resolved::compile(&s) else { continue };
                scales += 1;
                let g = r.geometry.unwrap();
                assert!((g.op_percent_of_user() - op).abs() < 1e-3, "{name} OP {op} scale {scale}: {}", g.op_percent_of_user());
                assert!((g.op_percent_of_user() - full.op_percent_of_user()).abs() < 1e-4, "{name} OP {op} scale {scale}");
                assert_eq!(r.scenario.device.capacity.op_percent, op, "{name} scale {scale}: the knob keeps the typed value");
            }
            assert!(scales >= 16, "{name} OP {op}: {scales} scales accepted");
        }
    }
}

#[test]
fn user_capacity_moves_the_over_provisioning_the_knob_shows() {
    let s = preset("tlc-steady-state-random-write");
    assert_eq!(s.device.capacity.user_bytes.0, 0);
    let raw = compile(&s).full_geometry.unwrap().raw_bytes();
    let mut smaller = s.clone();
    smaller.device.capacity.user_bytes = Bytes(raw / 2 / 4096 * 4096);
    let r = compile(&smaller);
    assert_eq!(r.scenario.device.capacity.op_percent, 100.0);
    // Past 400 % the two views cannot both be stated: refused, in sizes.
    smaller.device.capacity.user_bytes = Bytes(raw / 8 / 4096 * 4096);
    let e = Resolved::compile(&smaller).unwrap_err();
    assert_eq!((e.field.as_str(), e.code), ("device.capacity.user_bytes", ErrorCode::OutOfRange), "{e}");
    assert!(e.message.contains("at most 400 %") && e.message.contains("GiB"), "{e}");
}

#[test]
fn a_knob_that_cannot_act_keeps_the_fingerprint_and_says_why() {
    let knob = find("device.mapping.hmb.host_memory_buffer_bytes", None).unwrap();
    // The 660p-like has no HMB support: its size does nothing, and the catalogue says so.
    let s = preset("660p-like");
    let typed = serde_json::to_value(&s).unwrap();
    assert!(!acts(knob, &typed));
    let mut moved = s.clone();
    moved.device.mapping.hmb.host_memory_buffer_bytes = Bytes(64 << 20);
    assert_eq!(compile(&moved).fingerprint(), compile(&s).fingerprint());
    // The BG4-like with 64 MiB of HMB: a smaller grant is another drive.
    let s = preset("bg4-like-hmb-64mb");
    assert!(acts(knob, &serde_json::to_value(&s).unwrap()));
    let mut moved = s.clone();
    moved.device.mapping.hmb.host_memory_buffer_bytes = Bytes(32 << 20);
    assert_ne!(compile(&moved).fingerprint(), compile(&s).fingerprint());
    // Names and descriptions are not what runs.
    let mut renamed = s.clone();
    renamed.name = "another name".into();
    assert_eq!(compile(&renamed).fingerprint(), compile(&s).fingerprint());
}

#[test]
fn size_refusals_are_in_binary_units() {
    let e = Scenario::from_json(r#"{"device":{"mapping":{"hmb":{"host_memory_buffer_bytes":"5t"}}}}"#).unwrap_err();
    assert_eq!(e.field, "device.mapping.hmb.host_memory_buffer_bytes");
    assert!(e.message.contains("must be between 0 B and 64 GiB (got 5 TiB)"), "{e}");
    let e = Scenario::from_json(r#"{"workload":{"kind":"job","bs":"3k"}}"#).unwrap_err();
    assert!(e.message.contains("between 4 KiB and 64 MiB (got 3 KiB)"), "{e}");
    // Limits that depend on the drive too (the default 16 GiB NAND drive holds 14.95 GiB).
    let e = Scenario::from_json(r#"{"workload":{"kind":"latency_trace","size":"32g"}}"#).unwrap_err();
    assert_eq!(e.field, "workload.size");
    assert!(e.message.starts_with("must be between 8 MiB and 14.95 GiB (16055951360 bytes)") && e.message.ends_with("(got 32 GiB)"), "{e}");
    // The spare-area refusals state sizes too, never raw byte counts.
    let raw = compile(&Scenario::default()).full_geometry.unwrap().raw_bytes();
    let e = Scenario::from_json(&format!(r#"{{"device":{{"capacity":{{"user_bytes":{raw}}}}}}}"#)).unwrap_err();
    assert_eq!(e.field, "device.capacity.user_bytes");
    assert_eq!(raw, 16 << 30);
    assert!(e.message.contains("raw capacity of 16 GiB") && !e.message.contains(&raw.to_string()), "{e}");
    let e = Scenario::from_json(r#"{"device":{"nand":{"cell":"tlc"},"slc_cache":{"static_bytes":"1g"}}}"#).unwrap_err();
    assert_eq!(e.field, "device.slc_cache.static_bytes");
    assert!(e.message.contains("takes 3 GiB of NAND") && e.message.contains("spare area of 1.0"), "{e}");
}
