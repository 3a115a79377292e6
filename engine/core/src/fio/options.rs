//! The options the engine models, each read into its `Job` field; every other option is
//! kept in the list of unmodelled ones with the reason.

use super::ini::{short, Entry};
use super::values::{self, Size};
use super::{FioError, Unmodelled, UnmodelledKind};
use crate::scenario::{parse_plids, DataPlacement, ErrorCode, Job, PlidSelect, Rw, RANDOM};

/// Where a job field's value came from, so a refusal can name the line and the option.
#[derive(Clone, Debug)]
pub struct Origin {
    pub section: String,
    pub line: usize,
    pub option: String,
}

/// A job being read: fio's defaults, then each `[global]` before the job, then the job.
pub struct Builder {
    pub job: Job,
    pub kb_base: u64,
    pub time_based: bool,
    /// Whether `io_size` was written (without it and without `time_based`, fio stops after
    /// `size` bytes).
    pub io_size_set: bool,
    /// The latest option that set each job field (`rwmixwrite` sets `rwmixread`).
    pub origins: Vec<(&'static str, Origin)>,
    pub unmodelled: Vec<Unmodelled>,
}

/// fio's defaults for the fields the engine models (fio's `rw=read`, `iodepth=1`, size =
/// the whole device, which the engine writes as `size: 0`).
pub fn fio_defaults() -> Job {
    Job {
        rw: Rw::Read,
        rwmixread: 50,
        bs: crate::units::Bytes(4096),
        iodepth: 1,
        numjobs: 1,
        offset: crate::units::Bytes(0),
        offset_increment: crate::units::Bytes(0),
        size: crate::units::Bytes(0),
        io_size: crate::units::Bytes(0),
        runtime: 0.0,
        ramp_time: 0.0,
        startdelay: 0.0,
        log_avg_msec: 0.0,
        thinktime: 0.0,
        fsync: 0,
        fdatasync: 0,
        sync: false,
        write_barrier: 0,
        power_cut_s: 0.0,
        buffer_compress_percentage: 0,
        zero_buffers: false,
        random_distribution: RANDOM.to_string(),
        dataplacement: DataPlacement::None,
        plids: String::new(),
        plid_select: PlidSelect::Roundrobin,
        dp_scheme: String::new(),
    }
}

const SECOND_US: u64 = 1_000_000;

impl Builder {
    pub fn new() -> Self {
        Self { job: fio_defaults(), kb_base: 1024, time_based: false, io_size_set: false, origins: Vec::new(), unmodelled: Vec::new() }
    }

    /// Reads one option line of `section` into the job, or into the unmodelled list.
    pub fn apply(&mut self, section: &str, entry: &Entry) -> Result<(), FioError> {
        let origin = Origin { section: section.to_string(), line: entry.line, option: entry.key.clone() };
        let fail = |field: &str, message: String| FioError {
            line: entry.line,
            section: section.to_string(),
            option: entry.key.clone(),
            field: if field.is_empty() { String::new() } else { format!("workload.{field}") },
            // A value fio's grammar or the engine's knob cannot hold; the message says which.
            code: ErrorCode::InvalidType,
            message,
        };
        let value = entry.value.as_deref();
        let needs = |field: &str| value.filter(|v| !v.is_empty()).ok_or_else(|| fail(field, "needs a value (option=value)".to_string()));
        let field: &'static str = match entry.key.as_str() {
            "rw" | "readwrite" => {
                self.rw(section, entry, needs("rw")?).map_err(|m| fail("rw", m))?;
                "rw"
            }
            "bs" | "blocksize" => {
                self.job.bs = crate::units::Bytes(self.block_size(section, entry, needs("bs")?).map_err(|m| fail("bs", m))?);
                "bs"
            }
            "rwmixread" | "rwmixwrite" | "iodepth" | "numjobs" | "log_avg_msec" | "buffer_compress_percentage" | "fsync" | "fdatasync" | "write_barrier" => {
                let field = number_field(&entry.key);
                self.number(&entry.key, needs(field)?).map_err(|m| fail(field, m))?;
                field
            }
            "offset" | "offset_increment" | "size" | "io_size" | "io_limit" => {
                self.region(entry, needs(region_field(&entry.key))?).map_err(|(f, m)| fail(f, m))?
            }
            "runtime" | "timeout" | "ramp_time" | "startdelay" => self.seconds(entry, needs(time_field(&entry.key))?).map_err(|(f, m)| fail(f, m))?,
            "thinktime" => {
                self.job.thinktime = values::time_us(needs("thinktime")?, 1).map_err(|m| fail("thinktime", m))? as f64;
                "thinktime"
            }
            "time_based" => {
                self.time_based = values::flag(value).map_err(|m| fail("runtime", m))?;
                "runtime"
            }
            "sync" => {
                self.job.sync = sync_mode(value).map_err(|m| fail("sync", m))?;
                "sync"
            }
            "zero_buffers" => {
                self.job.zero_buffers = values::flag(value).map_err(|m| fail("zero_buffers", m))?;
                "zero_buffers"
            }
            "random_distribution" => {
                let text = needs("random_distribution")?;
                if crate::scenario::RandomDistribution::parse(text) == Ok(crate::scenario::RandomDistribution::Zipf(1.0)) {
                    return Err(fail("random_distribution", "fio refuses zipf:1 (its θ must differ from 1.0): use 0.99 or 1.01".to_string()));
                }
                self.job.random_distribution = text.to_string();
                "random_distribution"
            }
            "dataplacement" | "fdp" | "plids" | "fdp_pli" | "plid_select" | "fdp_pli_select" => {
                self.placement(&entry.key, value).map_err(|(f, m)| fail(f, m))?
            }
            "dp_scheme" => {
                // fio reads the rows from a file this import cannot open.
                let reason = "the scheme file is not read: write its rows (start, end, plid) in the job's dp_scheme".to_string();
                self.note(section, entry, None, reason);
                return Ok(());
            }
            "kb_base" => {
                self.kb_base = match value.map(str::trim) {
                    Some("1000") => 1000,
                    Some("1024") => 1024,
                    _ => return Err(fail("", format!("kb_base must be 1000 or 1024 (got {})", short(value.unwrap_or(""))))),
                };
                return Ok(());
            }
            _ => {
                self.note(section, entry, None, super::reasons::reason(&entry.key));
                return Ok(());
            }
        };
        self.origins.push((field, origin));
        Ok(())
    }

