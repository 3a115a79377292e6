//! GC that yields to host reads (`device.gc.yield_to_reads`): firmware that schedules a
//! die's host reads ahead of the garbage collection queued on it. GC is booked as host
//! writes pace it, often well ahead of the plane's present; a host read that finds GC work
//! (copies, folding, erases) queued in its way goes next once the operation running when it
//! arrives ends, instead of after the whole queue. Without suspend (`suspend.rs`) it still
//! waits for that operation.
//!
//! The GC work it passes keeps the times it was booked with (the pages it moves and the
//! blocks it frees were promised already); the read's plane time is booked after
//! everything queued, so the plane's total time is right and later work pays for it: the
//! bargain `suspend.rs` makes, and a write waiting for GC now waits longer.

use super::{Hardware, Sensed};
use crate::metrics::Cause;
use crate::units::Nanos;

/// GC operations remembered per timeline, unmerged: more than a paced GC queues ahead of a
/// read. Older ones still queued are passed over (the read waits for them, as without).
const RING: usize = 32;

pub(crate) struct GcYield {
    /// Per timeline: the last GC operations booked on it, [start, end).
    ops: Vec<[(Nanos, Nanos); RING]>,
    next: Vec<u8>,
    /// Per timeline: when the reads let in ahead of its GC are done.
    lane: Vec<Nanos>,
}

/// Heap bytes per timeline, for the memory budget.
pub(crate) const BYTES_PER_TIMELINE: u64 = (RING * 16 + 1 + 8) as u64;

impl GcYield {
    pub fn of(enabled: bool, timelines: usize) -> Option<GcYield> {
        enabled.then(|| GcYield { ops: vec![[(0, 0); RING]; timelines], next: vec![0; timelines], lane: vec![0; timelines] })
    }

    /// A GC operation booked on timeline `t` for [start, end).
    #[inline]
    pub fn note(&mut self, t: usize, start: Nanos, end: Nanos) {
        let i = self.next[t] as usize;
        self.ops[t][i] = (start, end);
        self.next[t] = ((i + 1) % RING) as u8;
    }

    /// Where a read ready at `ready`, which would otherwise start at `natural`, is let in:
    /// when the GC operation running at `ready` ends, or the first queued after it starts.
    fn door(&self, t: usize, ready: Nanos, natural: Nanos) -> Option<Nanos> {
        let door = self.ops[t]
            .iter()
            .filter(|&&(start, end)| end > ready && start < natural && start < end)
            .map(|&(start, end)| if start >= ready { start } else { end })
            .min()?;
        (door < natural).then_some(door)
    }
}

impl Hardware {
    /// A host read of `units` units on `plane`, ready at `ready`, let in ahead of the GC
    /// queued there, and where it was let in (its wait until then is what the plane was
    /// doing; after it, earlier reads let in at the same place); none if no GC is in its way.
    pub(super) fn read_ahead_of_gc(&mut self, plane: u32, ready: Nanos, units: u32, slc: bool) -> Option<(Sensed, Nanos)> {
        let y = self.gc_yield.as_ref()?;
        let t = self.timeline_of(plane);
        let (t_r, hold) = self.read_hold(units, slc);
        let natural = self.timelines[t].fit(ready, hold);
        let door = y.door(t, ready, natural)?;
        let start = door.max(y.lane[t]);
        if start >= natural {
            return None;
        }
        let y = self.gc_yield.as_mut().expect("checked above");
        y.lane[t] = start + hold;
        self.counters.reads_ahead_of_gc += 1;
        self.busy_by[super::Busy::HostRead as usize] += hold;
        // What waits behind this time waits, in effect, behind the read.
        Some((self.slip_read(plane, start, t_r, units, hold, Cause::QueueHost), door))
    }
}
