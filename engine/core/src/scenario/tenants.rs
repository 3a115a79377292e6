//! Tenants: several fio-style jobs running on the drive at once, as a fio job file with
//! several job sections and no `stonewall` runs them (issue 45: "multi-tenant jobs with their
//! own placement ids"). Each tenant has its own region, pattern, queue (`iodepth`: fio gives
//! each job its own), rate (`rate_iops`, fio's) and placement id; the run ends when every
//! tenant has reached its own end (`io_size` or `runtime`), as fio's does.
//!
//! The tenants are four fixed slots (`tenant_1` … `tenant_4`), each switched on or off, rather
//! than a list: the knob catalogue and the page's forms address every field by a dotted path,
//! and a slot's knobs are shown only while it is on (`when`).
//!
//! The canonical demonstration (FDP's, CacheLib's and Samsung's): one tenant writes a log
//! sequentially and overwrites it in the same order (its data dies in write order), another
//! writes 4 KiB at random over its own region. Without placement GC copies the log's data
//! along with the random tenant's; with FDP each tenant's reclaim units hold only its own
//! data, and each tenant's write amplification is what it would be alone.

use super::error::{Check, ErrorCode, ScenarioError};
use super::gather::Knobs as _;
use super::job::{Job, Rw, RANDOM};
use super::knobs::{doc, Knobs};
use super::placement::{DataPlacement, PlidSelect};
use crate::units::{Bytes, GIB};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How many tenant slots a workload has.
pub const TENANT_SLOTS: usize = 4;

/// One tenant: a fio job section of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Tenant {
    /// Whether this slot runs.
    #[knob(doc("Tenant on", "This tenant runs beside the others (a fio job section of its own)"))]
    pub enabled: bool,
    #[knob(doc("Access pattern", "fio rw of this tenant: sequential or random, read, write, mixed or trim").when("enabled", "true"))]
    pub rw: Rw,
    #[knob(doc("Read share", "Share of reads in this tenant's mixed job").unit("%").range(0.0, 100.0).when("enabled", "true"))]
    pub rwmixread: u32,
    #[knob(doc("Block size", "fio bs of this tenant: bytes per I/O, a multiple of 4 KiB").range(4096.0, 67_108_864.0).when("enabled", "true"))]
    pub bs: Bytes,
    /// Commands this tenant keeps in flight: its own queue, as each fio job has.
    #[knob(doc("Queue depth", "fio iodepth of this tenant: its own commands in flight").range(1.0, 1024.0).when("enabled", "true"))]
    pub iodepth: u32,
    #[knob(doc("Offset", "Start of this tenant's region").at_least(0.0).when("enabled", "true"))]
    pub offset: Bytes,
    #[knob(doc("Region size", "This tenant's access span; 0 = to the end of the drive").at_least(0.0).when("enabled", "true"))]
    pub size: Bytes,
    #[knob(doc("I/O amount", "This tenant stops after this many bytes (0 = no limit)").range(0.0, 1_125_899_906_842_624.0).when("enabled", "true"))]
    pub io_size: Bytes,
    #[knob(doc("Runtime", "This tenant stops after this many simulated seconds (0 = no limit)").unit("s").range(0.0, 3600.0).when("enabled", "true"))]
    pub runtime: f64,
    /// fio's `rate_iops`: the tenant issues at most this many commands a second (0: as fast
    /// as its queue allows). Its share of the drive against the other tenants.
    #[knob(doc("IOPS cap", "fio rate_iops: at most this many commands a second from this tenant (0 = no cap); sets its share of the drive against the others").unit("IOPS").range(0.0, 10_000_000.0).when("enabled", "true"))]
    pub rate_iops: f64,
    #[knob(doc("Random distribution", "fio random_distribution of this tenant: random (uniform), zipf:1.2, pareto:0.2 or zoned:80/20").when("enabled", "true"))]
    pub random_distribution: String,
    /// The placement id this tenant's writes carry (fio `dataplacement=fdp`, `plids=N`); 0:
    /// untagged (NVMe's default handle).
    #[knob(doc("Placement id", "Id this tenant's writes carry (fio dataplacement=fdp plids=N): with FDP on, the reclaim unit handle its data goes to; 0 = untagged").range(0.0, 127.0).when("enabled", "true"))]
    pub plid: u16,
}

impl Default for Tenant {
    fn default() -> Self {
        Tenant {
            enabled: false,
            rw: Rw::Randwrite,
            rwmixread: 50,
            bs: Bytes(4096),
            iodepth: 32,
            offset: Bytes(0),
            size: Bytes(GIB),
            io_size: Bytes(0),
            runtime: 0.05,
            rate_iops: 0.0,
            random_distribution: RANDOM.to_string(),
            plid: 0,
        }
    }
}

impl Tenant {
    /// The fio job this tenant is: one thread, its writes tagged with its placement id.
    pub fn job(&self, log_avg_msec: f64) -> Job {
        let tagged = self.plid != 0;
        Job {
            rw: self.rw,
            rwmixread: self.rwmixread,
            bs: self.bs,
            iodepth: self.iodepth,
            numjobs: 1,
            offset: self.offset,
            size: self.size,
            io_size: self.io_size,
            runtime: self.runtime,
            log_avg_msec,
            random_distribution: self.random_distribution.clone(),
            dataplacement: if tagged { DataPlacement::Fdp } else { DataPlacement::None },
            plids: if tagged { self.plid.to_string() } else { String::new() },
            plid_select: PlidSelect::Roundrobin,
            ..Job::default()
        }
    }
}

