//! `ssdsim fio import FILE [--job NAME] [--scenario S.json]` and `ssdsim fio export
//! SCENARIO`: fio job files in and out (docs/fio.md). The import prints a whole scenario
//! (the drive from the default scenario or `--scenario`, its workload replaced by the job)
//! and lists on standard error every option it did not model. `ssdsim fio compare JOB RESULT`
//! runs the job on a drive and holds fio's own JSON result of it against the run (`ssdsim
//! fio fit`, in `fit.rs`, takes the same options).

use ssd_core::fio;
use ssd_core::Scenario;

pub fn run(args: &[&str]) -> Result<(), String> {
    match args {
        ["import", rest @ ..] => import(rest),
        ["export", path] => export(path),
        ["compare", rest @ ..] => CompareOptions::parse(rest).and_then(|o| compare(&o)),
        _ => Err("usage: ssdsim fio import FILE [--job NAME] [--scenario S.json] | ssdsim fio export <scenario.json | -> | ssdsim fio compare JOB.fio RESULT.json [--preset NAME | --scenario S.json | --nearest] [--job NAME] [--json] | ssdsim fio fit JOB.fio RESULT.json [--preset NAME | --scenario S.json] [--job NAME] [--json] [--out FITTED.json]".to_string()),
    }
}

fn import(args: &[&str]) -> Result<(), String> {
    let (mut path, mut job, mut base) = (None, None, None);
    let mut args = args.iter();
    while let Some(&arg) = args.next() {
        match arg {
            "--job" => job = Some(*args.next().ok_or("--job needs a section name")?),
            "--scenario" => base = Some(*args.next().ok_or("--scenario needs a scenario file")?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ if path.is_none() => path = Some(arg),
            _ => return Err(format!("one job file at a time (got {arg} too)")),
        }
    }
    let path = path.ok_or("ssdsim fio import needs a FILE")?;
    let text = crate::read_input(path)?;
    let imported = fio::import(&text, job).map_err(|e| format!("{path}: {e}"))?;
    let mut scenario = match base {
        Some(base) => Scenario::parse(&crate::read_scenario(base)?).map_err(|e| format!("invalid scenario {base}: {e}"))?,
        None => Scenario { name: imported.name.clone(), ..Scenario::default() },
    };
    // Job sections that run at once come in as tenants; otherwise the one job.
    scenario.workload = imported.workload();
    for u in &imported.unmodelled {
        let option = match (u.option.as_str(), u.value.as_str()) {
            ("", _) => String::new(),
            (option, "") => format!(" {option}"),
            (option, value) => format!(" {option}={value}"),
        };
        eprintln!("ssdsim: {path}:{} [{}]{option}: {}", u.line, u.section, u.reason);
    }
    eprintln!("ssdsim: imported [{}] of {} job section(s)", imported.name, imported.jobs.len());
    // The job's own ranges were checked on import; the drive's size is checked here.
    scenario.validate().map_err(|e| format!("the imported job does not fit this drive: {e}"))?;
    crate::out::line(scenario.to_json())
}

fn export(path: &str) -> Result<(), String> {
    let scenario = Scenario::parse(&crate::read_scenario(path)?).map_err(|e| format!("invalid scenario: {e}"))?;
    let text = fio::export(&scenario).map_err(|e| format!("cannot export as a fio job file: {e}"))?;
    crate::out::line(text.trim_end())
}

pub(crate) struct CompareOptions<'a> {
    pub job_file: &'a str,
    pub result_file: &'a str,
    preset: Option<&'a str>,
    scenario: Option<&'a str>,
    pub job: Option<&'a str>,
    pub json: bool,
    /// Every preset instead of one drive, nearest first.
    pub nearest: bool,
    /// `fit`: where to write the fitted scenario.
    pub out: Option<&'a str>,
}

impl<'a> CompareOptions<'a> {
    pub(crate) fn parse(args: &[&'a str]) -> Result<Self, String> {
        let (mut files, mut preset, mut scenario, mut job, mut json, mut nearest, mut out) = (Vec::new(), None, None, None, false, false, None);
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            match arg {
                "--preset" => preset = Some(*args.next().ok_or("--preset needs a preset name (ssdsim presets)")?),
                "--scenario" => scenario = Some(*args.next().ok_or("--scenario needs a scenario file")?),
                "--job" => job = Some(*args.next().ok_or("--job needs a section name")?),
                "--json" => json = true,
                "--nearest" => nearest = true,
                "--out" => out = Some(*args.next().ok_or("--out needs a file to write the fitted scenario to")?),
                _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
                _ => files.push(arg),
            }
        }
        if [preset.is_some(), scenario.is_some(), nearest].iter().filter(|&&b| b).count() > 1 {
            return Err("the drive comes from --preset, --scenario or --nearest (every preset), one of them".to_string());
        }
        match files.as_slice() {
            [job_file, result_file] => Ok(CompareOptions { job_file, result_file, preset, scenario, job, json, nearest, out }),
            _ => Err("ssdsim fio compare and fit need a job file and fio's JSON result of it (fio --output-format=json)".to_string()),
        }
    }

    /// The drive: a preset's, a scenario file's, or the default scenario's.
    pub(crate) fn drive(&self) -> Result<Scenario, String> {
        if let Some(name) = self.preset {
            let p = ssd_core::presets::find(name).ok_or_else(|| format!("no preset named \"{name}\"; see ssdsim presets"))?;
            return p.scenario().map_err(|e| e.to_string());
        }
        match self.scenario {
            Some(path) => Scenario::parse(&crate::read_scenario(path)?).map_err(|e| format!("invalid scenario {path}: {e}")),
            None => Ok(Scenario::default()),
        }
    }
}