    /// The whole-number options; `rwmixwrite` sets the read share to what it leaves.
    fn number(&mut self, option: &str, text: &str) -> Result<(), String> {
        let value = values::whole(text, self.kb_base)?;
        match option {
            "rwmixread" | "rwmixwrite" if value > 100 => return Err(format!("must be between 0 and 100 % (got {value})")),
            "rwmixread" => self.job.rwmixread = value,
            "rwmixwrite" => self.job.rwmixread = 100 - value,
            "iodepth" => self.job.iodepth = value,
            "numjobs" => self.job.numjobs = value,
            "fsync" => self.job.fsync = value,
            "fdatasync" => self.job.fdatasync = value,
            "write_barrier" => self.job.write_barrier = value,
            "log_avg_msec" => self.job.log_avg_msec = value as f64,
            _ => self.job.buffer_compress_percentage = value,
        }
        Ok(())
    }

    /// fio's data placement options (`fdp=1` is `dataplacement=fdp`; `fdp_pli` and
    /// `fdp_pli_select` are the older names of `plids` and `plid_select`).
    fn placement(&mut self, option: &str, value: Option<&str>) -> Result<&'static str, (&'static str, String)> {
        let text = value.unwrap_or("").trim();
        match option {
            "fdp" => {
                let on = values::flag(value).map_err(|m| ("dataplacement", m))?;
                self.job.dataplacement = if on { DataPlacement::Fdp } else { DataPlacement::None };
                Ok("dataplacement")
            }
            "dataplacement" => {
                self.job.dataplacement = match text {
                    "none" => DataPlacement::None,
                    "fdp" => DataPlacement::Fdp,
                    "streams" => DataPlacement::Streams,
                    _ => return Err(("dataplacement", format!("must be none, fdp or streams (got {})", short(text)))),
                };
                Ok("dataplacement")
            }
            "plids" | "fdp_pli" => {
                parse_plids(text).map_err(|m| ("plids", m))?;
                self.job.plids = text.to_string();
                Ok("plids")
            }
            _ => {
                self.job.plid_select = match text {
                    "roundrobin" => PlidSelect::Roundrobin,
                    "random" => PlidSelect::Random,
                    "scheme" => PlidSelect::Scheme,
                    _ => return Err(("plid_select", format!("must be random, roundrobin or scheme (got {})", short(text)))),
                };
                Ok("plid_select")
            }
        }
    }

    /// Lists an option (or part of one, `part`) the engine reads without modelling.
    pub fn note(&mut self, section: &str, entry: &Entry, part: Option<&str>, reason: String) {
        let value = part.or(entry.value.as_deref()).unwrap_or("").to_string();
        let kind = if reason.starts_with("accepted") { UnmodelledKind::NoEffect } else { UnmodelledKind::NotModelled };
        self.unmodelled.push(Unmodelled { section: section.to_string(), line: entry.line, option: entry.key.clone(), value, kind, reason });
    }

    /// `rw=randrw` and fio's `:N` suffix (N I/Os per new random offset, or a hole after each
    /// sequential I/O), which the engine does not model: listed, the pattern kept.
    fn rw(&mut self, section: &str, entry: &Entry, text: &str) -> Result<(), String> {
        let (pattern, modifier) = match text.split_once(':') {
            Some((p, m)) => (p.trim(), Some(m)),
            None => (text.trim(), None),
        };
        self.job.rw = match pattern {
            "read" => Rw::Read,
            "write" => Rw::Write,
            "randread" => Rw::Randread,
            "randwrite" => Rw::Randwrite,
            "rw" | "readwrite" => Rw::Rw,
            "randrw" => Rw::Randrw,
            "trim" => Rw::Trim,
            "randtrim" => Rw::Randtrim,
            "trimwrite" | "randtrimwrite" => return Err(format!("{pattern} (a trim then a write of each block) is not modelled: the engine takes read, write, randread, randwrite, rw, randrw, trim or randtrim")),
            _ => return Err(format!("must be read, write, randread, randwrite, rw (readwrite), randrw, trim or randtrim (got {})", short(pattern))),
        };
        if let Some(modifier) = modifier {
            let reason = format!("the :{} offset modifier is not modelled: the engine runs plain {pattern}", short(modifier));
            self.note(section, entry, Some(text), reason);
        }
        Ok(())
    }

    /// `bs=4k`, or fio's `bs=read,write,trim` list: one size for all is taken as is; sizes
    /// that differ are listed and the first is used (the engine has one block size).
    fn block_size(&mut self, section: &str, entry: &Entry, text: &str) -> Result<u64, String> {
        let mut sizes = Vec::new();
        for part in text.split(',').filter(|p| !p.trim().is_empty()) {
            match values::size(part, self.kb_base)? {
                Size::Bytes(b) => sizes.push(b),
                Size::Percent(_) => return Err("a block size is bytes, not a percentage".to_string()),
            }
        }
        let Some(&first) = sizes.first() else { return Err("needs a value (bs=4k)".to_string()) };
        if sizes.iter().any(|&b| b != first) {
            self.note(section, entry, None, format!("separate read/write/trim block sizes are not modelled: every I/O uses the first, {first} bytes"));
        }
        Ok(first)
    }

    /// `offset`, `size` and `io_size`: bytes; `size=100%` is the whole device (`size: 0`).
    fn region(&mut self, entry: &Entry, text: &str) -> Result<&'static str, (&'static str, String)> {
        let field = region_field(&entry.key);
        let bytes = match values::size(text, self.kb_base).map_err(|m| (field, m))? {
            Size::Bytes(b) => b,
            Size::Percent(100) if field == "size" => 0,
            Size::Percent(0) if field == "offset" => 0,
            Size::Percent(p) => return Err((field, format!("{p}% of the device is not modelled here: write bytes (size=100% alone means the whole device)"))),
        };
        match field {
            "offset" => self.job.offset.0 = bytes,
            "offset_increment" => self.job.offset_increment.0 = bytes,
            "size" => self.job.size.0 = bytes,
            _ => {
                self.job.io_size.0 = bytes;
                self.io_size_set = true;
            }
        }
        Ok(field)
    }

    /// `runtime`, `ramp_time`, `startdelay`: seconds unless suffixed. A `startdelay` range
    /// (`1-5`, a random delay) is refused by the grammar.
    fn seconds(&mut self, entry: &Entry, text: &str) -> Result<&'static str, (&'static str, String)> {
        let field = time_field(&entry.key);
        let us = values::time_us(text, SECOND_US).map_err(|m| (field, m))?;
        // Exact for any whole number of µs below 2^53: the same f64 a decimal literal gives.
        let seconds = us as f64 / SECOND_US as f64;
        match field {
            "ramp_time" => self.job.ramp_time = seconds,
            "startdelay" => self.job.startdelay = seconds,
            _ => self.job.runtime = seconds,
        }
        Ok(field)
    }
}

