//! The zoned drive's block map for the drive-state snapshots a run records
//! (`sim/snapshots.rs`): the same state cells as a block drive's (free, open, closed; the
//! share of a cell's flash written since its zone's reset in the valid bits, since a zoned
//! drive knows what it holds, not what of it the host still reads), then a run of zone-state
//! cells, one per cell (`ZoneState` as a number, 255 for blocks in no zone).

use super::ZonedSsd;
use crate::device::DriveState;
use crate::ftl::BlockMap;

/// A zone-state cell of blocks in no zone.
pub const NO_ZONE: u8 = u8::MAX;

impl ZonedSsd {
    /// The map in at most `max_cells` cells appended to `out`, state cells then zone-state
    /// cells; fills the state's free-block count and closed blocks' histogram (by share
    /// written). Returns the blocks per cell. O(blocks), at snapshots only.
    pub fn block_cells(&self, max_cells: u32, out: &mut Vec<u8>, state: &mut DriveState) -> u32 {
        let map = self.block_map();
        let g = &self.hw.geo;
        let blocks = g.blocks;
        let per = blocks.div_ceil(max_cells.max(1)).max(1);
        let share = |b: usize| map.valid_units[b] as f64 / g.slots_per_block.max(1) as f64;
        for b in 0..blocks as usize {
            match map.states[b] {
                BlockMap::FREE => state.free_blocks += 1,
                BlockMap::CLOSED => state.closed_valid[((share(b) * 10.0) as usize).min(9)] += 1,
                _ => {}
            }
        }
        for first in (0..blocks).step_by(per as usize) {
            let cell = first as usize..(first + per).min(blocks) as usize;
            let (mut free, mut closed, mut open, mut written) = (0u32, 0u32, false, 0f64);
            for b in cell.clone() {
                match map.states[b] {
                    BlockMap::FREE => free += 1,
                    BlockMap::OPEN => open = true,
                    _ => closed += 1,
                }
                written += share(b);
            }
            let st = if open {
                BlockMap::OPEN
            } else if closed >= free {
                BlockMap::CLOSED
            } else {
                BlockMap::FREE
            };
            let written = (written / cell.len() as f64 * 31.0).round() as u8;
            out.push(st | written.min(31) << 3);
        }
        for first in (0..blocks).step_by(per as usize) {
            out.push(zone_cell(&map.zone_states[first as usize..(first + per).min(blocks) as usize]));
        }
        per
    }
}

/// A cell's zone state: an open zone's if it holds a block of one (the frontiers are what a
/// reader looks for), else the most common state of its blocks in zones, the first of a tie
/// in `ZoneState` order; `NO_ZONE` if none is.
fn zone_cell(states: &[u8]) -> u8 {
    let mut count = [0u32; super::ZONE_STATES];
    for &s in states {
        if let Some(c) = count.get_mut(s as usize) {
            *c += 1;
        }
    }
    let open = [super::ZoneState::ImplicitOpen, super::ZoneState::ExplicitOpen];
    if let Some(s) = open.iter().find(|&&s| count[s as usize] > 0) {
        return *s as u8;
    }
    let (best, n) = count.iter().enumerate().fold((0, 0), |(best, n), (s, &c)| if c > n { (s, c) } else { (best, n) });
    if n == 0 {
        NO_ZONE
    } else {
        best as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_shows_an_open_zone_first_then_the_most_common_state() {
        assert_eq!(zone_cell(&[4, 4, 1, 0]), 1);
        assert_eq!(zone_cell(&[4, 3, 3, 0]), 3);
        assert_eq!(zone_cell(&[0, 4]), 0, "a tie goes to the first state");
        assert_eq!(zone_cell(&[NO_ZONE, NO_ZONE]), NO_ZONE);
        assert_eq!(zone_cell(&[NO_ZONE, 6]), 6);
    }
}
