//! The run loop: a closed loop of `iodepth` outstanding commands per phase, stepped in chunks
//! so a caller (the CLI, or the browser's worker) can stream results and stop at any time.
//!
//! The event queue holds one entry per queue slot: the time its command completes, or the
//! time it wakes from think time to issue the next. Popping in time order means commands are
//! issued in non-decreasing time, which the controller's resource booking relies on.

mod ceiling;
mod events;
mod issue;
mod outputs;
pub mod power_cut;
mod precondition;
mod recorder;
mod replay;
mod snapshots;
mod status;
mod threads;
mod zoned_log;

use crate::device::{Baseline, DeviceModel, RunFrame};
use crate::host::plan::Phase;
use crate::host::zoned_log::ZonedLogRunner;
use crate::host::{Command, SyncCadence};
use crate::media::Geometry;
use crate::metrics::{Cause, Chain, DriveLines, FtlLines, Op, Parts, Unbooked, WindowCounters};
use crate::resolve::window::TraceWindowRule;
use crate::resolve::{Budget, Resolved};
use crate::scenario::{Rw, Scenario, ScenarioError, Workload};
use crate::units::{Nanos, MAPPING_UNIT_BYTES};
pub use ceiling::WALL_TIME_LIMIT_S;
use ceiling::{Ceiling, CHECK_EVERY};
use events::EventQueue;
pub use outputs::BlockMapLayout;
use precondition::Preconditioner;
pub(crate) use recorder::Recorder;
pub use recorder::{Band, LatencyCauses, OpCauses, SlowCommand};
use snapshots::{At, Snapshots};
pub use snapshots::{Driver, MAX_CELLS, MAX_SNAPSHOTS};
use threads::Threads;

/// What a queue slot's next event is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wake {
    /// Its command completes.
    Completes,
    /// Its think time ends: the next command starts.
    Thinks,
    /// The host's CPU is done with its command (`host.command_overhead_us`): it goes to the drive.
    Submits,
}

#[derive(Clone, Copy)]
struct Slot {
    command: Command,
    /// When the host started on the command: latency counts from here.
    issued: Nanos,
    wake: Wake,
}

pub struct Simulation {
    /// Bytes the host can address on the 1/scale drive, and on the full-size one.
    user_bytes: u64,
    full_user_bytes: u64,
    /// The full-size NAND drive's geometry, when the device is one (`scale` simulates 1/N).
    full_geo: Option<Geometry>,
    budget: Budget,
    /// Where the run stops, whatever it asked for (see `ceiling.rs`), and the events and
    /// units handled since it was last checked.
    ceiling: Ceiling,
    since_check: u64,
    /// Runs first, in steps (see `precondition.rs`); the workload starts once it is done.
    precondition: Preconditioner,
    started: bool,
    drive: DeviceModel,
    phases: Vec<Phase>,
    phase: usize,
    phase_start: Nanos,
    phase_bytes: [u64; 3],
    /// The phase's job, one runner per thread (`numjobs`).
    threads: Threads,
    seed: u64,
    /// Host CPU time per command, per thread.
    overhead_ns: Nanos,
    /// (time, slot) of every queue slot's next event; ties break on the slot number so the
    /// order never depends on the heap's internals.
    events_due: EventQueue,
    slots: Vec<Slot>,
    /// Each slot's command's latency split by cause, once sent: beside the slots, so the run
    /// loop's copy of a slot stays small.
    slot_parts: Vec<Parts>,
    /// Whether commands' latency is booked by cause at all (`with_causes`).
    books_causes: bool,
    /// The power cut's record of writes, while the job has one (`power_cut.rs`).
    power_cut: Option<power_cut::PowerCutLog>,
    /// Commands issued and not yet completed; zero means the host is idle.
    outstanding: u32,
    recorder: Recorder,
    /// The drive's state at points along the run's x axis (`snapshots.rs`).
    snapshots: Snapshots,
    /// The drive's counters when the workload started: the run's numbers count from here.
    base: Baseline,
    now: Nanos,
    /// When the host last decided to issue a command: the time windows close there once
    /// the last phase stops issuing (see `Recorder::close_windows`).
    last_issue: Nanos,
    events: u64,
    finished: bool,
    /// Why the run stopped before its workload's end: the ceiling it reached, naming the
    /// field to change.
    stopped: Option<ScenarioError>,
    scale: u32,
    /// Full-size HMB grant and the part of it holding table segments.
    hmb_granted_bytes: u64,
    hmb_table_bytes: u64,
    hmb_next_step: Option<(u64, u64)>,
    /// A trace workload's replay (`replay.rs`).
    trace: replay::TraceSlot,
    /// A zoned-log workload's host store (`zoned_log.rs`).
    zoned_log: Option<ZonedLogRunner>,
}

