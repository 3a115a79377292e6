//! fio job files (`.fio`): read one into a `job` workload, and write a `job` workload as one.
//!
//! fio's own rules are followed where the engine has the same knob: INI sections, `[global]`
//! sections laying defaults under the jobs after them, `#`/`;` comments, sizes with fio's
//! default `kb_base=1024` (`4k` = 4096, and, in that compatibility mode, `4KiB` = 4000),
//! times in seconds unless suffixed (`thinktime` in µs), and `time_based`. Nothing is
//! dropped silently: every option the engine does not model comes back in `unmodelled` with
//! its section, line and why; a value the engine cannot take is refused naming the line, the
//! option, the scenario field and its range. The mapping table is in docs/fio.md.

mod export;
mod import;
mod ini;
mod options;
mod reasons;
mod values;

#[cfg(test)]
mod tests;

pub use export::{export, export_job, FILENAME_PLACEHOLDER};
pub use import::import;

use crate::scenario::{ErrorCode, Job, ScenarioError, Workload};
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
/// (`kind: "job"`), the section it came from, every job section, and what was not modelled.
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
        let out =
            FioImport { workload: Workload::Job(self.job.clone()), name: self.name.clone(), jobs: self.jobs.clone(), unmodelled: self.unmodelled.clone() };
        serde_json::to_string(&out).expect("an import always serialises")
    }
}
