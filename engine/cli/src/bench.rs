//! `ssdsim bench`: how fast the engine simulates, on the fixed cases of `ssd_core::bench`
//! (the browser bench runs the same ones). A benchmark harness, not a test: it reports
//! numbers and never fails on them. Each case is built and run `--repeat` times; the table
//! gives the minimum and median wall time of preconditioning and of the workload loop apart,
//! as flash operations per second (every NAND read, program and erase, translation pages
//! and GC included).

use ssd_core::bench::{self, BenchCase, Measurement};
use std::time::Instant;

pub struct Options {
    pub json: bool,
    pub repeat: usize,
    /// Case ids to run; all if empty.
    pub cases: Vec<String>,
    /// Book each command's latency by cause (`--no-causes`: a run that does not, as a
    /// compare variant's).
    pub causes: bool,
}

impl Options {
    pub fn parse(args: &[&str]) -> Result<Options, String> {
        let mut o = Options { json: false, repeat: 3, cases: Vec::new(), causes: true };
        let mut it = args.iter();
        while let Some(&a) = it.next() {
            match a {
                "--json" => o.json = true,
                "--no-causes" => o.causes = false,
                "--repeat" => {
                    let v = it.next().ok_or("--repeat needs a count")?;
                    o.repeat = v.parse().ok().filter(|&n| (1..=100).contains(&n)).ok_or_else(|| format!("--repeat: \"{v}\" is not a count from 1 to 100"))?;
                }
                "--case" => {
                    let id = it.next().ok_or("--case needs a case id")?;
                    if bench::case(id).is_none() {
                        let ids: Vec<_> = bench::CASES.iter().map(|c| c.id).collect();
                        return Err(format!("--case: no case \"{id}\"; cases: {}", ids.join(", ")));
                    }
                    o.cases.push(id.to_string());
                }
                other => return Err(format!("bench: unknown option \"{other}\" (--json, --repeat N, --case ID, --no-causes)")),
            }
        }
        Ok(o)
    }
}

/// Minimum and median of some samples.
fn min_median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 };
    (v[0], median)
}

fn measure(case: &BenchCase, causes: bool) -> Result<Measurement, String> {
    let mut sim = bench::simulation(case, causes).map_err(|e| format!("{}: {e}", case.id))?;
    let start = Instant::now();
    Ok(bench::measure(&mut sim, || start.elapsed().as_secs_f64()))
}

pub fn run(options: &Options) -> Result<(), String> {
    let mut rows = Vec::new();
    if !options.json {
        crate::out::line(format_args!("{:<58} {:>22} {:>22}  (min / median of {})", "case", "loop flash ops/s", "precond. flash ops/s", options.repeat))?;
    }
    for case in bench::CASES.iter().filter(|c| options.cases.is_empty() || options.cases.iter().any(|id| id == c.id)) {
        let runs = (0..options.repeat).map(|_| measure(case, options.causes)).collect::<Result<Vec<_>, _>>()?;
        let first = runs[0];
        // The work is the same every time (same scenario, same seed); only the time varies.
        let (run_min, run_median) = min_median(runs.iter().map(|m| m.run_s).collect());
        let (pre_min, pre_median) = min_median(runs.iter().map(|m| m.precondition_s).collect());
        let rate = |ops: u64, s: f64| if ops == 0 { 0.0 } else { ops as f64 / s };
        let row = serde_json::json!({
            "case": case.id,
            "name": case.name,
            "repeat": options.repeat,
            "run_flash_ops": first.run_flash_ops,
            "run_s_min": run_min,
            "run_s_median": run_median,
            "run_flash_ops_per_s_best": rate(first.run_flash_ops, run_min),
            "run_flash_ops_per_s_median": rate(first.run_flash_ops, run_median),
            "precondition_flash_ops": first.precondition_flash_ops,
            "precondition_s_min": pre_min,
            "precondition_s_median": pre_median,
            "precondition_flash_ops_per_s_best": rate(first.precondition_flash_ops, pre_min),
            "precondition_flash_ops_per_s_median": rate(first.precondition_flash_ops, pre_median),
            "events": first.events,
            "simulated_s": first.simulated_s,
        });
        if !options.json {
            let mops = |ops: u64, s: f64| rate(ops, s) / 1e6;
            crate::out::line(format_args!(
                "{:<58} {:>9.2} / {:>6.2} M {:>9.2} / {:>6.2} M  (loop {:.2} s, {:.1} M ops; precond. {:.2} s, {:.1} M ops)",
                case.name,
                mops(first.run_flash_ops, run_min),
                mops(first.run_flash_ops, run_median),
                mops(first.precondition_flash_ops, pre_min),
                mops(first.precondition_flash_ops, pre_median),
                run_median,
                first.run_flash_ops as f64 / 1e6,
                pre_median,
                first.precondition_flash_ops as f64 / 1e6,
            ))?;
        }
        rows.push(row);
    }
    if options.json {
        crate::out::line(serde_json::Value::Array(rows))?;
    }
    Ok(())
}
