//! Snapshots of the drive's state along a run, so the page can show what the drive was
//! doing at any point of a curve: a cursor on article 001's cliff shows the SLC cache full
//! and folding, one on a steady-state run shows how valid GC's victims were.
//!
//! They are taken at points of the run's own x axis (`Driver`): every time window, every
//! point of the data-written chart, every point of the latency timeline or every phase's
//! chart point. The run's length is not known in advance, so the spacing adapts: every
//! `stride`-th point is taken, and when `MAX_SNAPSHOTS` are held every other one is
//! dropped and the stride doubles. Memory stays bounded and the kept points stay evenly
//! spaced along the axis. Taking one reads the drive (O(blocks)); nothing here runs per
//! command.

use crate::controller::BUSY_CAUSES;
use crate::device::{DeviceModel, DriveState};
use crate::host::plan::Plan;
use crate::metrics::Series;
use crate::units::{Nanos, MAPPING_UNIT_BYTES};
use serde::Serialize;
use ts_rs::TS;

/// Snapshots a run keeps at most.
pub const MAX_SNAPSHOTS: usize = 64;
/// Cells a snapshot's block map has at most (blocks are grouped to fit).
pub const MAX_CELLS: u32 = 1024;

/// The x axis snapshots are spaced along: the run's headline chart's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "SnapshotDriver")]
#[serde(rename_all = "snake_case")]
pub enum Driver {
    Time,
    Written,
    Ops,
    Points,
}

impl Driver {
    /// The headline chart's x axis: data written, operations, the phases' points (a span
    /// sweep), or else time.
    pub fn of(plan: &Plan) -> Driver {
        if plan.bytes_window.is_some() {
            Driver::Written
        } else if plan.latency_group.is_some() {
            Driver::Ops
        } else if plan.phases.iter().filter(|p| p.point.is_some()).count() > 1 {
            Driver::Points
        } else {
            Driver::Time
        }
    }
}

/// Where a snapshot was taken, on every axis a chart may use.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct At {
    pub time_ns: Nanos,
    /// Host bytes written and read since the workload started, on the simulated drive.
    pub written_bytes: u64,
    pub read_bytes: u64,
    /// Host reads and writes completed (the latency timeline's x).
    pub ops: u64,
    /// The phase's chart point (series index, x) when the driver is `Points`.
    pub point: Option<(usize, f64)>,
}

struct Taken {
    at: At,
    state: DriveState,
}

pub(crate) struct Snapshots {
    /// The drive has state to show (NAND blocks, a hybrid's tier): else none are taken.
    enabled: bool,
    driver: Driver,
    /// The chart point of the phase that ended last, when the driver is `Points`.
    last_point: Option<(usize, f64)>,
    /// Every `stride`-th point of the driver's axis is taken.
    stride: u64,
    /// Points of the driver's axis seen so far.
    offered: u64,
    /// The drive when the workload started: the first interval counts from it.
    start: DriveState,
    taken: Vec<Taken>,
    /// Each snapshot's map cells, `cells_per` bytes each (`Ftl::block_cells`).
    cells: Vec<u8>,
    cells_per: usize,
    cell_blocks: u32,
    /// With NVMe FDP on, each snapshot's cells are two runs: the state cells, then a handle
    /// per cell (`Ftl::block_cells`).
    handle_cells: bool,
    /// On a zoned drive, two runs too: the state cells, then a zone state per cell
    /// (`ZonedSsd::block_cells`).
    zone_cells: bool,
}

impl Snapshots {
    pub fn new(driver: Driver, enabled: bool) -> Snapshots {
        Snapshots {
            enabled,
            driver,
            last_point: None,
            stride: 1,
            offered: 0,
            start: DriveState::default(),
            taken: Vec::with_capacity(MAX_SNAPSHOTS),
            cells: Vec::new(),
            cells_per: 0,
            cell_blocks: 0,
            handle_cells: false,
            zone_cells: false,
        }
    }

