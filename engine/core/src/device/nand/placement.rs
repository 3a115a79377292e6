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

/// The FDP drive's placement results: per handle, and GC's shared destination.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct PlacementSummary {
    pub handles: Vec<HandleSummary>,
    /// "initially" or "persistently" (`device.fdp.isolation`).
    pub isolation: String,
    /// A reclaim unit: a superblock, one erase block on every plane.
    pub reclaim_unit_bytes: f64,
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
        let units_opened = |h: usize| (now.blocks_opened[h] - before.blocks_opened[h]) as f64 / geo.planes as f64;
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
            isolation: if self.ftl.fdp_persistent() { "persistently" } else { "initially" }.to_string(),
            reclaim_unit_bytes: geo.planes as f64 * (geo.slots_per_block as u64 * MAPPING_UNIT_BYTES) as f64,
            shared_gc_moved_bytes: bytes(gc(shared)),
            shared_nand_share_percent: share(gc(shared)),
            shared_reclaim_units_opened: units_opened(shared),
            invalid_placement_writes: (now.invalid_placements - before.invalid_placements) as f64,
        })
    }
}