/// What `ssdsim fio compare --json` prints.
#[derive(serde::Serialize)]
struct CompareOutput<'a> {
    drive: &'a str,
    fio_version: &'a str,
    measured: &'a fio::MeasuredJob,
    comparison: &'a fio::FioComparison,
    /// The ceiling the run stopped at, if it did: the model's numbers are then partial.
    stopped: Option<ssd_core::ScenarioError>,
}

fn compare(o: &CompareOptions) -> Result<(), String> {
    if o.out.is_some() {
        return Err("--out writes a fitted scenario: it belongs to ssdsim fio fit".to_string());
    }
    let imported = fio::import(&crate::read_input(o.job_file)?, o.job).map_err(|e| format!("{}: {e}", o.job_file))?;
    // The refusal's message names the field's path (`jobs[0].read.iops`).
    let measured = fio::parse_result(&crate::read_input(o.result_file)?).map_err(|e| format!("{}: {}", o.result_file, e.message))?;
    let job = measured.job(Some(o.job.unwrap_or(&imported.name))).map_err(|e| format!("{}: {}", o.result_file, e.message))?;
    if o.nearest {
        return nearest(o, &imported, job);
    }
    let mut scenario = o.drive()?;
    scenario.workload = imported.workload();
    let (comparison, stopped) = run_against(&scenario, job).map_err(|e| format!("the job does not run on this drive: {e}"))?;
    if let Some(notice) = &stopped {
        eprintln!("ssdsim: {notice}");
    }
    if o.json {
        let out = CompareOutput { drive: &scenario.name, fio_version: &measured.fio_version, measured: job, comparison: &comparison, stopped };
        return crate::out::line(serde_json::to_string(&out).map_err(|e| format!("cannot write the comparison as JSON: {e}"))?);
    }
    crate::out::line(markdown(&comparison, &scenario.name, &measured.fio_version).trim_end())
}

/// Runs `scenario` (its workload the job) and holds `job` against it; the ceiling it stopped
/// at, if any, beside.
pub(crate) fn run_against(scenario: &Scenario, job: &fio::MeasuredJob) -> Result<(fio::FioComparison, Option<ssd_core::ScenarioError>), String> {
    let mut sim = ssd_core::Simulation::new(scenario).map_err(|e| e.to_string())?;
    crate::progress::run_to_end(&mut sim);
    let summary = serde_json::to_value(sim.summary()).map_err(|e| e.to_string())?;
    let comparison = fio::compare(job, &fio::ModelNumbers::from_summary(summary).map_err(|e| e.to_string())?);
    Ok((comparison, sim.stopped().cloned()))
}

/// One preset's run of the job in `ssdsim fio compare --nearest`.
#[derive(serde::Serialize)]
struct NearestRow {
    preset: &'static str,
    drive: String,
    /// exp(mean |ln(model / measured)|) over `metrics` metrics: 1 = every metric equal.
    geomean_ratio: f64,
    metrics: usize,
    stopped: bool,
}

/// The job run on every preset's drive, nearest first by the geometric mean of the ratios'
/// distance from 1. A preset the job cannot run on (too small, another device kind's limits)
/// is named on standard error and left out.
fn nearest(o: &CompareOptions, imported: &fio::Imported, job: &fio::MeasuredJob) -> Result<(), String> {
    let mut rows = Vec::new();
    for p in ssd_core::presets::all() {
        let mut scenario = p.scenario().map_err(|e| format!("{}: {e}", p.name))?;
        scenario.workload = imported.workload();
        match run_against(&scenario, job) {
            Ok((c, stopped)) => {
                if let Some(g) = c.geomean_ratio {
                    rows.push(NearestRow { preset: p.name, drive: scenario.name, geomean_ratio: g, metrics: c.metrics.len(), stopped: stopped.is_some() });
                }
            }
            Err(e) => eprintln!("ssdsim: {}: left out: {e}", p.name),
        }
    }
    rows.sort_by(|a, b| a.geomean_ratio.total_cmp(&b.geomean_ratio));
    if o.json {
        return crate::out::line(serde_json::to_string(&rows).map_err(|e| format!("cannot write the presets as JSON: {e}"))?);
    }
    use std::fmt::Write;
    let mut text = format!(
        "[{}]: presets nearest first (geometric mean of the ratios' distance from 1)\n\n| preset | drive | distance | metrics |\n|---|---|---:|---:|\n",
        job.name
    );
    for r in &rows {
        let mark = if r.stopped { " (stopped at a ceiling)" } else { "" };
        let _ = writeln!(text, "| {} | {}{mark} | {:.3} | {} |", r.preset, r.drive, r.geomean_ratio, r.metrics);
    }
    crate::out::line(text.trim_end())
}

/// The comparison as a Markdown table: a row per metric both have.
fn markdown(c: &fio::FioComparison, drive: &str, fio_version: &str) -> String {
    use std::fmt::Write;
    let mut text = format!("[{}] measured by {fio_version}, modelled on {drive}\n\n", c.job);
    text.push_str("| metric | measured | model | model / measured | error |\n|---|---:|---:|---:|---:|\n");
    for m in &c.metrics {
        let _ = writeln!(text, "| {} | {} | {} | {:.3} | {:+.1} % |", m.metric, figure(m.measured), figure(m.model), m.ratio, m.error_percent);
    }
    match c.geomean_ratio {
        Some(g) => {
            let _ = writeln!(text, "\nGeometric mean distance of the ratios from 1: {g:.3} (1 = every metric equal).");
        }
        None => text.push_str("\nNo metric to compare: the result and the run share no direction that moved data.\n"),
    }
    text
}

/// A value at a precision that suits its size.
fn figure(v: f64) -> String {
    if v >= 1000.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}
