//! The series contract: every series carries a stable id, a role, a label id and axis ids with
//! units, whatever the workload.

mod common;
use common::run;
use serde_json::Value;
use ssd_core::metrics::{AxisId, LabelId, SeriesRole, Unit};
use ssd_core::report::series_meta_json;

fn find<'a>(r: &'a ssd_core::Report, id: &str) -> &'a ssd_core::metrics::Series {
    r.series.iter().find(|s| s.id == id).unwrap_or_else(|| panic!("no series {id}"))
}

#[test]
fn a_mixed_job_has_throughput_waf_gc_mapping_and_cdf_series_with_their_ids() {
    let r = run(r#"{"workload":{"kind":"job","rw":"randrw","runtime":0.01}}"#);
    let ids: Vec<&str> = r.series.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "read_throughput",
            "write_throughput",
            "waf",
            "waf_window",
            "gc_throughput",
            "map_hit_sram",
            "map_hit_dram",
            "map_miss",
            "latency_cdf_read",
            "latency_cdf_write",
            "latency_histogram_read",
            "latency_histogram_write"
        ]
    );
    let waf = find(&r, "waf");
    assert_eq!(
        (waf.role, waf.label_id, waf.x.id, waf.x.unit, waf.y.id, waf.y.unit),
        (SeriesRole::Waf, LabelId::WriteAmplification, AxisId::Time, Unit::S, AxisId::Waf, Unit::Ratio)
    );
    let window = find(&r, "waf_window");
    assert_eq!((window.role, window.label_id, window.y.id), (SeriesRole::Waf, LabelId::WriteAmplificationWindow, AxisId::Waf));
    let gc = find(&r, "gc_throughput");
    assert_eq!((gc.role, gc.label_id, gc.y.id, gc.y.unit), (SeriesRole::Gc, LabelId::GcCopies, AxisId::GcCopyRate, Unit::MbPerS));
    let miss = find(&r, "map_miss");
    assert_eq!((miss.role, miss.label_id, miss.y.id, miss.y.unit), (SeriesRole::Mapping, LabelId::NandMiss, AxisId::TableLookups, Unit::Percent));
    let cdf = find(&r, "latency_cdf_write");
    assert_eq!(
        (cdf.role, cdf.label_id, cdf.x.id, cdf.x.unit, cdf.y.id),
        (SeriesRole::LatencyCdf, LabelId::Write, AxisId::Latency, Unit::Us, AxisId::OperationsAtOrBelow)
    );
    assert_eq!(find(&r, "read_throughput").label, "Read");
    let hist = find(&r, "latency_histogram_write");
    assert_eq!(
        (hist.role, hist.label_id, hist.x.id, hist.x.unit, hist.y.id, hist.y.unit),
        (SeriesRole::LatencyHistogram, LabelId::Write, AxisId::Latency, Unit::Us, AxisId::OperationsInBin, Unit::Percent)
    );
}

