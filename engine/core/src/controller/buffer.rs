//! The controller's write buffer (DRAM, or SRAM on DRAM-less drives).
//!
//! Host writes complete once their data is here. A unit's room frees when the page holding
//! it has been programmed; pages program out of order across planes, so the buffer keeps the
//! release time of every programmed-but-resident page in a min-heap and admits a new unit as
//! soon as any room is free. Units of the page still being filled are resident with no
//! release time yet.

use crate::metrics::Cause;
use crate::units::Nanos;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The program that freed room for an admission: when it started on its timeline, what
/// mostly kept it from starting sooner when it was booked (`Buffer` if nothing did).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Freed {
    pub start: Nanos,
    pub timeline: u32,
    pub delayed_by: Cause,
}

/// Heap bytes a unit of room takes: its entry in `releases`, allocated whole when the buffer
/// is made (the run's memory bound counts this, `NandSsd::memory`).
pub(crate) const BYTES_PER_UNIT: u64 = std::mem::size_of::<Reverse<(Nanos, u32, Freed)>>() as u64;

/// Heap bytes a power cut's record of one acknowledged write takes (`sim::power_cut`).
pub const ACKED_WRITE_BYTES: u64 = 24;

/// Earlier pages of its wordline a page's program can corrupt, at most (QLC's wordline has
/// 4 pages). Each page waiting for its program holds a unit at least, so the pairs pending
/// stay within this many per unit of room.
const PAIRS_PER_PAGE: usize = 3;

pub(crate) struct WriteBuffer {
    capacity: u32,
    /// (release time, units, what freed it) of pages already booked for programming. The
    /// last never decides the order: equal (time, units) entries are interchangeable.
    releases: BinaryHeap<Reverse<(Nanos, u32, Freed)>>,
    /// Units in the heap.
    booked: u32,
    /// Units admitted whose page has not been programmed yet.
    pending: u32,
    /// Admission time of the last unit: units enter in order, so none enters before it.
    last_admit: Nanos,
    /// The latest release time booked: every unit booked so far is on NAND by then.
    last_release: Nanos,
    /// Units ever admitted, and ever booked. Units are numbered in admission order and
    /// booked in that order (the buffer's model: a page takes the oldest units waiting).
    admitted: u64,
    booked_total: u64,
    /// With a power cut to account for (`track_durability`): each booked batch not yet known
    /// to be on NAND, as (number of the first unit after it, release time), in booking
    /// order; every unit before the first is on NAND. None otherwise: no cost.
    batches: Option<VecDeque<(u64, Nanos)>>,
    durable_below: u64,
    /// Programs whose wordline holds earlier pages of host data (multi-pass programming, no
    /// one-shot): (first unit of the earlier pages, first unit of this program, its start,
    /// its release). A cut while it programs corrupts the earlier pages (`paired_at`).
    pairs: Option<VecDeque<(u64, u64, Nanos, Nanos)>>,
    /// The power cut's time: a batch is forgotten only once it is on NAND by then.
    cut_at: Nanos,
}

impl WriteBuffer {
    /// Units of room a drive's buffer has: `controller.write_buffer`, and never less than
    /// two programs' worth (one filling while the one before programs).
    pub fn units_of(device: &crate::scenario::Device, geo: &crate::media::Geometry) -> u32 {
        let asked = (device.controller.write_buffer.0 / crate::units::MAPPING_UNIT_BYTES).min(u32::MAX as u64) as u32;
        asked.max(2 * geo.slots_per_page * geo.pages_per_program)
    }

    pub fn new(capacity_units: u32) -> Self {
        Self {
            capacity: capacity_units,
            releases: BinaryHeap::with_capacity(capacity_units as usize),
            booked: 0,
            pending: 0,
            last_admit: 0,
            last_release: 0,
            admitted: 0,
            booked_total: 0,
            batches: None,
            durable_below: 0,
            pairs: None,
            cut_at: 0,
        }
    }

    /// When the units before one ready at `ready` have entered: it enters no earlier.
    #[inline]
    pub fn line_at(&self, ready: Nanos) -> Nanos {
        self.last_admit.max(ready)
    }

