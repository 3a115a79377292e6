//! `ssdsim fio fit JOB RESULT [--preset NAME | --scenario S.json] [--job NAME] [--json]
//! [--out FILE]`: the few knobs that set a drive's headline numbers (NAND channel rate, read
//! and program times, the SLC cache's static size, over-provisioning) moved, one at a time,
//! to bring the job's run nearer fio's own result of it. Every value it prints is labelled
//! fitted: it makes the model agree with this one measurement, it is not the drive's
//! specification, and a knob the result cannot see (a program time under a read-only job)
//! is left as it was.

use crate::fio::{run_against, CompareOptions};
use serde::Serialize;
use serde_json::Value;
use ssd_core::fio::{self, FioComparison, MeasuredJob};
use ssd_core::Scenario;

/// A knob the fit may move: where it sits in the scenario's JSON and the factors it tries
/// around its value, coarse first, then finer about the best.
struct FitKnob {
    id: &'static str,
    pointer: &'static str,
    /// Whole numbers only (blocks).
    integer: bool,
}

/// Over-provisioning moves by the blocks each plane holds, so the user capacity (and with it
/// the job's span) stays what the drive states.
const KNOBS: [FitKnob; 5] = [
    FitKnob { id: "device.nand.channel_mb_per_s", pointer: "/device/nand/channel_mb_per_s", integer: false },
    FitKnob { id: "device.nand.timing.read_us", pointer: "/device/nand/timing/read_us", integer: false },
    FitKnob { id: "device.nand.timing.program_us", pointer: "/device/nand/timing/program_us", integer: false },
    FitKnob { id: "device.slc_cache.static_bytes", pointer: "/device/slc_cache/static_bytes", integer: true },
    FitKnob { id: "device.nand.blocks_per_plane", pointer: "/device/nand/blocks_per_plane", integer: true },
];

const COARSE: [f64; 4] = [0.5, 0.71, 1.41, 2.0];
const FINE: [f64; 4] = [0.84, 0.92, 1.09, 1.19];
/// A move is kept only if it brings the distance down by more than this share: runs are
/// deterministic, but a smaller gain is a knob the result barely sees.
const LEAST_GAIN: f64 = 0.002;

/// One knob's value before and after the fit.
#[derive(Serialize)]
struct Moved {
    knob: &'static str,
    before: f64,
    after: f64,
}

/// What `ssdsim fio fit --json` prints.
#[derive(Serialize)]
struct FitOutput<'a> {
    drive: &'a str,
    /// Always true: the values below are fitted to one result, not measured or specified.
    fitted: bool,
    knobs: Vec<Moved>,
    /// Drives the fit tried (a value out of its knob's range is refused, not run).
    tried: u32,
    before: &'a FioComparison,
    after: &'a FioComparison,
}

/// `ssdsim fio fit ...` (its options are `fio compare`'s, one drive).
pub fn run(args: &[&str]) -> Result<(), String> {
    let o = CompareOptions::parse(args)?;
    if o.nearest {
        return Err("ssdsim fio fit fits one drive: --preset or --scenario, not --nearest".to_string());
    }
    fit(&o)
}

fn fit(o: &CompareOptions) -> Result<(), String> {
    let imported = fio::import(&crate::read_input(o.job_file)?, o.job).map_err(|e| format!("{}: {e}", o.job_file))?;
    let measured = fio::parse_result(&crate::read_input(o.result_file)?).map_err(|e| format!("{}: {}", o.result_file, e.message))?;
    let job = measured.job(Some(o.job.unwrap_or(&imported.name))).map_err(|e| format!("{}: {}", o.result_file, e.message))?;
    let mut scenario = o.drive()?;
    scenario.workload = imported.workload();
    let start = serde_json::to_value(&scenario).map_err(|e| e.to_string())?;
    let before = distance(&start, job).ok_or("the job does not run on this drive, or shares no metric with the result")?;
    let mut search = Search { job, best: start.clone(), best_comparison: before.clone(), tried: 1 };
    for factors in [&COARSE, &FINE] {
        for knob in &KNOBS {
            search.try_knob(knob, factors);
        }
    }
    let knobs: Vec<Moved> = KNOBS
        .iter()
        .filter_map(|k| {
            let (a, b) = (number(&start, k.pointer)?, number(&search.best, k.pointer)?);
            (a != b).then_some(Moved { knob: k.id, before: a, after: b })
        })
        .collect();
    if let Some(path) = o.out {
        std::fs::write(path, format!("{}\n", serde_json::to_string_pretty(&search.best).map_err(|e| e.to_string())?))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let out = FitOutput { drive: &scenario.name, fitted: true, knobs, tried: search.tried, before: &before, after: &search.best_comparison };
    if o.json {
        return crate::out::line(serde_json::to_string(&out).map_err(|e| format!("cannot write the fit as JSON: {e}"))?);
    }
    crate::out::line(markdown(&out).trim_end())
}

/// Coordinate search: each knob in turn tries its factors about the best drive so far and
/// keeps the one that brings the distance down most.
struct Search<'a> {
    job: &'a MeasuredJob,
    best: Value,
    best_comparison: FioComparison,
    tried: u32,
}