/// The job field a region option sets (`io_limit` is fio's other name for `io_size`).
fn region_field(option: &str) -> &'static str {
    match option {
        "offset" => "offset",
        "offset_increment" => "offset_increment",
        "size" => "size",
        _ => "io_size",
    }
}

/// The job field a time option sets (`timeout` is fio's other name for `runtime`).
fn time_field(option: &str) -> &'static str {
    match option {
        "ramp_time" => "ramp_time",
        "startdelay" => "startdelay",
        _ => "runtime",
    }
}

/// The job field a whole-number option sets (`rwmixwrite` sets `rwmixread`).
fn number_field(option: &str) -> &'static str {
    match option {
        "rwmixread" | "rwmixwrite" => "rwmixread",
        "iodepth" => "iodepth",
        "numjobs" => "numjobs",
        "log_avg_msec" => "log_avg_msec",
        "fsync" => "fsync",
        "fdatasync" => "fdatasync",
        "write_barrier" => "write_barrier",
        _ => "buffer_compress_percentage",
    }
}

/// fio's `sync`: a flag, or since fio 3.31 the O_ flag by name (`none`, `sync`, `dsync`); on a
/// block device O_SYNC and O_DSYNC both make every write FUA.
fn sync_mode(value: Option<&str>) -> Result<bool, String> {
    match value.map(str::trim) {
        Some("none") => Ok(false),
        Some("sync") | Some("dsync") => Ok(true),
        _ => values::flag(value).map_err(|m| format!("{m}, or none, sync or dsync")),
    }
}