    /// Room for one more unit: the time it can enter, no earlier than `ready` or the unit
    /// before it (`line_at`). Each time the wait for room moves on, `waited(until, freed)`
    /// hears how far and which program freed it. The wait behind earlier units is not heard
    /// here: a unit of a long write waits behind its own command's units every time, and a
    /// call per unit cost the sequential-write bench a tenth of its instructions.
    #[inline]
    pub fn admit(&mut self, ready: Nanos, mut waited: impl FnMut(Nanos, Freed)) -> Nanos {
        let mut at = self.line_at(ready);
        // Drop pages already programmed by `at`; then, while full, wait for the next one.
        while let Some(&Reverse((release, units, freed))) = self.releases.peek() {
            if release > at && self.booked + self.pending < self.capacity {
                break;
            }
            self.releases.pop();
            self.booked -= units;
            if release > at {
                at = release;
                waited(at, freed);
            }
        }
        self.pending += 1;
        self.admitted += 1;
        self.last_admit = at;
        if let Some(batches) = &mut self.batches {
            // Batches on NAND by now, and by the cut, stay so: forget them, in order.
            while let Some(&(end, release)) = batches.front() {
                if release > at.min(self.cut_at) {
                    break;
                }
                self.durable_below = end;
                batches.pop_front();
            }
        }
        at
    }

    /// (units resident at `now`, capacity): admitted units whose page has not been
    /// programmed by then. O(pages booked): for occasional snapshots, not per command.
    pub fn resident_at(&self, now: Nanos) -> (u32, u32) {
        let booked: u32 = self.releases.iter().filter(|r| r.0 .0 > now).map(|r| r.0 .1).sum();
        ((self.pending + booked).min(self.capacity), self.capacity)
    }

    /// The `units` most recently admitted units are booked to be programmed by `done`.
    #[inline]
    pub fn release(&mut self, units: u32, done: Nanos, freed: Freed) {
        let units = units.min(self.pending);
        self.pending -= units;
        self.booked += units;
        self.booked_total += units as u64;
        if let Some(batches) = &mut self.batches {
            batches.push_back((self.booked_total, done));
        }
        self.last_release = self.last_release.max(done);
        self.releases.push(Reverse((done, units, freed)));
    }

    /// Keep what a power cut at `cut_at` needs: when each unit reaches NAND (`durable_units`),
    /// and with `paired_pages` which programs would corrupt earlier pages of their wordline.
    pub fn track_durability(&mut self, cut_at: Nanos, paired_pages: bool) {
        self.batches = Some(VecDeque::with_capacity(self.capacity as usize + 1));
        self.pairs = paired_pages.then(|| VecDeque::with_capacity(PAIRS_PER_PAGE * self.capacity as usize + 1));
        self.cut_at = cut_at;
    }

    /// Heap a power cut's record takes with `buffer_units` units of buffer and `depth`
    /// commands in flight: the acknowledged writes' ring (`sim::power_cut`), the booked
    /// batches and, with paired pages, the paired programs.
    pub fn power_cut_bytes(buffer_units: u64, depth: u64, paired_pages: bool) -> u64 {
        let pairs = if paired_pages { (PAIRS_PER_PAGE as u64 * buffer_units + 1) * std::mem::size_of::<(u64, u64, Nanos, Nanos)>() as u64 } else { 0 };
        (buffer_units + depth + 1) * ACKED_WRITE_BYTES + (buffer_units + 1) * std::mem::size_of::<(u64, Nanos)>() as u64 + pairs
    }

    /// Whether the buffer keeps paired programs (`track_durability`).
    #[inline]
    pub fn tracks_pairs(&self) -> bool {
        self.pairs.is_some()
    }

    /// Units booked so far: the next batch booked starts at this number.
    #[inline]
    pub fn booked_total(&self) -> u64 {
        self.booked_total
    }

    /// The batch just booked (`release`), programmed from `start`, shares its wordline with
    /// an earlier page holding the units `lower..upper`: a cut during its program corrupts them.
    pub fn paired(&mut self, lower: u64, upper: u64, start: Nanos) {
        let cut = self.cut_at;
        let release = self.batches.as_ref().and_then(|b| b.back()).map_or(0, |&(_, r)| r);
        if let Some(pairs) = &mut self.pairs {
            // Only a program still going at the cut matters; one ended by now never will.
            while pairs.front().is_some_and(|&(_, _, _, r)| r <= start.min(cut)) {
                pairs.pop_front();
            }
            pairs.push_back((lower, upper, start, release));
        }
    }

