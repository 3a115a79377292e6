//! The controller's write buffer (DRAM, or SRAM on DRAM-less drives).
//!
//! Host writes complete once their data is here; a unit's room is freed when the page holding
//! it has been programmed. Units are freed in the order they arrived: a ring of release
//! times, where the unit admitted now reuses the room of the unit admitted `capacity` units
//! ago.

use crate::units::Nanos;

pub(crate) struct WriteBuffer {
    release: Vec<Nanos>,
    /// Units admitted so far; the next unit takes ring slot `admitted % capacity`.
    admitted: u64,
    /// First admitted unit whose page has not been programmed yet.
    pending_from: u64,
}

impl WriteBuffer {
    pub fn new(capacity_units: u32) -> Self {
        Self { release: vec![0; capacity_units as usize], admitted: 0, pending_from: 0 }
    }

    /// Room for one more unit: the time it can enter, no earlier than `ready`.
    #[inline]
    pub fn admit(&mut self, ready: Nanos) -> Nanos {
        let slot = (self.admitted % self.release.len() as u64) as usize;
        self.admitted += 1;
        ready.max(self.release[slot])
    }

    /// The page holding every unit admitted since the last program is now booked to finish
    /// at `done`: their room frees then.
    #[inline]
    pub fn release_pending(&mut self, done: Nanos) {
        let cap = self.release.len() as u64;
        for u in self.pending_from..self.admitted {
            self.release[(u % cap) as usize] = done;
        }
        self.pending_from = self.admitted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_buffer_waits_for_the_oldest_program() {
        let mut b = WriteBuffer::new(4);
        for _ in 0..4 {
            assert_eq!(b.admit(10), 10);
        }
        b.release_pending(500);
        assert_eq!(b.admit(20), 500, "fifth unit reuses the first unit's room");
        b.release_pending(900);
        assert_eq!(b.admit(30), 500);
        assert_eq!(b.admit(600), 600);
    }
}
