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
use std::collections::BinaryHeap;

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
}

impl WriteBuffer {
    /// Units of room a drive's buffer has: `controller.write_buffer`, and never less than
    /// two programs' worth (one filling while the one before programs).
    pub fn units_of(device: &crate::scenario::Device, geo: &crate::media::Geometry) -> u32 {
        let asked = (device.controller.write_buffer.0 / crate::units::MAPPING_UNIT_BYTES).min(u32::MAX as u64) as u32;
        asked.max(2 * geo.slots_per_page * geo.pages_per_program)
    }

    pub fn new(capacity_units: u32) -> Self {
        Self { capacity: capacity_units, releases: BinaryHeap::with_capacity(capacity_units as usize), booked: 0, pending: 0, last_admit: 0, last_release: 0 }
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
        self.last_admit = at;
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
        self.last_release = self.last_release.max(done);
        self.releases.push(Reverse((done, units, freed)));
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
}
