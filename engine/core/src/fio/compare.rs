//! A fio result held against the engine's run of the same job: per metric both have, the
//! measured value, the model's, their ratio (model / measured) and the error in percent.
//!
//! The model's numbers are read from the run's summary by its field ids (`write_mb_per_s`,
//! `write_latency.p99_us`, …), so this layer needs no type from the report above it: the
//! summary's JSON (or `serde_json::to_value(&summary)`) is read into [`ModelNumbers`].

use super::result::{MeasuredJob, MeasuredOp};
use crate::scenario::{ErrorCode, ScenarioError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A run's latency, as the summary's `read_latency` / `write_latency` hold it.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ModelLatency {
    pub count: f64,
    pub mean_us: f64,
    pub p50_us: f64,
    pub p99_us: f64,
    pub p999_us: f64,
    pub p9999_us: f64,
}

/// The summary fields a fio result can be held against (fio's trim has none in the summary).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ModelNumbers {
    pub read_mb_per_s: f64,
    pub write_mb_per_s: f64,
    pub read_iops: f64,
    pub write_iops: f64,
    pub read_latency: ModelLatency,
    pub write_latency: ModelLatency,
}

impl ModelNumbers {
    /// From a run summary's JSON; a summary lacking a field is refused naming it.
    pub fn from_summary(summary: serde_json::Value) -> Result<ModelNumbers, ScenarioError> {
        serde_json::from_value(summary).map_err(|e| ScenarioError::new("summary", ErrorCode::InvalidType, format!("not a run summary: {e}")))
    }
}

/// One metric: ids as the summary's (`write_mb_per_s`, `write_latency.p99_us`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MetricError {
    pub metric: String,
    pub op: MeasuredOp,
    pub measured: f64,
    pub model: f64,
    /// model / measured.
    pub ratio: f64,
    /// (model - measured) / measured × 100.
    pub error_percent: f64,
}

/// The comparison of one job: its rows in order (bandwidth, IOPS, then latency, read before
/// write), and the geometric mean of the ratios' distance from 1 (exp of the mean |ln ratio|;
/// 1 = every metric equal) as one figure of how close the model is; null with no metric.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FioComparison {
    pub job: String,
    pub metrics: Vec<MetricError>,
    pub geomean_ratio: Option<f64>,
}

impl FioComparison {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a comparison always serialises")
    }
}

/// Every metric the measurement and the model both have: a direction that moved bytes in
/// fio's result and completed I/O in the run, and a percentile fio printed.
pub fn compare(measured: &MeasuredJob, model: &ModelNumbers) -> FioComparison {
    let mut metrics = Vec::new();
    for d in &measured.directions {
        let (key, mb, iops, lat) = match d.op {
            MeasuredOp::Read => ("read", model.read_mb_per_s, model.read_iops, &model.read_latency),
            MeasuredOp::Write => ("write", model.write_mb_per_s, model.write_iops, &model.write_latency),
            MeasuredOp::Trim => continue,
        };
        let mut push = |name: String, measured: Option<f64>, model: f64| {
            if let Some(m) = measured.filter(|m| *m > 0.0 && model > 0.0) {
                metrics.push(MetricError { metric: name, op: d.op, measured: m, model, ratio: model / m, error_percent: (model - m) / m * 100.0 });
            }
        };
        push(format!("{key}_mb_per_s"), Some(d.mb_per_s), mb);
        push(format!("{key}_iops"), Some(d.iops), iops);
        if let (Some(c), true) = (&d.clat, lat.count > 0.0) {
            push(format!("{key}_latency.mean_us"), Some(c.mean_us), lat.mean_us);
            push(format!("{key}_latency.p50_us"), c.p50_us, lat.p50_us);
            push(format!("{key}_latency.p99_us"), c.p99_us, lat.p99_us);
            push(format!("{key}_latency.p999_us"), c.p999_us, lat.p999_us);
            push(format!("{key}_latency.p9999_us"), c.p9999_us, lat.p9999_us);
        }
    }
    let geomean_ratio = geomean_distance(metrics.iter().map(|m| m.ratio));
    FioComparison { job: measured.name.clone(), metrics, geomean_ratio }
}

/// exp(mean |ln r|): 1 when every ratio is 1, 2 when each is off by a factor of 2 either way;
/// None when there is nothing to compare.
pub fn geomean_distance(ratios: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = ratios.fold((0.0, 0usize), |(s, n), r| (s + r.ln().abs(), n + 1));
    (n > 0).then(|| (sum / n as f64).exp())
}

/// The page's and the CLI's one step: the job of `measured` named `job` (or its only job)
/// against a run summary's JSON text.
pub fn compare_with_summary(measured: &super::MeasuredResult, job: Option<&str>, summary_json: &str) -> Result<FioComparison, ScenarioError> {
    let summary = serde_json::from_str(summary_json).map_err(|e| ScenarioError::new("summary", ErrorCode::Syntax, format!("not a run summary: {e}")))?;
    Ok(compare(measured.job(job)?, &ModelNumbers::from_summary(summary)?))
}
