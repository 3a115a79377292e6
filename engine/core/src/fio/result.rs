//! fio's own result (`--output-format=json`, fio 3.x) read into the numbers the engine also
//! reports: per job and direction, bandwidth, IOPS and completion latency (`clat_ns`).
//!
//! The text is walked as a JSON value rather than deserialised into fixed structs, so a
//! missing or ill-typed field is refused naming its whole path (`jobs[0].write.clat_ns.
//! percentile`), as a scenario field is. Fields the comparison does not use are not read.

use crate::scenario::{ErrorCode, ScenarioError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

/// A direction fio reports on, as fio names its objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum MeasuredOp {
    Read,
    Write,
    Trim,
}

impl MeasuredOp {
    pub const ALL: [MeasuredOp; 3] = [MeasuredOp::Read, MeasuredOp::Write, MeasuredOp::Trim];

    pub fn key(self) -> &'static str {
        match self {
            MeasuredOp::Read => "read",
            MeasuredOp::Write => "write",
            MeasuredOp::Trim => "trim",
        }
    }
}

/// Completion latency as fio measured it (`clat_ns`), in µs; a percentile fio was not asked
/// for (`percentile_list`) is null.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredLatency {
    pub mean_us: f64,
    pub p50_us: Option<f64>,
    pub p99_us: Option<f64>,
    pub p999_us: Option<f64>,
    pub p9999_us: Option<f64>,
}

/// One direction of one job: what fio printed, in the engine's units (MB = 10^6 bytes).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredDirection {
    pub op: MeasuredOp,
    pub io_bytes: f64,
    pub runtime_ms: f64,
    pub mb_per_s: f64,
    pub iops: f64,
    /// Absent when the direction completed no I/O (fio prints no percentiles then).
    pub clat: Option<MeasuredLatency>,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredJob {
    pub name: String,
    /// The directions that moved bytes, in fio's order (read, write, trim).
    pub directions: Vec<MeasuredDirection>,
}

/// A fio JSON result: the fio version and each job's measured directions.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MeasuredResult {
    pub fio_version: String,
    pub jobs: Vec<MeasuredJob>,
}

impl MeasuredResult {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a measured result always serialises")
    }

    /// The job named `name`, or the only job; otherwise refused naming `jobs`.
    pub fn job(&self, name: Option<&str>) -> Result<&MeasuredJob, ScenarioError> {
        let found = match name {
            Some(n) => self.jobs.iter().find(|j| j.name == n),
            None => None,
        };
        match (found, self.jobs.as_slice()) {
            (Some(job), _) => Ok(job),
            (None, [only]) => Ok(only),
            _ => {
                let names: Vec<_> = self.jobs.iter().map(|j| j.name.as_str()).collect();
                let wanted = name.map_or(String::new(), |n| format!("no job named {n}; "));
                let message = format!("{wanted}the result has {} jobs ({}): name the one to compare", names.len(), names.join(", "));
                Err(ScenarioError::new("jobs", ErrorCode::InvalidOption, message))
            }
        }
    }
}

/// Reads fio's JSON output. Text before the document (fio's own notes, printed to the same
/// stream when `--output` is not used) is skipped.
pub fn parse_result(text: &str) -> Result<MeasuredResult, ScenarioError> {
    let start = text.find('{').ok_or_else(|| ScenarioError::new("", ErrorCode::Syntax, "not a fio JSON result: no JSON object in the file"))?;
    let doc: Value = serde_json::from_str(&text[start..])
        .map_err(|e| ScenarioError::new("", ErrorCode::Syntax, format!("not a fio JSON result: {e} (run fio with --output-format=json)")))?;
    let root = object(&doc, "")?;
    let fio_version = string(root, "", "fio version")?;
    let jobs = array(root, "", "jobs")?;
    if jobs.is_empty() {
        return Err(ScenarioError::new("jobs", ErrorCode::OutOfRange, "the result has no jobs"));
    }
    let jobs = jobs.iter().enumerate().map(|(i, job)| parse_job(job, &format!("jobs[{i}]"))).collect::<Result<_, _>>()?;
    Ok(MeasuredResult { fio_version, jobs })
}

