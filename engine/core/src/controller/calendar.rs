//! A shared transfer resource (a NAND channel, one direction of the host link) booked out of
//! time order.
//!
//! Plane operations are booked when the host command that causes them is issued, but they
//! start whenever their plane is free, so their transfers arrive at the channel out of time
//! order. A plain "next free time" would let one transfer booked far ahead (behind a busy
//! plane) block the channel for every idle plane in between. The calendar instead keeps the
//! near future as a ring of fixed slots (one mapping unit's transfer each) in a bitmap, and
//! a transfer takes the first free slots at or after the time its data is ready. A transfer
//! may be split across gaps: data moves in unit-sized bursts.

use crate::units::Nanos;

/// Division by the slot length, exact either way. Natively a strength-reduced multiply;
/// wasm32 has no 64x64->128-bit multiply (it calls a slow `__multi3`), so there the plain
/// 64-bit division the wasm engine does in one instruction is faster.
#[derive(Clone, Copy)]
struct SlotDivisor {
    #[cfg(not(target_arch = "wasm32"))]
    reduced: strength_reduce::StrengthReducedU64,
    #[cfg(target_arch = "wasm32")]
    ns: u64,
}

impl SlotDivisor {
    fn new(ns: u64) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        return Self { reduced: strength_reduce::StrengthReducedU64::new(ns) };
        #[cfg(target_arch = "wasm32")]
        return Self { ns };
    }

    #[inline]
    fn div_rem(self, n: u64) -> (u64, u64) {
        #[cfg(not(target_arch = "wasm32"))]
        return strength_reduce::StrengthReducedU64::div_rem(n, self.reduced);
        #[cfg(target_arch = "wasm32")]
        return (n / self.ns, n % self.ns);
    }
}

/// Slots in the ring: the horizon is this many unit transfers past the present.
pub(crate) const SLOTS: u64 = 1 << 16;
const WORDS: usize = (SLOTS / 64) as usize;

/// Heap bytes of one calendar (its ring), for the memory budget.
pub(crate) const HEAP_BYTES: u64 = (WORDS * 8) as u64;

pub(crate) struct Calendar {
    slot_ns: Nanos,
    slot_div: SlotDivisor,
    /// Start of the slot after the present: `advance` has nothing to do before it.
    next_edge: Nanos,
    /// Absolute slot number of the present; slots before it are recycled.
    base: u64,
    busy: Vec<u64>,
    /// Every slot in [run_start, tail) is booked and none from `tail` on: a transfer ready
    /// within that run queues at `tail` (a host link carrying a burst, a channel behind its
    /// busy planes), which needs no division and no search of the ring.
    run_start: u64,
    tail: u64,
    /// Booked slots, for utilisation.
    pub booked_slots: u64,
}

impl Calendar {
    pub fn new(slot_ns: Nanos) -> Self {
        let slot_ns = slot_ns.max(1);
        Self { slot_ns, slot_div: SlotDivisor::new(slot_ns), next_edge: slot_ns, base: 0, busy: vec![0; WORDS], run_start: 0, tail: 0, booked_slots: 0 }
    }

    /// Moves the present to `now`, freeing the slots that passed.
    #[inline]
    fn advance(&mut self, now: Nanos) {
        if now < self.next_edge {
            return;
        }
        let target = self.slot_div.div_rem(now).0;
        self.next_edge = (target + 1) * self.slot_ns;
        if target - self.base >= SLOTS {
            self.busy.iter_mut().for_each(|w| *w = 0);
        } else {
            let mut s = self.base;
            while s < target {
                let bit = s % 64;
                let word = ((s / 64) as usize) % WORDS;
                let take = (64 - bit).min(target - s);
                let mask = if take == 64 { u64::MAX } else { ((1u64 << take) - 1) << bit };
                self.busy[word] &= !mask;
                s += take;
            }
        }
        self.base = target;
    }

    /// Books `units` slots at or after `ready`, the present being `now`; returns when the
    /// last one ends.
    #[inline(never)]
    pub fn book(&mut self, now: Nanos, ready: Nanos, units: u32) -> Nanos {
        self.advance(now);
        self.booked_slots += units as u64;
        self.search(ready, units)
    }

    /// `book` for a transfer that usually comes after the latest ones (data following data
    /// on a busy link, pages to program on a channel): it then takes the slots after the
    /// busy run they end, or the free slots it is ready for past it, without a search.
    #[inline(always)]
    pub fn queue(&mut self, now: Nanos, ready: Nanos, units: u32) -> Nanos {
        self.advance(now);
        self.booked_slots += units as u64;
        let (u, tail) = (units as u64, self.tail);
        if u > 0 && self.base <= tail && tail + u < self.base + SLOTS {
            // The first slot at or after `ready` is in the busy run (ready <= tail, and past
            // its start or the present): the first free one is `tail`, and every slot from
            // there to the horizon is free.
            if ready <= tail * self.slot_ns && (self.run_start <= self.base || ready > (self.run_start - 1) * self.slot_ns) {
                self.mark(tail, u);
                self.tail = tail + u;
                return self.tail * self.slot_ns;
            }
            // Ready past the run: its own first slot is free, and so are the ones after it.
            if ready > tail * self.slot_ns {
                let (q, r) = self.slot_div.div_rem(ready);
                let s = q + (r > 0) as u64;
                if s + u < self.base + SLOTS {
                    self.mark(s, u);
                    self.run_start = s;
                    self.tail = s + u;
                    return self.tail * self.slot_ns;
                }
            }
        }
        self.book_searched(ready, units)
    }

    #[inline(never)]
    fn book_searched(&mut self, ready: Nanos, units: u32) -> Nanos {
        self.search(ready, units)
    }

