//! Limits that keep a run bounded in memory and events, and the time-window choice.

use crate::controller::Drive;
use crate::host::plan::Plan;
use crate::media::Geometry;
use crate::scenario::{Device, Rw, ScenarioError};
use crate::units::{Nanos, MIB};

/// A run stops after this many events and says so in its summary (`truncated`).
pub const MAX_EVENTS: u64 = 2_000_000_000;

/// Simulator memory a scenario may ask for (wasm32 has 4 GiB in all; leave the page room).
pub const MEMORY_LIMIT_BYTES: u64 = 1536 * MIB;

/// Bytes the engine allocates for a device: maps, per-block state, buffers.
pub fn memory_estimate(geo: &Geometry, device: &Device) -> u64 {
    let sectors = if device.controller.compression { crate::controller::COMPRESSION_SECTORS as u64 } else { 1 };
    let maps = 4 * geo.user_units as u64 + 4 * geo.slots as u64 * sectors + if sectors > 1 { geo.user_units as u64 } else { 0 };
    let per_block = 48 * geo.blocks as u64;
    let buffer = 8 * (device.controller.write_buffer.0 / 4096);
    maps + per_block + buffer
}

pub fn check_memory(geo: &Geometry, device: &Device) -> Result<(), ScenarioError> {
    let need = memory_estimate(geo, device);
    if need > MEMORY_LIMIT_BYTES {
        return Err(ScenarioError::new(
            "device.nand.blocks_per_plane",
            crate::scenario::ErrorCode::TooMuchMemory,
            format!(
                "this drive needs about {} MiB of simulator memory; the limit is {} MiB: use fewer blocks per plane (the same ratios at a smaller size)",
                need / MIB,
                MEMORY_LIMIT_BYTES / MIB
            ),
        ));
    }
    Ok(())
}

/// Width of the throughput-over-time windows: about 200 points over the run. Runs limited by
/// bytes are estimated from the fastest the hardware could go, so there are at least 200.
pub fn time_window_ns(plan: &Plan, drive: &Drive, device: &Device) -> Nanos {
    if let Some(ms) = plan.phases.iter().map(|p| p.job.log_avg_msec).find(|&ms| ms > 0.0) {
        return (ms * 1e6) as Nanos;
    }
    let geo = drive.ftl.geometry();
    let timing = device.nand.cell.native_timing();
    let link = device.host_interface.bytes_per_s() as f64;
    let mut total_s = 0.0;
    for p in &plan.phases {
        if p.job.runtime > 0.0 {
            total_s += p.job.ramp_time + p.job.runtime;
            continue;
        }
        let op_ns = if matches!(p.job.rw, Rw::Read | Rw::Randread) { timing.read_ns } else { timing.program_ns };
        let nand = geo.planes as f64 * geo.page_bytes as f64 / (op_ns as f64 / 1e9);
        total_s += p.job.io_size.0 as f64 / nand.min(link);
    }
    ((total_s * 1e9 / 200.0) as Nanos).max(1_000)
}
