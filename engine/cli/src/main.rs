//! `ssdsim`: run SSD Playground scenarios natively.
//!
//!   ssdsim run [--unlimited] [--max-seconds S] [--trace FILE [--trace-format NAME]] <scenario.json | ->
//!                                     print the result (summary + series + where the
//!                                     latency went) as JSON; a run stops at the browser's
//!                                     work ceiling, or after 50 s of wall time (S),
//!                                     unless unlimited; a trace workload
//!                                     replays FILE, streamed; a zoned drive's
//!                                     zones are listed one by one (`zones`)
//!   ssdsim causes <scenario.json | ->
//!                                     run a scenario, print where its latency went: per
//!                                     operation the mean and each cause's share, the same
//!                                     for the slow tail (above p99), as a table
//!   ssdsim snapshots <scenario.json | ->
//!                                     run a scenario, print the drive's state at points
//!                                     along it (the page's cursor view) as JSON
//!   ssdsim presets                    list the presets, one name and description a line
//!   ssdsim preset <name>              print a preset's scenario JSON
//!   ssdsim figures                    list the figures (presets overlaid as in an article)
//!   ssdsim figure <name>              run every member of a figure, print their series
//!   ssdsim bench [--json] [--repeat N] [--case ID]...
//!                                     measure the engine's speed on fixed scenarios
//!                                     (`ssd_core::bench`), min / median of N runs
//!   ssdsim spec-sheets                run every "-like" preset under its spec sheet's
//!                                     conditions, print the table (docs/spec-sheets.md)
//!   ssdsim articles                   every number the five articles state beside the
//!                                     engine's, print the table (docs/articles.md)
//!   ssdsim budget <scenario.json | -> the run's budget (memory, ceiling, typical work) and,
//!                                     after running it, the work it really did
//!   ssdsim trace FILE [--format NAME] [--device LABEL]... [--complete] [--json]
//!                                     summarise a block trace (docs/traces.md)
//!   ssdsim fio import FILE [--job NAME] [--scenario S.json] | ssdsim fio export SCENARIO
//!                                     fio job files in and out (docs/fio.md)

mod bench;
mod fio;
mod fit;
mod gallery;
mod out;
mod progress;
mod trace;

use ssd_core::resolve::Resolved;
use ssd_core::{presets, Scenario, Simulation};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage:
  ssdsim run [--unlimited] [--no-causes] [--max-seconds S] [--trace FILE [--trace-format NAME]] <scenario.json | ->
                                    run a scenario, print the result as JSON (--unlimited:
                                    past the browser's work ceiling, memory limit and
                                    wall-time ceiling; --max-seconds: the wall-time ceiling,
                                    50 s unless set;
                                    --no-causes: no latency split by cause, a faster run
                                    with every other number the same; --trace: the file
                                    a workload of kind trace replays)
  ssdsim causes <scenario.json | ->
                                    run a scenario, print where its latency went, by cause
  ssdsim snapshots <scenario.json | ->
                                    run a scenario, print the drive's state at points
                                    along it as JSON (each snapshot's map cells as bytes)
  ssdsim presets                    list the presets
  ssdsim preset <name>              print a preset's scenario JSON
  ssdsim figures                    list the figures (presets overlaid as in an article)
  ssdsim figure <name>              run every member of a figure, print their series as JSON
  ssdsim bench [--json] [--repeat N] [--case ID]... [--no-causes]
                                    measure the engine's speed on fixed scenarios
                                    (preconditioning and loop apart, min / median of N;
                                    --no-causes: runs that book no latency causes)
  ssdsim spec-sheets                every \"-like\" preset against its spec sheet, as Markdown
  ssdsim articles                   every number the five articles state against the engine's, as Markdown
  ssdsim gallery                    real drives' public measurements against the engine's, as Markdown
  ssdsim budget <scenario.json | -> print the run's budget, run it, print the work done
  ssdsim trace FILE [--format NAME] [--device LABEL]... [--complete] [--json]
                                    summarise a block trace (MSR, SPC, Alibaba, Tencent,
                                    blkparse, fio iolog): commands, sizes, footprint, skew
                                    (--complete: blkparse C events instead of Q)
  ssdsim fio import FILE [--job NAME] [--scenario S.json]
                                    a fio job file as a scenario (JSON); options not
                                    modelled are listed on standard error
  ssdsim fio export <scenario.json | ->
                                    a job scenario as a fio job file
  ssdsim fio compare JOB.fio RESULT.json [--preset NAME | --scenario S.json | --nearest] [--job NAME] [--json]
  ssdsim fio fit JOB.fio RESULT.json [--preset NAME | --scenario S.json] [--job NAME] [--json] [--out FITTED.json]
                                    the drive's headline knobs fitted to one fio result,
                                    error before and after, every fitted value labelled";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["run", rest @ ..] => trace::RunOptions::parse(rest).and_then(|o| run(&o)),
        ["snapshots", path] => snapshots(path),
        ["causes", path] => causes(path),
        ["presets"] => list_presets(),
        ["preset", name] => show_preset(name),
        ["figures"] => list_figures(),
        ["figure", name] => run_figure(name),
        ["bench", rest @ ..] => bench::Options::parse(rest).and_then(|o| bench::run(&o)),
        ["budget", path] => budget(path),
        ["trace", rest @ ..] => trace::Options::parse(rest).and_then(|o| trace::run(&o)),
        ["fio", "fit", rest @ ..] => fit::run(rest),
        ["fio", rest @ ..] => fio::run(rest),
        ["spec-sheets"] => spec_sheets(),
        ["articles"] => articles(),
        ["gallery"] => gallery::run(),
        ["-h" | "--help" | "help"] => out::line(USAGE),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ssdsim: {message}");
            ExitCode::FAILURE
        }
    }
}

fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// A scenario file (a preset file too: its page-only keys are left out).
pub(crate) fn read_scenario(path: &str) -> Result<String, String> {
    read_input(path).map(|text| presets::scenario_text(&text).into_owned())
}

fn run(options: &trace::RunOptions) -> Result<(), String> {
    let text = read_scenario(&options.path)?;
    let mut scenario = Scenario::parse(&text).map_err(|e| format!("invalid scenario: {e}"))?;
    options.set_format(&mut scenario)?;
    let resolved = if options.unlimited { Resolved::compile_unlimited(&scenario) } else { Resolved::compile(&scenario) };
    let mut sim = resolved.and_then(|r| Simulation::with_causes(r, options.causes)).map_err(|e| format!("invalid scenario: {e}"))?;
    options.attach(&mut sim)?;
    progress::run_within(&mut sim, options.max_seconds);
    if let Some(e) = sim.replay_error() {
        return Err(format!("{}: {e}", e.field()));
    }
    if let Some(notice) = sim.stopped() {
        eprintln!("ssdsim: {notice}");
    }
    // The report, and where its latency went beside it.
    let zones = sim.drive().zoned().map(|z| z.zone_lines());
    let document = RunOutput { report: sim.report(), latency_causes: options.causes.then(|| sim.latency_causes()), zones };
    out::line(serde_json::to_string(&document).map_err(|e| format!("cannot write the result as JSON: {e}"))?)
}

/// What `ssdsim run` prints: the report's own fields, then where its latency went (absent
/// with --no-causes). Serialised as one document, never spliced from JSON texts: a report
/// ending in a nested object (the notice of a run stopped at a ceiling) once lost its braces
/// to a splice (issue 43).
#[derive(serde::Serialize)]
struct RunOutput {
    #[serde(flatten)]
    report: ssd_core::Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    latency_causes: Option<ssd_core::sim::LatencyCauses>,
    /// A zoned drive's zones at the end, one entry each: state, write pointer, erase
    /// count, refused commands (the first refusal's status on its zone).
    #[serde(skip_serializing_if = "Option::is_none")]
    zones: Option<Vec<ssd_core::device::zns::ZoneLine>>,
}

/// Where a run's latency went, as a table: per operation kind, the mean and each cause's
/// share, overall and for the commands slower than p99.
fn causes(path: &str) -> Result<(), String> {
    let text = read_scenario(path)?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("invalid scenario: {e}"))?;
    let mut sim = Simulation::new(&scenario).map_err(|e| format!("invalid scenario: {e}"))?;
    progress::run_to_end(&mut sim);
    out::line(out::causes_table(&sim.latency_causes()))
}

