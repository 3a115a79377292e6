//! What a plane did lately, by cause: the last operations booked on it, unmerged. A command
//! that waited for the plane asks what filled the wait (`split`), so its latency can say
//! "behind an erase" rather than "waiting". The timeline itself merges touching intervals
//! and forgets why; this ring keeps the why for the recent past at a fixed cost.

use crate::metrics::{Cause, Chain};
use crate::units::Nanos;

/// Operations remembered per plane. A wait longer than these cover is booked on the
/// caller's fallback cause.
const RECENT: usize = 8;

#[derive(Clone)]
pub(crate) struct PlaneLog {
    ops: [(Nanos, Nanos, Cause); RECENT],
    /// The newest entry.
    last: usize,
}

/// Heap bytes of one log, for the memory budget.
pub(crate) const LOG_BYTES: u64 = std::mem::size_of::<PlaneLog>() as u64;

impl PlaneLog {
    pub fn new() -> PlaneLog {
        PlaneLog { ops: [(0, 0, Cause::Other); RECENT], last: RECENT - 1 }
    }

    /// An operation booked on the plane for [start, end), as a waiting command would see it.
    /// One that follows the last of the same cause without a gap extends it, so a batch of
    /// GC or folding (hundreds of operations) stays one entry and a long wait behind it is
    /// still explained.
    #[inline]
    pub fn note(&mut self, start: Nanos, end: Nanos, cause: Cause) {
        let last = &mut self.ops[self.last % RECENT];
        if last.2 == cause && last.1 == start && last.0 < last.1 {
            last.1 = end;
            return;
        }
        self.last = (self.last + 1) % RECENT;
        self.ops[self.last] = (start, end, cause);
    }

    /// The first program or erase (an operation at least `min_ns` long, not a resume) on
    /// the plane during [from, to): its start, end and cause.
    pub fn long_op_during(&self, from: Nanos, to: Nanos, min_ns: Nanos) -> Option<(Nanos, Nanos, Cause)> {
        let long = |c: Cause| matches!(c, Cause::MediaProgram | Cause::BehindGc | Cause::BehindFold | Cause::BehindWearLevel | Cause::BehindErase);
        self.ops.iter().copied().filter(|&(start, end, cause)| start < to && from < end && end - start >= min_ns && long(cause)).min_by_key(|op| op.0)
    }

    /// What the plane spent most of [from, until) on, if anything: a host program delayed
    /// that long was delayed by it (host programs before it count as `MediaProgram`).
    pub fn largest_during(&self, from: Nanos, until: Nanos) -> Option<Cause> {
        // The single operation (or run of one cause) that filled most of it.
        let mut most = (0, Cause::Other);
        for &(start, end, cause) in &self.ops {
            let overlap = end.min(until).saturating_sub(start.max(from));
            if overlap > most.0 {
                most = (overlap, cause);
            }
        }
        (most.0 > 0).then_some(most.1)
    }

    /// Books the wait from `parts`' mark to `until` by what the plane was doing then (the
    /// plane's operations never overlap, so the parts never exceed the wait); host programs
    /// count as `program` (a read queued behind them, or a write whose buffer room they
    /// free), and the rest of the wait as `fallback`.
    #[inline]
    pub fn split<C: Chain>(&self, parts: &mut C, until: Nanos, program: Cause, fallback: Cause) {
        // Mostly the operation noted last (a run of host reads) filled the whole wait, and
        // then no other can have (they never overlap): the loop's result at an eighth of
        // its cost (callgrind, random-read bench).
        let (from, (start, end, cause)) = (parts.mark(), self.ops[self.last % RECENT]);
        if start <= from && from < until && until <= end {
            return parts.add(if cause == Cause::MediaProgram { program } else { cause }, until - from);
        }
        self.split_heard(parts, until, program, fallback, |_, _| {});
    }

    /// `split`, telling `heard` each part it books.
    #[inline]
    pub fn split_heard<C: Chain>(&self, parts: &mut C, until: Nanos, program: Cause, fallback: Cause, mut heard: impl FnMut(Cause, Nanos)) {
        let from = parts.mark();
        if until <= from {
            return;
        }
        let mut booked = 0;
        for &(start, end, cause) in &self.ops {
            let overlap = end.min(until).saturating_sub(start.max(from));
            if overlap > 0 {
                let cause = if cause == Cause::MediaProgram { program } else { cause };
                parts.book(cause, overlap);
                heard(cause, overlap);
                booked += overlap;
            }
        }
        heard(fallback, until - from - booked);
        // The overlaps are booked in place; the mark passes them, and `to` books the rest.
        parts.skip(booked);
        parts.to(fallback, until);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::Parts;

    #[test]
    fn a_wait_splits_by_what_the_plane_did() {
        let mut log = PlaneLog::new();
        log.note(100, 400, Cause::BehindErase);
        log.note(400, 450, Cause::MediaProgram);
        log.note(500, 600, Cause::BehindGc);
        let mut p = Parts::starting(200);
        log.split(&mut p, 550, Cause::QueueHost, Cause::Buffer);
        assert_eq!(p.ns[Cause::BehindErase as usize], 200);
        assert_eq!(p.ns[Cause::QueueHost as usize], 50);
        assert_eq!(p.ns[Cause::BehindGc as usize], 50);
        assert_eq!(p.ns[Cause::Buffer as usize], 50, "the idle gap 450..500");
        assert_eq!((p.total(), p.mark()), (350, 550));
        // Within the operation noted last.
        let mut p = Parts::starting(520);
        log.split(&mut p, 590, Cause::QueueHost, Cause::Buffer);
        assert_eq!((p.ns[Cause::BehindGc as usize], p.total(), p.mark()), (70, 70, 590));
    }
}
