//! The gallery of real drives: public measurements of the drives the "-like" presets follow,
//! each run again on its preset under the reviewer's own protocol (tool, drive state, block
//! size, queue depth, how the result is averaged), from `engine/presets/gallery/<preset>.json`.
//!
//! Spec sheets give peak figures; reviewers publish curves and percentiles. Each gallery file
//! names its drive and source, the runs that repeat the reviewer's protocol (a workload and a
//! drive state laid over the preset; nothing else of the preset changes), and the values the
//! reviewer reported with the engine's measure of the same thing. A value lies within ±20 % of
//! the public one, or the file states why the engine differs (a different drive of the family,
//! a behaviour not modelled); `ssdsim gallery` prints the table `docs/gallery.md` holds and a
//! test holds every value to its verdict, so a stated difference that closes, or an unstated one
//! that opens, fails.

use super::{find, merge, table_number as num, GALLERY_FILES};
use crate::scenario::{ErrorCode, Scenario, ScenarioError};
use crate::{Report, Simulation};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// How far the engine's value may sit from the public one and still follow it.
pub const TOLERANCE: f64 = 0.20;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GalleryFile {
    drive: String,
    #[serde(default)]
    related: Option<String>,
    source: String,
    runs: Vec<RunFile>,
    values: Vec<ValueFile>,
}

/// One run of a reviewer's protocol: the workload and the drive state (`precondition`) laid
/// over a preset (the file's own unless `preset` names another, for a comparison).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunFile {
    id: String,
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    precondition: Option<Value>,
    workload: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueFile {
    id: String,
    label: String,
    protocol: String,
    public: f64,
    unit: GalleryUnit,
    measure: Measure,
    #[serde(default)]
    differs: Option<String>,
}

/// The unit a value is in, by id: the page formats and translates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum GalleryUnit {
    MbPerS,
    Gb,
    Us,
    Percent,
    Ratio,
}

impl GalleryUnit {
    fn suffix(self) -> &'static str {
        match self {
            GalleryUnit::MbPerS => " MB/s",
            GalleryUnit::Gb => " GB",
            GalleryUnit::Us => " µs",
            GalleryUnit::Percent => " %",
            GalleryUnit::Ratio => "",
        }
    }
}

/// How the engine's number is taken from the runs.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Measure {
    /// The mean speed of the data written from `from` to `to` GB on a `…_vs_written` line, as a
    /// tool sampling at equal times averages it: the bytes over the time they took.
    MeanSpeed { run: String, series: String, from: f64, to: f64 },
    /// The first `x` of a line whose value falls below `below`: where a cache ends.
    FirstBelow { run: String, series: String, below: f64 },
    /// A number of the run's summary by its path (`read_latency/mean_us`), times `factor`.
    Summary {
        run: String,
        field: String,
        #[serde(default = "one")]
        factor: f64,
    },
    /// The first measure over the second.
    Ratio(Box<Measure>, Box<Measure>),
    /// How much lower the first is than the second, in percent: "40 % slower".
    LowerPercent(Box<Measure>, Box<Measure>),
}

fn one() -> f64 {
    1.0
}

impl Measure {
    /// The runs the measure reads, the one to open in the playground first.
    fn runs(&self) -> Vec<&str> {
        match self {
            Measure::MeanSpeed { run, .. } | Measure::FirstBelow { run, .. } | Measure::Summary { run, .. } => vec![run],
            Measure::Ratio(a, b) | Measure::LowerPercent(a, b) => [a.runs(), b.runs()].concat(),
        }
    }

    fn take(&self, reports: &[(String, Report)]) -> Result<f64, String> {
        let report = |id: &str| reports.iter().find(|(r, _)| r == id).map(|(_, r)| r).ok_or_else(|| format!("no run {id}"));
        let line = |run: &str, series: &str| -> Result<Vec<[f64; 2]>, String> {
            let r = report(run)?;
            r.series.iter().find(|s| s.id == series).map(|s| s.points.clone()).ok_or_else(|| format!("run {run} draws no {series}"))
        };
        match self {
            Measure::MeanSpeed { run, series, from, to } => {
                let points = line(run, series)?;
                let step = points.first().map_or(0.0, |p| p[0]);
                let inside: Vec<f64> = points.iter().filter(|p| p[0] >= *from && p[0] <= *to && p[1] > 0.0).map(|p| p[1]).collect();
                if inside.is_empty() {
                    return Err(format!("run {run} has no points from {from} to {to}"));
                }
                // Each point is one equal step of data: the mean speed is the steps over their times.
                let seconds: f64 = inside.iter().map(|mb_s| step * 1e3 / mb_s).sum();
                Ok(inside.len() as f64 * step * 1e3 / seconds)
            }
            Measure::FirstBelow { run, series, below } => {
                line(run, series)?.iter().find(|p| p[1] < *below).map(|p| p[0]).ok_or_else(|| format!("run {run} never falls below {below}"))
            }
            Measure::Summary { run, field, factor } => {
                let summary = serde_json::to_value(&report(run)?.summary).map_err(|e| e.to_string())?;
                let v = summary.pointer(&format!("/{field}")).and_then(Value::as_f64).ok_or_else(|| format!("the summary has no number {field}"))?;
                Ok(v * factor)
            }
            Measure::Ratio(a, b) => Ok(a.take(reports)? / b.take(reports)?),
            Measure::LowerPercent(a, b) => Ok((1.0 - a.take(reports)? / b.take(reports)?) * 100.0),
        }
    }
}

