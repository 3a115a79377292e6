//! Candidate victims for garbage collection, kept so that picking one costs O(1) for greedy.
//!
//! Each plane's closed blocks sit in intrusive doubly linked lists, one list per valid-unit
//! count ("buckets"). Invalidating a unit moves its block one bucket down in O(1); the greedy
//! victim is the head of the plane's lowest non-empty bucket.

pub(crate) const NONE: u32 = u32::MAX;
const NEXT: usize = 0;
const PREV: usize = 1;

pub(crate) struct ValidBuckets {
    /// head[plane * buckets_per_plane + valid]
    head: Vec<u32>,
    /// Per block: [next, prev] in its bucket, side by side (moving a block to the next
    /// bucket touches both).
    links: Vec<[u32; 2]>,
    /// Per plane: every bucket below this one is empty.
    min: Vec<u32>,
    blocks_per_plane: u32,
    buckets_per_plane: u32,
}

impl ValidBuckets {
    pub fn new(planes: u32, blocks_per_plane: u32, slots_per_block: u32) -> Self {
        let buckets_per_plane = slots_per_block + 1;
        let blocks = (planes * blocks_per_plane) as usize;
        Self {
            head: vec![NONE; (planes * buckets_per_plane) as usize],
            links: vec![[NONE; 2]; blocks],
            min: vec![buckets_per_plane; planes as usize],
            blocks_per_plane,
            buckets_per_plane,
        }
    }

    /// Starts fetching a block's links (it is about to move to another bucket).
    #[inline]
    pub fn fetch(&self, block: usize) {
        super::maps::fetch(&self.links, block);
    }

    #[inline]
    fn bucket(&self, block: u32, valid: u32) -> usize {
        ((block / self.blocks_per_plane) * self.buckets_per_plane + valid) as usize
    }

    pub fn insert(&mut self, block: u32, valid: u32) {
        let b = self.bucket(block, valid);
        let old_head = self.head[b];
        self.links[block as usize][NEXT] = old_head;
        self.links[block as usize][PREV] = NONE;
        if old_head != NONE {
            self.links[old_head as usize][PREV] = block;
        }
        self.head[b] = block;
        let plane = (block / self.blocks_per_plane) as usize;
        self.min[plane] = self.min[plane].min(valid);
    }

    pub fn remove(&mut self, block: u32, valid: u32) {
        let [n, p] = self.links[block as usize];
        if p == NONE {
            let b = self.bucket(block, valid);
            self.head[b] = n;
        } else {
            self.links[p as usize][NEXT] = n;
        }
        if n != NONE {
            self.links[n as usize][PREV] = p;
        }
    }

    /// The plane's closed block with the fewest valid units, or `None` if it has none.
    pub fn min_block(&mut self, plane: u32) -> Option<u32> {
        let base = (plane * self.buckets_per_plane) as usize;
        let min = &mut self.min[plane as usize];
        while *min < self.buckets_per_plane {
            let h = self.head[base + *min as usize];
            if h != NONE {
                return Some(h);
            }
            *min += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_order_follows_valid_counts_per_plane() {
        let mut b = ValidBuckets::new(2, 4, 8);
        b.insert(0, 5);
        b.insert(1, 3);
        b.insert(2, 7);
        b.insert(5, 0); // plane 1
        assert_eq!(b.min_block(0), Some(1));
        assert_eq!(b.min_block(1), Some(5));
        b.remove(1, 3);
        assert_eq!(b.min_block(0), Some(0));
        b.remove(2, 7);
        b.insert(2, 1);
        assert_eq!(b.min_block(0), Some(2));
        b.remove(2, 1);
        b.remove(0, 5);
        assert_eq!(b.min_block(0), None);
        assert_eq!(b.min_block(1), Some(5));
    }
}