impl Simulation {
    /// Compiles the scenario (validation, budget: see `resolve`) and builds the drive. No
    /// simulation work happens here: preconditioning and the workload run in `run`.
    pub fn new(full_size: &Scenario) -> Result<Simulation, ScenarioError> {
        Self::from_resolved(Resolved::compile(full_size)?)
    }

    /// Like `new` without the budget's limits (memory and work a browser tab allows), for
    /// native tools: `ssdsim bench` measures runs the page refuses today.
    pub fn new_unlimited(full_size: &Scenario) -> Result<Simulation, ScenarioError> {
        Self::from_resolved(Resolved::compile_unlimited(full_size)?)
    }

    /// Builds the run of a compiled scenario; nothing is validated again.
    pub fn from_resolved(resolved: Resolved) -> Result<Simulation, ScenarioError> {
        Self::with_causes(resolved, true)
    }

    /// `from_resolved`, booking each command's latency by cause or not. Booking costs a
    /// run about a sixth of its time (bench: `ssdsim bench --no-causes`); a run whose
    /// reader sees only its throughput (a compare variant) goes without. Every other
    /// number is the same either way: the booking never decides a time.
    pub fn with_causes(resolved: Resolved, causes: bool) -> Result<Simulation, ScenarioError> {
        let layout = resolved.layout();
        let trace_window = match &resolved.simulated.workload {
            Workload::Trace(_) => Some(TraceWindowRule::new(&resolved.simulated.device, layout.geometry.as_ref())?),
            _ => None,
        };
        let Resolved { scenario: full_size, simulated: scenario, user_bytes, full_user_bytes, full_geometry: full_geo, plan, window, budget, .. } = resolved;
        let scale = full_size.scale;
        let mut drive = DeviceModel::new(&scenario.device, layout, scenario.seed)?;
        drive.book_causes(causes);
        let zoned_log = zoned_log::runner(&scenario, &mut drive, &layout)?;
        let reads = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Read | Rw::Randread | Rw::Rw | Rw::Randrw));
        let writes = plan.phases.iter().any(|p| matches!(p.job.rw, Rw::Write | Rw::Randwrite | Rw::Rw | Rw::Randrw));
        let m = &scenario.device.mapping;
        // The NAND drive's translation layer: its table tiers, how its write counters become
        // NAND space, its SLC cache. Media written in place has none of them.
        let ftl = drive.nand().map(|d| FtlLines {
            map_tiers: [m.sram_bytes.0 > 0, m.dram_bytes.0 > 0, m.hmb.table_bytes() > 0],
            slot_geometry: d.slot_geometry(),
            slc_cache: d.ftl.slc_cache_enabled(),
            placement_handles: if d.ftl.fdp_enabled() { d.ftl.fdp_handles() } else { 0 },
        });
        let flushes = |job| SyncCadence::of(job).flushes();
        let flushes = plan.phases.iter().any(|p| flushes(&p.job) || p.tenants.iter().any(|t| flushes(&t.job)))
            || matches!(&scenario.workload, Workload::Trace(t) if t.flushes);
        let lines = DriveLines { ftl, tier: drive.tier().is_some(), causes: if causes { drive.causes(flushes) } else { 0 } };
        let recorder = Recorder::new(&plan, window, reads, writes, scale as f64, lines);
        let snapshots = Snapshots::new(Driver::of(&plan), drive.nand().is_some() || drive.tier().is_some() || drive.zoned().is_some());
        let overhead_ns = (scenario.host.command_overhead_us * 1000.0) as Nanos;
        let first = Threads::of(&plan.phases[0], user_bytes, scenario.seed, 0, overhead_ns);
        // Preconditioning writes the host's data: into a NAND drive, or a hybrid's NAND
        // backing tier (its cache starts empty); other media are the same whatever they hold.
        let holds_data_on_nand = drive.data_nand_mut().is_some();
        let precondition = Preconditioner::new(if holds_data_on_nand { (user_bytes / MAPPING_UNIT_BYTES) as u32 } else { 0 }, &scenario);
        let base = drive.baseline();
        let ceiling = Ceiling::new(budget.work_limit, &scenario);
        Ok(Simulation {
            user_bytes,
            full_user_bytes,
            full_geo,
            budget,
            ceiling,
            since_check: 0,
            precondition,
            started: false,
            base,
            drive,
            phases: plan.phases,
            phase: 0,
            phase_start: 0,
            phase_bytes: [0; 3],
            threads: first,
            seed: scenario.seed,
            overhead_ns,
            events_due: EventQueue::default(),
            slots: Vec::new(),
            slot_parts: Vec::new(),
            books_causes: causes,
            power_cut: None,
            outstanding: 0,
            recorder,
            snapshots,
            now: 0,
            last_issue: 0,
            events: 0,
            finished: false,
            stopped: None,
            scale,
            hmb_granted_bytes: full_size.device.mapping.hmb.granted_bytes(),
            hmb_table_bytes: full_size.device.mapping.hmb.table_bytes(),
            hmb_next_step: full_size.device.mapping.hmb.next_step(),
            trace: replay::TraceSlot {
                workload: if let Workload::Trace(t) = &scenario.workload { Some(t.clone()) } else { None },
                window_rule: trace_window,
                ..Default::default()
            },
            zoned_log,
        })
    }

    /// Preconditioning is done: the run's counters start here and the first phase begins.
    fn start_workload(&mut self) {
        self.base = self.drive.baseline();
        self.recorder.start(self.drive.window_counters());
        self.snapshots.start(&self.drive, 0);
        self.started = true;
        self.start_phase(0, 0);
    }

    fn start_phase(&mut self, index: usize, at: Nanos) {
        let phase = &self.phases[index];
        // Each phase draws from its own stream, so adding a point never shifts the others
        // (a benchmark that repeats a run gives its repeats the same one).
        let seed = self.seed.wrapping_add(phase.stream as u64);
        let (power_cycle, delay) = (phase.power_cycle, (phase.job.startdelay * 1e9) as Nanos);
        // The drive is switched off and on before the phase: it is ready once it has flushed.
        let at = if power_cycle { self.drive.power_cycle(at) } else { at };
        // fio's startdelay (CrystalDiskMark's interval): the drive idles first, and background
        // GC may use the time.
        if delay > 0 {
            self.idle_drive(at, at + delay);
        }
        let at = at + delay;
        self.threads = Threads::of(&self.phases[index], self.user_bytes, seed, at, self.overhead_ns);
        if let Some(mix) = &self.phases[index].cache {
            self.threads.runner(0).set_cache(mix);
        }
        self.phase = index;
        self.phase_start = at;
        self.phase_bytes = [0; 3];
        let idle = Slot { command: Command { op: Op::Read, lba: 0, units: 0, placement: 0, flush: false }, issued: at, wake: Wake::Completes };
        let slots = self.threads.slots();
        self.arm_power_cut(self.phases[index].job.power_cut_s, at, slots);
        self.slots.clear();
        self.slots.resize(slots as usize, idle);
        self.slot_parts.resize(slots as usize, Parts::starting(at));
        self.start_replay(at);
        for slot in 0..slots {
            self.next_command(slot, at);
        }
    }

    fn send(&mut self, slot: u32, command: Command, issued: Nanos, now: Nanos) {
        self.since_check += command.units as u64;
        let cut_mark = self.cut_mark(&command);
        let sectors = if command.op == Op::Write { self.threads.runner(slot).data_sectors(self.drive.sectors_per_slot()) } else { 0 };
        let done = if self.books_causes {
            let parts = &mut self.slot_parts[slot as usize];
            parts.restart(issued);
            parts.to(Cause::Host, now);
            serve(&mut self.drive, self.zoned_log.as_mut(), slot, command, sectors, now, parts)
        } else {
            serve(&mut self.drive, self.zoned_log.as_mut(), slot, command, sectors, now, &mut Unbooked)
        };
        if let Some(first) = cut_mark {
            self.cut_note(&command, first, done);
        }
        self.slots[slot as usize] = Slot { command, issued, wake: Wake::Completes };
        self.events_due.push(done, slot);
        self.outstanding += 1;
    }

    fn write_counters(&self) -> WindowCounters {
        self.drive.window_counters()
    }

    /// Advances by at most `max_events` steps: unit writes of preconditioning, then events
    /// of the workload (completions and wake-ups). Returns true once the run is finished.
    pub fn run(&mut self, max_events: u64) -> bool {
        if self.finished || self.refuse_without_trace() {
            return true;
        }
        if self.trace_unmeasured() {
            return self.measure_trace(max_events);
        }
        if !self.started {
            return self.precondition_step(max_events);
        }
        self.resume_replay();
        let mut n = 0;
        while n < max_events && !self.finished && !self.replay_starved() {
            let Some((t, slot)) = self.events_due.next() else {
                self.end_phase();
                continue;
            };
            n += 1;
            self.events += 1;
            self.since_check += 1;
            if self.since_check >= CHECK_EVERY {
                self.since_check = 0;
                if self.work_done() > self.ceiling.limit {
                    self.stop_working();
                    break;
                }
            }
            let s = self.slots[slot as usize];
            match s.wake {
                // The runtime may have ended (or the bytes run out) while the slot slept.
                Wake::Thinks => {
                    self.next_command(slot, t);
                    continue;
                }
                Wake::Submits => {
                    self.send(slot, s.command, s.issued, t);
                    continue;
                }
                Wake::Completes => {}
            }
            self.outstanding -= 1;
            // A command completing after the runtime ended still counts, as in fio: issuing
            // stops at the end of the runtime, the commands in flight complete and are
            // counted, and the phase's elapsed time runs to the last of them. Dropping them
            // would lose exactly the slow ones (a write waiting for GC at the end).
            self.now = t;
            if self.move_windows(slot, t) {
                break;
            }
            let bytes = s.command.units as u64 * MAPPING_UNIT_BYTES;
            if self.recorder.slc_point_due(s.command.op, bytes) {
                self.recorder.note_slc_cache(self.drive.slc_cache_units());
            }
            let parts = self.books_causes.then(|| &self.slot_parts[slot as usize]);
            self.recorder.complete(s.command.op, bytes, s.issued, t, parts);
            self.zoned_log_completed(slot, t);
            self.threads.complete(slot, s.command.op, bytes, s.issued, t);
            let points = self.recorder.axis_points(self.snapshots.driver());
            if points != self.snapshots.offered() {
                self.snapshots.offer(points, self.here(t), &self.drive);
            }
            self.count_and_follow(slot, s.command.op, bytes, t);
            if self.outstanding == 0 {
                if let Some(next) = self.events_due.peek_time() {
                    self.idle_drive(t, next);
                }
            }
        }
        self.finished
    }

    /// The time windows at a completion: closed at the last issue once the last phase's queue
    /// is draining, moved on when one ends (the drive's counters are read only then, not per
    /// command). True when the series are full and the run stops.
    #[inline]
    fn move_windows(&mut self, slot: u32, t: Nanos) -> bool {
        if self.recorder.windows_open() && self.phase + 1 == self.phases.len() && !self.threads.runner(slot).wants_more(t) && !self.threads.any_wants_more(t) {
            let counters = self.write_counters();
            self.recorder.close_windows(self.last_issue, counters);
        }
        if self.recorder.window_ends_by(t) {
            let counters = self.write_counters();
            self.recorder.advance(t, counters);
            if self.recorder.time_series_full() {
                self.stop(self.ceiling.stopped_full(&self.phases[self.phase].job, self.recorder.max_time_points()));
                return true;
            }
        }
        false
    }

    /// Every command of the phase is done: record its chart point, start the next phase.
    fn end_phase(&mut self) {
        let end = self.threads.end_time(self.now);
        if let Some(point) = self.phases[self.phase].point {
            let bytes = self.phase_bytes[point.op as usize];
            let from = self.threads.first().measure_from_ns.min(end);
            self.recorder.phase_point(point, bytes, end - from);
            if self.snapshots.point_ended(point.series, point.x) {
                self.snapshots.offer(self.snapshots.offered() + 1, self.here(end), &self.drive);
            }
        }
        self.now = end;
        if self.phase + 1 < self.phases.len() {
            self.start_phase(self.phase + 1, self.now);
        } else {
            self.finish();
        }
    }

    /// A chunk of preconditioning; once it is done, the workload starts (with the next chunk:
    /// a caller sees the boundary, and `ssdsim bench` times the two apart). True if the run
    /// stopped at its ceiling.
    fn precondition_step(&mut self, max_writes: u64) -> bool {
        if self.precondition_chunk(max_writes) {
            return true;
        }
        if self.precondition.is_done() {
            self.start_workload();
        }
        false
    }

    fn finish(&mut self) {
        let counters = self.write_counters();
        self.recorder.finish(self.now, counters);
        self.snapshots.finish(self.here(self.now), &self.drive);
        self.finished = true;
    }

    /// Where the run is at `t` on every axis a snapshot is found by.
    fn here(&self, t: Nanos) -> At {
        self.recorder.at(t, self.snapshots.point())
    }

    pub(crate) fn parts(&self) -> SimParts<'_> {
        SimParts {
            full_user_bytes: self.full_user_bytes,
            drive: &self.drive,
            recorder: &self.recorder,
            base: self.base,
            frame: RunFrame {
                elapsed: self.now,
                scale: self.scale,
                full_geo: self.full_geo.as_ref(),
                hmb_granted_bytes: self.hmb_granted_bytes,
                hmb_table_bytes: self.hmb_table_bytes,
                hmb_next_step: self.hmb_next_step,
            },
            events: self.events,
            truncated: self.stopped.is_some(),
        }
    }
}