/// A run of the gallery as the page opens it in the playground.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct GalleryRun {
    pub id: String,
    /// The preset the run lays its protocol over.
    pub preset: String,
    pub scenario: Scenario,
}

/// One public value and how the engine repeats it.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct GalleryValue {
    /// Stable within its drive: the page links and translates by it.
    pub id: String,
    /// What the reviewer measured, in English.
    pub label: String,
    /// The reviewer's protocol as the engine runs it, in English.
    pub protocol: String,
    pub public: f64,
    pub unit: GalleryUnit,
    /// The run the playground opens for this value (the first the measure reads).
    pub run: String,
    /// Why the engine does not follow the public value, when it is known not to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub differs: Option<String>,
    #[serde(skip)]
    #[ts(skip)]
    measure: Measure,
}

/// One drive of the gallery: a card in the page, a group of rows in the table.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct GalleryEntry {
    /// The preset (its name is the card's id).
    pub preset: &'static str,
    pub drive: String,
    /// Set when the public drive is not the one the preset follows: how the two relate.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub related: Option<String>,
    /// Reviewer and page, as the reference notes give them.
    pub source: String,
    pub runs: Vec<GalleryRun>,
    pub values: Vec<GalleryValue>,
}

/// The engine's number for one value, with its verdict.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct GalleryMeasured {
    pub id: String,
    pub engine: f64,
    /// Engine over public.
    pub ratio: f64,
    /// Within ±20 % of the public value.
    pub within: bool,
    /// Within, or outside where the difference is stated: what the test holds.
    pub as_stated: bool,
}

fn bad(name: &str, message: String) -> ScenarioError {
    ScenarioError::new(format!("gallery {name}"), ErrorCode::Internal, message)
}

/// `preset` with the run's drive state and workload laid over it (the workload replaces the
/// preset's whole; nothing else changes, so the drive is the preset's).
fn scenario(preset: &str, run: &RunFile) -> Result<Scenario, ScenarioError> {
    let p = find(preset).ok_or_else(|| bad(preset, "names no preset".into()))?;
    let mut v: Value = serde_json::from_str(p.json).map_err(|e| bad(preset, e.to_string()))?;
    v["workload"] = run.workload.clone();
    if let Some(pre) = &run.precondition {
        merge(&mut v["precondition"], pre);
    }
    Scenario::from_json(&v.to_string()).map_err(|e| bad(preset, format!("run {}: {e}", run.id)))
}

fn load(preset: &'static str, json: &str) -> Result<GalleryEntry, ScenarioError> {
    let file: GalleryFile = serde_json::from_str(json).map_err(|e| bad(preset, e.to_string()))?;
    let mut runs = Vec::new();
    for r in &file.runs {
        let on = r.preset.as_deref().unwrap_or(preset);
        runs.push(GalleryRun { id: r.id.clone(), preset: on.to_string(), scenario: scenario(on, r)? });
    }
    let mut values: Vec<GalleryValue> = Vec::new();
    for v in file.values {
        let read = v.measure.runs();
        if let Some(missing) = read.iter().find(|id| !runs.iter().any(|r| r.id == **id)) {
            return Err(bad(preset, format!("value {} reads run {missing}, which the file does not have", v.id)));
        }
        if values.iter().any(|w| w.id == v.id) || !(v.public.is_finite() && v.public != 0.0) {
            return Err(bad(preset, format!("value {} is listed twice or has no public number", v.id)));
        }
        let run = read[0].to_string();
        values.push(GalleryValue {
            id: v.id,
            label: v.label,
            protocol: v.protocol,
            public: v.public,
            unit: v.unit,
            run,
            differs: v.differs,
            measure: v.measure,
        });
    }
    Ok(GalleryEntry { preset, drive: file.drive, related: file.related, source: file.source, runs, values })
}

/// Every drive of the gallery, in file order (by preset name).
pub fn all() -> Result<Vec<GalleryEntry>, ScenarioError> {
    GALLERY_FILES
        .iter()
        .map(|&(preset, json)| {
            let name = find(preset).ok_or_else(|| bad(preset, "names no preset".into()))?.name;
            load(name, json)
        })
        .collect()
}

