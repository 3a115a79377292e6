//! How a command reaches the drive: the issuing thread's CPU handles it first (`threads`),
//! then it is sent now or becomes an event. Jobs, traces and the host's zoned store share it;
//! after a completion the thread goes on to its next command.

use super::{Simulation, Slot, Wake};
use crate::host::Command;
use crate::metrics::Op;
use crate::units::Nanos;

impl Simulation {
    /// The slot's thread issues `command` at `now`: it goes to the drive once the thread's CPU
    /// has handled it.
    #[inline]
    pub(super) fn issue(&mut self, slot: u32, command: Command, now: Nanos) {
        self.last_issue = now;
        let submit = self.threads.submit_time(slot, now);
        let started = submit - self.threads.overhead_ns();
        self.submit_at(slot, command, started, submit, now);
    }

    /// `command`, issued at `issued`, reaches the drive at `submit`: now, or as an event then.
    #[inline]
    pub(super) fn submit_at(&mut self, slot: u32, command: Command, issued: Nanos, submit: Nanos, now: Nanos) {
        if submit == now {
            self.send(slot, command, issued, now);
        } else {
            self.slots[slot as usize] = Slot { command, issued, wake: Wake::Submits };
            self.events_due.push(submit, slot);
        }
    }

    /// The slot's thread starts its next command at `now`, if the job wants more: it goes to
    /// the drive once the thread's CPU has handled it.
    pub(super) fn next_command(&mut self, slot: u32, now: Nanos) {
        if self.trace.workload.is_some() {
            return self.next_trace_command(slot, now);
        }
        if self.zoned_log.is_some() {
            return self.next_zoned_log_command(slot, now);
        }
        if !self.threads.runner(slot).wants_more(now) {
            return;
        }
        // A tenant ahead of its IOPS cap waits, as one thinking does (`Threads::paced_until`).
        if let Some(at) = self.threads.paced_until(slot, now) {
            self.slots[slot as usize].wake = Wake::Thinks;
            return self.events_due.push(at, slot);
        }
        let runner = self.threads.runner(slot);
        let command = runner.next_command();
        self.drive.prefetch(runner.drawn_ahead(), runner.writes_only());
        self.issue(slot, command, now);
    }

    /// After a completion: its bytes counted if the thread is past its ramp, then the
    /// thread's next command now, after its think time, or none once it is done.
    #[inline]
    pub(super) fn count_and_follow(&mut self, slot: u32, op: Op, bytes: u64, t: Nanos) {
        let runner = self.threads.runner(slot);
        if t >= runner.measure_from_ns {
            self.phase_bytes[op as usize] += bytes;
        }
        if runner.wants_more(t) {
            if runner.thinktime_ns > 0 {
                let wake = t + runner.thinktime_ns;
                self.slots[slot as usize].wake = Wake::Thinks;
                self.events_due.push(wake, slot);
            } else {
                self.next_command(slot, t);
            }
        }
    }
}
