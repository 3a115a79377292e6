//! Cost-benefit victim choice (Rosenblum & Ousterhout) without scanning every block.
//!
//! A closed block's score is (1 − u) / 2u × age, u its valid share and age the host units
//! written since it closed. The score grows with time, so no order of blocks stays sorted;
//! instead each plane keeps a tree over its blocks whose nodes hold the least valid count and
//! the earliest close time below them. Those bound every score in a subtree from above
//! (the score falls with u and grows with age), so a search from the root skips every
//! subtree that cannot beat the best block found so far. It returns exactly what a scan in
//! block order returns: the highest score, the lowest block number on a tie.
//!
//! Updates stop climbing where a node's values do not change; an invalidation usually
//! touches a few nodes, a victim's removal one path.

const EMPTY_VALID: u32 = u32::MAX;
const EMPTY_CLOSED: u64 = u64::MAX;

pub(crate) struct CostBenefit {
    /// Leaves per plane: blocks per plane rounded up to a power of two.
    leaves: usize,
    blocks_per_plane: u32,
    /// Sectors a block holds: u = valid / this.
    sectors_per_block: f64,
    /// Per plane `2 * leaves` nodes (node 1 the root, node n's children 2n and 2n + 1, block
    /// b of the plane at leaf `leaves + b`): least valid count and earliest close time of
    /// the candidate blocks below, EMPTY_* where there is none.
    min_valid: Vec<u32>,
    min_closed: Vec<u64>,
}

impl CostBenefit {
    pub fn new(planes: u32, blocks_per_plane: u32, sectors_per_block: u32) -> CostBenefit {
        let leaves = (blocks_per_plane as usize).next_power_of_two();
        let nodes = planes as usize * 2 * leaves;
        CostBenefit {
            leaves,
            blocks_per_plane,
            sectors_per_block: sectors_per_block as f64,
            min_valid: vec![EMPTY_VALID; nodes],
            min_closed: vec![EMPTY_CLOSED; nodes],
        }
    }

    /// Bytes the trees take for a drive of this shape (for the memory budget).
    pub fn bytes(planes: u64, blocks_per_plane: u64) -> u64 {
        planes * 2 * blocks_per_plane.next_power_of_two() * 12
    }

    /// `block` is a candidate holding `valid` sectors, closed when `closed_at` host units
    /// had been written.
    pub fn set(&mut self, block: u32, valid: u32, closed_at: u64) {
        self.update(block, valid, closed_at);
    }

    /// `block` is no longer a candidate (collected, or reopened).
    pub fn clear(&mut self, block: u32) {
        self.update(block, EMPTY_VALID, EMPTY_CLOSED);
    }

    fn update(&mut self, block: u32, valid: u32, closed_at: u64) {
        let plane = (block / self.blocks_per_plane) as usize;
        let base = plane * 2 * self.leaves;
        let mut node = self.leaves + (block % self.blocks_per_plane) as usize;
        self.min_valid[base + node] = valid;
        self.min_closed[base + node] = closed_at;
        while node > 1 {
            node >>= 1;
            let v = self.min_valid[base + 2 * node].min(self.min_valid[base + 2 * node + 1]);
            let c = self.min_closed[base + 2 * node].min(self.min_closed[base + 2 * node + 1]);
            if self.min_valid[base + node] == v && self.min_closed[base + node] == c {
                break;
            }
            self.min_valid[base + node] = v;
            self.min_closed[base + node] = c;
        }
    }

    /// (1 − u) / 2u: infinite for an empty block, which is always taken first.
    fn benefit(&self, valid: u32) -> f64 {
        let u = valid as f64 / self.sectors_per_block;
        (1.0 - u) / (2.0 * u)
    }

    /// The score, computed as the scan computed it (bit for bit).
    fn score(&self, valid: u32, closed_at: u64, now: u64) -> f64 {
        self.benefit(valid) * ((now - closed_at) as f64 + 1.0)
    }

    /// The plane's closed block with the highest score at `now` (host units written), the
    /// lowest-numbered on a tie; None if it has no closed block.
    pub fn best(&self, plane: u32, now: u64) -> Option<u32> {
        let base = plane as usize * 2 * self.leaves;
        let mut best = Best { score: -1.0, leaf: usize::MAX };
        self.search(base, 1, now, &mut best);
        (best.leaf != usize::MAX).then(|| plane * self.blocks_per_plane + (best.leaf - self.leaves) as u32)
    }