/// Every drive as JSON (`GalleryEntry[]`), for the page.
pub fn entries_json() -> Result<String, ScenarioError> {
    Ok(serde_json::to_string(&all()?).expect("the gallery serialises"))
}

impl GalleryValue {
    pub fn measured(&self, engine: f64) -> GalleryMeasured {
        let ratio = engine / self.public;
        let within = (ratio - 1.0).abs() <= TOLERANCE;
        GalleryMeasured { id: self.id.clone(), engine, ratio, within, as_stated: within == self.differs.is_none() }
    }
}

impl GalleryEntry {
    /// Runs the drive's protocols and measures every value.
    pub fn measure(&self) -> Result<Vec<GalleryMeasured>, ScenarioError> {
        let mut reports = Vec::new();
        for r in &self.runs {
            reports.push((r.id.clone(), Simulation::run_to_end(&r.scenario)?));
        }
        self.values.iter().map(|v| v.measure.take(&reports).map(|e| v.measured(e)).map_err(|e| bad(self.preset, format!("{}: {e}", v.id)))).collect()
    }
}

/// One drive measured as JSON (`GalleryMeasured[]`), for the page; an unknown preset is refused.
pub fn measure_json(preset: &str) -> Result<String, ScenarioError> {
    let entry = all()?
        .into_iter()
        .find(|e| e.preset == preset)
        .ok_or_else(|| ScenarioError::new("preset", ErrorCode::InvalidOption, format!("no gallery drive {preset}")))?;
    Ok(serde_json::to_string(&entry.measure()?).expect("the values serialise"))
}

/// The Markdown table `docs/gallery.md` holds: one line per value, measured beside public.
pub fn markdown(drives: &[(GalleryEntry, Vec<GalleryMeasured>)]) -> String {
    let mut out = String::from("| Preset | Drive | Source | What was measured | Protocol the engine runs | Public | Engine | Engine / public | Verdict |\n|---|---|---|---|---|---:|---:|---:|---|\n");
    for (e, measured) in drives {
        let drive = match &e.related {
            Some(r) => format!("{} ({r})", e.drive),
            None => e.drive.clone(),
        };
        for (v, m) in e.values.iter().zip(measured) {
            let verdict = match (&v.differs, m.within) {
                (None, true) => "within ±20 %".to_string(),
                (Some(why), false) => format!("differs: {why}"),
                (None, false) => "OUTSIDE ±20 %, no difference stated".to_string(),
                (Some(_), true) => "within ±20 %, though stated to differ".to_string(),
            };
            let unit = v.unit.suffix();
            out += &format!(
                "| {} | {drive} | {} | {} | {} | {}{unit} | {}{unit} | {:.2} | {verdict} |\n",
                e.preset,
                e.source,
                v.label,
                v.protocol,
                num(v.public),
                num(m.engine),
                m.ratio
            );
        }
    }
    out
}

/// Every drive measured, in order: what `ssdsim gallery` prints and the test checks.
pub fn measure_all() -> Result<Vec<(GalleryEntry, Vec<GalleryMeasured>)>, ScenarioError> {
    all()?
        .into_iter()
        .map(|e| {
            let m = e.measure()?;
            Ok((e, m))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_within_or_stated_to_differ() {
        let v = |differs: Option<&str>| GalleryValue {
            id: "x".into(),
            label: String::new(),
            protocol: String::new(),
            public: 100.0,
            unit: GalleryUnit::MbPerS,
            run: "r".into(),
            differs: differs.map(str::to_string),
            measure: Measure::Summary { run: "r".into(), field: "write_mb_per_s".into(), factor: 1.0 },
        };
        assert!(v(None).measured(119.0).as_stated && v(None).measured(81.0).as_stated);
        assert!(!v(None).measured(121.0).as_stated, "an unstated difference opens");
        assert!(v(Some("why")).measured(130.0).as_stated);
        assert!(!v(Some("why")).measured(110.0).as_stated, "a stated difference closes");
    }

    #[test]
    fn a_file_may_read_only_its_runs() {
        let file = |measure: &str| {
            format!(
                r#"{{"drive":"d","source":"s","runs":[{{"id":"a","workload":{{"kind":"job","rw":"read","runtime":0.001}}}}],"values":[{{"id":"v","label":"l","protocol":"p","public":1,"unit":"ratio","measure":{measure}}}]}}"#
            )
        };
        assert!(load("bg4-like", &file(r#"{"summary":{"run":"a","field":"read_iops"}}"#)).is_ok());
        let e =
            load("bg4-like", &file(r#"{"ratio":[{"summary":{"run":"a","field":"read_iops"}},{"summary":{"run":"b","field":"read_iops"}}]}"#)).err().unwrap();
        assert!(e.message.contains("reads run b"), "{}", e.message);
        assert!(load("bg4-like", &file(r#"{"mean":{"run":"a"}}"#)).is_err(), "an unknown measure is refused");
    }
}
