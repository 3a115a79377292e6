//! Program/erase suspend (`scenario::Suspend`): a host read does not wait for a program or
//! an erase on its plane. One running is suspended: the read starts once it has (and after
//! any read already slipped into it), and the plane's time grows by the suspend, the read
//! and the resume. One about to start waits for the read (reads first, as firmware that
//! suspends schedules them).
//!
//! The suspended operation's own completion was booked already (a write buffer's room, a GC
//! page's data); it keeps it, and the extra plane time is booked after everything queued on
//! the plane, so the plane's total time is right and what comes later pays for it. That
//! flatters the suspended operation by the extra time (tens of microseconds against its
//! milliseconds), which this model accepts.

use super::{Busy, Hardware, Sensed};
use crate::metrics::Cause;
use crate::scenario::Suspend;
use crate::units::Nanos;

pub(crate) struct Suspension {
    suspend_ns: Nanos,
    resume_ns: Nanos,
    /// Per timeline: when the reads slipped into its current operation are done.
    lane: Vec<Nanos>,
}

impl Suspension {
    pub fn of(s: &Suspend, timelines: usize) -> Option<Suspension> {
        s.enabled.then(|| Suspension { suspend_ns: (s.suspend_us * 1e3) as Nanos, resume_ns: (s.resume_us * 1e3) as Nanos, lane: vec![0; timelines] })
    }
}

impl Hardware {
    /// A host read of `units` units on `plane`, ready at `ready`, going ahead of the program
    /// or erase there, and until when it waited for it to suspend; none if there is none,
    /// or it would be done first.
    pub(super) fn suspended_read(&mut self, plane: u32, ready: Nanos, units: u32, slc: bool) -> Option<(Sensed, Nanos)> {
        let s = self.suspension.as_ref()?;
        let t = self.timeline_of(plane);
        let (t_r, hold) = self.read_hold(units, slc);
        // Programs and erases (no read is as long as an SLC-mode program) in the read's way:
        // one running is suspended, one about to start waits for the read.
        let (op_start, op_end, cause) = self.logs[t].long_op_during(ready, ready + s.suspend_ns + hold, self.nand.slc_mode_program_ns)?;
        let running = op_start <= ready;
        let start = if running { ready + s.suspend_ns } else { ready }.max(s.lane[t]);
        if start + hold + s.resume_ns >= op_end {
            return None;
        }
        let extra = hold + if running { s.suspend_ns + s.resume_ns } else { 0 };
        let s = self.suspension.as_mut().expect("checked above");
        s.lane[t] = start + hold;
        let suspended = if running { ready + s.suspend_ns } else { ready };
        self.counters.suspended_reads += 1;
        self.busy_by[Busy::HostRead as usize] += hold;
        let op = match cause {
            Cause::BehindErase => Busy::Erase,
            Cause::MediaProgram => Busy::HostProgram,
            _ => Busy::GcProgram,
        };
        self.busy_by[op as usize] += extra - hold;
        Some((self.slip_read(plane, start, t_r, units, extra, Cause::Suspend), suspended))
    }
}
