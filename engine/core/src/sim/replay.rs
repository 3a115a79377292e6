//! A trace workload in the run loop: its queue slots take their commands from the attached
//! trace (`host::TraceRunner`) instead of the phase's job. Open loop, a slot holds its next
//! command until the trace's time for it; a command that finds every slot busy waits, and
//! its latency still counts from its recorded time.
//!
//! A pushed trace (the page's worker) may run dry before its input ends: the slot that found
//! no command is parked, `run` returns early, and once more input is fed the parked slots
//! take their commands at the time they asked. The run is the same however the input was
//! chunked.
//!
//! Before the replay, one pass reads the whole trace (`host::TraceRunner::measure`): a bad
//! line refuses it before anything runs, and what it holds sizes the automatic time windows.

use super::Simulation;
use crate::host::{CommandSource, Measured, Next, ReplayCounters, ReplayError, TraceExtent, TraceRunner};
use crate::resolve::window::TraceWindowRule;
use crate::scenario::{ErrorCode, ScenarioError, TraceReplay};
use crate::units::Nanos;

pub(super) struct Replay {
    runner: TraceRunner,
    /// Slots that asked for a command while the input had run dry, and when they asked.
    starved: Vec<u32>,
    starved_at: Nanos,
    /// Issue at the recorded times.
    open: bool,
    /// What the pass before the replay found; `None` while it reads.
    extent: Option<TraceExtent>,
    /// That pass waits for more of a pushed trace.
    measure_starved: bool,
}

/// The trace workload's part of a simulation: its settings, and once attached its replay.
#[derive(Default)]
pub(super) struct TraceSlot {
    pub workload: Option<TraceReplay>,
    pub replay: Option<Replay>,
    pub error: Option<ReplayError>,
    /// Sizes the automatic windows once the trace is measured.
    pub window_rule: Option<TraceWindowRule>,
}

impl Simulation {
    /// Gives a trace workload its commands; before the first `run`. A scenario of another
    /// kind refuses it.
    pub fn attach_trace(&mut self, source: Box<dyn CommandSource>) -> Result<(), ScenarioError> {
        let Some(workload) = &self.trace.workload else {
            return Err(ScenarioError::new("workload.kind", ErrorCode::Inconsistent, "a trace file replays only in a trace workload (kind \"trace\")"));
        };
        workload.check_scale()?;
        let open = workload.mode == crate::scenario::ReplayMode::Open;
        let runner = TraceRunner::new(workload, source, self.user_bytes, 0);
        let iodepth = workload.iodepth as usize;
        self.trace.replay = Some(Replay { runner, starved: Vec::with_capacity(iodepth), starved_at: 0, open, extent: None, measure_starved: false });
        Ok(())
    }

    /// How the trace workload reads its file, if the scenario is one.
    pub fn trace_options(&self) -> Option<crate::trace::TraceOptions> {
        self.trace.workload.as_ref().map(TraceReplay::options)
    }

    /// A pushed trace takes what its buffer has room for; returns the bytes taken.
    pub fn feed_trace(&mut self, chunk: &[u8]) -> usize {
        self.trace.replay.as_mut().map_or(0, |r| r.runner.source_mut().feed(chunk))
    }

    /// A pushed trace's input has ended.
    pub fn finish_trace_input(&mut self) {
        if let Some(r) = &mut self.trace.replay {
            r.runner.source_mut().finish_input();
        }
    }

    /// The run waits for more of a pushed trace (`run` returned early).
    pub fn needs_trace_data(&self) -> bool {
        self.trace.replay.as_ref().is_some_and(|r| r.measure_starved || !r.starved.is_empty()) && !self.finished
    }

    /// A pushed trace started another pass: feed it again from its first byte.
    pub fn trace_wants_restart(&mut self) -> bool {
        self.trace.replay.as_mut().is_some_and(|r| r.runner.source_mut().wants_restart())
    }

    /// Why the replay stopped short: a refused line, a command past the drive, no trace.
    pub fn replay_error(&self) -> Option<&ReplayError> {
        self.trace.error.as_ref()
    }

    /// What the replay issued so far, for a trace workload.
    pub fn replay_counters(&self) -> Option<ReplayCounters> {
        self.trace.replay.as_ref().map(|r| r.runner.counters)
    }

    /// What one pass of the trace holds, once the pass before the replay has read it.
    pub fn trace_extent(&self) -> Option<TraceExtent> {
        self.trace.replay.as_ref().and_then(|r| r.extent)
    }

    /// Share of the replay done, if the trace's size is known.
    pub(super) fn replay_progress(&self) -> Option<f64> {
        self.trace.replay.as_ref().and_then(|r| r.runner.progress())
    }

