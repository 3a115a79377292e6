//! Tenants on the host side (`workload.kind = "tenants"`): each tenant is a fio job with its
//! own thread, queue and random stream, running beside the others in one phase; what each
//! one saw is tallied apart (bytes, operations, latency), as fio reports each job of a job
//! file on its own.
//!
//! A tenant's IOPS cap is fio's `rate_iops` with its default linear pacing: the tenant's n-th
//! command may start no earlier than n / rate after the tenant started; a tenant behind its
//! schedule (the drive was slow) issues at once until it has caught up, as fio does.

use crate::metrics::{LatencySummary, Op};
use crate::scenario::{Job, Tenants};
use crate::units::Nanos;
use hdrhistogram::Histogram;
use serde::Serialize;
use ts_rs::TS;

/// One running tenant as the run loop needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct TenantJob {
    /// Its slot, 1 to 4 (`workload.tenant_<slot>`).
    pub slot: u32,
    pub job: Job,
    /// fio `rate_iops`; 0 = no cap.
    pub rate_iops: f64,
    /// The placement id its writes carry.
    pub plid: u16,
}

/// The running tenants of a workload, in slot order.
pub fn tenant_jobs(t: &Tenants) -> Vec<TenantJob> {
    t.running().map(|(slot, tenant)| TenantJob { slot: slot as u32, job: tenant.job(t.log_avg_msec), rate_iops: tenant.rate_iops, plid: tenant.plid }).collect()
}

/// Significant digits of a tenant's latency histograms: 1 % resolution is ample for a
/// tenant's percentiles, and keeps each histogram to tens of KiB (the run's own keep 3).
const TENANT_DIGITS: u8 = 2;

/// A tenant's latency histogram (1 ns to 1000 s), allocated once when its phase starts.
pub fn latency_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 1_000_000_000_000, TENANT_DIGITS).expect("static bounds are valid")
}

/// Bytes a tenant latency histogram takes (what the budget counts).
/// Measured once: validation asks for a budget on every edit of a scenario.
pub fn histogram_bytes() -> u64 {
    static BYTES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| (latency_histogram().distinct_values() * std::mem::size_of::<u64>()) as u64)
}

/// What one tenant saw: its own bytes, operations and latencies.
pub struct TenantTally {
    pub slot: u32,
    pub plid: u16,
    pub bytes: [u64; 3],
    pub ios: [u64; 3],
    latency: [Histogram<u64>; 2],
    started: Nanos,
    last_done: Nanos,
}

impl TenantTally {
    pub fn new(t: &TenantJob, started: Nanos) -> TenantTally {
        TenantTally { slot: t.slot, plid: t.plid, bytes: [0; 3], ios: [0; 3], latency: [latency_histogram(), latency_histogram()], started, last_done: started }
    }

    /// One finished command of this tenant.
    #[inline]
    pub fn complete(&mut self, op: Op, bytes: u64, issued: Nanos, done: Nanos) {
        let o = op as usize;
        self.bytes[o] += bytes;
        self.ios[o] += 1;
        self.last_done = self.last_done.max(done);
        if op != Op::Trim {
            self.latency[o].saturating_record((done - issued).max(1));
        }
    }

    /// Its results: rates over its own time, from its start to its last completion (fio's
    /// per-job numbers).
    pub fn summary(&self) -> TenantSummary {
        let seconds = self.last_done.saturating_sub(self.started) as f64 / 1e9;
        let per_s = |v: u64| if seconds > 0.0 { v as f64 / seconds } else { 0.0 };
        let (r, w) = (Op::Read as usize, Op::Write as usize);
        TenantSummary {
            tenant: self.slot as f64,
            plid: self.plid as f64,
            duration_s: seconds,
            read_bytes: self.bytes[r] as f64,
            written_bytes: self.bytes[w] as f64,
            trimmed_bytes: self.bytes[Op::Trim as usize] as f64,
            read_iops: per_s(self.ios[r]),
            write_iops: per_s(self.ios[w]),
            read_mb_per_s: per_s(self.bytes[r]) / 1e6,
            write_mb_per_s: per_s(self.bytes[w]) / 1e6,
            read_latency: LatencySummary::of(&self.latency[0]),
            write_latency: LatencySummary::of(&self.latency[1]),
        }
    }
}

/// One tenant's results (`report.tenants[]`). Bytes are of the simulated slice, like the
/// summary's; rates are over the tenant's own time.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TenantSummary {
    /// Its slot: 1 for `workload.tenant_1`, …
    pub tenant: f64,
    /// The placement id its writes carried (0: untagged). With FDP on, the handle in
    /// `report.placement.handles[]` whose write amplification is this tenant's when no other
    /// tenant shares the id.
    pub plid: f64,
    /// From the phase's start to the tenant's last completion.
    pub duration_s: f64,
    pub read_bytes: f64,
    pub written_bytes: f64,
    pub trimmed_bytes: f64,
    pub read_iops: f64,
    pub write_iops: f64,
    pub read_mb_per_s: f64,
    pub write_mb_per_s: f64,
    pub read_latency: LatencySummary,
    pub write_latency: LatencySummary,
}
