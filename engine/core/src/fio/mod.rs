//! fio job files (`.fio`): read one into a `job` workload (or, when its job sections run at
//! once, a `tenants` workload), and write either back as one.
//!
//! fio's own rules are followed where the engine has the same knob: INI sections, `[global]`
//! sections laying defaults under the jobs after them, `#`/`;` comments, sizes with fio's
//! default `kb_base=1024` (`4k` = 4096, and, in that compatibility mode, `4KiB` = 4000),
//! times in seconds unless suffixed (`thinktime` in µs), and `time_based`. Nothing is
//! dropped silently: every option the engine does not model comes back in `unmodelled` with
//! its section, line and why; a value the engine cannot take is refused naming the line, the
//! option, the scenario field and its range. The mapping table is in docs/fio.md. fio's own
//! results (JSON, bandwidth and latency logs) are read in `result.rs` and `log.rs` and held
//! against the engine's run of the job in `compare.rs`.

mod compare;
mod export;
mod fit;
mod import;
mod ini;
mod log;
mod options;
mod reasons;
mod result;
mod tenants;
mod values;

#[cfg(test)]
mod tests;

pub use compare::{compare, compare_with_summary, geomean_distance, FioComparison, MetricError, ModelLatency, ModelNumbers};
pub use export::{export_job, FILENAME_PLACEHOLDER};
pub use fit::{FioFit, FitMove, FitOutput, FitStep, FIT_MOST_TRIES};
pub use log::{parse_log, FioLogKind, MeasuredCurve, MeasuredLog};
pub use result::{parse_result, MeasuredDirection, MeasuredJob, MeasuredLatency, MeasuredOp, MeasuredResult};

use crate::scenario::{ErrorCode, Job, Scenario, ScenarioError, Workload};

/// Reads `text`: job sections that all run at once (no `stonewall`) as tenants, unless one
/// is asked for by name (`wanted`); otherwise one job (`import.rs`).
pub fn import(text: &str, wanted: Option<&str>) -> Result<Imported, FioError> {
    let sections = ini::sections(text)?;
    if wanted.is_none() {
        if let Some(tenants) = tenants::import_tenants(&sections)? {
            return Ok(tenants);
        }
    }
    import::one_job(&sections, wanted)
}

/// The scenario's workload as a job file: a job, or tenants (a section each); other workload
/// kinds are refused naming `workload.kind`.
pub fn export(scenario: &Scenario) -> Result<String, ScenarioError> {
    match &scenario.workload {
        Workload::Job(job) => export_job(job, &scenario.name),
        Workload::Tenants(t) => tenants::export_tenants(t),
        other => Err(ScenarioError::new(
            "workload.kind",
            ErrorCode::InvalidOption,
            format!("a fio job file holds fio jobs: export needs workload kind job or tenants (got {})", other.kind()),
        )),
    }
}
use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// An option read but not modelled: fio would act on it, the engine runs without it (or it
/// has no meaning for a simulated drive, such as `ioengine`).
/// How an unmodelled option is listed, as a stable id the page translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum UnmodelledKind {
    /// Read and accepted: it makes no difference to a simulated drive (`ioengine`).
    NoEffect,
    /// fio would act on it; the engine runs without it (`verify`, `bssplit`).
    NotModelled,
    /// Another job section, or a `[global]` after the imported job.
    NotImported,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Unmodelled {
    pub section: String,
    /// 1-based line in the job file.
    #[ts(type = "number")]
    pub line: usize,
    pub option: String,
    pub value: String,
    pub kind: UnmodelledKind,
    pub reason: String,
}

/// A job file read into one job.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub job: Job,
    /// The section the job came from.
    pub name: String,
    /// Every job section in the file, in order (`[global]` sections left out).
    pub jobs: Vec<String>,
    pub unmodelled: Vec<Unmodelled>,
    /// The job sections as tenants running at once, when the file runs them so (no
    /// `stonewall`); `job` is then the first tenant's.
    pub tenants: Option<crate::scenario::Tenants>,
}

impl Imported {
    /// The workload the file describes: its tenants, or its one job.
    pub fn workload(&self) -> Workload {
        match &self.tenants {
            Some(t) => Workload::Tenants(t.clone()),
            None => Workload::Job(self.job.clone()),
        }
    }
}

/// A job file refused: where (line 0 = the file as a whole), which option, the scenario
/// field it would set (empty when it sets none), and what is allowed.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct FioError {
    #[ts(type = "number")]
    pub line: usize,
    pub section: String,
    pub option: String,
    pub field: String,
    pub code: ErrorCode,
    pub message: String,
}

impl FioError {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an error always serialises")
    }

    /// The refusal as the page's errors carry it (`{field, code, message}`), the line,
    /// section and option leading the message.
    pub fn to_scenario_error(&self) -> ScenarioError {
        let place = FioError { field: String::new(), ..self.clone() }.to_string();
        ScenarioError::new(self.field.clone(), self.code, place)
    }
}

impl fmt::Display for FioError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        if !self.section.is_empty() {
            write!(f, "[{}] ", self.section)?;
        }
        if !self.option.is_empty() {
            write!(f, "{}: ", self.option)?;
        }
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for FioError {}

/// The import as it crosses to the page and `ssdsim fio import --json` readers: the workload
/// (`kind: "job"`, or `"tenants"` for job sections that run at once), the section it came
/// from, every job section, and what was not modelled.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct FioImport {
    pub workload: Workload,
    pub name: String,
    pub jobs: Vec<String>,
    pub unmodelled: Vec<Unmodelled>,
}

impl Imported {
    pub fn to_json(&self) -> String {
        let out = FioImport { workload: self.workload(), name: self.name.clone(), jobs: self.jobs.clone(), unmodelled: self.unmodelled.clone() };
        serde_json::to_string(&out).expect("an import always serialises")
    }
}
