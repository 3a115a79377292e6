//! `ssdsim run` prints one valid JSON document, whatever the run (issue 43): every preset,
//! every figure member, a trace replay and a run stopped at a ceiling. The report and where
//! its latency went were once spliced as text, and a report ending in a nested object (a
//! ceiling's notice in `stopped`) lost its closing braces.
//!
//! Runs are kept short: each preset and member at a smaller scale, and cut at a wall-time
//! ceiling of a second (`--max-seconds`), so a long one ends in the very case that broke (a
//! notice in `stopped`) and the test takes a minute at most on 2 cores.

use ssd_core::presets;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn ssdsim(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ssdsim")).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // A refused option ends ssdsim before it reads its input: a closed pipe is no failure.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Runs `scenario` and parses its output as one JSON document with a report's parts.
fn run_document(name: &str, args: &[&str], scenario: &str) -> serde_json::Value {
    let (code, out, err) = ssdsim(&[&["run", "-"], args].concat(), scenario);
    assert_eq!(code, 0, "{name}: {err}");
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{name}: not one JSON document ({e}): …{}", &out[out.len().saturating_sub(300)..]));
    assert!(v["summary"].is_object() && v["series"].is_array(), "{name}: no report");
    assert!(v["stopped"].is_null() || v["stopped"]["code"].is_string(), "{name}: stopped {}", v["stopped"]);
    v
}

/// Every preset and every figure member, made smaller, as `ssdsim run` prints it.
#[test]
fn run_prints_one_json_document_for_every_preset_and_figure_member() {
    let mut runs: Vec<(String, ssd_core::Scenario)> = presets::all().map(|p| (p.name.to_string(), p.scenario().unwrap())).collect();
    for f in presets::figures_all().unwrap() {
        for (i, (preset, _, s)) in f.members.into_iter().enumerate() {
            runs.push((format!("{} member {i} ({preset})", f.name), s));
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let stopped = std::sync::atomic::AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                while let Some((name, s)) = runs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    let mut s = s.clone();
                    s.scale = s.scale.max((s.device.nand.blocks_per_plane / 64).clamp(1, 4));
                    let v = run_document(name, &["--max-seconds", "1"], &s.to_json());
                    assert!(v["latency_causes"].is_object(), "{name}: no latency_causes");
                    if !v["stopped"].is_null() {
                        stopped.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            });
        }
    });
    println!("{} runs, {} stopped at a ceiling", runs.len(), stopped.into_inner());
}

#[test]
fn run_prints_one_json_document_for_a_trace_replay() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/traces");
    let scenario = r#"{"scale":16,"precondition":{"fill_percent":0},"workload":{"kind":"trace","map":{"fit":"wrap"}}}"#;
    for (file, format) in [("fio_v3.log", "fio_v3"), ("msr_hm.csv", "msr")] {
        let v = run_document(file, &["--trace", &format!("{fixtures}/{file}"), "--trace-format", format], scenario);
        assert!(v["summary"]["trace_commands"].as_f64().unwrap() > 0.0, "{file}");
        assert!(v["latency_causes"].is_object());
        let v = run_document(file, &["--no-causes", "--trace", &format!("{fixtures}/{file}"), "--trace-format", format], scenario);
        assert!(v.get("latency_causes").is_none());
    }
}

/// The runaway runs of issue 43 (a petabyte written whole-drive, a steady state of a thousand
/// rounds, twenty random rounds of preconditioning on a large drive) stop at the wall-time
/// ceiling with their partial results and a notice naming it, as one JSON document.
#[test]
fn a_runaway_run_stops_at_the_wall_time_ceiling_with_one_json_document() {
    let cases = [
        // No fill first: on a loaded machine the default drive's fill alone can outlast the
        // 0.5 s ceiling, and the run would stop while preconditioning instead.
        (r#"{"precondition":{"fill_percent":0},"workload":{"kind":"whole_drive_write","io_size":"1p"}}"#, "workload.io_size", "% of the way through"),
        (r#"{"precondition":{"fill_percent":0},"workload":{"kind":"steady_state","rounds":1000}}"#, "workload.rounds", "% of the way through"),
        (
            r#"{"device":{"nand":{"blocks_per_plane":8192}},"precondition":{"random_rounds":20},"workload":{"kind":"job","runtime":1}}"#,
            "precondition.random_rounds",
            "while preconditioning",
        ),
    ];
    for (scenario, field, when) in cases {
        for causes in [&[][..], &["--no-causes"][..]] {
            let start = Instant::now();
            let v = run_document(scenario, &[&["--max-seconds", "0.5"], causes].concat(), scenario);
            assert!(start.elapsed() < Duration::from_secs(20), "{scenario}: {:?}", start.elapsed());
            let stopped = &v["stopped"];
            assert_eq!((stopped["field"].as_str(), stopped["code"].as_str()), (Some(field), Some("too_much_time")), "{scenario}");
            let message = stopped["message"].as_str().unwrap();
            assert!(message.contains("wall-time ceiling (0.5 s") && message.contains(when), "{message}");
            assert_eq!(v["summary"]["truncated"], true, "{scenario}");
            assert_eq!(v.get("latency_causes").is_some(), causes.is_empty());
        }
    }
}

/// `--unlimited` lifts the wall-time ceiling with the work ceiling; a bad value is refused.
#[test]
fn max_seconds_is_checked_and_unlimited_has_no_wall_time_ceiling() {
    let (code, _, err) = ssdsim(&["run", "--max-seconds", "0", "-"], "{}");
    assert_ne!(code, 0);
    assert!(err.contains("--max-seconds: \"0\" is not a positive number of seconds"), "{err}");
    let v = run_document("unlimited", &["--unlimited", "--max-seconds", "0.000001"], r#"{"workload":{"kind":"job","runtime":0.05}}"#);
    assert!(v["stopped"].is_null(), "{}", v["stopped"]);
}

/// With NVMe FDP on, `ssdsim run` prints the per-handle results beside the summary; without
/// it, nothing of the kind.
#[test]
fn run_prints_per_handle_results_of_an_fdp_drive() {
    let scenario = |fdp: &str| {
        format!(r#"{{"scale":8,"device":{{"fdp":{fdp}}},"precondition":{{"fill_percent":0}},"workload":{{"kind":"job","rw":"randwrite","runtime":0.01}}}}"#)
    };
    let v = run_document("fdp", &[], &scenario(r#"{"enabled":true,"handles":4,"isolation":"initially"}"#));
    let p = &v["placement"];
    assert_eq!(p["isolation"], "initially");
    let handles = p["handles"].as_array().unwrap();
    assert_eq!(handles.len(), 4);
    // The job tags nothing: every host byte goes through the default handle.
    assert_eq!(handles[0]["host_written_bytes"], v["summary"]["host_written_bytes"]);
    assert!(handles[1..].iter().all(|h| h["host_written_bytes"] == 0.0));
    let off = run_document("no fdp", &[], &scenario(r#"{"enabled":false}"#));
    assert!(off.get("placement").is_none());
}
