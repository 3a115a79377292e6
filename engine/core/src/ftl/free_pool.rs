//! A plane's free blocks, in the order they were freed.
//!
//! Opening a block takes the first one freed or, with dynamic wear levelling, the least-worn
//! (the first freed among equally worn ones). A free block's erase count cannot change while
//! it waits (blocks are erased when freed or when opened), so the least-worn pick is a
//! min-heap on (erase count, order freed): O(log n) where a scan of the pool cost O(n) per
//! block opened — most of a large drive's fill, whose pool holds every block.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

pub(crate) struct FreePool {
    /// Without wear levelling: block numbers, first freed first.
    fifo: VecDeque<u32>,
    /// With it: (erase count, order freed, block); the root is the block to open.
    worn: BinaryHeap<Reverse<(u32, u64, u32)>>,
    least_worn: bool,
    /// Blocks freed so far: the order number of the next.
    freed: u64,
}

impl FreePool {
    /// A pool holding `blocks` (fresh from the factory, erase count 0), in that order.
    pub fn new(blocks: std::ops::Range<u32>, least_worn: bool) -> FreePool {
        let n = blocks.len();
        let mut pool = FreePool {
            fifo: VecDeque::with_capacity(if least_worn { 0 } else { n }),
            worn: BinaryHeap::with_capacity(if least_worn { n } else { 0 }),
            least_worn,
            freed: 0,
        };
        for block in blocks {
            pool.push(block, 0);
        }
        pool
    }

    pub fn len(&self) -> usize {
        if self.least_worn {
            self.worn.len()
        } else {
            self.fifo.len()
        }
    }

    /// `block`, erased `erase_count` times, joins the pool.
    pub fn push(&mut self, block: u32, erase_count: u32) {
        if self.least_worn {
            self.worn.push(Reverse((erase_count, self.freed, block)));
        } else {
            self.fifo.push_back(block);
        }
        self.freed += 1;
    }

    /// The block to open next, out of the pool.
    pub fn take(&mut self) -> Option<u32> {
        if self.least_worn {
            self.worn.pop().map(|Reverse((_, _, block))| block)
        } else {
            self.fifo.pop_front()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pick a scan of the pool in freed order made: the least worn, the first on a tie.
    fn scan_pick(pool: &mut Vec<u32>, counts: &[u32]) -> Option<u32> {
        let i = (0..pool.len()).min_by_key(|&i| counts[pool[i] as usize])?;
        Some(pool.remove(i))
    }

    #[test]
    fn least_worn_first_freed_on_a_tie_as_a_scan_picks() {
        let blocks = 64u32;
        let mut counts = vec![0u32; blocks as usize];
        let mut heap = FreePool::new(0..blocks, true);
        let mut scan: Vec<u32> = (0..blocks).collect();
        let mut x = 0x9e37_79b9u32;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            // Keep the pool between empty and full; a freed block was erased 0–2 more times.
            if scan.len() > 1 && (!x.is_multiple_of(3) || scan.len() == blocks as usize) {
                let picked = scan_pick(&mut scan, &counts);
                assert_eq!(heap.take(), picked);
            } else {
                let out: Vec<u32> = (0..blocks).filter(|b| !scan.contains(b)).collect();
                if let Some(&b) = out.get((x >> 8) as usize % out.len().max(1)) {
                    counts[b as usize] += (x >> 4) % 3;
                    heap.push(b, counts[b as usize]);
                    scan.push(b);
                }
            }
            assert_eq!(heap.len(), scan.len());
        }
    }

    #[test]
    fn without_wear_levelling_first_freed_first() {
        let mut pool = FreePool::new(3..6, false);
        pool.push(9, 40);
        assert_eq!((pool.take(), pool.take(), pool.len()), (Some(3), Some(4), 2));
        pool.push(1, 0);
        assert_eq!((pool.take(), pool.take(), pool.take(), pool.take()), (Some(5), Some(9), Some(1), None));
    }
}
