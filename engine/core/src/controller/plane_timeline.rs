//! A plane's future: the operations booked on it, as busy intervals.
//!
//! Operations are booked when the command that causes them is issued but may start much
//! later (a data read waits for its translation read; a host page waits for its data). A
//! single "free from" time would make every later booking queue behind the furthest one,
//! leaving the plane idle in the gaps; instead an operation takes the first gap long enough
//! at or after the time it is ready. Adjacent operations merge, so the list stays short.

use crate::units::Nanos;
use std::collections::VecDeque;

/// Past this many separate intervals a booking simply goes to the end (keeps cost bounded).
const MAX_GAPS: usize = 64;

/// Separate intervals all the planes of a drive may keep between them. A large write
/// buffer books programs far ahead with idle gaps between them (a 1 GiB buffer filled by
/// sequential writes left ~30,000 on one plane of 32); past the cap a plane merges the
/// newest gap into its last interval. Bookings past `MAX_GAPS` intervals never look into
/// gaps anyway, so this bounds memory without changing timings in practice.
const DRIVE_INTERVALS: usize = 1 << 20;

/// Intervals one plane may keep in a drive of `planes` planes.
pub(crate) fn intervals_per_plane(planes: u32) -> usize {
    (DRIVE_INTERVALS / planes.max(1) as usize).clamp(4 * MAX_GAPS, 32_768)
}

pub(crate) struct PlaneTimeline {
    busy: VecDeque<(Nanos, Nanos)>,
    max_intervals: usize,
}

impl PlaneTimeline {
    pub fn new(max_intervals: usize) -> Self {
        Self { busy: VecDeque::with_capacity(MAX_GAPS + 2), max_intervals: max_intervals.max(MAX_GAPS + 2) }
    }

    /// When everything booked so far is done.
    #[inline]
    pub fn free_at(&self) -> Nanos {
        self.busy.back().map_or(0, |b| b.1)
    }

    /// Books `duration` at the first gap at or after `ready`; returns when it ends. Intervals
    /// that ended by `now` (nothing can be booked before it any more) are forgotten first.
    pub fn book(&mut self, now: Nanos, ready: Nanos, duration: Nanos) -> Nanos {
        while self.busy.front().is_some_and(|b| b.1 <= now) {
            self.busy.pop_front();
        }
        let mut t = ready;
        if self.busy.len() < MAX_GAPS {
            for i in 0..self.busy.len() {
                let (start, end) = self.busy[i];
                if end <= t {
                    continue;
                }
                if start >= t + duration {
                    return self.insert(i, t, t + duration);
                }
                t = t.max(end);
            }
        } else {
            t = t.max(self.free_at());
        }
        let end = t + duration;
        let full = self.busy.len() >= self.max_intervals;
        match self.busy.back_mut() {
            Some(last) if last.1 == t || full => last.1 = end,
            _ => self.busy.push_back((t, end)),
        }
        end
    }

    /// Inserts [start, end) before interval `i`, merging with neighbours it touches.
    fn insert(&mut self, i: usize, start: Nanos, end: Nanos) -> Nanos {
        let touches_next = self.busy[i].0 == end;
        let touches_prev = i > 0 && self.busy[i - 1].1 == start;
        match (touches_prev, touches_next) {
            (true, true) => {
                self.busy[i - 1].1 = self.busy[i].1;
                self.busy.remove(i);
            }
            (true, false) => self.busy[i - 1].1 = end,
            (false, true) => self.busy[i].0 = start,
            (false, false) => self.busy.insert(i, (start, end)),
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operation_fills_a_gap_before_a_later_booking() {
        let mut p = PlaneTimeline::new(1000);
        assert_eq!(p.book(0, 100, 60), 160, "a data read waiting for its translation");
        assert_eq!(p.book(0, 0, 30), 30, "an earlier read uses the idle gap");
        assert_eq!(p.book(0, 0, 70), 100, "fits exactly and merges");
        assert_eq!(p.book(0, 0, 10), 170, "no gap left: after the last");
        assert_eq!(p.busy.len(), 1);
        assert_eq!(p.book(170, 200, 5), 205);
        assert_eq!(p.busy.len(), 1, "the past was forgotten");
    }

    #[test]
    fn a_full_timeline_merges_its_newest_gap_and_stays_bounded() {
        let cap = MAX_GAPS + 2;
        let mut p = PlaneTimeline::new(cap);
        for i in 0..1000 {
            // Each operation waits for data that arrives after the plane is free: a gap.
            assert_eq!(p.book(0, i * 100, 10), i * 100 + 10, "the operation's own time never moves");
        }
        assert_eq!(p.busy.len(), cap);
        assert_eq!(p.free_at(), 99_910);
    }
}
