//! A job file into one job: which section, what `[global]` lays under it, when it ends
//! (`time_based`, `io_size`, `size`), and the scenario's own checks on the result.

use super::ini::{self, Section};
use super::options::{Builder, Origin};
use super::{FioError, Imported, Unmodelled, UnmodelledKind};
use crate::scenario::{ErrorCode, Workload};
use crate::units::MAX_SIZE_BYTES;

/// Reads a job file's sections into a job: the section named `wanted`, or the first job
/// section. The `[global]` sections before it apply in order, as in fio; later ones and the
/// other jobs are listed as not imported.
pub(super) fn one_job(sections: &[Section], wanted: Option<&str>) -> Result<Imported, FioError> {
    let jobs: Vec<String> = sections.iter().filter(|s| !s.is_global()).map(|s| s.name.clone()).collect();
    let whole_file =
        |message: String| FioError { line: 0, section: String::new(), option: String::new(), field: String::new(), code: ErrorCode::InvalidOption, message };
    let chosen = match wanted {
        Some(name) => sections
            .iter()
            .position(|s| !s.is_global() && s.name == name)
            .ok_or_else(|| whole_file(format!("no job section [{}]; the file has: {}", ini::short(name), list(&jobs))))?,
        None => sections
            .iter()
            .position(|s| !s.is_global())
            .ok_or_else(|| whole_file("no job section: fio runs each [name] section other than [global]; add one".to_string()))?,
    };
    let mut builder = Builder::new();
    for section in sections[..chosen].iter().filter(|s| s.is_global()) {
        for entry in &section.options {
            builder.apply(&section.name, entry)?;
        }
    }
    for entry in &sections[chosen].options {
        builder.apply(&sections[chosen].name, entry)?;
    }
    for (_, other) in sections.iter().enumerate().filter(|(i, s)| *i != chosen && (!s.is_global() || *i > chosen)) {
        builder.unmodelled.push(not_imported(other));
    }
    let job = finish(&mut builder, &sections[chosen])?;
    Ok(Imported { job, name: sections[chosen].name.clone(), jobs, unmodelled: builder.unmodelled, tenants: None })
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "no job sections".to_string()
    } else {
        names.iter().map(|n| format!("[{n}]")).collect::<Vec<_>>().join(", ")
    }
}

pub(super) fn not_imported(section: &Section) -> Unmodelled {
    let reason = if section.is_global() {
        "a [global] after the imported job: fio applies it only to the jobs after it".to_string()
    } else {
        "another job: the engine runs one job per scenario; import it by name".to_string()
    };
    Unmodelled { section: section.name.clone(), line: section.line, option: String::new(), value: String::new(), kind: UnmodelledKind::NotImported, reason }
}

/// When the job ends, as fio decides it: with `time_based`, after `runtime` whatever the
/// bytes; without, after `io_size` (or one pass over `size`), or `runtime` if sooner.
/// Then the scenario's field checks, on a drive as large as a scenario may describe (the
/// drive's own size is checked when the scenario runs).
pub(super) fn finish(b: &mut Builder, section: &Section) -> Result<crate::scenario::Job, FioError> {
    let at_section = |field: &str, message: String| FioError {
        line: section.line,
        section: section.name.clone(),
        option: String::new(),
        field: format!("workload.{field}"),
        code: ErrorCode::OutOfRange,
        message,
    };
    if b.time_based {
        if b.io_size_set && b.job.io_size.0 > 0 {
            let origin = b.origin("io_size").cloned();
            if let Some(o) = origin {
                b.unmodelled.push(Unmodelled {
                    section: o.section,
                    line: o.line,
                    option: o.option,
                    value: b.job.io_size.0.to_string(),
                    kind: UnmodelledKind::NoEffect,
                    reason: "time_based: the job runs for runtime; io_size does not stop it".to_string(),
                });
            }
        }
        b.job.io_size.0 = 0;
    } else if !b.io_size_set {
        if b.job.size.0 > 0 {
            b.job.io_size = b.job.size;
            let origin = b.origin("size").cloned();
            if let Some(o) = origin {
                b.origins.push(("io_size", o));
            }
        } else if b.job.runtime > 0.0 {
            let reason = "size is the whole device: fio would also stop after one pass over it; the engine stops at runtime".to_string();
            b.unmodelled.push(Unmodelled {
                section: section.name.clone(),
                line: section.line,
                option: "size".to_string(),
                value: String::new(),
                kind: UnmodelledKind::NotModelled,
                reason,
            });
        } else {
            return Err(at_section(
                "io_size",
                "the job has no end the engine can take: fio would pass over the whole device once; set size, io_size, or runtime with time_based".to_string(),
            ));
        }
    }
    let workload = Workload::Job(b.job.clone());
    workload.validate(MAX_SIZE_BYTES).map_err(|e| {
        let field = e.field.strip_prefix("workload.").unwrap_or(&e.field);
        match b.origin(field) {
            Some(o) => FioError {
                line: o.line,
                section: o.section.clone(),
                option: o.option.clone(),
                field: e.field.clone(),
                code: e.code,
                message: e.message.clone(),
            },
            None => FioError {
                line: section.line,
                section: section.name.clone(),
                option: field.to_string(),
                field: e.field.clone(),
                code: e.code,
                message: e.message.clone(),
            },
        }
    })?;
    Ok(b.job.clone())
}

impl Builder {
    /// The last option that set `field`.
    fn origin(&self, field: &str) -> Option<&Origin> {
        self.origins.iter().rev().find(|(f, _)| *f == field).map(|(_, o)| o)
    }
}