#[test]
fn the_latency_histogram_has_fine_bins_that_sum_to_all_operations_and_agree_with_the_cdf() {
    // Trial: the page built its histogram from whole-percent CDF points, which looked jagged.
    let r = run(r#"{"workload":{"kind":"job","rw":"randrw","runtime":0.02}}"#);
    for op in ["read", "write"] {
        let hist = &find(&r, &format!("latency_histogram_{op}")).points;
        let cdf = &find(&r, &format!("latency_cdf_{op}")).points;
        let total: f64 = hist.iter().map(|p| p[1]).sum();
        assert!((total - 100.0).abs() < 1e-9, "{op}: bins hold {total} %");
        assert_eq!(hist.last().unwrap()[1], 0.0, "closed by the last upper edge");
        for w in hist.windows(2) {
            let ratio = w[1][0] / w[0][0];
            assert!(w[1][0] > w[0][0] && ratio <= 1.125 + 1e-12 || w[0][0] < 0.008, "{op}: bin {:?} → {:?} too wide", w[0], w[1]);
        }
        // The CDF's median lies in the bin where the histogram's running sum passes 50 %.
        let median = cdf.iter().find(|p| p[1] >= 50.0).unwrap()[0];
        let mut sum = 0.0;
        let bin = hist.windows(2).find(|w| {
            sum += w[0][1];
            sum >= 50.0
        });
        let bin = bin.unwrap();
        assert!(median >= bin[0][0] * 0.999 && median <= bin[1][0] * 1.001, "{op}: median {median} µs vs bin {:?}", bin);
        // The bins cover the distribution, fastest to slowest operation.
        let (fastest, slowest) = (cdf[0][0], cdf.last().unwrap()[0]);
        assert!(
            hist[0][0] <= fastest * 1.001 && hist.last().unwrap()[0] >= slowest * 0.999,
            "{op}: bins {:?}..{:?} vs {fastest}..{slowest} µs",
            hist[0],
            hist.last()
        );
    }
}

#[test]
fn headline_series_of_each_benchmark_have_their_axis_ids() {
    let cases: [(&str, &str, LabelId, AxisId, Unit); 6] = [
        (r#"{"kind":"span_sweep","rw":"randwrite","spans":["1g"],"runtime":0.005}"#, "span_sweep", LabelId::RandomWrite, AxisId::AccessSpan, Unit::Gib),
        (r#"{"kind":"whole_drive_write","io_size":"256m","points":10}"#, "throughput_vs_written", LabelId::Write, AxisId::DataWritten, Unit::Gb),
        (r#"{"kind":"latency_trace","size":"64m","bs":"1m"}"#, "latency_trace", LabelId::LatencyPerOperation, AxisId::Operation, Unit::Count),
        (r#"{"kind":"steady_state","round_bytes":"16m","rounds":2}"#, "steady_state", LabelId::WriteSpeedPerRound, AxisId::Round, Unit::Count),
        (r#"{"kind":"transfer_size_sweep","sizes":["4k","8k"],"runtime":0.002}"#, "transfer_size_sweep", LabelId::Throughput, AxisId::TransferSize, Unit::Kib),
        (r#"{"kind":"crystal_disk_mark","runtime":0.002}"#, "cdm_read", LabelId::Read, AxisId::Test, Unit::None),
    ];
    for (workload, id, label, x, unit) in cases {
        let r = run(&format!(r#"{{"workload":{workload}}}"#));
        let s = &r.series[0];
        assert_eq!((s.id.as_str(), s.role, s.label_id, s.x.id, s.x.unit), (id, SeriesRole::Headline, label, x, unit), "{workload}");
        assert!(!s.points.is_empty(), "{id} drew nothing");
        let mut ids: Vec<&str> = r.series.iter().map(|s| s.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), r.series.len(), "ids are unique within a run: {ids:?}");
    }
    let cdm = run(r#"{"workload":{"kind":"crystal_disk_mark","runtime":0.002}}"#);
    assert_eq!(cdm.series[1].id, "cdm_write");
    assert_eq!(cdm.series[0].x.categories, ["SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1"]);
}

#[test]
fn series_meta_json_carries_role_label_id_and_axis_ids_and_units() {
    let r = run(r#"{"workload":{"kind":"job","rw":"randwrite","runtime":0.005}}"#);
    let meta: Value = serde_json::from_str(&series_meta_json(&r.series)).unwrap();
    let waf = meta.as_array().unwrap().iter().find(|m| m["id"] == "waf").unwrap();
    assert_eq!(waf["role"], "waf");
    assert_eq!(waf["label_id"], "write_amplification");
    assert_eq!(waf["x"]["id"], "time");
    assert_eq!(waf["x"]["unit"], "s");
    assert_eq!(waf["y"]["id"], "waf");
    assert_eq!(waf["y"]["unit"], "ratio");
    assert!(waf.get("points").is_none(), "metadata only");
}

#[test]
fn a_write_only_run_keeps_its_table_lines_to_the_end() {
    // Trial: on a steady-state run the table chart stopped after 2 points, once every table
    // segment was dirty (a write to a dirty segment was not counted as a table access).
    let r = run(r#"{"workload":{"kind":"steady_state","round_bytes":"64m","rounds":6}}"#);
    let windows = find(&r, "write_throughput").points.len();
    let dram = &find(&r, "map_hit_dram").points;
    assert!(windows > 20, "{windows} windows");
    assert!(dram.len() * 10 >= windows * 9, "table line has {} of {windows} windows", dram.len());
    let end = find(&r, "write_throughput").points.last().unwrap()[0];
    assert!(dram.last().unwrap()[0] >= end * 0.95, "table line ends at {} s of {end} s", dram.last().unwrap()[0]);
}
