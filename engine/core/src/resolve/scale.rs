//! `scale`: simulate 1/N of a drive with every ratio kept.
//!
//! The raw and user capacities (exactly: blocks per plane round up, the rest stays erased), the
//! table caches (SRAM, DRAM, HMB sizes: they are sized by the span they cover), the SLC cache's
//! static part and every byte size of the workload that measures a region
//! or an amount (offset, size, io_size, spans, round_bytes, file_bytes) shrink by N; block sizes,
//! page sizes, planes, channels, buffers and timings stay, so parallelism, OP, spans
//! relative to capacity and write amplification are those of the full drive. The report
//! says `scale` and states byte-valued chart axes at full size; durations of runs limited by
//! bytes are those of the 1/N drive.

use crate::media::Geometry;
use crate::scenario::{Device, DeviceKind, ErrorCode, Scenario, ScenarioError, Workload};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};

fn shrink(b: &mut Bytes, n: u64) {
    // Keep 4 KiB alignment; never shrink a non-zero size to nothing.
    let scaled = b.0 / n / MAPPING_UNIT_BYTES * MAPPING_UNIT_BYTES;
    b.0 = if b.0 > 0 { scaled.max(MAPPING_UNIT_BYTES) } else { 0 };
}

impl Scenario {
    /// The scenario the engine actually simulates: this one at 1/scale.
    pub fn scaled(&self) -> Result<Scenario, ScenarioError> {
        self.scaled_from(None)
    }

    /// `scaled`, given the full-size drive's NAND geometry if it is known already.
    pub(crate) fn scaled_from(&self, full: Option<&Geometry>) -> Result<Scenario, ScenarioError> {
        let n = self.scale as u64;
        if n <= 1 {
            return Ok(self.clone());
        }
        let mut s = self.clone();
        s.scale = 1;
        let [cache, backing] = s.device.media_kinds();
        scale_media(&mut s.device, backing, n, full)?;
        if cache != backing {
            scale_media(&mut s.device, cache, n, full)?;
        }
        // A hybrid's pinned range is a region of the drive, like a workload's.
        shrink(&mut s.device.tier.pin_offset, n);
        shrink(&mut s.device.tier.pin_bytes, n);
        match &mut s.workload {
            Workload::Job(j) => {
                shrink(&mut j.offset, n);
                shrink(&mut j.offset_increment, n);
                shrink(&mut j.size, n);
                shrink(&mut j.io_size, n);
            }
            Workload::SpanSweep(w) => {
                w.spans.iter_mut().for_each(|b| shrink(b, n));
                shrink(&mut w.io_size, n);
            }
            Workload::WholeDriveWrite(w) => shrink(&mut w.io_size, n),
            Workload::LatencyTrace(w) => {
                shrink(&mut w.offset, n);
                shrink(&mut w.size, n);
                shrink(&mut w.io_size, n);
            }
            Workload::SteadyState(w) => {
                shrink(&mut w.offset, n);
                shrink(&mut w.size, n);
                shrink(&mut w.round_bytes, n);
            }
            Workload::TransferSizeSweep(w) => {
                shrink(&mut w.offset, n);
                shrink(&mut w.size, n);
            }
            Workload::CrystalDiskMark(w) => shrink(&mut w.size, n),
            Workload::ApplicationLoad(w) => {
                shrink(&mut w.offset, n);
                shrink(&mut w.size, n);
            }
            Workload::FileCopy(w) => {
                shrink(&mut w.offset, n);
                shrink(&mut w.file_bytes, n);
            }
            // A trace's addresses are its own: `map.fit` places them on the simulated drive.
            Workload::Trace(w) => shrink(&mut w.map.offset, n),
            // Its space and bytes are shares of the drive; buckets and regions keep their size.
            Workload::Cache(_) => {}
            // Its data set is a share of the zones, which shrink with the drive.
            Workload::ZonedLog(_) => {}
            Workload::Tenants(w) => {
                for t in w.slots_mut() {
                    shrink(&mut t.offset, n);
                    shrink(&mut t.size, n);
                    shrink(&mut t.io_size, n);
                }
            }
        }
        Ok(s)
    }
}

