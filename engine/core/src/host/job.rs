//! A fio-style job: which command comes next, and when the job is done.

use super::distribution::{BlockSampler, RandomDistribution};
use super::placement::PlacementPicker;
use super::sync::SyncCadence;
use super::CacheMix;
use super::Command;
use crate::metrics::Op;
use crate::rng::SimRng;
use crate::scenario::{Job, Rw};
use crate::units::{Nanos, MAPPING_UNIT_BYTES};

pub struct JobRunner {
    rw: Rw,
    rwmixread: u32,
    bs_units: u32,
    offset_units: u32,
    /// Units of the span; a sequential job walks it all, its last transfer shorter if `bs`
    /// does not divide it.
    span_units: u64,
    sequential_next: u64,
    rng: SimRng,
    /// Which block a random command touches (`random_distribution`).
    sampler: BlockSampler,
    io_limit_bytes: u64,
    issued_bytes: u64,
    start_ns: Nanos,
    /// Measurement starts here, after the ramp.
    pub measure_from_ns: Nanos,
    pub end_ns: Option<Nanos>,
    pub thinktime_ns: Nanos,
    job: Job,
    /// Random commands drawn ahead (see `next_command`).
    ahead: Lookahead,
    /// The placement id each write carries (fio's `dataplacement`).
    placement: PlacementPicker,
    /// A flash cache's two engines, when the job is one (`workload.kind = "cache"`): they
    /// choose each write instead of the job's own pattern.
    cache: Option<Box<CacheMix>>,
    /// Which writes must be durable when they complete (fio's fsync, sync, ...).
    sync: SyncCadence,
}

/// Commands a random job draws ahead, and how many at a time: a batch of draws is made
/// once the commands drawn ahead run down to one batch, so each command's map entry is
/// fetched (in a batch, `DeviceModel::prefetch`) one to two batches before the drive needs it.
const DRAW_BATCH: usize = 16;
const LOOKAHEAD: usize = 2 * DRAW_BATCH;

/// A fixed ring of draws, oldest first (no allocation per command).
#[derive(Clone, Copy)]
struct Lookahead {
    draws: [(Op, u64); LOOKAHEAD],
    head: usize,
    len: usize,
    /// First units of the batch drawn by the latest `next_command`, if it drew one.
    fresh: [u32; DRAW_BATCH],
    fresh_len: usize,
}

impl Lookahead {
    fn new() -> Self {
        Self { draws: [(Op::Read, 0); LOOKAHEAD], head: 0, len: 0, fresh: [0; DRAW_BATCH], fresh_len: 0 }
    }

    fn push(&mut self, draw: (Op, u64)) {
        self.draws[(self.head + self.len) % LOOKAHEAD] = draw;
        self.len += 1;
    }

    fn pop(&mut self) -> (Op, u64) {
        let draw = self.draws[self.head];
        self.head = (self.head + 1) % LOOKAHEAD;
        self.len -= 1;
        draw
    }
}

impl JobRunner {
    /// A job starting at `start_ns` on a drive of `user_bytes`.
    pub fn new(job: &Job, user_bytes: u64, seed: u64, start_ns: Nanos) -> JobRunner {
        let bs_units = (job.bs.0 / MAPPING_UNIT_BYTES) as u32;
        let span_units = job.span_bytes(user_bytes) / MAPPING_UNIT_BYTES;
        let span_blocks = (span_units / bs_units.max(1) as u64).max(1);
        // Validation refused any other text; uniform is what fio does without the option.
        let distribution = RandomDistribution::parse(&job.random_distribution).unwrap_or(RandomDistribution::Uniform);
        JobRunner {
            rw: job.rw,
            rwmixread: job.rwmixread,
            bs_units,
            offset_units: (job.offset.0 / MAPPING_UNIT_BYTES) as u32,
            span_units: span_units.max(bs_units as u64),
            sequential_next: 0,
            rng: SimRng::new(seed),
            sampler: BlockSampler::new(distribution, span_blocks),
            io_limit_bytes: job.io_size.0,
            issued_bytes: 0,
            start_ns,
            measure_from_ns: start_ns + (job.ramp_time * 1e9) as Nanos,
            end_ns: job_end(job, start_ns),
            thinktime_ns: (job.thinktime * 1e3) as Nanos,
            job: job.clone(),
            ahead: Lookahead::new(),
            placement: PlacementPicker::new(job, seed),
            cache: None,
            sync: SyncCadence::of(job),
        }
    }

    /// The job's writes are a flash cache's (see `host::cache`).
    pub fn set_cache(&mut self, mix: &CacheMix) {
        self.cache = Some(Box::new(mix.clone()));
    }

    /// Bytes each cache engine wrote (BigHash, BlockCache), when the job is a cache's.
    pub fn cache_written(&self) -> Option<[u64; 2]> {
        self.cache.as_ref().map(|m| m.written)
    }

    /// Sectors each unit of this job's data takes (see `Job::data_sectors`).
    pub fn data_sectors(&self, slot_sectors: u32) -> u32 {
        self.job.data_sectors(slot_sectors)
    }

    pub fn bs_bytes(&self) -> u64 {
        self.bs_units as u64 * MAPPING_UNIT_BYTES
    }

    /// Whether another command should be issued at `now`.
    #[inline]
    pub fn wants_more(&self, now: Nanos) -> bool {
        if let Some(end) = self.end_ns {
            if now >= end {
                return false;
            }
        }
        self.io_limit_bytes == 0 || self.issued_bytes < self.io_limit_bytes
    }