    pub fn driver(&self) -> Driver {
        self.driver
    }

    /// A phase ended with its chart point (series index, x): true if snapshots follow the
    /// phases' points, and one is offered there.
    pub fn point_ended(&mut self, series: usize, x: f64) -> bool {
        let follows = self.driver == Driver::Points;
        if follows {
            self.last_point = Some((series, x));
        }
        follows
    }

    /// The point the last phase drew, when snapshots follow the phases' points.
    pub fn point(&self) -> Option<(usize, f64)> {
        self.last_point
    }

    /// Points of the driver's axis seen so far: the run loop offers more when its count grows.
    #[inline]
    pub fn offered(&self) -> u64 {
        self.offered
    }

    /// The workload starts: the first snapshot's interval counts from here.
    pub fn start(&mut self, drive: &DeviceModel, now: Nanos) {
        self.start = drive.state(now, 0, &mut Vec::new()).0;
    }

    /// The driver's axis has `points` points now: takes a snapshot if one of the new ones is due.
    pub fn offer(&mut self, points: u64, at: At, drive: &DeviceModel) {
        let mut due = false;
        while self.offered < points {
            due |= self.offered.is_multiple_of(self.stride);
            self.offered += 1;
        }
        if due {
            self.take(at, drive);
        }
    }

    /// The run ended at `at`: its last state is kept unless a snapshot was just taken there.
    pub fn finish(&mut self, at: At, drive: &DeviceModel) {
        if self.taken.last().is_none_or(|t| t.at.time_ns != at.time_ns || t.at.point != at.point) {
            self.take(at, drive);
        }
    }

    fn take(&mut self, at: At, drive: &DeviceModel) {
        if !self.enabled {
            return;
        }
        if self.taken.len() == MAX_SNAPSHOTS {
            self.thin();
        }
        let before = self.cells.len();
        let (state, cell_blocks) = drive.state(at.time_ns, MAX_CELLS, &mut self.cells);
        self.handle_cells = drive.nand().is_some_and(|d| d.ftl.fdp_enabled());
        self.zone_cells = drive.zoned().is_some();
        self.cells_per = self.cells.len() - before;
        self.cell_blocks = cell_blocks;
        self.taken.push(Taken { at, state });
    }

    /// Drops every other snapshot (the first stays) and doubles the stride.
    fn thin(&mut self) {
        let per = self.cells_per;
        let mut kept = 0;
        for i in (0..self.taken.len()).step_by(2) {
            self.cells.copy_within(i * per..(i + 1) * per, kept * per);
            kept += 1;
        }
        self.cells.truncate(kept * per);
        let mut i = 0;
        self.taken.retain(|_| {
            i += 1;
            i % 2 == 1
        });
        self.stride *= 2;
    }

    /// The snapshots as the page reads them (`DriveSnapshots`, without the cells:
    /// `cells()`). `scale` turns the simulated drive's bytes into the
    /// full-size drive's, as the charts' axes do.
    pub fn to_json(&self, series: &[Series], scale: f64) -> String {
        let mut before = (0, &self.start);
        let snapshots: Vec<SnapshotOut> = self
            .taken
            .iter()
            .map(|t| {
                let out = SnapshotOut::of(t, before, series, scale);
                before = (t.at.time_ns, &t.state);
                out
            })
            .collect();
        let blocks = self.taken.first().map_or(0, |t| t.state.blocks);
        let out = SnapshotsOut {
            driver: self.driver,
            blocks,
            cell_blocks: self.cell_blocks,
            cells_per_snapshot: self.cells_per,
            handle_cells: self.handle_cells,
            zone_cells: self.zone_cells,
            snapshots,
        };
        serde_json::to_string(&out).expect("snapshots serialise")
    }

    /// Every snapshot's map cells, snapshot after snapshot.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
}