fn parse_job(job: &Value, path: &str) -> Result<MeasuredJob, ScenarioError> {
    let job = object(job, path)?;
    let name = string(job, path, "jobname")?;
    let mut directions = Vec::new();
    for op in MeasuredOp::ALL {
        // fio 3.x prints read, write and trim for every job; an older or trimmed result
        // may leave a direction out, which then moved nothing.
        let Some(value) = job.get(op.key()) else { continue };
        if let Some(d) = parse_direction(op, value, &format!("{path}.{}", op.key()))? {
            directions.push(d);
        }
    }
    Ok(MeasuredJob { name, directions })
}

fn parse_direction(op: MeasuredOp, value: &Value, path: &str) -> Result<Option<MeasuredDirection>, ScenarioError> {
    let d = object(value, path)?;
    let io_bytes = number(d, path, "io_bytes")?;
    if io_bytes <= 0.0 {
        return Ok(None);
    }
    // `bw_bytes` is bytes/s (fio ≥ 3.2); `bw` is KiB/s, the one older results have.
    let bytes_per_s = match d.get("bw_bytes") {
        Some(_) => number(d, path, "bw_bytes")?,
        None => number(d, path, "bw")? * 1024.0,
    };
    let clat_path = format!("{path}.clat_ns");
    let clat = match d.get("clat_ns") {
        Some(v) => Some(parse_clat(object(v, &clat_path)?, &clat_path)?),
        None => None,
    };
    Ok(Some(MeasuredDirection { op, io_bytes, runtime_ms: number(d, path, "runtime")?, mb_per_s: bytes_per_s / 1e6, iops: number(d, path, "iops")?, clat }))
}

fn parse_clat(clat: &Map<String, Value>, path: &str) -> Result<MeasuredLatency, ScenarioError> {
    let mean_us = number(clat, path, "mean")? / 1000.0;
    let mut out = MeasuredLatency { mean_us, ..Default::default() };
    let Some(value) = clat.get("percentile") else { return Ok(out) };
    let path = format!("{path}.percentile");
    let list = object(value, &path)?;
    for (key, slot) in [("50.000000", &mut out.p50_us), ("99.000000", &mut out.p99_us), ("99.900000", &mut out.p999_us), ("99.990000", &mut out.p9999_us)] {
        if list.contains_key(key) {
            *slot = Some(number(list, &path, key)? / 1000.0);
        }
    }
    Ok(out)
}

fn at(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else if key.contains('.') || key.contains(' ') {
        format!("{path}[\"{key}\"]")
    } else {
        format!("{path}.{key}")
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn ill_typed(path: &str, wanted: &str, got: &Value) -> ScenarioError {
    let shown = if path.is_empty() { "the result" } else { path };
    ScenarioError::new(path, ErrorCode::InvalidType, format!("{shown} must be {wanted} (got {})", kind(got)))
}

fn get<'a>(obj: &'a Map<String, Value>, path: &str, key: &str) -> Result<&'a Value, ScenarioError> {
    let field = at(path, key);
    obj.get(key).ok_or_else(|| {
        ScenarioError::new(field.clone(), ErrorCode::InvalidType, format!("{field} is missing: not a fio JSON result (fio 3.x, --output-format=json)"))
    })
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, ScenarioError> {
    v.as_object().ok_or_else(|| ill_typed(path, "an object", v))
}

fn array<'a>(obj: &'a Map<String, Value>, path: &str, key: &str) -> Result<&'a Vec<Value>, ScenarioError> {
    let v = get(obj, path, key)?;
    v.as_array().ok_or_else(|| ill_typed(&at(path, key), "a list", v))
}

fn string(obj: &Map<String, Value>, path: &str, key: &str) -> Result<String, ScenarioError> {
    let v = get(obj, path, key)?;
    v.as_str().map(str::to_string).ok_or_else(|| ill_typed(&at(path, key), "text", v))
}

/// A number that is finite and not negative: fio prints none other for these fields.
fn number(obj: &Map<String, Value>, path: &str, key: &str) -> Result<f64, ScenarioError> {
    let v = get(obj, path, key)?;
    let field = at(path, key);
    let n = v.as_f64().ok_or_else(|| ill_typed(&field, "a number", v))?;
    if n.is_finite() && n >= 0.0 {
        Ok(n)
    } else {
        Err(ScenarioError::new(field.clone(), ErrorCode::OutOfRange, format!("{field} must be 0 or more (got {n})")))
    }
}
