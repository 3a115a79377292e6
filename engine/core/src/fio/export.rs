//! A `job` workload written as a fio job file: a `[global]` section with what a real run
//! needs (an asynchronous engine, direct I/O, a target to replace) and one job section with
//! every option the engine models, in units fio reads back exactly.

use crate::scenario::{parse_scheme, DataPlacement, ErrorCode, Job, PlidSelect, RandomDistribution, Rw, ScenarioError, Workload};
use crate::units::MAX_SIZE_BYTES;
use std::fmt::Write as _;

/// The `filename` an exported file names: a plain file in the working directory, so that
/// running the file unedited never writes over a device. Point it at the drive under test.
pub const FILENAME_PLACEHOLDER: &str = "ssd-playground.test";

/// One job as a job file, its section named after `name` (`job` when empty).
pub fn export_job(job: &Job, name: &str) -> Result<String, ScenarioError> {
    Workload::Job(job.clone()).validate(MAX_SIZE_BYTES)?;
    let mut out = header("job");
    job_section(&mut out, job, name)?;
    Ok(out)
}

/// The file's first lines: what it is, and a `[global]` with what a real run needs.
pub(super) fn header(what: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "; SSD Playground {what} as a fio job file (docs/fio.md).");
    out.push_str("; filename is a placeholder: point it at the drive under test (a write job destroys its data).\n");
    out.push_str("[global]\nioengine=libaio\ndirect=1\n");
    let _ = writeln!(out, "filename={FILENAME_PLACEHOLDER}");
    out
}

/// One job's section, named after `name`, with every option the engine models.
pub(super) fn job_section(out: &mut String, job: &Job, name: &str) -> Result<(), ScenarioError> {
    let _ = writeln!(out, "\n[{}]", section_name(name));
    let _ = writeln!(out, "rw={}", rw(job.rw));
    let _ = writeln!(out, "rwmixread={}", job.rwmixread);
    let _ = writeln!(out, "bs={}", size(job.bs.0));
    let _ = writeln!(out, "iodepth={}", job.iodepth);
    let _ = writeln!(out, "numjobs={}", job.numjobs);
    let _ = writeln!(out, "offset={}", size(job.offset.0));
    if job.offset_increment.0 > 0 {
        let _ = writeln!(out, "offset_increment={}", size(job.offset_increment.0));
    }
    if job.size.0 > 0 {
        let _ = writeln!(out, "size={}", size(job.size.0));
    } else {
        out.push_str("; size left out: the whole device from offset\n");
    }
    if job.io_size.0 > 0 {
        let _ = writeln!(out, "io_size={}", size(job.io_size.0));
    }
    if job.runtime > 0.0 {
        let _ = writeln!(out, "runtime={}", time(job.runtime, 1_000_000, "runtime")?);
        if job.io_size.0 == 0 {
            // Without it fio would stop after one pass over size; the engine's job runs on.
            out.push_str("time_based\n");
        }
    }
    let _ = writeln!(out, "ramp_time={}", time(job.ramp_time, 1_000_000, "ramp_time")?);
    let _ = writeln!(out, "startdelay={}", time(job.startdelay, 1_000_000, "startdelay")?);
    let _ = writeln!(out, "thinktime={}", time(job.thinktime, 1, "thinktime")?);
    let _ = writeln!(out, "random_distribution={}", distribution(&job.random_distribution)?);
    if job.log_avg_msec > 0.0 {
        let _ = writeln!(out, "log_avg_msec={}", whole(job.log_avg_msec, "log_avg_msec", "milliseconds")?);
    }
    if job.buffer_compress_percentage > 0 {
        let _ = writeln!(out, "buffer_compress_percentage={}", job.buffer_compress_percentage);
    }
    if job.zero_buffers {
        out.push_str("zero_buffers\n");
    }
    sync(out, job);
    placement(out, job);
    Ok(())
}

/// When writes must be durable (`host::sync`): only the options the job sets.
fn sync(out: &mut String, job: &Job) {
    for (option, n) in [("fsync", job.fsync), ("fdatasync", job.fdatasync), ("write_barrier", job.write_barrier)] {
        if n > 0 {
            let _ = writeln!(out, "{option}={n}");
        }
    }
    if job.sync {
        out.push_str("sync=1\n");
    }
    if job.power_cut_s > 0.0 {
        let _ = writeln!(out, "; the playground cuts the power {} s into this job: fio has no such option", job.power_cut_s);
    }
}

