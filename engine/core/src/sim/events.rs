//! The queue slots' next events in time order.
//!
//! Almost every event is followed by the same slot's next one (a completion issues the next
//! command), so the queue lets the due event stay at the root until then: the new event
//! replaces it with one sift down, where a pop and a push would take two passes through the
//! heap. Every key is distinct (a slot has one event at a time, ties break on the slot), so
//! the order events come out in is the same either way.

use crate::units::Nanos;
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};

#[derive(Default)]
pub(super) struct EventQueue {
    heap: BinaryHeap<Reverse<(Nanos, u32)>>,
    /// The root was handed out by `next` and is still in the heap.
    taken: bool,
}

impl EventQueue {
    /// The earliest event (time, slot), out of the queue.
    #[inline]
    pub fn next(&mut self) -> Option<(Nanos, u32)> {
        self.settle();
        let &Reverse(event) = self.heap.peek()?;
        self.taken = true;
        Some(event)
    }

    #[inline]
    pub fn push(&mut self, at: Nanos, slot: u32) {
        if std::mem::take(&mut self.taken) {
            if let Some(mut root) = self.heap.peek_mut() {
                *root = Reverse((at, slot));
                return;
            }
        }
        self.heap.push(Reverse((at, slot)));
    }

    /// When the earliest event is due, if any.
    pub fn peek_time(&mut self) -> Option<Nanos> {
        self.settle();
        self.heap.peek().map(|&Reverse((t, _))| t)
    }

    pub fn clear(&mut self) {
        self.heap.clear();
        self.taken = false;
    }

    /// Removes the event `next` handed out, if nothing replaced it.
    #[inline]
    fn settle(&mut self) {
        if std::mem::take(&mut self.taken) {
            if let Some(root) = self.heap.peek_mut() {
                PeekMut::pop(root);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_in_time_then_slot_order_replaced_or_not() {
        let mut q = EventQueue::default();
        let mut plain = BinaryHeap::new();
        let mut x = 12345u64;
        for slot in 0..16u32 {
            q.push(slot as u64 * 7 % 5, slot);
            plain.push(Reverse((slot as u64 * 7 % 5, slot)));
        }
        for _ in 0..10_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (t, slot) = q.next().unwrap();
            assert_eq!(Reverse((t, slot)), plain.pop().unwrap());
            // Mostly the slot's next event at once; sometimes none (it thinks, or stops),
            // then the queue is peeked before the next event.
            if x >> 62 != 0 {
                let at = t + (x >> 40) % 9;
                q.push(at, slot);
                plain.push(Reverse((at, slot)));
            } else if let Some(next) = q.peek_time() {
                assert_eq!(next, plain.peek().unwrap().0 .0);
                let at = next + 3;
                q.push(at, slot);
                plain.push(Reverse((at, slot)));
            }
        }
    }
}
