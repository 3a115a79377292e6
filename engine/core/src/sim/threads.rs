//! A phase's job runs as `numjobs` threads (fio's numjobs, CrystalDiskMark's T): each has
//! its own queue of `iodepth` commands, its own random stream drawn from the seed, its own
//! sequential position and its own byte limit, as a fio job's clones do (each clone walks
//! the same region from `offset`: fio without `offset_increment`).
//!
//! Each thread also has its own host CPU: a command costs the host `command_overhead_ns`
//! (submission and completion handling together), one command at a time per thread. That is
//! why RND4K Q32T1 stops scaling on a fast drive while Q8T4 does not: one thread cannot
//! issue more than 1 / overhead commands a second, however deep its queue.

use crate::host::plan::Phase;
use crate::host::tenants::{TenantSummary, TenantTally};
use crate::host::JobRunner;
use crate::metrics::Op;
use crate::scenario::Job;
use crate::units::Nanos;

pub(crate) struct Threads {
    runners: Vec<JobRunner>,
    /// When each thread's CPU is next free to handle a command.
    cpu_free_at: Vec<Nanos>,
    iodepth: u32,
    overhead_ns: Nanos,
    /// Tenants (`host::tenants`), one runner each with a queue of its own depth: the runner
    /// each slot belongs to. Empty for a job's threads, whose slots are `iodepth` apiece.
    owners: Vec<u8>,
    /// Tenants: each one's fio `rate_iops` pacing, (ns between commands, when the next may
    /// start); 0 ns: no cap.
    pace: Vec<(Nanos, Nanos)>,
    /// Tenants: what each one saw.
    tally: Vec<TenantTally>,
}