/// What the summary is computed from.
/// A command at the drive, `sectors` per unit for a write (a zone command of the host's
/// store goes its own way); `chain` follows its time.
#[inline]
fn serve<C: Chain>(drive: &mut DeviceModel, store: Option<&mut ZonedLogRunner>, slot: u32, command: Command, sectors: u32, now: Nanos, chain: &mut C) -> Nanos {
    if let Some(done) = zoned_log::serve_zone(drive, store, slot, command, now, chain) {
        return done;
    }
    match command.op {
        Op::Read => drive.read(now, command.lba, command.units, chain),
        Op::Write if command.flush => {
            let done = drive.write_placed(now, command.lba, command.units, sectors, command.placement, chain);
            drive.flush(done, chain)
        }
        Op::Write => drive.write_placed(now, command.lba, command.units, sectors, command.placement, chain),
        Op::Trim => drive.trim(now, command.lba, command.units),
    }
}

pub(crate) struct SimParts<'a> {
    /// Bytes the host can address on the full-size drive.
    pub full_user_bytes: u64,
    pub drive: &'a DeviceModel,
    pub recorder: &'a Recorder,
    /// The drive's counters when the workload started.
    pub base: Baseline,
    /// The run so far (its simulated time, scale) and the full-size drive.
    pub frame: RunFrame<'a>,
    pub events: u64,
    pub truncated: bool,
}
