//! NVMe FDP's results per reclaim unit handle: what each handle's data cost the NAND in a
//! run. Overall write amplification keeps its meaning (`Summary::write_amplification`); a
//! handle's is the NAND data its reclaim units took (its host data and GC's copies into
//! them) over its host data, and the shares of all handles add up to the NAND data
//! programmed (with GC's shared copies under initial isolation, stated apart).

use super::NandSsd;
use crate::ftl::FdpCounters;
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

/// One reclaim unit handle's part of the run. Bytes are of the simulated slice, like the
/// summary's NAND bytes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct HandleSummary {
    /// The handle's index: the placement identifier that selects it.
    pub handle: f64,
    /// Host data written through the handle.
    pub host_written_bytes: f64,
    /// GC's copies into the handle's reclaim units (persistent isolation; 0 under initial
    /// isolation, whose copies go to shared units).
    pub gc_moved_bytes: f64,
    /// Data programmed into the handle's reclaim units: its host data and GC's copies.
    pub nand_written_bytes: f64,
    /// `nand_written_bytes` / `host_written_bytes`; 0 if the handle wrote nothing.
    pub write_amplification: f64,
    /// The handle's share of all data programmed to NAND this run, percent.
    pub nand_share_percent: f64,
    /// Reclaim units opened for the handle (blocks opened over the blocks of a unit).
    pub reclaim_units_opened: f64,
}

/// One reclaim group's part of the run (its planes are `first_plane` ..
/// `first_plane + planes`; a block's group is its plane's).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct GroupSummary {
    /// The group's index (the upper part of a placement id: id / handles).
    pub group: f64,
    pub first_plane: f64,
    pub planes: f64,
    /// Host data written through the group's handles.
    pub host_written_bytes: f64,
    /// GC's copies inside the group (a victim's data stays on its plane).
    pub gc_moved_bytes: f64,
    /// `(host + GC copies) / host` of the group; 0 if it took no host data.
    pub write_amplification: f64,
    /// Reclaim units opened in the group, host and GC (blocks opened on its planes over
    /// its planes).
    pub reclaim_units_opened: f64,
}

/// The FDP drive's placement results: per handle, per reclaim group, and GC's shared
/// destination.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct PlacementSummary {
    pub handles: Vec<HandleSummary>,
    /// Per reclaim group (one entry with one group: the whole drive).
    pub groups: Vec<GroupSummary>,
    /// "initially" or "persistently" (`device.fdp.isolation`).
    pub isolation: String,
    /// A reclaim unit: one erase block on every plane of its reclaim group (a superblock
    /// with one group).
    pub reclaim_unit_bytes: f64,
    /// Blocks a handle's frontier opened outside the group its writes named, that group
    /// having no room (the host wrote more through it than its planes hold).
    pub group_spill_blocks: f64,
    /// GC's copies into shared reclaim units, which mix handles (initial isolation).
    pub shared_gc_moved_bytes: f64,
    pub shared_nand_share_percent: f64,
    pub shared_reclaim_units_opened: f64,
    /// Writes tagged with a placement identifier the drive does not have: written through
    /// the default handle (0), as NVMe FDP does (an "invalid placement identifier" event).
    pub invalid_placement_writes: f64,
}

impl NandSsd {
    /// What each handle's WAF line is drawn from (zeros without FDP).
    pub fn placement_counts(&self) -> crate::metrics::PlacementCounts {
        let mut out = crate::metrics::PlacementCounts::default();
        if self.ftl.fdp_enabled() {
            let c = self.ftl.fdp_counters();
            for h in 0..out.host_units.len() {
                out.host_units[h] = c.host_units[h];
                out.nand_units[h] = c.host_units[h] + c.gc_units[h];
            }
        }
        out
    }

    /// Per-handle results since `before`; None without FDP.
    pub fn placement_summary(&self, before: &FdpCounters) -> Option<PlacementSummary> {
        if !self.ftl.fdp_enabled() {
            return None;
        }
        let now = self.ftl.fdp_counters();
        let geo = self.ftl.geometry();
        let bytes = |units: u64| (units * MAPPING_UNIT_BYTES) as f64;
        let shared = now.gc_units.len() - 1;
        let host = |h: usize| now.host_units[h] - before.host_units[h];
        let gc = |h: usize| now.gc_units[h] - before.gc_units[h];
        // A reclaim unit is a block on every plane of a group.
        let per_group = self.ftl.fdp_planes_per_group();
        let units_opened = |h: usize| (now.blocks_opened[h] - before.blocks_opened[h]) as f64 / per_group as f64;
        let group = |g: usize| {
            let host = now.group_host_units[g] - before.group_host_units[g];
            let gc = now.group_gc_units[g] - before.group_gc_units[g];
            GroupSummary {
                group: g as f64,
                first_plane: (g as u32 * per_group) as f64,
                planes: per_group as f64,
                host_written_bytes: bytes(host),
                gc_moved_bytes: bytes(gc),
                write_amplification: if host > 0 { (host + gc) as f64 / host as f64 } else { 0.0 },
                reclaim_units_opened: (now.group_blocks_opened[g] - before.group_blocks_opened[g]) as f64 / per_group as f64,
            }
        };
        let handles = self.ftl.fdp_handles() as usize;
        let total: u64 = (0..handles).map(|h| host(h) + gc(h)).sum::<u64>() + gc(shared);
        let share = |units: u64| if total > 0 { units as f64 * 100.0 / total as f64 } else { 0.0 };
        Some(PlacementSummary {
            handles: (0..handles)
                .map(|h| HandleSummary {
                    handle: h as f64,
                    host_written_bytes: bytes(host(h)),
                    gc_moved_bytes: bytes(gc(h)),
                    nand_written_bytes: bytes(host(h) + gc(h)),
                    write_amplification: if host(h) > 0 { (host(h) + gc(h)) as f64 / host(h) as f64 } else { 0.0 },
                    nand_share_percent: share(host(h) + gc(h)),
                    reclaim_units_opened: units_opened(h),
                })
                .collect(),
            groups: (0..self.ftl.fdp_groups() as usize).map(group).collect(),
            isolation: if self.ftl.fdp_persistent() { "persistently" } else { "initially" }.to_string(),
            reclaim_unit_bytes: per_group as f64 * (geo.slots_per_block as u64 * MAPPING_UNIT_BYTES) as f64,
            group_spill_blocks: (now.group_spill_blocks - before.group_spill_blocks) as f64,
            shared_gc_moved_bytes: bytes(gc(shared)),
            shared_nand_share_percent: share(gc(shared)),
            shared_reclaim_units_opened: units_opened(shared),
            invalid_placement_writes: (now.invalid_placements - before.invalid_placements) as f64,
        })
    }
}
