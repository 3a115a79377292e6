//! `ssdsim fio import` and `ssdsim fio export` as a user meets them (docs/fio.md).

use std::io::Write;
use std::process::{Command, Stdio};

fn ssdsim(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ssdsim")).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/fio/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn import_prints_a_scenario_and_lists_what_it_did_not_model() {
    let (code, out, err) = ssdsim(&["fio", "import", &fixture("randrw-70-30.fio")], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["name"].as_str(), v["workload"]["kind"].as_str(), v["workload"]["iodepth"].as_u64()), (Some("oltp-70-30"), Some("job"), Some(16)));
    assert!(err.contains("randrw-70-30.fio:3 [global] ioengine=libaio: accepted, no effect"), "{err}");
    assert!(err.contains("randrw-70-30.fio:5 [global] group_reporting: accepted"), "{err}");

    // The job file it exports reads back to the same workload.
    let (code, text, err) = ssdsim(&["fio", "export", "-"], &out);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("; SSD Playground job") && text.contains("\n[oltp-70-30]\n"), "{text}");
    let (code, again, _) = ssdsim(&["fio", "import", "-"], &text);
    assert_eq!(code, 0);
    let w: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(w["workload"], v["workload"]);
}

#[test]
fn a_job_is_chosen_by_name_and_refusals_name_line_and_option() {
    let (code, out, _) = ssdsim(&["fio", "import", &fixture("multi-job.fio"), "--job", "rand-write-4k"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["workload"]["rw"], "randwrite");
    let (code, out, err) = ssdsim(&["fio", "import", "-"], "[a]\nsize=1g\niodepth=5000\n");
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("line 3: [a] iodepth: workload.iodepth: must be between 1 and 1024 (got 5000)"), "{err}");
    // A region the job's own checks allow, past the default drive's end.
    let (code, _, err) = ssdsim(&["fio", "import", "-"], "[a]\nsize=64g\nruntime=1\n");
    assert_ne!(code, 0);
    assert!(err.contains("does not fit this drive: workload.size"), "{err}");
    let (code, _, err) = ssdsim(&["fio", "export", "-"], r#"{"workload":{"kind":"span_sweep"}}"#);
    assert_ne!(code, 0);
    assert!(err.contains("workload.kind"), "{err}");
}

fn result_fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/fio-results/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn compare_holds_fios_result_against_the_run_of_the_job() {
    let (job, result) = (fixture("randread-4k-qd32.fio"), result_fixture("randread-4k-qd32.json"));
    let (code, out, err) = ssdsim(&["fio", "compare", &job, &result, "--preset", "970-evo-plus-like", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["fio_version"], "fio-3.35");
    let metrics = v["comparison"]["metrics"].as_array().unwrap();
    let ids: Vec<_> = metrics.iter().map(|m| m["metric"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        ["read_mb_per_s", "read_iops", "read_latency.mean_us", "read_latency.p50_us", "read_latency.p99_us", "read_latency.p999_us", "read_latency.p9999_us"]
    );
    assert_eq!(metrics[0]["measured"].as_f64(), Some(1467.859614));
    let (model, ratio) = (metrics[0]["model"].as_f64().unwrap(), metrics[0]["ratio"].as_f64().unwrap());
    assert!((ratio - model / 1467.859614).abs() < 1e-12 && (0.5..2.0).contains(&ratio), "{ratio}");

    let (code, table, err) = ssdsim(&["fio", "compare", &job, &result, "--preset", "970-evo-plus-like"], "");
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("| metric | measured | model | model / measured | error |") && table.contains("| read_mb_per_s | 1468 |"), "{table}");
}

#[test]
fn compare_refuses_a_malformed_result_naming_the_field() {
    let text = std::fs::read_to_string(result_fixture("randread-4k-qd32.json")).unwrap().replacen("\"iops\" : 358364.163584", "\"iops\" : \"fast\"", 1);
    let (code, _, err) = ssdsim(&["fio", "compare", &fixture("randread-4k-qd32.fio"), "-"], &text);
    assert_eq!(code, 1);
    assert!(err.contains("-: jobs[0].read.iops must be a number (got text)"), "{err}");
    let (code, _, err) = ssdsim(&["fio", "compare", &fixture("randread-4k-qd32.fio"), "-", "--preset", "x", "--scenario", "y"], "");
    assert_eq!(code, 1);
    assert!(err.contains("one of them"), "{err}");
}

#[test]
fn nearest_ranks_every_preset_by_its_distance_from_the_measurement() {
    // The fixture's job, shortened: every preset runs it.
    let job = std::fs::read_to_string(fixture("randread-4k-qd32.fio")).unwrap().replace("runtime=10", "runtime=20ms");
    let result = result_fixture("randread-4k-qd32.json");
    let (code, out, err) = ssdsim(&["fio", "compare", "-", &result, "--nearest", "--json"], &job);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    assert!(rows.len() >= 20, "{} presets ranked; {err}", rows.len());
    let distances: Vec<f64> = rows.iter().map(|r| r["geomean_ratio"].as_f64().unwrap()).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]) && distances[0] >= 1.0, "{distances:?}");
    // The nearest preset's distance is its own comparison's.
    let nearest = rows[0]["preset"].as_str().unwrap();
    let (code, one, err) = ssdsim(&["fio", "compare", "-", &result, "--preset", nearest, "--json"], &job);
    assert_eq!(code, 0, "{err}");
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(one["comparison"]["geomean_ratio"].as_f64(), Some(distances[0]));
}

/// `ssdsim fio fit`: the headline knobs moved toward one fio result, never away from it; every
/// value labelled fitted; the fitted scenario it writes gives the same comparison again.
#[test]
fn fit_moves_the_headline_knobs_toward_the_result_and_labels_them_fitted() {
    let result = format!("{}/../../tests/fixtures/fio-results/randread-4k-qd32.json", env!("CARGO_MANIFEST_DIR"));
    let job = fixture("randread-4k-qd32-short.fio");
    let fitted = std::env::temp_dir().join(format!("ssdsim-fit-{}.json", std::process::id()));
    let fitted = fitted.to_str().unwrap();
    let (code, out, err) = ssdsim(&["fio", "fit", &job, &result, "--preset", "bg4-like", "--json", "--out", fitted], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["fitted"], true);
    let (before, after) = (v["before"]["geomean_ratio"].as_f64().unwrap(), v["after"]["geomean_ratio"].as_f64().unwrap());
    println!("distance {before:.3} -> {after:.3}; knobs {}", v["knobs"]);
    assert!(after < before, "the BG4-like's tR is slower than this result's drive: {before} -> {after}");
    let knobs = v["knobs"].as_array().unwrap();
    assert!(!knobs.is_empty());
    for k in knobs {
        assert_ne!(k["before"], k["after"], "{k}");
        assert!(k["knob"].as_str().unwrap().starts_with("device."), "{k}");
    }
    // The fitted drive, compared again, is where the fit said it was.
    let (code, again, err) = ssdsim(&["fio", "compare", &job, &result, "--scenario", fitted, "--json"], "");
    assert_eq!(code, 0, "{err}");
    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["comparison"]["geomean_ratio"].as_f64(), Some(after));
    std::fs::remove_file(fitted).unwrap();

    let (code, _, err) = ssdsim(&["fio", "fit", &job, &result, "--nearest"], "");
    assert!(code != 0 && err.contains("fits one drive"), "{err}");
    let (code, _, err) = ssdsim(&["fio", "compare", &job, &result, "--out", "x.json"], "");
    assert!(code != 0 && err.contains("belongs to ssdsim fio fit"), "{err}");
}
