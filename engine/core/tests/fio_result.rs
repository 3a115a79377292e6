//! fio's own results (`--output-format=json`, bandwidth and latency logs) read into measured
//! numbers, refusals naming the field's path, and the comparison with the engine's run of the
//! same job (docs/fio.md, "Comparing with your own fio results").

use ssd_core::fio::{self, FioLogKind, MeasuredOp, ModelNumbers};
use ssd_core::{presets, Simulation};

/// A job file (tests/fixtures/fio) or a fio result of one (tests/fixtures/fio-results).
fn fixture(name: &str) -> String {
    let dir = if name.ends_with(".fio") { "fio" } else { "fio-results" };
    let path = format!("{}/../../tests/fixtures/{dir}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn a_4k_random_read_result_reads_into_mb_per_s_iops_and_clat_in_us() {
    let r = fio::parse_result(&fixture("randread-4k-qd32.json")).unwrap();
    assert_eq!(r.fio_version, "fio-3.35");
    assert_eq!(r.jobs.len(), 1);
    let job = &r.jobs[0];
    assert_eq!(job.name, "randread-4k-qd32");
    assert_eq!(job.directions.len(), 1, "write and trim moved nothing: left out");
    let d = &job.directions[0];
    assert_eq!(d.op, MeasuredOp::Read);
    assert!(close(d.mb_per_s, 1467.859614), "bw_bytes / 1e6: {}", d.mb_per_s);
    assert!(close(d.iops, 358364.163584));
    assert_eq!((d.io_bytes, d.runtime_ms), (14680064000.0, 10001.0));
    let c = d.clat.as_ref().unwrap();
    assert!(close(c.mean_us, 89.51240611));
    assert_eq!((c.p50_us, c.p99_us, c.p999_us, c.p9999_us), (Some(84.48), Some(150.528), Some(259.072), Some(1019.904)));
}

#[test]
fn a_mixed_result_has_both_directions_and_older_results_fall_back_to_kib_per_s() {
    let r = fio::parse_result(&fixture("randrw-70-30.json")).unwrap();
    let ops: Vec<_> = r.jobs[0].directions.iter().map(|d| d.op).collect();
    assert_eq!(ops, [MeasuredOp::Read, MeasuredOp::Write]);
    let w = &r.jobs[0].directions[1];
    assert!(close(w.clat.as_ref().unwrap().p99_us.unwrap(), 246.784));
    // Without bw_bytes (fio before 3.2), bw in KiB/s.
    let old = with("/jobs/0/read/bw_bytes", None);
    let d = &fio::parse_result(&old).unwrap().jobs[0].directions[0];
    assert!(close(d.mb_per_s, 1433456.0 * 1024.0 / 1e6), "{}", d.mb_per_s);
}

#[test]
fn fio_notes_before_the_document_are_skipped() {
    let text = format!("note: both iodepth >= 1 and synchronous I/O engine are selected\n{}", fixture("randread-4k-qd32.json"));
    assert_eq!(fio::parse_result(&text).unwrap().jobs[0].name, "randread-4k-qd32");
}

fn refused(text: &str) -> ssd_core::ScenarioError {
    fio::parse_result(text).expect_err("refused")
}

/// The fixture with the value at `pointer` replaced (None: the key removed).
fn with(pointer: &str, value: Option<serde_json::Value>) -> String {
    let mut doc: serde_json::Value = serde_json::from_str(&fixture("randread-4k-qd32.json")).unwrap();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let parent = doc.pointer_mut(parent).unwrap().as_object_mut().unwrap();
    match value {
        Some(v) => parent.insert(key.to_string(), v),
        None => parent.remove(key),
    };
    doc.to_string()
}

#[test]
fn malformed_results_are_refused_naming_the_field() {
    use serde_json::json;
    let good = fixture("randread-4k-qd32.json");
    let cases = [
        (with("/jobs/0/read/clat_ns/percentile", Some(json!([1, 2]))), "jobs[0].read.clat_ns.percentile", "must be an object (got a list)"),
        (with("/jobs/0/read/iops", Some(json!("358k"))), "jobs[0].read.iops", "must be a number (got text)"),
        (with("/jobs/0/read/clat_ns/percentile/99.000000", Some(json!(null))), "jobs[0].read.clat_ns.percentile[\"99.000000\"]", "must be a number (got null)"),
        (with("/jobs/0/read/runtime", Some(json!(-1))), "jobs[0].read.runtime", "must be 0 or more"),
        (with("/jobs/0/read/clat_ns/mean", None), "jobs[0].read.clat_ns.mean", "is missing"),
        (with("/jobs/0/jobname", None), "jobs[0].jobname", "is missing"),
        (with("/fio version", None), "fio version", "is missing"),
        (r#"{"fio version": "fio-3.35", "jobs": []}"#.to_string(), "jobs", "no jobs"),
        (r#"{"fio version": "fio-3.35", "jobs": {}}"#.to_string(), "jobs", "must be a list"),
        (r#"{"fio version": "fio-3.35", "jobs": [3]}"#.to_string(), "jobs[0]", "must be an object (got a number)"),
    ];
    for (text, field, says) in cases {
        let e = refused(&text);
        assert_eq!(e.field, field, "{e:?}");
        assert!(e.message.contains(says), "{field}: {}", e.message);
    }
    let e = refused(&good[..good.len() / 2]);
    assert_eq!((e.field.as_str(), e.code), ("", ssd_core::scenario::ErrorCode::Syntax));
    assert!(e.message.contains("--output-format=json"), "{}", e.message);
    assert_eq!(refused("fio: pid=0, err=2/file:filesetup.c").code, ssd_core::scenario::ErrorCode::Syntax);
}

#[test]
fn no_cut_of_a_result_panics() {
    let good = fixture("randrw-70-30.json");
    for end in (0..good.len()).step_by(7) {
        if good.is_char_boundary(end) {
            let _ = fio::parse_result(&good[..end]);
        }
    }
}

#[test]
fn a_bandwidth_log_reads_into_mb_per_s_over_seconds() {
    let log = fio::parse_log(&fixture("randread-4k-qd32_bw.1.log"), FioLogKind::Bandwidth).unwrap();
    assert_eq!(log.curves.len(), 1);
    let c = &log.curves[0];
    assert_eq!((c.op, c.points.len()), (MeasuredOp::Read, 10));
    assert_eq!(c.points[0][0], 1.0);
    assert!(close(c.points[0][1], 1398221.0 * 1024.0 / 1e6));
    let lat = fio::parse_log("7, 3127, 1, 0, 0\n9, 2900, 0, 4096, 0, 1\n", FioLogKind::Latency).unwrap();
    let got: Vec<_> = lat.curves.iter().map(|c| (c.op, c.points[0])).collect();
    assert_eq!(got, [(MeasuredOp::Read, [0.009, 2.9]), (MeasuredOp::Write, [0.007, 3.127])]);
    assert_eq!(FioLogKind::from_file_name("job_bw.1.log"), Some(FioLogKind::Bandwidth));
    assert_eq!(FioLogKind::from_file_name("job_clat.1.log"), Some(FioLogKind::Latency));
    assert_eq!(FioLogKind::from_file_name("job_iops.1.log"), None);
}

#[test]
fn a_malformed_log_line_is_refused_naming_line_and_column() {
    let e = fio::parse_log("1000, 12, 0, 4096, 0\n2000, fast, 0, 4096, 0\n", FioLogKind::Bandwidth).unwrap_err();
    assert_eq!(e.field, "line 2.value");
    let e = fio::parse_log("1000, 12, 3, 4096, 0\n", FioLogKind::Bandwidth).unwrap_err();
    assert_eq!(e.field, "line 1.ddir");
    let e = fio::parse_log("1000, 12\n", FioLogKind::Bandwidth).unwrap_err();
    assert_eq!(e.field, "line 1");
    assert!(fio::parse_log("\n\n", FioLogKind::Latency).is_err());
}

#[test]
fn the_comparison_has_every_metric_both_sides_have() {
    let r = fio::parse_result(&fixture("randrw-70-30.json")).unwrap();
    let mut model = ModelNumbers { read_mb_per_s: 400.0, write_mb_per_s: 0.0, read_iops: 48828.125, ..Default::default() };
    model.read_latency = fio::ModelLatency { count: 10.0, mean_us: 181.442712044, p50_us: 170.0, p99_us: 411.648, p999_us: 900.0, p9999_us: 3000.0 };
    let c = fio::compare(r.job(Some("oltp-70-30")).unwrap(), &model);
    let ids: Vec<_> = c.metrics.iter().map(|m| m.metric.as_str()).collect();
    assert_eq!(
        ids,
        ["read_mb_per_s", "read_iops", "read_latency.mean_us", "read_latency.p50_us", "read_latency.p99_us", "read_latency.p999_us", "read_latency.p9999_us"],
        "the model wrote nothing: no write rows"
    );
    let mb = &c.metrics[0];
    assert!(close(mb.measured, 41.103494), "bw_bytes / 1e6: {}", mb.measured);
    assert!(close(mb.ratio, 400.0 / mb.measured) && close(mb.error_percent, (mb.ratio - 1.0) * 100.0));
    assert!(c.metrics[2].error_percent.abs() < 1e-6 && c.metrics[4].error_percent.abs() < 1e-6);
    let expected = (c.metrics.iter().map(|m| m.ratio.ln().abs()).sum::<f64>() / 7.0).exp();
    assert!(close(c.geomean_ratio.unwrap(), expected));
    assert!(r.job(Some("other")).is_ok(), "one job: it is the one");
    assert_eq!(fio::compare(&r.jobs[0], &ModelNumbers::default()).geomean_ratio, None);
}

#[test]
fn the_engines_run_of_the_job_compares_from_its_summary() {
    let imported = fio::import(&fixture("randread-4k-qd32.fio"), None).unwrap();
    let mut scenario = presets::find("970-evo-plus-like").unwrap().scenario().unwrap();
    let mut job = imported.job.clone();
    job.runtime = 0.05;
    scenario.workload = ssd_core::scenario::Workload::Job(job);
    let report = Simulation::run_to_end(&scenario).unwrap();
    let model = ModelNumbers::from_summary(serde_json::to_value(&report.summary).unwrap()).unwrap();
    assert_eq!((model.read_mb_per_s, model.read_latency.p99_us), (report.summary.read_mb_per_s, report.summary.read_latency.p99_us));
    let measured = fio::parse_result(&fixture("randread-4k-qd32.json")).unwrap();
    let c = fio::compare(measured.job(Some(&imported.name)).unwrap(), &model);
    assert_eq!(c.metrics.len(), 7, "{c:?}");
    assert!(c.metrics.iter().all(|m| m.model > 0.0 && m.ratio.is_finite()));
    assert!(ModelNumbers::from_summary(serde_json::json!({ "read_mb_per_s": 1 })).is_err());
    // The page's one step: the same comparison from the summary's JSON text.
    assert_eq!(fio::compare_with_summary(&measured, Some("randread-4k-qd32"), &serde_json::to_string(&report.summary).unwrap()).unwrap(), c);
    assert_eq!(fio::compare_with_summary(&measured, None, "{").unwrap_err().field, "summary");
    assert_eq!(fio::FioLogKind::named(Some("latency"), "x").unwrap(), FioLogKind::Latency);
    assert_eq!(fio::FioLogKind::named(None, "x.log").unwrap_err().field, "kind");
}