/// `workload.kind = "tenants"`: up to four tenants at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Tenants {
    #[knob(nested)]
    pub tenant_1: Tenant,
    #[knob(nested)]
    pub tenant_2: Tenant,
    #[knob(nested)]
    pub tenant_3: Tenant,
    #[knob(nested)]
    pub tenant_4: Tenant,
    /// Width of each throughput-over-time window, milliseconds; 0 = automatic.
    #[knob(doc("Averaging window", "Width of each throughput-over-time point; 0 = automatic").unit("ms").range(0.0, 3_600_000.0))]
    pub log_avg_msec: f64,
}

impl Default for Tenants {
    /// A log tenant (128 KiB sequential writes over the first GiB, id 1) and a random tenant
    /// (4 KiB random writes over the next GiB, id 2), 50 ms each.
    fn default() -> Self {
        let log = Tenant { enabled: true, rw: Rw::Write, bs: Bytes(128 * 1024), iodepth: 8, plid: 1, ..Tenant::default() };
        let random = Tenant { enabled: true, rw: Rw::Randwrite, offset: Bytes(GIB), plid: 2, ..Tenant::default() };
        Tenants { tenant_1: log, tenant_2: random, tenant_3: Tenant::default(), tenant_4: Tenant::default(), log_avg_msec: 0.0 }
    }
}

impl Tenants {
    /// The four slots, in order.
    pub fn slots(&self) -> [&Tenant; TENANT_SLOTS] {
        [&self.tenant_1, &self.tenant_2, &self.tenant_3, &self.tenant_4]
    }

    pub fn slots_mut(&mut self) -> [&mut Tenant; TENANT_SLOTS] {
        [&mut self.tenant_1, &mut self.tenant_2, &mut self.tenant_3, &mut self.tenant_4]
    }

    /// The tenants that run, with their slot numbers (1 to 4).
    pub fn running(&self) -> impl Iterator<Item = (usize, &Tenant)> {
        self.slots().into_iter().enumerate().filter(|(_, t)| t.enabled).map(|(i, t)| (i + 1, t))
    }

    /// Each running tenant's fio job, in slot order.
    pub fn jobs(&self) -> Vec<Job> {
        self.running().map(|(_, t)| t.job(self.log_avg_msec)).collect()
    }

    /// The phase's job as the rest of the run sees it (time windows, the budget's estimates):
    /// the tenants' queues added up, their bytes added up, the longest runtime; its pattern a
    /// mix if the tenants both read and write. No command is drawn from it.
    pub fn phase_job(&self) -> Job {
        let jobs = self.jobs();
        let reads = jobs.iter().any(|j| matches!(j.rw, Rw::Read | Rw::Randread | Rw::Rw | Rw::Randrw));
        let writes = jobs.iter().any(|j| matches!(j.rw, Rw::Write | Rw::Randwrite | Rw::Rw | Rw::Randrw));
        let rw = match (reads, writes) {
            (true, true) => Rw::Randrw,
            (true, false) => Rw::Randread,
            _ => Rw::Randwrite,
        };
        // A tenant without a byte limit runs to its runtime: the sum is then no byte limit.
        let unlimited = jobs.iter().any(|j| j.io_size.0 == 0);
        Job {
            rw,
            iodepth: jobs.iter().map(|j| j.iodepth).sum::<u32>().max(1),
            numjobs: 1,
            size: Bytes(0),
            io_size: Bytes(if unlimited { 0 } else { jobs.iter().map(|j| j.io_size.0).sum() }),
            runtime: jobs.iter().map(|j| j.runtime).fold(0.0, f64::max),
            log_avg_msec: self.log_avg_msec,
            ..Job::default()
        }
    }

    /// Each slot's knobs, then each running tenant as the job it is (region inside the
    /// drive, an end), refused under the tenant's own field names.
    pub(crate) fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        if self.running().next().is_none() {
            return Err(c.fail("tenant_1.enabled", ErrorCode::OutOfRange, "at least one tenant must run: switch on tenant_1 … tenant_4"));
        }
        for (slot, tenant) in self.running() {
            let c = c.inner(&format!("tenant_{slot}"));
            if tenant.runtime == 0.0 && tenant.io_size.0 == 0 {
                return Err(c.fail("runtime", ErrorCode::OutOfRange, "set runtime (seconds) or io_size (bytes): a tenant needs an end"));
            }
            if tenant.rate_iops > 0.0 && tenant.rate_iops < 1.0 {
                return Err(c.fail(
                    "rate_iops",
                    ErrorCode::OutOfRange,
                    format!("must be 0 (no cap) or at least 1 command a second (got {})", tenant.rate_iops),
                ));
            }
            tenant.job(self.log_avg_msec).validate(&c, user_bytes)?;
        }
        Ok(())
    }
}