/// One device kind's part of `device` at 1/N (a hybrid's cache shrinks with its backing
/// tier, so the share of the data the cache holds stays the full drive's).
fn scale_media(device: &mut Device, kind: DeviceKind, n: u64, full: Option<&Geometry>) -> Result<(), ScenarioError> {
    match kind {
        DeviceKind::NandSsd => scale_nand(device, n, full)?,
        // Media written in place has no spare to keep in proportion: the capacity shrinks.
        DeviceKind::XpointSsd => shrink(&mut device.xpoint.capacity_bytes, n),
        // A disk's positions are shares of its capacity and stroke: 1/N of it seeks and
        // spins as the whole does, only the capacity shrinks.
        DeviceKind::Hdd => {
            shrink(&mut device.hdd.capacity_bytes, n);
            device.hdd.scale = n as u32;
        }
        DeviceKind::Hybrid => {}
    }
    Ok(())
}

/// Fewest blocks a plane keeps at 1/N: GC's reserve and open blocks need room to turn over.
const MIN_BLOCKS: u64 = 8;
/// Least spare a plane keeps at 1/N beyond the SLC cache's static part, in quarters of a block.
/// With under a block of spare, a plane's invalid data never fills a block, so GC finds a
/// wholly invalid victim only thanks to its erased working area; below about 2/3 of a block
/// every victim carries valid data and the small drive amplifies writes the full one does not.
/// Measured, the H10-like QLC half written twice sequentially: WAF 1.11 at 0.79 blocks (scale
/// 64) and 1.12 at 0.64 (80), then 1.68 at 0.51 (100), 3.6 at 0.40 (128), 400 at 0.20 (256);
/// uniform random writes on the TLC steady state stay within 3 % of full size at 0.52.
const MIN_SPARE_QUARTERS: u64 = 3;

/// The spare beyond the SLC cache's static part (held in native cells), per plane, in blocks.
fn spare_blocks_per_plane(full: &Geometry) -> f64 {
    spare_slots(full) as f64 / full.planes as f64 / full.slots_per_block as f64
}

fn spare_slots(full: &Geometry) -> u64 {
    let static_slc = full.slc_static_units * full.bits_per_cell as u64;
    full.raw_units.saturating_sub(full.user_units as u64 + static_slc)
}

/// The largest N at which the 1/N drive still behaves as the whole one (at least 1).
fn most_scale(full: &Geometry, blocks_per_plane: u32) -> u64 {
    let by_blocks = blocks_per_plane as u64 / MIN_BLOCKS;
    let by_spare = spare_slots(full) * 4 / (MIN_SPARE_QUARTERS * full.planes as u64 * full.slots_per_block as u64);
    by_blocks.min(by_spare).max(1)
}

/// The NAND drive at 1/N: capacities are exact shares of the full drive's, so OP is as typed
/// at every scale; blocks per plane round up and the excess stays erased (see
/// `media::geometry`).
fn scale_nand(device: &mut Device, n: u64, full: Option<&Geometry>) -> Result<(), ScenarioError> {
    let full = match full {
        Some(g) => *g,
        None => Geometry::new(device)?,
    };
    let page_bytes = device.nand.page_bytes;
    let most = most_scale(&full, device.nand.blocks_per_plane);
    let nand = &mut device.nand;
    if n > most {
        return Err(ScenarioError::new(
            "scale",
            ErrorCode::OutOfRange,
            format!(
                "must be between 1 and {most} for this drive: every plane keeps at least {MIN_BLOCKS} blocks ({} per plane here) and {MIN_SPARE_QUARTERS}/4 of a block \
                 of spare beyond the SLC cache's static part ({:.2} blocks per plane at full size) (got {n})",
                nand.blocks_per_plane,
                spare_blocks_per_plane(&full)
            ),
        ));
    }
    nand.blocks_per_plane = nand.blocks_per_plane.div_ceil(n as u32);
    let capacity = &mut device.capacity;
    capacity.scaled_raw_units = Some(full.raw_units / n);
    capacity.user_bytes = Bytes(full.user_units as u64 / n * MAPPING_UNIT_BYTES);
    // Table caches are sized by the span they cover. The 1/N drive keeps the full drive's
    // segments and every cache's size in bytes (so in segments), and each segment maps
    // 1/N of the addresses: hit ratios, and how often queued reads miss on the same
    // segment, stay those of the full drive.
    let m = &mut device.mapping;
    m.scaled_entries_per_segment = Some((m.entries_per_segment(page_bytes) as u64 / n).max(1) as u32);
    // The SLC cache's static part is a share of the drive like its spare area.
    device.slc_cache.static_bytes.0 /= n;
    device.slc_cache.fold_batch_bytes.0 = (device.slc_cache.fold_batch_bytes.0 / n).max(MAPPING_UNIT_BYTES);
    Ok(())
}