/// Snapshots a run recorded at points along its own x axis (at most `MAX_SNAPSHOTS`,
/// thinned evenly as the run goes), each with a coarse block map whose cells come apart
/// (`Simulation::snapshot_cells`): one byte per cell, `cells_per_snapshot` per snapshot, bits
/// 0–1 the state (0 free, 1 open, 2 closed, 3 a GC victim being collected; an aggregated cell
/// shows a victim or open block if it holds one, else its majority), bit 2 SLC mode
/// (majority), bits 3–7 the valid share 0..31 of the cell's capacity.
#[derive(Serialize, TS)]
#[ts(export, rename = "DriveSnapshots")]
struct SnapshotsOut<'a> {
    /// Which axis the snapshots were spaced along.
    driver: Driver,
    /// Blocks of the drive, and blocks per map cell (the map is downsampled to at most
    /// `MAX_CELLS` cells).
    blocks: u32,
    cell_blocks: u32,
    cells_per_snapshot: usize,
    /// NVMe FDP on: each snapshot's cells are the state cells, then as many handle cells
    /// (the reclaim unit handle most of the cell's written blocks belong to, 255 for none
    /// or GC's shared units); `cells_per_snapshot` counts both.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    handle_cells: bool,
    /// A zoned drive (NVMe ZNS): each snapshot's cells are the state cells (the valid bits
    /// are the share written since the zone's reset), then as many zone-state cells (0
    /// empty, 1 implicitly open, 2 explicitly open, 3 closed, 4 full, 5 read-only, 6
    /// offline: `ZoneState`'s order; 255 for blocks in no zone); `cells_per_snapshot`
    /// counts both.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    zone_cells: bool,
    snapshots: Vec<SnapshotOut<'a>>,
}

#[derive(Serialize, TS)]
struct PointOut<'a> {
    series: &'a str,
    x: f64,
}

#[derive(Serialize, TS)]
struct PlanesOut {
    host_read: f64,
    host_program: f64,
    gc_read: f64,
    gc_program: f64,
    erase: f64,
    table: f64,
}

#[derive(Serialize, TS)]
struct GcOut {
    #[ts(type = "number")]
    victims: u64,
    victim_valid_percent: Option<f64>,
    folded_percent: Option<f64>,
    /// Of GC's moves, static wear levelling's; absent while it moves nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    wear_level_percent: Option<f64>,
}

#[derive(Serialize, TS)]
struct SlcOut {
    data_gb: f64,
    size_gb: f64,
}

#[derive(Serialize, TS)]
struct TierOut {
    cached_gb: f64,
    read_hit_percent: Option<f64>,
}

/// The drive's state at one point of a run: where the run was on every x axis a chart may
/// use, and what the drive was doing in the interval since the snapshot before.
#[derive(Serialize, TS)]
#[ts(export, rename = "DriveSnapshot")]
struct SnapshotOut<'a> {
    /// Seconds since the workload started (the time axis).
    time_s: f64,
    /// Host data written and read since the workload started, full-size GB (the data-written axis).
    written_gb: f64,
    read_gb: f64,
    /// Host commands completed since the workload started (the per-operation axis).
    #[ts(type = "number")]
    ops: u64,
    /// The chart point it was taken at, when the run's points are its phases (a span sweep):
    /// that series' id and x.
    #[ts(inline)]
    point: Option<PointOut<'a>>,
    /// Share (0..1) of the planes' time booked in the interval, per cause; idle is 1 − their sum.
    #[ts(inline)]
    planes: PlanesOut,
    /// GC in the interval: victims collected, their mean valid share when chosen (%), and the
    /// share of moved data that was folding out of the SLC cache (%).
    #[ts(inline)]
    gc: GcOut,
    /// Closed blocks by valid share: ten bins, 0–10 % … 90–100 %.
    #[ts(as = "Vec<u32>")]
    closed_valid: [u32; 10],
    free_blocks: u32,
    blocks: u32,
    /// The SLC cache now, full-size GB; null without one.
    #[ts(inline)]
    slc: Option<SlcOut>,
    /// The write buffer's fill now, %; null for media without one.
    buffer_percent: Option<f64>,
    /// Table lookups in the interval by where they were answered: SRAM, DRAM, HMB, NAND (a
    /// miss), %; null without lookups.
    lookups: Option<[f64; 4]>,
    /// A hybrid's cache tier: data in it now (GB) and the share of reads it served in the
    /// interval (%).
    #[ts(inline)]
    tier: Option<TierOut>,
}

