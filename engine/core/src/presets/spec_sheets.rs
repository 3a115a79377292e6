//! Spec sheets: the public figures each "-like" preset is held to, and the runs that measure
//! the preset under the spec sheet's own conditions (`engine/presets/spec-sheets/<preset>.json`).
//!
//! Vendors measure "up to" figures on a fresh drive inside its SLC cache, sequential with
//! CrystalDiskMark-style 1 MiB transfers and random 4 KiB at QD32 with several threads
//! (Samsung's footnotes say 4). Each preset runs a CrystalDiskMark set of those tests (custom
//! tests, as CrystalDiskMark's Settings allow) on its own drive at its own `scale`; a figure
//! for sustained writes after the SLC cache runs a whole-drive write past the cache.
//! `ssdsim spec-sheets` prints the table `docs/spec-sheets.md` holds; a test keeps both
//! within ±20 % and in step.

use super::{find, merge, SPEC_SHEET_FILES};
use crate::scenario::{ErrorCode, Scenario, ScenarioError};
use crate::Simulation;
use serde::Deserialize;
use serde_json::{json, Value};

/// How far a measurement may sit from its spec sheet figure.
pub const TOLERANCE: f64 = 0.20;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetFile {
    drive: String,
    source: String,
    conditions: Conditions,
    figures: Vec<Figure>,
    /// Sequential write speed after the SLC cache, MB/s.
    #[serde(default)]
    after_slc_cache: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Conditions {
    fill_percent: f64,
    test_file: String,
    tests: String,
    zero_buffers: bool,
    /// Seconds each test measures: 1 unless the sheet says (CrystalDiskMark's own default is
    /// 5; a disk's 32 MiB write cache inflates a 1 s write test by a quarter).
    #[serde(default = "one_second")]
    runtime_s: f64,
}

fn one_second() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Figure {
    test: String,
    op: String,
    spec: f64,
    unit: String,
}

/// One line of the table: a spec sheet figure beside what the preset measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub preset: &'static str,
    pub drive: String,
    /// The test as CrystalDiskMark names it, or "after the SLC cache".
    pub test: String,
    pub op: String,
    /// "MB/s" or "IOPS".
    pub unit: &'static str,
    pub spec: f64,
    pub measured: f64,
}

impl Row {
    pub fn ratio(&self) -> f64 {
        self.measured / self.spec
    }

    pub fn within_tolerance(&self) -> bool {
        (self.ratio() - 1.0).abs() <= TOLERANCE
    }
}

/// A spec sheet and the source of its figures.
pub struct Sheet {
    pub preset: &'static str,
    pub drive: String,
    pub source: String,
    file: SheetFile,
}

fn bad(name: &str, message: String) -> ScenarioError {
    ScenarioError::new(format!("spec sheet {name}"), ErrorCode::Internal, message)
}

pub fn all() -> Result<Vec<Sheet>, ScenarioError> {
    SPEC_SHEET_FILES
        .iter()
        .map(|&(preset, json)| {
            let file: SheetFile = serde_json::from_str(json).map_err(|e| bad(preset, e.to_string()))?;
            find(preset).ok_or_else(|| bad(preset, "names no preset".into()))?;
            Ok(Sheet { preset, drive: file.drive.clone(), source: file.source.clone(), file })
        })
        .collect()
}

/// The preset's scenario with `patch` laid over it (a new workload replaces the old whole).
fn patched(preset: &str, patch: Value) -> Result<Scenario, ScenarioError> {
    let p = find(preset).ok_or_else(|| bad(preset, "names no preset".into()))?;
    let mut v: Value = serde_json::from_str(p.json).map_err(|e| bad(preset, e.to_string()))?;
    v["workload"] = patch["workload"].clone();
    merge(&mut v, &patch);
    Scenario::from_json(&v.to_string())
}

impl Sheet {
    /// The CrystalDiskMark run under the sheet's conditions.
    pub fn crystal_disk_mark(&self) -> Result<Scenario, ScenarioError> {
        let c = &self.file.conditions;
        patched(
            self.preset,
            json!({
                "precondition": { "fill_percent": c.fill_percent, "random_rounds": 0 },
                "workload": { "kind": "crystal_disk_mark", "size": c.test_file, "runtime": c.runtime_s, "interval_s": 1.0,
                              "profile": "custom", "tests": c.tests, "test_count": 1, "zero_buffers": c.zero_buffers },
            }),
        )
    }

