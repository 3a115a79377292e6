//! The run loop: a closed loop of `iodepth` outstanding commands, stepped in chunks so a
//! caller (the CLI, or the browser's worker) can stream results and stop at any time.

use crate::controller::Drive;
use crate::ftl::Untimed;
use crate::host::{Command, JobRunner};
use crate::media::Geometry;
use crate::metrics::{Op, Recorder, Series};
use crate::report::{Report, Summary};
use crate::scenario::{Scenario, ScenarioError, Workload};
use crate::units::{Nanos, MAPPING_UNIT_BYTES};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[derive(Clone, Copy)]
struct InFlight {
    command: Command,
    issued: Nanos,
}

pub struct Simulation {
    geo: Geometry,
    drive: Drive,
    job: JobRunner,
    /// Completion time and tag of every outstanding command; ties break on the tag so the
    /// order never depends on the heap's internals.
    pending: BinaryHeap<Reverse<(Nanos, u32)>>,
    inflight: Vec<InFlight>,
    recorder: Recorder,
    baseline: crate::ftl::FtlCounters,
    baseline_flash: crate::controller::FlashCounters,
    now: Nanos,
    events: u64,
    finished: bool,
}

impl Simulation {
    pub fn new(scenario: &Scenario) -> Result<Simulation, ScenarioError> {
        scenario.validate()?;
        let geo = Geometry::new(&scenario.device)?;
        let mut drive = Drive::new(&scenario.device, geo);
        let fill_units = (geo.user_units as f64 * scenario.precondition.fill_percent / 100.0) as u32;
        for lba in 0..fill_units {
            drive.ftl.write(lba, &mut Untimed);
        }
        let Workload::Job(job) = &scenario.workload;
        let runner = JobRunner::new(job, geo.user_bytes(), scenario.seed);
        let window_ns = if job.log_avg_msec > 0.0 {
            (job.log_avg_msec * 1e6) as Nanos
        } else if job.runtime > 0.0 {
            (job.runtime * 1e9 / 100.0) as Nanos
        } else {
            10_000_000
        };
        use crate::scenario::Rw::*;
        let reads = matches!(job.rw, Read | Randread | Rw | Randrw);
        let writes = matches!(job.rw, Write | Randwrite | Rw | Randrw);
        let mut sim = Simulation {
            geo,
            baseline: drive.ftl.counters(),
            baseline_flash: drive.counters(),
            drive,
            job: runner,
            pending: BinaryHeap::with_capacity(job.iodepth as usize),
            inflight: Vec::with_capacity(job.iodepth as usize),
            recorder: Recorder::new(window_ns, reads, writes),
            now: 0,
            events: 0,
            finished: false,
        };
        for tag in 0..job.iodepth {
            if !sim.job.wants_more(0) {
                break;
            }
            sim.inflight.push(InFlight { command: Command { op: Op::Read, lba: 0, units: 0 }, issued: 0 });
            sim.issue(tag, 0);
        }
        Ok(sim)
    }

    fn issue(&mut self, tag: u32, now: Nanos) {
        let command = self.job.next();
        let done = match command.op {
            Op::Read => self.drive.read(now, command.lba, command.units),
            Op::Write => self.drive.write(now, command.lba, command.units),
            Op::Trim => self.drive.trim(now, command.lba, command.units),
        };
        self.inflight[tag as usize] = InFlight { command, issued: now };
        self.pending.push(Reverse((done, tag)));
    }

    /// Advances by at most `max_events` command completions. Returns true once finished.
    pub fn run(&mut self, max_events: u64) -> bool {
        let mut n = 0;
        while n < max_events && !self.finished {
            let Some(Reverse((done, tag))) = self.pending.pop() else {
                self.finish();
                break;
            };
            n += 1;
            self.events += 1;
            let end = self.job.end_ns;
            if end.is_some_and(|end| done > end) {
                continue; // completes after the job's runtime: not counted, as fio does
            }
            let f = self.inflight[tag as usize];
            self.recorder.complete(f.command.op, f.command.units as u64 * MAPPING_UNIT_BYTES, f.issued, done);
            self.now = done;
            if self.job.wants_more(done) {
                self.issue(tag, done);
            }
        }
        self.finished
    }

    fn finish(&mut self) {
        let end = self.job.end_ns.unwrap_or(self.now);
        self.now = end;
        self.recorder.finish(end);
        self.finished = true;
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn progress(&self) -> f64 {
        if self.finished {
            1.0
        } else {
            self.job.progress(self.now)
        }
    }

    pub fn series(&self) -> &[Series] {
        &self.recorder.series
    }

    pub fn summary(&self) -> Summary {
        Summary::collect(self)
    }

    /// Runs to the end and returns the whole result.
    pub fn run_to_end(scenario: &Scenario) -> Result<Report, ScenarioError> {
        let mut sim = Simulation::new(scenario)?;
        while !sim.run(1 << 20) {}
        Ok(sim.report())
    }

    pub fn report(&self) -> Report {
        Report { summary: self.summary(), series: self.recorder.series.clone() }
    }

    pub(crate) fn parts(&self) -> SimParts<'_> {
        SimParts {
            geo: &self.geo,
            drive: &self.drive,
            recorder: &self.recorder,
            baseline: self.baseline,
            baseline_flash: self.baseline_flash,
            elapsed: self.now,
            events: self.events,
        }
    }
}

/// What the summary is computed from.
pub(crate) struct SimParts<'a> {
    pub geo: &'a Geometry,
    pub drive: &'a Drive,
    pub recorder: &'a Recorder,
    pub baseline: crate::ftl::FtlCounters,
    pub baseline_flash: crate::controller::FlashCounters,
    pub elapsed: Nanos,
    pub events: u64,
}
