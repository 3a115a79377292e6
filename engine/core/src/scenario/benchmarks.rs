//! Benchmarks: the measurement protocols behind the articles' charts. Each one expands into
//! a list of fio-style jobs (see `host::plan`).

use super::error::{Check, ScenarioError};
use super::workload::{Job, Rw, Workload};
use crate::units::{Bytes, GIB, KIB, MIB};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct SpanSweep {
    /// `randread` or `randwrite`.
    pub rw: Rw,
    pub bs: Bytes,
    pub iodepth: u32,
    /// One chart point per access span, each span starting at LBA 0.
    pub spans: Vec<Bytes>,
    /// Per point: seconds of simulated time (0 = no limit).
    pub runtime: f64,
    /// Per point: bytes of I/O (0 = no limit). The article's write test writes 4 GB a point.
    pub io_size: Bytes,
    /// Per point: unmeasured warm-up first, seconds (caches fill; TxBENCH's 30-second
    /// averages hide the warm-up the same way).
    pub ramp_time: f64,
}

impl Default for SpanSweep {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            bs: Bytes(4 * KIB),
            iodepth: 32,
            spans: [1, 2, 4, 8].map(|g| Bytes(g * GIB)).to_vec(),
            runtime: 0.02,
            io_size: Bytes(0),
            ramp_time: 0.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct WholeDriveWrite {
    /// `write` (sequential) or `randwrite`.
    pub rw: Rw,
    pub bs: Bytes,
    pub iodepth: u32,
    /// Bytes to write; 0 = the drive's user capacity.
    pub io_size: Bytes,
    /// Chart points along the data written.
    pub points: u32,
    /// Data pattern (fio names): compressible percent, or zeros.
    pub buffer_compress_percentage: u32,
    pub zero_buffers: bool,
}

impl Default for WholeDriveWrite {
    fn default() -> Self {
        Self { rw: Rw::Write, bs: Bytes(128 * KIB), iodepth: 32, io_size: Bytes(0), points: 200, buffer_compress_percentage: 0, zero_buffers: false }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct LatencyTrace {
    pub rw: Rw,
    pub bs: Bytes,
    pub iodepth: u32,
    pub offset: Bytes,
    /// The file (region) the operations walk through.
    pub size: Bytes,
    /// Bytes of I/O; 0 = `size` once.
    pub io_size: Bytes,
    /// At most this many chart points; with more operations each point keeps the worst
    /// latency of its group, so spikes survive.
    pub max_points: u32,
}

impl Default for LatencyTrace {
    fn default() -> Self {
        Self { rw: Rw::Write, bs: Bytes(8 * MIB), iodepth: 1, offset: Bytes(0), size: Bytes(2 * GIB), io_size: Bytes(0), max_points: 4000 }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct SteadyState {
    pub rw: Rw,
    pub bs: Bytes,
    pub iodepth: u32,
    pub offset: Bytes,
    /// Region the rounds write; 0 = from `offset` to the end of the drive.
    pub size: Bytes,
    /// Bytes written per round (one chart point each).
    pub round_bytes: Bytes,
    pub rounds: u32,
    /// Data pattern (fio names): compressible percent, or zeros (article 003 compares them).
    pub buffer_compress_percentage: u32,
    pub zero_buffers: bool,
}

impl Default for SteadyState {
    fn default() -> Self {
        Self {
            rw: Rw::Randwrite,
            bs: Bytes(4 * KIB),
            iodepth: 32,
            offset: Bytes(0),
            size: Bytes(0),
            round_bytes: Bytes(GIB),
            rounds: 8,
            buffer_compress_percentage: 0,
            zero_buffers: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TransferSizeSweep {
    pub rw: Rw,
    /// One chart point per transfer size.
    pub sizes: Vec<Bytes>,
    pub iodepth: u32,
    pub offset: Bytes,
    pub size: Bytes,
    /// Per point, seconds of simulated time.
    pub runtime: f64,
}

impl Default for TransferSizeSweep {
    fn default() -> Self {
        Self {
            rw: Rw::Randread,
            sizes: [4, 8, 16, 32, 64, 128, 256, 512, 768, 1024].map(|k| Bytes(k * KIB)).to_vec(),
            iodepth: 1,
            offset: Bytes(0),
            size: Bytes(100 * MIB),
            runtime: 0.05,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct CrystalDiskMark {
    /// The test file.
    pub size: Bytes,
    /// Per test, seconds of simulated time.
    pub runtime: f64,
}

impl Default for CrystalDiskMark {
    fn default() -> Self {
        Self { size: Bytes(GIB), runtime: 0.05 }
    }
}

impl Workload {
    pub(crate) fn validate(&self, user_bytes: u64) -> Result<(), ScenarioError> {
        let c = Check { prefix: "workload" };
        let rw_in = |rw: Rw, allowed: &[Rw]| -> Result<(), ScenarioError> {
            if allowed.contains(&rw) {
                Ok(())
            } else {
                let names: Vec<_> = allowed.iter().map(|r| format!("{r:?}").to_lowercase()).collect();
                Err(c.fail("rw", format!("must be one of {} for this benchmark (got {})", names.join(", "), format!("{rw:?}").to_lowercase())))
            }
        };
        // Every benchmark becomes jobs; checking those covers sizes, ranges and alignment.
        for (i, job) in crate::host::plan::jobs_of(self, user_bytes).iter().enumerate() {
            let field_of_point = match self {
                Workload::Job(_) => "workload".to_string(),
                _ => format!("workload (point {})", i + 1),
            };
            job.validate(&field_of_point, user_bytes).map_err(|e| remap(e, self))?;
        }
        match self {
            Workload::Job(_) => Ok(()),
            Workload::SpanSweep(s) => {
                rw_in(s.rw, &[Rw::Randread, Rw::Randwrite])?;
                c.int("spans.length", s.spans.len() as u64, 1, 64)?;
                for (i, span) in s.spans.iter().enumerate() {
                    c.int(&format!("spans[{i}]"), span.0, s.bs.0, user_bytes)?;
                }
                Ok(())
            }
            Workload::WholeDriveWrite(w) => {
                rw_in(w.rw, &[Rw::Write, Rw::Randwrite])?;
                c.knob("points", w.points as f64)
            }
            Workload::LatencyTrace(t) => c.knob("max_points", t.max_points as f64),
            Workload::SteadyState(s) => {
                rw_in(s.rw, &[Rw::Write, Rw::Randwrite])?;
                c.knob("rounds", s.rounds as f64)?;
                c.int("round_bytes", s.round_bytes.0, s.bs.0, 1 << 45)
            }
            Workload::TransferSizeSweep(t) => {
                rw_in(t.rw, &[Rw::Read, Rw::Randread, Rw::Write, Rw::Randwrite])?;
                c.int("sizes.length", t.sizes.len() as u64, 1, 64)
            }
            Workload::CrystalDiskMark(m) => c.int("size", m.size.0, 8 * MIB, user_bytes),
        }
    }
}

/// A job derived from a benchmark reports its errors under the benchmark's own field names.
fn remap(e: ScenarioError, w: &Workload) -> ScenarioError {
    if matches!(w, Workload::Job(_)) {
        return e;
    }
    let field = e.field.rsplit('.').next().unwrap_or_default();
    ScenarioError::new(format!("workload.{field}"), e.message)
}

/// Shared by the benchmarks' job builders.
pub(crate) fn job(rw: Rw, bs: Bytes, iodepth: u32, offset: Bytes, size: Bytes) -> Job {
    Job { rw, bs, iodepth, offset, size, io_size: Bytes(0), runtime: 0.0, ..Job::default() }
}