/// fio's data placement options. fio sends placement directives only through its NVMe
/// passthrough engines, so the job switches to io_uring_cmd; a scheme's rows go to the file
/// `dp_scheme` names, written out here as comments to copy into it.
fn placement(out: &mut String, job: &Job) {
    let kind = match job.dataplacement {
        DataPlacement::None => return,
        DataPlacement::Fdp => "fdp",
        DataPlacement::Streams => "streams",
    };
    out.push_str("; placement directives need an NVMe passthrough engine: filename must be the namespace's character device (/dev/ngXnY)\n");
    out.push_str("ioengine=io_uring_cmd\ncmd_type=nvme\n");
    let _ = writeln!(out, "dataplacement={kind}");
    let select = match job.plid_select {
        PlidSelect::Roundrobin => "roundrobin",
        PlidSelect::Random => "random",
        PlidSelect::Scheme => "scheme",
    };
    let _ = writeln!(out, "plid_select={select}");
    if job.plid_select == PlidSelect::Scheme {
        let _ = writeln!(out, "; {SCHEME_PLACEHOLDER} must hold these lines (start, end, plid):");
        // Validation (above) refused rows that do not parse.
        for r in parse_scheme(&job.dp_scheme).unwrap_or_default() {
            let _ = writeln!(out, ";   {}, {}, {}", r.start, r.end, r.plid);
        }
        let _ = writeln!(out, "dp_scheme={SCHEME_PLACEHOLDER}");
    } else {
        let _ = writeln!(out, "plids={}", job.plids.split(',').map(str::trim).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(","));
    }
}

/// The scheme file an exported job names (fio reads `dp_scheme` rows from a file).
pub const SCHEME_PLACEHOLDER: &str = "ssd-playground.scheme";

/// `random_distribution` as fio takes it: zones written out in full (fio wants the access
/// percents to add up to 100; the engine also reads `zoned:80/20` as the short form of
/// `zoned:80/20:20/80`), and `zipf:1` refused (fio's zipf needs θ ≠ 1).
fn distribution(text: &str) -> Result<String, ScenarioError> {
    let parsed = RandomDistribution::parse(text).map_err(|why| ScenarioError::new("workload.random_distribution", ErrorCode::InvalidOption, why))?;
    Ok(match parsed {
        RandomDistribution::Uniform => crate::scenario::RANDOM.to_string(),
        RandomDistribution::Zipf(1.0) => {
            return Err(ScenarioError::new(
                "workload.random_distribution",
                ErrorCode::OutOfRange,
                "fio refuses zipf:1 (its θ must differ from 1.0): use 0.99 or 1.01",
            ));
        }
        RandomDistribution::Zoned { zones, count } => {
            let parts: Vec<String> = zones[..count as usize].iter().map(|(a, r)| format!("{a}/{r}")).collect();
            format!("zoned:{}", parts.join(":"))
        }
        _ => text.trim().to_string(),
    })
}

fn rw(rw: Rw) -> &'static str {
    match rw {
        Rw::Read => "read",
        Rw::Write => "write",
        Rw::Randread => "randread",
        Rw::Randwrite => "randwrite",
        Rw::Rw => "rw",
        Rw::Randrw => "randrw",
        Rw::Trim => "trim",
        Rw::Randtrim => "randtrim",
    }
}

/// A section name fio reads back: no `]`, no line breaks, not a `global` one.
fn section_name(name: &str) -> String {
    let cleaned: String = name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' || c == '.' { c } else { '-' }).take(64).collect();
    let cleaned = cleaned.trim_matches('-').to_string();
    if cleaned.is_empty() || cleaned.starts_with("global") {
        "job".to_string()
    } else {
        cleaned
    }
}

/// Bytes with the largest binary suffix that divides them (fio's default `kb_base=1024`
/// reads `k`, `m`, `g`, `t` as powers of 1024).
fn size(bytes: u64) -> String {
    for (suffix, unit) in [("t", 1u64 << 40), ("g", 1 << 30), ("m", 1 << 20), ("k", 1 << 10)] {
        if bytes >= unit && bytes.is_multiple_of(unit) {
            return format!("{}{suffix}", bytes / unit);
        }
    }
    bytes.to_string()
}

/// A time as whole microseconds with fio's suffixes; `unit_us` is the field's own unit (1 s
/// or 1 µs). fio reads integers, so a value that is not whole µs is refused.
fn time(value: f64, unit_us: u64, field: &str) -> Result<String, ScenarioError> {
    let us = whole((value * unit_us as f64).round(), field, "microseconds")?;
    // Read back as fio's parser and `options.rs` do: the same f64, or the value is refused.
    if us as f64 / unit_us as f64 != value {
        return Err(not_whole(field, value, "microseconds"));
    }
    Ok(if us == 0 {
        "0".to_string()
    } else if us.is_multiple_of(1_000_000) {
        format!("{}s", us / 1_000_000)
    } else if us.is_multiple_of(1_000) {
        format!("{}ms", us / 1_000)
    } else {
        format!("{us}us")
    })
}

pub(super) fn whole(value: f64, field: &str, unit: &str) -> Result<u64, ScenarioError> {
    if !(value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= MAX_SIZE_BYTES as f64) {
        return Err(not_whole(field, value, unit));
    }
    Ok(value as u64)
}

fn not_whole(field: &str, value: f64, unit: &str) -> ScenarioError {
    ScenarioError::new(
        format!("workload.{field}"),
        ErrorCode::OutOfRange,
        format!("fio takes whole {unit}: a value fio can hold exactly, from 0 (got {value})"),
    )
}
