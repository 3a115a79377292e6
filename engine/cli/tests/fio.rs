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