    /// When the job ended, given its last completion at `last`: the last completion, as in
    /// fio (the commands in flight when the runtime ends complete and count), or the
    /// runtime's end if every command was done before it (think time).
    pub fn end_time(&self, last: Nanos) -> Nanos {
        let bytes_ran_out = self.io_limit_bytes != 0 && self.issued_bytes >= self.io_limit_bytes;
        match self.end_ns {
            Some(end) if !bytes_ran_out => end.max(last),
            _ => last.max(self.start_ns),
        }
    }

    /// Share of the job done, 0..1, judged by whichever limit is nearer.
    pub fn progress(&self, now: Nanos) -> f64 {
        let by_time = self.end_ns.map_or(0.0, |end| now.saturating_sub(self.start_ns) as f64 / (end - self.start_ns).max(1) as f64);
        let by_bytes = if self.io_limit_bytes == 0 { 0.0 } else { self.issued_bytes as f64 / self.io_limit_bytes as f64 };
        by_time.max(by_bytes).min(1.0)
    }

    /// The next command. A random job draws commands ahead, a batch at a time (see
    /// `drawn_ahead`), into a short queue filled in the order the draws are made, so the
    /// commands are exactly those drawn one at a time; only the draws happen early.
    #[inline]
    pub fn next_command(&mut self) -> Command {
        if let Some(mix) = &mut self.cache {
            let left = self.io_limit_bytes.saturating_sub(self.issued_bytes).div_ceil(MAPPING_UNIT_BYTES).max(1);
            let mut command = mix.next(&mut self.rng, if self.io_limit_bytes == 0 { u64::MAX } else { left });
            self.issued_bytes += command.units as u64 * MAPPING_UNIT_BYTES;
            command.flush = command.op == Op::Write && self.sync.after_write();
            return command;
        }
        if !self.rw.is_random() {
            let (op, first) = self.draw();
            return self.command(op, first);
        }
        self.ahead.fresh_len = 0;
        if self.ahead.len <= DRAW_BATCH {
            for i in 0..DRAW_BATCH {
                let draw = self.draw();
                self.ahead.push(draw);
                self.ahead.fresh[i] = self.offset_units + draw.1 as u32;
            }
            self.ahead.fresh_len = DRAW_BATCH;
        }
        let (op, first) = self.ahead.pop();
        self.command(op, first)
    }

    /// For a random job, the first units of the commands the latest `next_command` drew
    /// ahead (none most of the time, a batch now and then): the drive can start fetching
    /// their map entries long before they arrive.
    #[inline]
    pub fn drawn_ahead(&self) -> &[u32] {
        &self.ahead.fresh[..self.ahead.fresh_len]
    }

    /// True if every command of the job overwrites (its map entries' old slots are worth
    /// fetching too).
    #[inline]
    pub fn writes_only(&self) -> bool {
        matches!(self.rw, Rw::Write | Rw::Randwrite)
    }

    /// One command's draws: read or write (a mixed job), and its first unit.
    #[inline]
    fn draw(&mut self) -> (Op, u64) {
        let op = match self.rw {
            Rw::Read | Rw::Randread => Op::Read,
            Rw::Write | Rw::Randwrite => Op::Write,
            Rw::Trim | Rw::Randtrim => Op::Trim,
            Rw::Rw | Rw::Randrw => {
                if self.rng.percent(self.rwmixread) {
                    Op::Read
                } else {
                    Op::Write
                }
            }
        };
        let bs = self.bs_units as u64;
        let first = if self.rw.is_random() {
            self.sampler.next(&mut self.rng) * bs
        } else {
            // The span's tail, when bs does not divide it, is one shorter transfer.
            let first = self.sequential_next;
            let units = bs.min(self.span_units - first);
            self.sequential_next = if first + units >= self.span_units { 0 } else { first + units };
            first
        };
        (op, first)
    }

    #[inline]
    fn command(&mut self, op: Op, first: u64) -> Command {
        let bs = self.bs_units as u64;
        let mut units = if self.rw.is_random() { bs } else { bs.min(self.span_units - first) };
        if self.io_limit_bytes != 0 {
            // The job stops at io_size: its last transfer is cut to what is left (whole units).
            let left = self.io_limit_bytes.saturating_sub(self.issued_bytes).div_ceil(MAPPING_UNIT_BYTES);
            units = units.min(left.max(1));
        }
        self.issued_bytes += units * MAPPING_UNIT_BYTES;
        let lba = self.offset_units + first as u32;
        // Only writes carry a placement id (fio's `dp_fill_dspec_data`).
        let placement = if op == Op::Write { self.placement.pick(lba) } else { 0 };
        let flush = op == Op::Write && self.sync.after_write();
        Command { op, lba, units: units as u32, placement, flush }
    }
}

/// When a job stops issuing: at the end of its ramp and runtime, or at its power cut if that
/// comes first (`sim::power_cut`).
fn job_end(job: &Job, start_ns: Nanos) -> Option<Nanos> {
    let runtime = (job.runtime > 0.0).then(|| start_ns + ((job.ramp_time + job.runtime) * 1e9) as Nanos);
    let cut = (job.power_cut_s > 0.0).then(|| start_ns + (job.power_cut_s * 1e9) as Nanos);
    match (runtime, cut) {
        (Some(r), Some(c)) => Some(r.min(c)),
        (r, c) => r.or(c),
    }
}
