//! fio's per-job logs (`write_bw_log`, `write_lat_log`): text lines `time_ms, value, ddir,
//! bs, offset[, prio]`, ddir 0 read, 1 write, 2 trim. Read into a curve over time per
//! direction, in the engine's units: MB/s (bandwidth logs are KiB/s) or µs (latency logs
//! are ns).

use super::result::MeasuredOp;
use crate::scenario::{ErrorCode, ScenarioError};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a log holds, as fio names its files (`NAME_bw.1.log`, `NAME_clat.1.log`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FioLogKind {
    /// Bandwidth, KiB/s in the file, MB/s in the curve.
    Bandwidth,
    /// A latency (`lat`, `clat` or `slat`), ns in the file, µs in the curve.
    Latency,
}

impl FioLogKind {
    /// The kind fio's file name says (`_bw.`, `_lat.`, `_clat.`, `_slat.`); None for others.
    pub fn from_file_name(name: &str) -> Option<FioLogKind> {
        if name.contains("_bw.") {
            Some(FioLogKind::Bandwidth)
        } else if ["_lat.", "_clat.", "_slat."].iter().any(|k| name.contains(k)) {
            Some(FioLogKind::Latency)
        } else {
            None
        }
    }

    /// The kind asked for by id ("bandwidth", "latency"), or else the one the file name says;
    /// refused naming `kind` when neither tells.
    pub fn named(id: Option<&str>, file_name: &str) -> Result<FioLogKind, ScenarioError> {
        let kind = match id {
            Some("bandwidth") => Some(FioLogKind::Bandwidth),
            Some("latency") => Some(FioLogKind::Latency),
            Some(_) => None,
            None => FioLogKind::from_file_name(file_name),
        };
        kind.ok_or_else(|| {
            let message = format!("{file_name}: not a fio bandwidth or latency log (fio names them NAME_bw.N.log, NAME_lat.N.log, NAME_clat.N.log)");
            ScenarioError::new("kind", ErrorCode::InvalidOption, message)
        })
    }
}

/// One direction's points, `[time_s, value]`, in the file's order.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredCurve {
    pub op: MeasuredOp,
    pub points: Vec<[f64; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredLog {
    pub kind: FioLogKind,
    /// The directions the log has, read then write then trim.
    pub curves: Vec<MeasuredCurve>,
}

impl MeasuredLog {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a measured log always serialises")
    }
}

/// Reads a log; a line that is not `time, value, ddir, bs, offset[, prio]` is refused naming
/// its number and column.
pub fn parse_log(text: &str, kind: FioLogKind) -> Result<MeasuredLog, ScenarioError> {
    let unit = |v: f64| match kind {
        FioLogKind::Bandwidth => v * 1024.0 / 1e6,
        FioLogKind::Latency => v / 1000.0,
    };
    let mut curves: Vec<MeasuredCurve> = MeasuredOp::ALL.iter().map(|&op| MeasuredCurve { op, points: Vec::new() }).collect();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let n = i + 1;
        let cols: Vec<&str> = line.split(',').map(str::trim).collect();
        if !(5..=6).contains(&cols.len()) {
            let message = format!("line {n}: {} columns; a fio log line is time_ms, value, ddir, bs, offset[, prio]", cols.len());
            return Err(ScenarioError::new(format!("line {n}"), ErrorCode::Syntax, message));
        }
        let column = |c: usize, name: &str| -> Result<f64, ScenarioError> {
            cols[c].parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(|| {
                let field = format!("line {n}.{name}");
                ScenarioError::new(field.clone(), ErrorCode::InvalidType, format!("{field} must be a number of 0 or more (got \"{}\")", cols[c]))
            })
        };
        let (time_ms, value, ddir) = (column(0, "time")?, column(1, "value")?, column(2, "ddir")?);
        let Some(curve) = curves.get_mut(ddir as usize).filter(|_| ddir.fract() == 0.0) else {
            let field = format!("line {n}.ddir");
            return Err(ScenarioError::new(field.clone(), ErrorCode::InvalidOption, format!("{field} must be 0 (read), 1 (write) or 2 (trim) (got {ddir})")));
        };
        curve.points.push([time_ms / 1000.0, unit(value)]);
    }
    curves.retain(|c| !c.points.is_empty());
    if curves.is_empty() {
        return Err(ScenarioError::new("", ErrorCode::Syntax, "the log has no lines: fio writes one per log_avg_msec window (or per I/O)"));
    }
    Ok(MeasuredLog { kind, curves })
}
