//! How a command reaches the drive: the issuing thread's CPU handles it first (`threads`),
//! then it is sent now or becomes an event. Jobs, traces and the host's zoned store share it.

use super::{Simulation, Slot, Wake};
use crate::host::Command;
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
}