/// Thread `k`'s random stream: thread 0 draws what a one-thread job always drew.
fn thread_seed(seed: u64, k: u32) -> u64 {
    seed.wrapping_add((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Thread `k`'s job: the job itself, or with `offset_increment` its region moved k steps on
/// (fio's clones, each a tenant in a region of its own).
fn clone(job: &Job, k: u32) -> std::borrow::Cow<'_, Job> {
    if job.offset_increment.0 == 0 || k == 0 {
        return std::borrow::Cow::Borrowed(job);
    }
    let offset = crate::units::Bytes(job.offset.0 + k as u64 * job.offset_increment.0);
    std::borrow::Cow::Owned(Job { offset, ..job.clone() })
}

impl Threads {
    pub fn new(job: &Job, user_bytes: u64, seed: u64, start_ns: Nanos, overhead_ns: Nanos) -> Threads {
        let n = job.numjobs.max(1);
        Threads {
            runners: (0..n).map(|k| JobRunner::new(&clone(job, k), user_bytes, thread_seed(seed, k), start_ns)).collect(),
            cpu_free_at: vec![start_ns; n as usize],
            iodepth: job.iodepth.max(1),
            overhead_ns,
            owners: Vec::new(),
            pace: Vec::new(),
            tally: Vec::new(),
        }
    }

    /// The phase's threads: its tenants, each a thread with its own queue, or its job's
    /// `numjobs` threads. Tenant k (its slot, 1 to 4) draws from thread k - 1's stream, so
    /// switching one tenant off leaves the others' draws alone.
    pub fn of(phase: &Phase, user_bytes: u64, seed: u64, start_ns: Nanos, overhead_ns: Nanos) -> Threads {
        if phase.tenants.is_empty() {
            return Threads::new(&phase.job, user_bytes, seed, start_ns, overhead_ns);
        }
        let t = &phase.tenants;
        let mut owners = Vec::new();
        for (i, tenant) in t.iter().enumerate() {
            owners.extend(std::iter::repeat_n(i as u8, tenant.job.iodepth.max(1) as usize));
        }
        let interval = |rate: f64| if rate > 0.0 { (1e9 / rate).round().max(1.0) as Nanos } else { 0 };
        Threads {
            runners: t.iter().map(|x| JobRunner::new(&x.job, user_bytes, thread_seed(seed, x.slot - 1), start_ns)).collect(),
            cpu_free_at: vec![start_ns; t.len()],
            iodepth: 1,
            overhead_ns,
            owners,
            pace: t.iter().map(|x| (interval(x.rate_iops), start_ns)).collect(),
            tally: t.iter().map(|x| TenantTally::new(x, start_ns)).collect(),
        }
    }

    /// The thread a queue slot belongs to.
    #[inline]
    fn owner(&self, slot: u32) -> usize {
        if self.owners.is_empty() {
            (slot / self.iodepth) as usize
        } else {
            self.owners[slot as usize] as usize
        }
    }

    /// A tenant capped by `rate_iops` that is ahead of its schedule waits: when its next
    /// command may start (None: now, and the schedule moves on by one command).
    #[inline]
    pub fn paced_until(&mut self, slot: u32, now: Nanos) -> Option<Nanos> {
        if self.pace.is_empty() {
            return None;
        }
        let owner = self.owner(slot);
        let (interval, next) = &mut self.pace[owner];
        if *interval == 0 {
            return None;
        }
        if now < *next {
            return Some(*next);
        }
        *next = next.saturating_add(*interval);
        None
    }

    /// A command of the slot's tenant finished (nothing for a job's threads).
    #[inline]
    pub fn complete(&mut self, slot: u32, op: Op, bytes: u64, issued: Nanos, done: Nanos) {
        if !self.tally.is_empty() {
            let owner = self.owner(slot);
            self.tally[owner].complete(op, bytes, issued, done);
        }
    }

    /// Each tenant's results; None when the phase runs a job, not tenants.
    pub fn tenant_summaries(&self) -> Option<Vec<TenantSummary>> {
        (!self.tally.is_empty()).then(|| self.tally.iter().map(TenantTally::summary).collect())
    }

    /// Queue slots of all threads: thread k owns slots k * iodepth .. (k + 1) * iodepth.
    pub fn slots(&self) -> u32 {
        if self.owners.is_empty() {
            self.iodepth * self.runners.len() as u32
        } else {
            self.owners.len() as u32
        }
    }

    #[inline]
    pub fn runner(&mut self, slot: u32) -> &mut JobRunner {
        let owner = self.owner(slot);
        &mut self.runners[owner]
    }

    /// The job's settings shared by every thread (runtime, ramp, think time).
    pub fn first(&self) -> &JobRunner {
        &self.runners[0]
    }

    /// The slot's thread starts handling a command at `now` (or once its CPU is free): the
    /// time the command reaches the drive, after the host's cost.
    #[inline]
    pub fn submit_time(&mut self, slot: u32, now: Nanos) -> Nanos {
        let owner = self.owner(slot);
        let cpu = &mut self.cpu_free_at[owner];
        let at = (*cpu).max(now) + self.overhead_ns;
        *cpu = at;
        at
    }

    pub fn overhead_ns(&self) -> Nanos {
        self.overhead_ns
    }

    /// When the phase ended, given its last completion (see `JobRunner::end_time`).
    pub fn end_time(&self, last: Nanos) -> Nanos {
        self.runners.iter().map(|r| r.end_time(last)).max().unwrap_or(last)
    }

    /// Some thread still issues commands at `now`.
    pub fn any_wants_more(&self, now: Nanos) -> bool {
        self.runners.iter().any(|r| r.wants_more(now))
    }

    /// Share of the phase done, 0..1: the threads' mean.
    pub fn progress(&self, now: Nanos) -> f64 {
        self.runners.iter().map(|r| r.progress(now)).sum::<f64>() / self.runners.len() as f64
    }
}

impl super::Simulation {
    /// Each tenant's results (`workload.kind = "tenants"`); None for any other workload.
    pub fn tenant_summaries(&self) -> Option<Vec<TenantSummary>> {
        self.threads.tenant_summaries()
    }
}
