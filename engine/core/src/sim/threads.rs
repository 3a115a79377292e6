//! A phase's job runs as `numjobs` threads (fio's numjobs, CrystalDiskMark's T): each has
//! its own queue of `iodepth` commands, its own random stream drawn from the seed, its own
//! sequential position and its own byte limit, as a fio job's clones do (each clone walks
//! the same region from `offset`: fio without `offset_increment`).
//!
//! Each thread also has its own host CPU: a command costs the host `command_overhead_ns`
//! (submission and completion handling together), one command at a time per thread. That is
//! why RND4K Q32T1 stops scaling on a fast drive while Q8T4 does not: one thread cannot
//! issue more than 1 / overhead commands a second, however deep its queue.

use crate::host::JobRunner;
use crate::scenario::Job;
use crate::units::Nanos;

pub(crate) struct Threads {
    runners: Vec<JobRunner>,
    /// When each thread's CPU is next free to handle a command.
    cpu_free_at: Vec<Nanos>,
    iodepth: u32,
    overhead_ns: Nanos,
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
        }
    }

    /// Queue slots of all threads: thread k owns slots k * iodepth .. (k + 1) * iodepth.
    pub fn slots(&self) -> u32 {
        self.iodepth * self.runners.len() as u32
    }

    #[inline]
    pub fn runner(&mut self, slot: u32) -> &mut JobRunner {
        &mut self.runners[(slot / self.iodepth) as usize]
    }

    /// The job's settings shared by every thread (runtime, ramp, think time).
    pub fn first(&self) -> &JobRunner {
        &self.runners[0]
    }

    /// The slot's thread starts handling a command at `now` (or once its CPU is free): the
    /// time the command reaches the drive, after the host's cost.
    #[inline]
    pub fn submit_time(&mut self, slot: u32, now: Nanos) -> Nanos {
        let cpu = &mut self.cpu_free_at[(slot / self.iodepth) as usize];
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
