//! The `ssdsim` binary as a user meets it.

use std::io::Write;
use std::process::{Command, Stdio};

fn ssdsim(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ssdsim")).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn run_prints_summary_and_series_json() {
    let (code, out, _) = ssdsim(&["run", "-"], r#"{"workload":{"kind":"job","runtime":0.01}}"#);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["summary"]["read_mb_per_s"].as_f64().unwrap() > 100.0);
    let s = &v["series"][0];
    assert_eq!(s["id"], "read_throughput");
    assert_eq!(s["role"], "throughput");
    assert_eq!(s["label_id"], "read");
    assert_eq!(s["label"], "Read");
    assert_eq!(s["x"]["id"], "time");
    assert_eq!(s["x"]["unit"], "s");
    assert_eq!(s["y"]["id"], "throughput");
    assert_eq!(s["y"]["unit"], "mb_per_s");
    assert!(s["points"].as_array().unwrap().len() >= 100);
}

#[test]
fn run_without_causes_prints_the_same_summary_and_no_latency_causes() {
    let scenario = r#"{"workload":{"kind":"job","rw":"randrw","runtime":0.01}}"#;
    let (code, with, _) = ssdsim(&["run", "-"], scenario);
    let (code_without, without, _) = ssdsim(&["run", "--no-causes", "-"], scenario);
    assert_eq!((code, code_without), (0, 0));
    let (with, without): (serde_json::Value, serde_json::Value) = (serde_json::from_str(&with).unwrap(), serde_json::from_str(&without).unwrap());
    assert_eq!(with["summary"], without["summary"]);
    assert_eq!(with["series"], without["series"]);
    assert!(with["latency_causes"]["read"]["count"].as_f64().unwrap() > 0.0);
    assert!(without.get("latency_causes").is_none());
}

#[test]
fn bad_input_names_the_field_on_stderr_and_fails() {
    let (code, out, err) = ssdsim(&["run", "-"], r#"{"workload":{"kind":"job","iodepth":5000}}"#);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("workload.iodepth: must be between 1 and 1024 (got 5000)"), "{err}");
    let (code, _, err) = ssdsim(&["run", "/no/such/file.json"], "");
    assert_ne!(code, 0);
    assert!(err.contains("cannot read /no/such/file.json"));
    let (code, _, err) = ssdsim(&["frobnicate"], "");
    assert_ne!(code, 0);
    assert!(err.contains("usage"));
}

#[test]
fn presets_are_listed_and_printable() {
    let (code, out, _) = ssdsim(&["presets"], "");
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap().split_whitespace().next().unwrap().to_string();
    let (code, json, _) = ssdsim(&["preset", &first], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["version"], 1);
    let (code, _, err) = ssdsim(&["preset", "no-such-drive"], "");
    assert_ne!(code, 0);
    assert!(err.contains(&first), "the error lists the presets: {err}");
}

#[test]
fn budget_prints_the_estimate_beside_the_work_done_and_refusals_name_the_field() {
    let (code, out, _) = ssdsim(&["budget", "-"], r#"{"precondition":{"random_rounds":0.2},"workload":{"kind":"job","rw":"randwrite","runtime":0.01}}"#);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (typical, done) = (v["budget"]["typical_work"].as_f64().unwrap(), v["done"]["work"].as_f64().unwrap());
    assert!(done > 500_000.0 && typical / done > 0.5 && typical / done < 6.0, "done {done}, typically {typical}");
    assert_eq!(v["budget"]["work_limit"].as_f64().unwrap(), 300e6);
    assert!(v["stopped"].is_null(), "{v}");
    assert!(v["budget"]["memory_bytes"].as_f64().unwrap() > 16.0 * 1048576.0);
    let (code, out, err) = ssdsim(
        &["run", "-"],
        r#"{"device":{"nand":{"channels":32,"dies_per_channel":8,"planes_per_die":4,"blocks_per_plane":1000}},"precondition":{"fill_percent":0},"workload":{"kind":"job","runtime":0.001}}"#,
    );
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("device.nand.blocks_per_plane: this run needs up to") && err.contains("the limit is 1536 MiB"), "{err}");
}

#[test]
fn a_reader_that_stops_early_ends_the_output_without_a_panic() {
    // `ssdsim run x | head -c 100`: the pipe is closed before the result is written.
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_ssdsim")).args(["run", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(br#"{"workload":{"kind":"job","runtime":0.01}}"#).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn run_replays_a_trace_file_and_refuses_a_bad_line_by_line_and_field() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traces");
    let scenario = r#"{"scale":16,"precondition":{"fill_percent":0},"workload":{"kind":"trace","map":{"fit":"wrap"}}}"#;
    let (code, out, err) = ssdsim(&["run", "-", "--trace", &format!("{fixtures}/fio_v3.log"), "--trace-format", "fio_v3"], scenario);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["trace_commands"], 26.0);
    let bad = std::env::temp_dir().join(format!("ssdsim-bad-trace-{}.log", std::process::id()));
    std::fs::write(&bad, "fio version 3 iolog\n0 d add\n1 d write 0 4096\n2 d write 0 -4096\n").unwrap();
    let (code, out, err) = ssdsim(&["run", "-", "--trace", bad.to_str().unwrap()], scenario);
    let _ = std::fs::remove_file(&bad);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("line 4: length: negative"), "{err}");
    let (code, _, err) = ssdsim(&["run", "-"], r#"{"workload":{"kind":"trace"}}"#);
    assert_ne!(code, 0);
    assert!(err.contains("workload: a trace workload needs its trace file"), "{err}");
}