    /// The pass before the replay's share of the run's progress, and how far it got (1 when
    /// there is none or it is done).
    pub(super) fn measure_progress(&self) -> (f64, f64) {
        // Reading a trace is a few times faster than replaying it on the drive.
        const MEASURE_SHARE: f64 = 0.2;
        match &self.trace.replay {
            Some(r) if r.extent.is_none() => (MEASURE_SHARE, r.runner.input_progress().unwrap_or(0.0)),
            Some(_) => (MEASURE_SHARE, 1.0),
            None => (0.0, 1.0),
        }
    }

    /// The pass before the replay has not finished.
    pub(super) fn trace_unmeasured(&self) -> bool {
        self.trace.replay.as_ref().is_some_and(|r| r.extent.is_none())
    }

    /// Reads up to `max_commands` of the pass before the replay; at its end, sizes the
    /// automatic windows from what it found. True if the trace was refused (the run ends).
    pub(super) fn measure_trace(&mut self, max_commands: u64) -> bool {
        let r = self.trace.replay.as_mut().expect("measured once attached");
        r.measure_starved = false;
        match r.runner.measure(max_commands) {
            Ok(Measured::More) => {}
            Ok(Measured::NeedsData) => r.measure_starved = true,
            Ok(Measured::Done(extent)) => {
                r.extent = Some(extent);
                let workload = self.trace.workload.as_ref().expect("a trace workload");
                match &self.trace.window_rule {
                    Some(rule) if workload.log_avg_msec <= 0.0 => self.recorder.set_width(rule.width_ns(&extent, workload)),
                    _ => {}
                }
            }
            Err(e) => {
                self.note_replay_error(e);
                self.finished = true;
            }
        }
        self.finished
    }

    /// A trace workload cannot run without its trace: the run ends at once with the error.
    pub(super) fn refuse_without_trace(&mut self) -> bool {
        if self.trace.workload.is_some() && self.trace.replay.is_none() && self.trace.error.is_none() {
            self.note_replay_error(ReplayError::NoSource);
            self.finished = true;
        }
        self.trace.error.is_some()
    }

    /// The phase starts at `at`: the trace's times count from here.
    pub(super) fn start_replay(&mut self, at: Nanos) {
        if let Some(r) = &mut self.trace.replay {
            r.runner.start_at(at);
            r.starved.clear();
        }
    }

    /// Slots wait for more of a pushed trace.
    #[inline]
    pub(super) fn replay_starved(&self) -> bool {
        self.trace.replay.as_ref().is_some_and(|r| !r.starved.is_empty())
    }

    /// After more input: the parked slots ask again, at the time they first asked.
    pub(super) fn resume_replay(&mut self) {
        let Some(r) = &mut self.trace.replay else { return };
        if r.starved.is_empty() {
            return;
        }
        let (at, parked) = (r.starved_at, std::mem::take(&mut r.starved));
        for &slot in &parked {
            self.next_trace_command(slot, at);
        }
        let r = self.trace.replay.as_mut().expect("attached");
        // Keep the list's allocation: slots parked again were pushed to the new, empty one.
        let again = std::mem::replace(&mut r.starved, parked);
        r.starved.clear();
        r.starved.extend_from_slice(&again);
    }

    /// The replay stops here. Also the run's stop notice, so a caller that shows only
    /// `stopped` (the page's worker today) says why, naming the field.
    fn note_replay_error(&mut self, e: ReplayError) {
        self.stopped = Some(ScenarioError::new(e.field(), ErrorCode::Inconsistent, e.to_string()));
        self.trace.error = Some(e);
    }

    /// The slot's next command from the trace, sent now, or when its host CPU is free, or
    /// (open loop) at its recorded time.
    pub(super) fn next_trace_command(&mut self, slot: u32, now: Nanos) {
        if self.trace.error.is_some() {
            return;
        }
        let r = self.trace.replay.as_mut().expect("a trace workload runs with its trace attached");
        let (command, due_ns) = match r.runner.next_command() {
            Ok(Next::Ready { command, due_ns }) => (command, due_ns),
            Ok(Next::NeedsData) => {
                r.starved_at = now;
                r.starved.push(slot);
                return;
            }
            Ok(Next::End) => return,
            Err(e) => {
                self.note_replay_error(e);
                self.events_due.clear();
                self.finish();
                return;
            }
        };
        let open = r.open;
        let at = now.max(due_ns);
        self.last_issue = at;
        let submit = self.threads.submit_time(slot, at);
        let issued = if open { due_ns.min(submit) } else { submit - self.threads.overhead_ns() };
        self.submit_at(slot, command, issued, submit, now);
    }
}
