//! `ssdsim trace FILE [--format NAME] [--device LABEL]... [--complete] [--json]`: reads a
//! block trace, streamed (never loaded whole), and prints its summary. Also the trace
//! options of `ssdsim run --trace FILE [--trace-format NAME]`.

use ssd_core::host::StreamSource;
use ssd_core::scenario::{TraceFormatChoice, Workload};
use ssd_core::trace::{summarize, BlkparseEvent, TraceFormat, TraceOptions, TraceSummary};
use ssd_core::{Scenario, Simulation};
use std::io::BufReader;

/// `ssdsim run`'s arguments.
pub struct RunOptions {
    pub path: String,
    pub unlimited: bool,
    /// Book each command's latency by cause (`--no-causes`: faster, no `latency_causes`).
    pub causes: bool,
    /// The wall-time ceiling, seconds (`--max-seconds`; `WALL_TIME_LIMIT_S` by default).
    pub max_seconds: f64,
    trace: Option<String>,
    format: Option<TraceFormat>,
}

impl RunOptions {
    pub fn parse(args: &[&str]) -> Result<RunOptions, String> {
        let (mut path, mut unlimited, mut causes, mut trace, mut format) = (None, false, true, None, None);
        let mut max_seconds = ssd_core::sim::WALL_TIME_LIMIT_S;
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            match arg {
                "--unlimited" => unlimited = true,
                "--no-causes" => causes = false,
                "--max-seconds" => {
                    let v = args.next().ok_or("--max-seconds needs a number of seconds")?;
                    max_seconds = v
                        .parse()
                        .ok()
                        .filter(|s: &f64| *s > 0.0 && s.is_finite())
                        .ok_or_else(|| format!("--max-seconds: \"{v}\" is not a positive number of seconds"))?;
                }
                "--trace" => trace = Some(args.next().ok_or("--trace needs a FILE")?.to_string()),
                "--trace-format" => format = Some(format_named(args.next().ok_or("--trace-format needs a name")?)?),
                _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
                _ if path.is_none() => path = Some(arg.to_string()),
                _ => return Err(format!("one scenario at a time (got {arg} too)")),
            }
        }
        if format.is_some() && trace.is_none() {
            return Err("--trace-format goes with --trace FILE".into());
        }
        Ok(RunOptions { path: path.ok_or("ssdsim run needs a scenario (a file, or - for standard input)")?, unlimited, causes, max_seconds, trace, format })
    }

    /// `--trace-format` overrides the scenario's `workload.format`.
    pub fn set_format(&self, scenario: &mut Scenario) -> Result<(), String> {
        if self.trace.is_some() && !matches!(scenario.workload, Workload::Trace(_)) {
            return Err("--trace replays a trace workload: set workload.kind to \"trace\" in the scenario".into());
        }
        if let (Workload::Trace(t), Some(format)) = (&mut scenario.workload, self.format) {
            t.format = TraceFormatChoice::of(format);
        }
        Ok(())
    }

    /// Streams the `--trace` file into the run.
    pub fn attach(&self, sim: &mut Simulation) -> Result<(), String> {
        let (Some(path), Some(options)) = (&self.trace, sim.trace_options()) else { return Ok(()) };
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let size = file.metadata().ok().map(|m| m.len());
        let source = StreamSource::new(BufReader::with_capacity(1 << 20, file), &options, size);
        sim.attach_trace(Box::new(source)).map_err(|e| e.to_string())
    }
}

fn format_named(name: &str) -> Result<TraceFormat, String> {
    let names: Vec<_> = TraceFormat::ALL.iter().map(|f| f.id()).collect();
    TraceFormat::from_id(name).ok_or_else(|| format!("no trace format \"{name}\"; formats: {}", names.join(", ")))
}

pub struct Options {
    path: String,
    trace: TraceOptions,
    json: bool,
}