/// `ssdsim trace` names the file by its SHA-256; a scenario naming it replays only that file.
#[test]
fn a_scenario_naming_its_traces_sha256_replays_only_that_file() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traces/msr_hm.csv");
    let (code, out, err) = ssdsim(&["trace", file, "--json"], "");
    assert_eq!(code, 0, "{err}");
    let sha = serde_json::from_str::<serde_json::Value>(&out).unwrap()["sha256"].as_str().unwrap().to_string();
    assert_eq!(sha.len(), 64);
    let scenario =
        |sha: &str| format!(r#"{{"scale":16,"precondition":{{"fill_percent":0}},"workload":{{"kind":"trace","map":{{"fit":"wrap"}},"sha256":"{sha}"}}}}"#);
    let (code, out, err) = ssdsim(&["run", "-", "--trace", file], &scenario(&sha.to_uppercase()));
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["summary"]["trace_commands"], 30.0);
    let other = format!("{}{}", if sha.starts_with('0') { "1" } else { "0" }, &sha[1..]);
    let (code, out, err) = ssdsim(&["run", "-", "--trace", file], &scenario(&other));
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("workload.sha256") && err.contains(&format!("SHA-256 is {sha}, not the scenario's {other}")), "{err}");
    let (code, _, err) = ssdsim(&["run", "-", "--trace", file], &scenario("abc"));
    assert_ne!(code, 0);
    assert!(err.contains("workload.sha256: must be a SHA-256 in hex"), "{err}");
}

/// A preset file runs as it stands, as the README shows (`ssdsim run engine/presets/<name>.json`):
/// the keys it carries for the page (`blurb`, `identity`) are not the scenario's, and the run is
/// the preset's own (`ssdsim preset <name>` gives the same numbers).
#[test]
fn a_preset_file_runs_as_its_preset() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../presets/tlc-random-read.json");
    assert!(std::fs::read_to_string(file).unwrap().contains("\"blurb\""));
    let (code, from_file, err) = ssdsim(&["run", file], "");
    assert_eq!(code, 0, "{err}");
    let (_, preset, _) = ssdsim(&["preset", "tlc-random-read"], "");
    let (code, from_preset, _) = ssdsim(&["run", "-"], &preset);
    assert_eq!(code, 0);
    let (a, b): (serde_json::Value, serde_json::Value) = (serde_json::from_str(&from_file).unwrap(), serde_json::from_str(&from_preset).unwrap());
    assert_eq!(a["summary"], b["summary"]);
    assert!(a["summary"]["read_mb_per_s"].as_f64().unwrap() > 100.0);
}
