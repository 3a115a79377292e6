//! `ssdsim fio fit JOB RESULT [--preset NAME | --scenario S.json] [--job NAME] [--json]
//! [--out FILE]`: the few knobs that set a drive's headline numbers (NAND channel rate, read
//! and program times, the SLC cache's static size, over-provisioning) moved, one at a time,
//! to bring the job's run nearer fio's own result of it. Every value it prints is labelled
//! fitted: it makes the model agree with this one measurement, it is not the drive's
//! specification, and a knob the result cannot see (a program time under a read-only job)
//! is left as it was. The search itself is `ssd_core::fio::FioFit`, shared with the page: this
//! file runs the drives it proposes.

use crate::fio::{run_against, CompareOptions};
use ssd_core::fio::{self, FioComparison, FioFit, FitOutput, MeasuredJob};
use ssd_core::Scenario;

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
    let mut search = FioFit::new(serde_json::to_value(&scenario).map_err(|e| e.to_string())?);
    // The search (ssd_core::fio::fit, shared with the page) proposes; each drive runs here.
    let mut noted = 0;
    loop {
        let candidate = search.propose();
        // A knob's best move is kept when its last factor has been told, as the next is proposed.
        for m in &search.moves()[noted..] {
            eprintln!("ssdsim: fit: {} {} -> {} (distance {:.3})", m.knob, m.before, m.after, search.best_distance().unwrap_or(f64::NAN));
        }
        noted = search.moves().len();
        let Some(candidate) = candidate else { break };
        search.tell(distance(&candidate, job)).map_err(|e| e.message)?;
    }
    let out = search.output().ok_or("the fit ended without a result")?;
    if let Some(path) = o.out {
        std::fs::write(path, format!("{}\n", serde_json::to_string_pretty(search.best()).map_err(|e| e.to_string())?))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if o.json {
        return crate::out::line(serde_json::to_string(&out).map_err(|e| format!("cannot write the fit as JSON: {e}"))?);
    }
    crate::out::line(markdown(&out).trim_end())
}

/// The comparison of the job's run on `scenario` with the result; none if the scenario is
/// refused (a value out of its range) or stops at a ceiling.
fn distance(scenario: &serde_json::Value, job: &MeasuredJob) -> Option<FioComparison> {
    let s = Scenario::from_json(&scenario.to_string()).ok()?;
    let (c, stopped) = run_against(&s, job).ok()?;
    stopped.is_none().then_some(c)
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
    let _ = writeln!(text, "\nGeometric mean distance of the ratios from 1: {:.3} before, {:.3} fitted.", d(&o.before), d(&o.after));
    text
}