    /// Marks `n` slots from absolute slot `from` booked.
    #[inline(always)]
    fn mark(&mut self, from: u64, n: u64) {
        let bit = from % 64;
        if bit + n <= 64 {
            // Within one word: a transfer of a few units nearly always is.
            let ones = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            self.busy[((from / 64) as usize) % WORDS] |= ones << bit;
            return;
        }
        let mut s = from;
        let end = from + n;
        while s < end {
            let bit = s % 64;
            let take = (64 - bit).min(end - s);
            let mask = if take == 64 { u64::MAX } else { ((1u64 << take) - 1) << bit };
            self.busy[((s / 64) as usize) % WORDS] |= mask;
            s += take;
        }
    }

    /// The first free slots at or after `ready`.
    #[inline(always)]
    fn search(&mut self, ready: Nanos, units: u32) -> Nanos {
        let (q, r) = self.slot_div.div_rem(ready);
        let mut s = (q + (r > 0) as u64).max(self.base);
        if s + units as u64 >= self.base + SLOTS {
            // Beyond the horizon: so far ahead that contention is negligible.
            return s * self.slot_ns + units as Nanos * self.slot_ns;
        }
        let horizon = self.base + SLOTS;
        let mut left = units as u64;
        let mut last = s;
        // The first slot of the last run booked, if any.
        let mut run_first = None;
        while left > 0 {
            if s >= horizon {
                if let Some(first) = run_first {
                    self.note_run(first, last, horizon);
                }
                return (s + left) * self.slot_ns;
            }
            let word = ((s / 64) as usize) % WORDS;
            let bit = s % 64;
            let free = !self.busy[word] & (u64::MAX << bit);
            if free == 0 {
                s += 64 - bit;
                continue;
            }
            // Take the whole run of free slots from the first one, as far as the transfer
            // needs (one slot at a time would book the same slots, only slower). Slots past
            // the horizon are not booked: the transfer's rest is beyond it.
            let b = free.trailing_zeros() as u64;
            let first = s - bit + b;
            let run = ((free >> b).trailing_ones() as u64).min(left).min(horizon.saturating_sub(first).max(1));
            let mask = if run == 64 { u64::MAX } else { ((1u64 << run) - 1) << b };
            self.busy[word] |= mask;
            last = first + run - 1;
            s = last + 1;
            left -= run;
            run_first = Some(first);
        }
        if let Some(first) = run_first {
            self.note_run(first, last, horizon);
        }
        (last + 1) * self.slot_ns
    }

    /// Slots `first..=last` were booked, the last run of a transfer: the busy run ending
    /// at `tail` grows when they join it, and starts anew past it. A slot booked past the
    /// horizon shares its ring bit with one in the window: the run is then empty rather
    /// than vouch for slots the ring may free.
    /// Written as selects, not branches: out-of-order bookings (random reads) would
    /// mispredict them half the time.
    #[inline(always)]
    fn note_run(&mut self, first: u64, last: u64, horizon: u64) {
        let (tail, end) = (self.tail, last + 1);
        let start = if first > tail { first } else { self.run_start };
        let start = if first >= horizon { end } else { start };
        self.run_start = if end > tail { start } else { self.run_start };
        self.tail = tail.max(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfers_fill_gaps_left_by_later_bookings() {
        let mut c = Calendar::new(10);
        assert_eq!(c.book(0, 1000, 2), 1020, "booked far ahead first");
        assert_eq!(c.book(0, 0, 3), 30, "an earlier transfer is not blocked by it");
        assert_eq!(c.book(0, 0, 2), 50, "queues behind the first");
        assert_eq!(c.book(0, 995, 3), 1050, "split around the busy slots");
    }

    #[test]
    fn queueing_behind_the_busy_run_books_what_the_search_finds() {
        let mut rng = crate::rng::SimRng::new(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: u64| rng.below(n);
        for trial in 0..200 {
            let slot_ns = 1 + next(40);
            let (mut fast, mut searched) = (Calendar::new(slot_ns), Calendar::new(slot_ns));
            let (mut now, mut last_ready) = (0, 0);
            for step in 0..5000 {
                // Bursts queue behind each other; now and then the present jumps far ahead
                // (past the horizon too), or a transfer is ready far in the future.
                let step_ns = match next(100) {
                    0 => SLOTS * slot_ns * 2,
                    1..=10 => 50 * slot_ns,
                    _ => 3 * slot_ns,
                };
                now += next(step_ns);
                // Near the present; far ahead, around the horizon; a burst behind the last
                // transfer; now and then before the present.
                let ready = match next(16) {
                    0 => now + (SLOTS - next(700)) * slot_ns + next(slot_ns),
                    1 => now.saturating_sub(next(20 * slot_ns)),
                    2..=7 => last_ready + next(2 * slot_ns),
                    _ => now + next(20 * slot_ns),
                };
                last_ready = ready;
                let widest = if next(4) == 0 { 300 } else { 8 };
                let units = 1 + next(widest) as u32;
                searched.advance(now);
                searched.booked_slots += units as u64;
                let want = searched.search(ready, units);
                let got = if next(3) == 0 { fast.book(now, ready, units) } else { fast.queue(now, ready, units) };
                assert_eq!(got, want, "trial {trial}, step {step}");
            }
        }
    }

    #[test]
    fn the_ring_recycles_the_past() {
        let mut c = Calendar::new(10);
        c.book(0, 0, 10);
        assert_eq!(c.book(50, 0, 1), 110, "past slots are not bookable; slots 5..9 are still busy");
        let t = SLOTS * 10 * 3;
        assert_eq!(c.book(t, t, 1), t + 10, "a jump clears the ring");
        let far = t + SLOTS * 10 * 2;
        assert_eq!(c.book(t, far, 2), far + 20, "beyond the horizon: no contention");
    }
}