impl Options {
    pub fn parse(args: &[&str]) -> Result<Options, String> {
        let mut path = None;
        let mut trace = TraceOptions::default();
        let mut json = false;
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            match arg {
                "--json" => json = true,
                "--complete" => trace.blkparse_event = BlkparseEvent::Complete,
                "--format" => trace.format = Some(format_named(args.next().ok_or("--format needs a name")?)?),
                "--device" => trace.devices.push(args.next().ok_or("--device needs a label (as the summary lists them)")?.to_string()),
                _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
                _ if path.is_none() => path = Some(arg.to_string()),
                _ => return Err(format!("one trace file at a time (got {arg} too)")),
            }
        }
        Ok(Options { path: path.ok_or("ssdsim trace needs a FILE")?, trace, json })
    }
}

pub fn run(options: &Options) -> Result<(), String> {
    let file = std::fs::File::open(&options.path).map_err(|e| format!("cannot read {}: {e}", options.path))?;
    let summary = summarize(BufReader::with_capacity(1 << 20, file), &options.trace).map_err(|e| format!("{}: {e}", options.path))?;
    if options.json {
        crate::out::line(serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?)
    } else {
        crate::out::line(table(&summary))
    }
}

fn table(s: &TraceSummary) -> String {
    use std::fmt::Write;
    let mut t = String::new();
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    let _ = writeln!(t, "{:<26} {}", "format", s.format.id());
    let _ = writeln!(t, "{:<26} {}", "sha256", s.sha256);
    let _ = writeln!(t, "{:<26} {}", "commands", s.commands);
    for (name, o) in [("reads", s.reads), ("writes", s.writes), ("trims", s.trims)] {
        let _ = writeln!(t, "{name:<26} {} commands, {} bytes ({:.1} MiB)", o.commands, o.bytes, mib(o.bytes));
    }
    let unit = if s.footprint_unit_bytes == 4096 { String::new() } else { format!(" (upper bound, {} B units)", s.footprint_unit_bytes) };
    let _ = writeln!(t, "{:<26} {} bytes ({:.1} MiB){unit}", "footprint", s.footprint_bytes, mib(s.footprint_bytes));
    let _ = writeln!(t, "{:<26} {} read, {} written", "", s.read_footprint_bytes, s.written_footprint_bytes);
    let _ = writeln!(t, "{:<26} {} bytes ({:.2} GiB)", "highest address", s.highest_address_bytes, mib(s.highest_address_bytes) / 1024.0);
    let _ = writeln!(t, "{:<26} {:.6} s", "duration", s.duration_ns as f64 / 1e9);
    let _ = writeln!(t, "{:<26} {:.1}", "mean IOPS", s.mean_iops);
    let sampled = if s.skew_sample_fraction < 1.0 { format!(" (estimated on {:.4} of units)", s.skew_sample_fraction) } else { String::new() };
    let _ = writeln!(t, "{:<26} {:.1} %{sampled}", "accesses to hottest 20 %", 100.0 * s.skew_hot20_share);
    let l = &s.lines;
    let _ = writeln!(
        t,
        "{:<26} {} ({} blank, {} header, {} flush, {} other events, {} file actions, {} trailer, {} empty, {} other devices)",
        "lines", l.lines, l.blank_lines, l.headers, l.flushes, l.other_events, l.file_actions, l.trailer_lines, l.empty_commands, l.other_devices
    );
    if s.clock.times_clamped > 0 {
        let _ = writeln!(t, "{:<26} {} commands (largest step back {} ns)", "times out of order", s.clock.times_clamped, s.clock.largest_step_back_ns);
    }
    let _ = writeln!(t, "size histogram");
    for b in &s.size_histogram {
        let _ = writeln!(t, "  {:>12} B  {}", format!("≤ {}", b.up_to_bytes), b.commands);
    }
    let _ = writeln!(t, "devices ({})", s.devices.len());
    for d in s.devices.iter().take(50) {
        let _ = writeln!(t, "  {:<20} id {:<10} {} commands{}", d.label, d.id, d.commands, if d.kept { "" } else { " (skipped)" });
    }
    if s.devices.len() > 50 {
        let _ = writeln!(t, "  … {} more (--json lists all)", s.devices.len() - 50);
    }
    for label in &s.devices_not_found {
        let _ = writeln!(t, "  --device {label}: no such device in the trace");
    }
    t.trim_end().to_string()
}