/// The drive's state along the run, each snapshot with its map cells (the byte layout of
/// `DriveSnapshots.cells` in web/src/engine/types.ts).
fn snapshots(path: &str) -> Result<(), String> {
    let text = read_scenario(path)?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("invalid scenario: {e}"))?;
    let mut sim = Simulation::new(&scenario).map_err(|e| format!("invalid scenario: {e}"))?;
    progress::run_to_end(&mut sim);
    let mut out: serde_json::Value = serde_json::from_str(&sim.snapshots_json()).map_err(|e| e.to_string())?;
    let per = out["cells_per_snapshot"].as_u64().unwrap_or(0).max(1) as usize;
    let cells = sim.snapshot_cells().chunks(per);
    if let Some(list) = out["snapshots"].as_array_mut() {
        for (snapshot, cells) in list.iter_mut().zip(cells) {
            snapshot["cells"] = cells.into();
        }
    }
    out::line(out.to_string())
}

/// The budget beside what the run really did, as JSON: how typical the estimate was.
fn budget(path: &str) -> Result<(), String> {
    let text = read_scenario(path)?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("invalid scenario: {e}"))?;
    let mut sim = Simulation::new(&scenario).map_err(|e| format!("invalid scenario: {e}"))?;
    let b = *sim.budget();
    let start = std::time::Instant::now();
    progress::run_to_end(&mut sim);
    let wall = start.elapsed().as_secs_f64();
    let s = sim.summary();
    let out = serde_json::json!({
        "budget": b,
        "done": { "work": sim.work_done(), "flash_ops": sim.flash_ops_done(), "events": s.events, "wall_s": wall, "simulated_s": s.duration_s },
        "stopped": sim.stopped(),
        "typical_over_done": b.typical_work as f64 / sim.work_done().max(1) as f64,
    });
    out::line(out)
}

/// Every "-like" preset measured under its spec sheet's conditions, as the Markdown table
/// docs/spec-sheets.md holds.
fn spec_sheets() -> Result<(), String> {
    let mut rows = Vec::new();
    for sheet in presets::spec_sheets::all().map_err(|e| e.to_string())? {
        rows.extend(sheet.measure().map_err(|e| format!("{}: {e}", sheet.preset))?);
    }
    out::line(presets::spec_sheets::markdown(&rows).trim_end())
}

/// Every article figure's numbers against the engine's, as the Markdown table
/// docs/articles.md holds.
fn articles() -> Result<(), String> {
    let rows = presets::article_lines::measure_all().map_err(|e| e.to_string())?;
    out::line(presets::articles::markdown(&rows).trim_end())
}

fn list_presets() -> Result<(), String> {
    for p in presets::all() {
        let s = p.scenario().map_err(|e| e.to_string())?;
        out::line(format_args!("{:<28} {}", p.name, s.name))?;
    }
    Ok(())
}

fn show_preset(name: &str) -> Result<(), String> {
    let p = presets::find(name).ok_or_else(|| {
        let names: Vec<_> = presets::all().map(|p| p.name).collect();
        format!("no preset named \"{name}\"; presets: {}", names.join(", "))
    })?;
    out::line(p.scenario().map_err(|e| e.to_string())?.to_json())
}

fn list_figures() -> Result<(), String> {
    for f in presets::figures_all().map_err(|e| e.to_string())? {
        out::line(format_args!("{:<28} {}", f.name, f.title))?;
    }
    Ok(())
}

/// Each member's headline series (the first), labelled with the member, plus its summary.
fn run_figure(name: &str) -> Result<(), String> {
    let figure = presets::find_figure(name).ok_or_else(|| format!("no figure named \"{name}\"; see ssdsim figures"))?.map_err(|e| e.to_string())?;
    let mut series = Vec::new();
    let mut summaries = serde_json::Map::new();
    for (_, label, scenario) in &figure.members {
        let report = Simulation::run_to_end(scenario).map_err(|e| format!("{label}: {e}"))?;
        let mut headline = report.series[0].clone();
        headline.id = format!("{}:{}", label, headline.id);
        headline.label = label.clone();
        series.push(headline);
        summaries.insert(label.clone(), serde_json::to_value(&report.summary).map_err(|e| e.to_string())?);
    }
    let out = serde_json::json!({ "figure": figure.name, "title": figure.title, "summary": summaries, "series": series });
    out::line(out)
}
