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

/// Heap a timeline starts with (its deque's room for `MAX_GAPS + 2` intervals).
pub(crate) const INITIAL_BYTES: u64 = (MAX_GAPS as u64 + 2) * 16;

pub(crate) struct PlaneTimeline {
    busy: VecDeque<(Nanos, Nanos)>,
    max_intervals: usize,
    /// At least the longest gap between two booked intervals. A busy plane's timeline is
    /// mostly short gaps (programs waiting for their data); an operation longer than this
    /// fits none of them, and goes to the end without walking the list.
    gap_bound: Nanos,
    /// End of the last interval, or 0 with none: `free_at`, read for every plane whenever
    /// a host page picks the plane free first.
    last_end: Nanos,
}

impl PlaneTimeline {
    pub fn new(max_intervals: usize) -> Self {
        Self { busy: VecDeque::with_capacity(MAX_GAPS + 2), max_intervals: max_intervals.max(MAX_GAPS + 2), gap_bound: 0, last_end: 0 }
    }

    /// When everything booked so far is done.
    #[inline]
    pub fn free_at(&self) -> Nanos {
        self.last_end
    }

    /// When `book` would start `duration`, ready at `ready`, without booking it.
    pub fn fit(&self, ready: Nanos, duration: Nanos) -> Nanos {
        if self.busy.len() >= MAX_GAPS {
            return ready.max(self.free_at());
        }
        let mut t = ready;
        for &(start, end) in &self.busy {
            if end <= t {
                continue;
            }
            if start >= t + duration {
                return t;
            }
            t = t.max(end);
        }
        t
    }

    /// Books `duration` at the first gap at or after `ready`; returns when it ends. Intervals
    /// that ended by `now` (nothing can be booked before it any more) are forgotten first.
    #[inline(always)]
    pub fn book(&mut self, now: Nanos, ready: Nanos, duration: Nanos) -> Nanos {
        while self.busy.front().is_some_and(|b| b.1 <= now) {
            self.busy.pop_front();
            if self.busy.is_empty() {
                self.last_end = 0;
            }
        }
        let mut t = ready;
        if self.busy.len() < MAX_GAPS {
            if duration <= self.gap_bound {
                let mut widest = 0;
                for i in 0..self.busy.len() {
                    let (start, end) = self.busy[i];
                    if i > 0 {
                        widest = widest.max(start - self.busy[i - 1].1);
                    }
                    if end <= t {
                        continue;
                    }
                    if start >= t + duration {
                        return self.insert(i, t, t + duration);
                    }
                    t = t.max(end);
                }
                // No gap was long enough: the bound is exact again.
                self.gap_bound = widest;
            } else {
                // No gap between intervals is long enough; only the one before the first
                // (from `ready`, which no bound covers) may be.
                if let Some(&(first, _)) = self.busy.front() {
                    if first >= t + duration {
                        return self.insert(0, t, t + duration);
                    }
                }
                t = t.max(self.free_at());
            }
        } else {
            t = t.max(self.free_at());
        }
        let end = t + duration;
        self.last_end = end;
        let full = self.busy.len() >= self.max_intervals;
        match self.busy.back_mut() {
            Some(last) if last.1 == t || full => last.1 = end,
            Some(last) => {
                self.gap_bound = self.gap_bound.max(t - last.1);
                self.busy.push_back((t, end));
            }
            None => {
                self.gap_bound = 0;
                self.busy.push_back((t, end));
            }
        }
        end
    }

    /// Inserts [start, end) before interval `i`, merging with neighbours it touches.
    fn insert(&mut self, i: usize, start: Nanos, end: Nanos) -> Nanos {
        let touches_next = self.busy[i].0 == end;
        let touches_prev = i > 0 && self.busy[i - 1].1 == start;
        if i == 0 && !touches_next {
            // A new first interval: the gap after it is a new one.
            self.gap_bound = self.gap_bound.max(self.busy[0].0 - end);
        }
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

    /// The first-fit rule walked in full, as it was before `gap_bound`: the bound may only
    /// skip walks that would find nothing.
    struct Walked {
        busy: Vec<(Nanos, Nanos)>,
        max_intervals: usize,
    }

    impl Walked {
        fn book(&mut self, now: Nanos, ready: Nanos, duration: Nanos) -> Nanos {
            self.busy.retain(|b| b.1 > now);
            let mut t = ready;
            if self.busy.len() < MAX_GAPS {
                for i in 0..self.busy.len() {
                    let (start, end) = self.busy[i];
                    if end <= t {
                        continue;
                    }
                    if start >= t + duration {
                        let prev = i > 0 && self.busy[i - 1].1 == t;
                        match (prev, start == t + duration) {
                            (true, true) => self.busy[i - 1].1 = self.busy.remove(i).1,
                            (true, false) => self.busy[i - 1].1 = t + duration,
                            (false, true) => self.busy[i].0 = t,
                            (false, false) => self.busy.insert(i, (t, t + duration)),
                        }
                        return t + duration;
                    }
                    t = t.max(end);
                }
            } else {
                t = t.max(self.busy.last().unwrap().1);
            }
            let full = self.busy.len() >= self.max_intervals;
            match self.busy.last_mut() {
                Some(last) if last.1 == t || full => last.1 = t + duration,
                _ => self.busy.push((t, t + duration)),
            }
            t + duration
        }
    }

    #[test]
    fn the_gap_bound_books_exactly_as_a_full_walk() {
        let mut rng = crate::rng::SimRng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng.below(n);
        for trial in 0..300 {
            let cap = MAX_GAPS + 2 + (trial % 4) * 20;
            let mut fast = PlaneTimeline::new(cap);
            let mut walked = Walked { busy: Vec::new(), max_intervals: cap.max(MAX_GAPS + 2) };
            let mut now = 0;
            for step in 0..4000 {
                now += next(40);
                // Mostly near the present, sometimes far ahead (data waiting); short reads,
                // longer programs and erases.
                let ready = now + if next(3) == 0 { next(3000) } else { next(80) };
                let duration = 1 + if next(5) == 0 { next(400) } else { next(30) };
                assert_eq!(fast.book(now, ready, duration), walked.book(now, ready, duration), "trial {trial}, step {step}");
                assert_eq!(fast.free_at(), walked.busy.last().map_or(0, |b| b.1));
            }
        }
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