    /// Measures every figure of the sheet.
    pub fn measure(&self) -> Result<Vec<Row>, ScenarioError> {
        let report = Simulation::run_to_end(&self.crystal_disk_mark()?)?;
        let mut rows = Vec::new();
        for f in &self.file.figures {
            let series = report.series.iter().find(|s| s.id == format!("cdm_{}", f.op)).ok_or_else(|| bad(self.preset, format!("no {} tests", f.op)))?;
            let at = series.x.categories.iter().position(|c| *c == f.test).ok_or_else(|| bad(self.preset, format!("no test {}", f.test)))?;
            let mb_s = series.points.iter().find(|p| p[0] as usize == at).map_or(0.0, |p| p[1]);
            let (unit, measured) = match f.unit.as_str() {
                "iops" => ("IOPS", mb_s * 1e6 / test_bytes(&f.test)),
                _ => ("MB/s", mb_s),
            };
            rows.push(Row { preset: self.preset, drive: self.drive.clone(), test: f.test.clone(), op: f.op.clone(), unit, spec: f.spec, measured });
        }
        if let Some(spec) = self.file.after_slc_cache {
            rows.push(Row {
                preset: self.preset,
                drive: self.drive.clone(),
                test: "SEQ128K Q32T1 after the SLC cache".into(),
                op: "write".into(),
                unit: "MB/s",
                spec,
                measured: self.after_slc_cache()?,
            });
        }
        Ok(rows)
    }

    /// Sequential 128 KiB writes at QD32 on the fresh drive, two and a half caches' worth:
    /// the mean speed (bytes over time) of the data written after 1.2 caches.
    fn after_slc_cache(&self) -> Result<f64, ScenarioError> {
        let probe = Simulation::run_to_end(&patched(
            self.preset,
            json!({"precondition": {"fill_percent": 0}, "workload": {"kind": "job", "rw": "read", "runtime": 0.0001}}),
        )?)?;
        let cache = probe.summary.nand.as_ref().map_or(0.0, |n| n.slc_cache_bytes);
        let s = patched(
            self.preset,
            json!({"precondition": {"fill_percent": 0}, "workload": {"kind": "whole_drive_write", "rw": "write", "bs": "128k", "iodepth": 32, "io_size": (cache * 2.5 / 4096.0).round() * 4096.0, "points": 100}}),
        )?;
        let r = Simulation::run_to_end(&s)?;
        let points = &r.series.iter().find(|s| s.id == "throughput_vs_written").ok_or_else(|| bad(self.preset, "no throughput_vs_written".into()))?.points;
        let step = points.first().map_or(0.0, |p| p[0]);
        let after: Vec<f64> = points.iter().filter(|p| p[0] > 1.2 * cache / 1e9).map(|p| p[1]).collect();
        // Each point is one equal step of data: the mean speed is the steps over their times.
        let seconds: f64 = after.iter().map(|mb_s| step * 1e3 / mb_s).sum();
        Ok(after.len() as f64 * step * 1e3 / seconds)
    }
}

/// Bytes one command of a test such as "RND4K Q32T4" moves.
fn test_bytes(test: &str) -> f64 {
    crate::scenario::parse_cdm_tests(test).ok().and_then(|t| t.first().map(|t| t.bs as f64)).unwrap_or(4096.0)
}

/// The table as Markdown: one line per figure, with the ratio and whether it is within
/// ±20 %.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from("| preset | drive | test | | spec sheet | measured | ratio |\n|---|---|---|---|---:|---:|---:|\n");
    for r in rows {
        let fmt = |v: f64| if r.unit == "IOPS" { format!("{:.0}k IOPS", v / 1000.0) } else { format!("{v:.0} MB/s") };
        let mark = if r.within_tolerance() { "" } else { " ✗" };
        out += &format!("| {} | {} | {} | {} | {} | {} | {:.2}{mark} |\n", r.preset, r.drive, r.test, r.op, fmt(r.spec), fmt(r.measured), r.ratio());
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_sheet_loads_and_names_a_preset_and_tests_it_runs() {
        let sheets = super::all().unwrap();
        assert!(sheets.len() >= 6);
        for s in &sheets {
            let scenario = s.crystal_disk_mark().unwrap();
            let crate::scenario::Workload::CrystalDiskMark(m) = &scenario.workload else { panic!("{}", s.preset) };
            let tests = crate::scenario::parse_cdm_tests(&m.tests).unwrap();
            for f in &s.file.figures {
                assert!(tests.iter().any(|t| t.name == f.test), "{}: {} is not run", s.preset, f.test);
                assert!(["read", "write"].contains(&f.op.as_str()) && ["iops", "mb_per_s"].contains(&f.unit.as_str()), "{}", s.preset);
            }
        }
    }
}