impl Search<'_> {
    fn try_knob(&mut self, knob: &FitKnob, factors: &[f64]) {
        let Some(value) = number(&self.best, knob.pointer) else { return };
        let mut found: Option<(Value, FioComparison)> = None;
        for f in factors {
            let moved = if knob.integer { (value * f).round() } else { (value * f * 1000.0).round() / 1000.0 };
            if moved == value || moved <= 0.0 {
                continue;
            }
            let mut candidate = self.best.clone();
            *candidate.pointer_mut(knob.pointer).expect("the knob was read there") = if knob.integer { Value::from(moved as u64) } else { Value::from(moved) };
            self.tried += 1;
            let Some(c) = distance(&candidate, self.job) else { continue };
            let to_beat = found.as_ref().map_or(self.best_comparison.geomean_ratio, |(_, b)| b.geomean_ratio);
            if c.geomean_ratio.zip(to_beat).is_some_and(|(d, best)| d < best * (1.0 - LEAST_GAIN)) {
                found = Some((candidate, c));
            }
        }
        if let Some((v, c)) = found {
            eprintln!(
                "ssdsim: fit: {} {value} -> {} (distance {:.3})",
                knob.id,
                number(&v, knob.pointer).unwrap_or(value),
                c.geomean_ratio.unwrap_or(f64::NAN)
            );
            self.best = v;
            self.best_comparison = c;
        }
    }
}

/// The comparison of the job's run on `scenario` with the result; none if the scenario is
/// refused (a value out of its range) or stops at a ceiling, or nothing compares.
fn distance(scenario: &Value, job: &MeasuredJob) -> Option<FioComparison> {
    let s = Scenario::from_json(&scenario.to_string()).ok()?;
    let (c, stopped) = run_against(&s, job).ok()?;
    (stopped.is_none() && c.geomean_ratio.is_some()).then_some(c)
}

fn number(v: &Value, pointer: &str) -> Option<f64> {
    v.pointer(pointer)?.as_f64()
}

fn markdown(o: &FitOutput) -> String {
    use std::fmt::Write;
    let mut text = format!(
        "[{}] on {}: knobs fitted to this one fio result ({} drives tried). Fitted values make the model agree with one measurement; they are not the drive's specification.\n\n",
        o.before.job, o.drive, o.tried
    );
    if o.knobs.is_empty() {
        text.push_str("No knob moved: none of them brings the model nearer this result.\n");
    } else {
        text.push_str("| knob | before | fitted |\n|---|---:|---:|\n");
        for k in &o.knobs {
            let _ = writeln!(text, "| {} | {} | {} |", k.knob, k.before, k.after);
        }
    }
    text.push_str("\n| metric | measured | model before | error | model fitted | error |\n|---|---:|---:|---:|---:|---:|\n");
    for (b, a) in o.before.metrics.iter().zip(&o.after.metrics) {
        let _ =
            writeln!(text, "| {} | {:.1} | {:.1} | {:+.1} % | {:.1} | {:+.1} % |", b.metric, b.measured, b.model, b.error_percent, a.model, a.error_percent);
    }
    let d = |c: &FioComparison| c.geomean_ratio.unwrap_or(f64::NAN);
    let _ = writeln!(text, "\nGeometric mean distance of the ratios from 1: {:.3} before, {:.3} fitted.", d(o.before), d(o.after));
    text
}
