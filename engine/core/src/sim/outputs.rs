//! What a run gives its callers besides the report: its series as they grow, the drive,
//! its block map, its snapshots and where its latency went.

use super::{LatencyCauses, Simulation};
use crate::device::DeviceModel;
use crate::metrics::Series;
use serde::Serialize;
use ts_rs::TS;

/// How the block map is laid out (`Simulation::block_map_layout`): blocks in plane-major order,
/// all 0 for media without blocks (3D XPoint, a disk).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct BlockMapLayout {
    pub planes: u32,
    pub blocks_per_plane: u32,
    pub units_per_block: u32,
}

impl Simulation {
    /// The drive's state along the run (`snapshots.rs`), as JSON; the cells apart.
    pub fn snapshots_json(&self) -> String {
        self.snapshots.to_json(&self.recorder.series, self.scale as f64)
    }

    /// Where the run's latency went, by cause (`LatencyCauses`); and as JSON.
    pub fn latency_causes(&self) -> LatencyCauses {
        self.recorder.latency_causes()
    }

    pub fn latency_causes_json(&self) -> String {
        serde_json::to_string(&self.latency_causes()).expect("the document serialises")
    }

    /// Commands whose latency parts did not add up to their latency: zero unless a
    /// device's timing chain has a gap.
    pub fn unbalanced_latency_parts(&self) -> u64 {
        self.recorder.unbalanced_latency_parts()
    }

    pub fn snapshot_cells(&self) -> &[u8] {
        self.snapshots.cells()
    }

    pub fn series(&self) -> &[Series] {
        &self.recorder.series
    }

    /// The points of series `index` that are final: every point once the run has finished,
    /// before that all but the newest of a line the run may still revise (its last time
    /// window, stretched over the run's final sliver; a benchmark point a repeat may better).
    /// A caller streaming a run's points in chunks hands over only these, each once: what it
    /// streamed is then the final series bit for bit, wherever its chunks end.
    pub fn final_points(&self, index: usize) -> &[[f64; 2]] {
        let Some(series) = self.recorder.series.get(index) else { return &[] };
        let settled = if self.finished { series.points.len() } else { self.recorder.settled_points(index) };
        &series.points[..settled]
    }

    pub fn drive(&self) -> &DeviceModel {
        &self.drive
    }

    /// Per-block state for the block map: valid units, erase count and state code; none for
    /// media without blocks.
    pub fn block_map(&self) -> Option<crate::ftl::BlockMap> {
        self.drive.block_map()
    }

    /// How the block map is laid out; all 0 for media without blocks.
    pub fn block_map_layout(&self) -> BlockMapLayout {
        let geometry = self.drive.nand().map(|d| d.ftl.geometry()).or_else(|| self.drive.zoned().map(|z| z.geometry()));
        geometry.map_or(BlockMapLayout::default(), |g| BlockMapLayout {
            planes: g.planes,
            blocks_per_plane: g.blocks_per_plane,
            units_per_block: g.slots_per_block,
        })
    }
}