/// `part` of `whole` in percent; None when there is no whole.
fn percent(part: f64, whole: f64) -> Option<f64> {
    (whole > 0.0).then(|| part / whole * 100.0)
}

impl<'a> SnapshotOut<'a> {
    /// A snapshot's numbers, its interval's counted from `before` (the snapshot before it, or
    /// the workload's start: its time and state).
    fn of(t: &Taken, (before_ns, before): (Nanos, &DriveState), series: &'a [Series], scale: f64) -> SnapshotOut<'a> {
        let (now, was) = (&t.state.probe, &before.probe);
        let gb = |units: u64| (units * MAPPING_UNIT_BYTES) as f64 * scale / 1e9;
        // Time is booked when an operation is queued, which may be ahead of when it runs (a
        // full write buffer queues programs): an interval can book more than it lasts. The
        // planes were busy throughout then, and the shares are of that.
        let booked: [f64; BUSY_CAUSES] = std::array::from_fn(|i| now.busy_by[i].saturating_sub(was.busy_by[i]) as f64);
        let plane_ns = (t.at.time_ns.saturating_sub(before_ns) as f64 * t.state.planes as f64).max(booked.iter().sum());
        let busy = |i: usize| if plane_ns > 0.0 { booked[i] / plane_ns } else { 0.0 };
        let lookups: [u64; 4] = std::array::from_fn(|i| now.lookups[i] - was.lookups[i]);
        let looked = lookups.iter().sum::<u64>() as f64;
        let victims = now.gc_victims - was.gc_victims;
        let moved = (now.gc_units - was.gc_units) as f64;
        let hits = (now.tier_reads[0] - was.tier_reads[0]) as f64;
        let misses = (now.tier_reads[1] - was.tier_reads[1]) as f64;
        SnapshotOut {
            time_s: t.at.time_ns as f64 / 1e9,
            written_gb: t.at.written_bytes as f64 * scale / 1e9,
            read_gb: t.at.read_bytes as f64 * scale / 1e9,
            ops: t.at.ops,
            point: t.at.point.map(|(i, x)| PointOut { series: &series[i].id, x }),
            planes: PlanesOut { host_read: busy(0), host_program: busy(1), gc_read: busy(2), gc_program: busy(3), erase: busy(4), table: busy(5) },
            gc: GcOut {
                victims,
                victim_valid_percent: percent(now.victim_valid_share_sum - was.victim_valid_share_sum, victims as f64),
                folded_percent: percent((now.folded_units - was.folded_units) as f64, moved),
                wear_level_percent: percent((now.wear_level_units - was.wear_level_units) as f64, moved).filter(|&p| p > 0.0),
            },
            closed_valid: t.state.closed_valid,
            free_blocks: t.state.free_blocks,
            blocks: t.state.blocks,
            slc: t.state.slc_units.map(|[data, size]| SlcOut { data_gb: gb(data), size_gb: gb(size) }),
            buffer_percent: t.state.buffer_units.and_then(|(n, cap)| percent(n as f64, cap as f64)),
            lookups: (t.state.table && looked > 0.0).then(|| lookups.map(|n| n as f64 / looked * 100.0)),
            tier: t.state.tier_cached_units.map(|units| TierOut { cached_gb: gb(units), read_hit_percent: percent(hits, hits + misses) }),
        }
    }
}