    /// Every unit numbered below this is on NAND and no pending program can corrupt it: a
    /// power cut's record may forget the writes below it.
    #[inline]
    pub fn settled_below(&self) -> u64 {
        let paired = self.pairs.iter().flatten().map(|&(lower, ..)| lower).min();
        paired.map_or(self.durable_below, |lower| lower.min(self.durable_below))
    }

    /// Unit ranges a cut at `at` corrupts: the earlier pages of each wordline whose next
    /// page was being programmed then.
    pub fn paired_at(&self, at: Nanos) -> Vec<(u64, u64)> {
        self.pairs.iter().flatten().filter(|&&(_, _, start, release)| start <= at && at < release).map(|&(lower, first, _, _)| (lower, first)).collect()
    }

    /// Units of room.
    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    /// Units admitted so far: the next unit admitted is numbered this.
    #[inline]
    pub fn admitted(&self) -> u64 {
        self.admitted
    }

    /// Every unit numbered below this is known to be on NAND.
    #[cfg(test)]
    pub fn durable_below(&self) -> u64 {
        self.durable_below
    }

    /// Of the `units` units numbered from `first`, how many were on NAND at `at` (their
    /// batch's program done by then). Needs `track_durability`.
    pub fn durable_units(&self, first: u64, units: u32, at: Nanos, corrupted: &[(u64, u64)]) -> u32 {
        let Some(batches) = &self.batches else { return 0 };
        let end = first + units as u64;
        let lost: u64 = corrupted.iter().map(|&(a, b)| b.min(end).saturating_sub(a.max(first))).sum();
        let mut durable = self.durable_below.clamp(first, end) - first;
        let mut from = self.durable_below.max(first);
        // The batches from the one holding `from` on, while they hold units of the range.
        let mut i = batches.partition_point(|&(batch_end, _)| batch_end <= from);
        while from < end && i < batches.len() {
            let (batch_end, release) = batches[i];
            let upto = batch_end.min(end);
            if release <= at {
                durable += upto - from;
            }
            from = upto;
            i += 1;
        }
        // Corrupted pages were programmed (and counted) before the program that broke them.
        durable.saturating_sub(lost) as u32
    }

    /// When every unit booked so far is on NAND (units still pending are not booked: a
    /// flush pads their pages first).
    #[inline]
    pub fn booked_durable_at(&self) -> Nanos {
        self.last_release
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Freed = Freed { start: 0, timeline: 0, delayed_by: Cause::Buffer };

    #[test]
    fn a_full_buffer_waits_for_the_earliest_program() {
        let mut b = WriteBuffer::new(4);
        assert_eq!(b.admit(10, |_, _| {}), 10);
        assert_eq!(b.admit(10, |_, _| {}), 10);
        b.release(2, 900, F); // first page: slow plane
        assert_eq!(b.admit(10, |_, _| {}), 10);
        assert_eq!(b.admit(10, |_, _| {}), 10);
        b.release(2, 500, F); // second page: faster plane
        assert_eq!(b.admit(20, |_, _| {}), 500, "room frees when the earliest page is programmed");
        assert_eq!(b.admit(20, |_, _| {}), 500);
        b.release(2, 1000, F);
        assert_eq!(b.admit(30, |_, _| {}), 900);
        assert_eq!(b.admit(2000, |_, _| {}), 2000, "everything programmed by then");
    }

    #[test]
    fn a_unit_is_durable_once_its_batch_is_programmed() {
        let mut b = WriteBuffer::new(8);
        b.track_durability(1_000, false);
        for _ in 0..6 {
            b.admit(10, |_, _| {});
        }
        b.release(2, 900, F); // units 0-1
        b.release(2, 500, F); // units 2-3, on a faster plane
                              // Units 4-5 wait for their page.
        assert_eq!(b.durable_units(0, 6, 400, &[]), 0);
        assert_eq!(b.durable_units(0, 6, 600, &[]), 2, "units 2-3 only: out of order");
        assert_eq!(b.durable_units(1, 2, 600, &[]), 1, "a command over units 1-2 is shorn");
        assert_eq!(b.durable_units(0, 6, 950, &[]), 4);
        b.admit(920, |_, _| {}); // forgets batches done by then (and by the cut)
        assert_eq!(b.durable_below(), 4);
        assert_eq!(b.durable_units(0, 6, 950, &[]), 4);
        assert_eq!(b.admitted(), 7);
    }
}
