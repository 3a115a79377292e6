//! Why the write buffer's admissions waited, along its own time line. Units enter the buffer
//! in order, so a write at a deep queue waits first behind the units of the writes before it
//! (`NO_PLANE` waits), and those waited for programs, erases, GC or folding on some plane.
//! Every wait for a release is split by that plane's work (`plane_log`) and added to a running
//! total; checkpoints of the total let a later write take its share of the line since it
//! became ready, so a full buffer at QD32 says "behind folding" rather than only "waiting".
//!
//! Checkpoints come in levels: every wait, every 64th, every 4,096th, each level a ring of
//! 64. A write ready long ago (seconds behind a batch of folding) is found in a coarser one.

use crate::metrics::{Cause, Chain, CAUSES};
use crate::units::Nanos;

/// Checkpoints per level, and levels.
const RING: usize = 64;
const LEVELS: usize = 3;

type Checkpoint = (Nanos, [Nanos; CAUSES]);

pub(crate) struct Admissions {
    /// The admission line's time per cause so far, and when it was last added to.
    total: [Nanos; CAUSES],
    latest: Nanos,
    waits: u64,
    /// Per level: its checkpoints, and where the next goes.
    levels: [(Vec<Checkpoint>, usize); LEVELS],
}

/// Heap bytes, for the memory budget.
pub(crate) const BYTES: u64 = (LEVELS * RING * (8 + 8 * CAUSES)) as u64;

impl Admissions {
    pub fn new() -> Admissions {
        Admissions { total: [0; CAUSES], latest: 0, waits: 0, levels: std::array::from_fn(|_| (Vec::with_capacity(RING), 0)) }
    }

    /// Part of a wait the line is in: `ns` on `cause`.
    #[inline]
    pub fn add(&mut self, cause: Cause, ns: Nanos) {
        self.total[cause as usize] += ns;
    }

    /// The line waited until `until`, its parts `add`ed.
    pub fn waited(&mut self, until: Nanos) {
        self.latest = until;
        let mut every = 1;
        for (ring, next) in &mut self.levels {
            if !self.waits.is_multiple_of(every) {
                break;
            }
            if ring.len() < RING {
                ring.push((until, self.total));
            } else {
                ring[*next] = (until, self.total);
            }
            *next = (*next + 1) & (RING - 1);
            every *= RING as u64;
        }
        self.waits += 1;
    }

    /// Books the line's time from `chain`'s mark to `to` (the latest admission) on the
    /// causes it waited for: the checkpoint segment it became ready in on that segment's
    /// largest cause, the time since whole; what no checkpoint covers is `Buffer`.
    pub fn book_since<C: Chain>(&self, chain: &mut C, to: Nanos) {
        let from = chain.mark();
        if to <= from {
            return;
        }
        if self.latest == to {
            if let Some((t1, c0, c1)) = self.levels.iter().find_map(|(ring, next)| Self::around(ring, *next, from)) {
                let largest = (0..CAUSES).max_by_key(|&c| (c1[c] - c0[c], std::cmp::Reverse(c))).expect("causes");
                chain.add(Cause::ALL[largest], t1 - from);
                for (c, (&now, &then)) in self.total.iter().zip(c1.iter()).enumerate() {
                    chain.add(Cause::ALL[c], now - then);
                }
            }
        }
        chain.to(Cause::Buffer, to);
    }

    /// In one level's ring: the first checkpoint past `from` (its time and total) and the
    /// total of the one before it; none if the ring does not reach back to `from`.
    fn around(ring: &[Checkpoint], next: usize, from: Nanos) -> Option<(Nanos, &[Nanos; CAUSES], &[Nanos; CAUSES])> {
        // Checkpoints are in time order (admissions never go back), oldest at `next` once
        // the ring is full: a binary search, where a scan from the newest walked dozens.
        let n = ring.len();
        let oldest = if n < RING { 0 } else { next };
        let at = |j: usize| &ring[(oldest + j) & (RING - 1)];
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if at(mid).0 <= from {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // `lo` checkpoints are at or before `from`: the segment from the last of them.
        if lo == 0 || lo == n {
            return None;
        }
        let (before, after) = (at(lo - 1), at(lo));
        Some((after.0, &before.1, &after.1))
    }
}