    /// The upper bound of the scores below `node`, or None if it holds no candidate.
    fn bound(&self, base: usize, node: usize, now: u64) -> Option<f64> {
        let v = self.min_valid[base + node];
        (v != EMPTY_VALID).then(|| self.score(v, self.min_closed[base + node], now))
    }

    fn search(&self, base: usize, node: usize, now: u64, best: &mut Best) {
        if node >= self.leaves {
            // A leaf's bound is its score.
            if let Some(score) = self.bound(base, node, now) {
                if score > best.score || (score == best.score && node < best.leaf) {
                    *best = Best { score, leaf: node };
                }
            }
            return;
        }
        let (l, r) = (2 * node, 2 * node + 1);
        let (bl, br) = (self.bound(base, l, now), self.bound(base, r, now));
        // The more promising child first (the left on a tie), so the other is more often
        // cut off.
        let order = match (bl, br) {
            (Some(a), Some(b)) if b > a => [Some((r, b)), Some((l, a))],
            (Some(a), Some(b)) => [Some((l, a)), Some((r, b))],
            (a, b) => [a.map(|a| (l, a)), b.map(|b| (r, b))],
        };
        for (child, bound) in order.into_iter().flatten() {
            if self.can_improve(child, bound, best) {
                self.search(base, child, now, best);
            }
        }
    }

    /// A subtree can hold a better block if its bound beats the best score, or ties it and
    /// the subtree holds lower block numbers.
    fn can_improve(&self, node: usize, bound: f64, best: &Best) -> bool {
        if bound > best.score {
            return true;
        }
        if bound < best.score || best.leaf == usize::MAX {
            return false;
        }
        let mut first_leaf = node;
        while first_leaf < self.leaves {
            first_leaf *= 2;
        }
        first_leaf < best.leaf
    }
}

struct Best {
    score: f64,
    /// usize::MAX until a candidate is found.
    leaf: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan the tree replaces, as `gc.rs` had it.
    fn scan(valid: &[Option<(u32, u64)>], plane: u32, bpp: u32, spb: f64, now: u64) -> Option<u32> {
        let mut best = None;
        let mut best_score = -1.0;
        for b in plane * bpp..(plane + 1) * bpp {
            let Some((v, c)) = valid[b as usize] else { continue };
            let u = v as f64 / spb;
            if u == 0.0 {
                return Some(b);
            }
            let score = (1.0 - u) / (2.0 * u) * ((now - c) as f64 + 1.0);
            if score > best_score {
                best_score = score;
                best = Some(b);
            }
        }
        best
    }

    #[test]
    fn picks_what_a_scan_in_block_order_picks() {
        for &(planes, bpp, spb) in &[(2u32, 37u32, 16u32), (1, 64, 4), (3, 5, 1024)] {
            let mut tree = CostBenefit::new(planes, bpp, spb);
            let mut blocks: Vec<Option<(u32, u64)>> = vec![None; (planes * bpp) as usize];
            let mut now = 0u64;
            let mut x = 0x2545_f491_u64;
            for step in 0..30_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let b = (x % (planes * bpp) as u64) as usize;
                match (x >> 20) % 4 {
                    // Close a block, mostly full; ties in valid count and age are common.
                    0 => {
                        let v = spb - ((x >> 32) as u32 % (spb / 2 + 1));
                        blocks[b] = Some((v, now));
                        tree.set(b as u32, v, now);
                    }
                    // Invalidate a sector of a closed block.
                    1 | 2 => {
                        if let Some((v, c)) = blocks[b] {
                            let v = v.saturating_sub(1 + (x >> 40) as u32 % 3);
                            blocks[b] = Some((v, c));
                            tree.set(b as u32, v, c);
                        }
                    }
                    _ => {
                        blocks[b] = None;
                        tree.clear(b as u32);
                    }
                }
                now += (x >> 50) % 3;
                if step % 7 == 0 {
                    for plane in 0..planes {
                        assert_eq!(tree.best(plane, now), scan(&blocks, plane, bpp, spb as f64, now), "step {step}, plane {plane}");
                    }
                }
            }
        }
    }
}
