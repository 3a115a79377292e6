//! The work a run typically does, before it starts: for the time the page shows and the
//! share of the progress bar preconditioning fills. Typical, not a bound: the run stops at
//! its ceiling whatever this says (`sim/ceiling.rs`), and the page refines the time from the
//! run's own progress as it goes. Counted as the ceiling counts (`WORK_LIMIT`).

use super::PRECONDITION_OPS_PER_WORK;
use crate::host::plan::Plan;
use crate::media::Layout;
use crate::resolve::window::media_bytes_per_s;
use crate::scenario::{DeviceKind, Job, Rw, Scenario, ScenarioError};
use crate::units::MAPPING_UNIT_BYTES;

/// Flash operations per unit a random overwrite typically costs once the drive is full:
/// its program, and a valid unit read and programmed again by GC for most writes (the
/// 512 GiB bench case's random round does 2.9).
const RANDOM_WRITE_OPS_PER_UNIT: u64 = 3;

/// Events per host command: its submission and its completion.
const EVENTS_PER_COMMAND: u64 = 2;

pub(super) struct TypicalWork {
    pub precondition: u64,
    pub workload: u64,
}

pub(super) fn work(s: &Scenario, plan: &Plan, layout: Layout) -> Result<TypicalWork, ScenarioError> {
    let user_bytes = layout.user_bytes;
    let (reads_per_s, writes_per_s) = media_bytes_per_s(&s.device, layout.geometry.as_ref())?;
    let link = s.device.host_interface.bytes_per_s() as f64;
    let workload = plan.phases.iter().map(|p| {
        let rate = if matches!(p.job.rw, Rw::Read | Rw::Randread) { reads_per_s } else { writes_per_s };
        job_work(&p.job, user_bytes, rate.min(link))
    });
    Ok(TypicalWork { precondition: precondition_work(s, user_bytes), workload: workload.fold(0, u64::saturating_add) })
}

/// Preconditioning writes the host's data into NAND (a NAND drive, or a hybrid's NAND
/// backing tier): the fill a flash operation a unit, the random rounds more.
fn precondition_work(s: &Scenario, user_bytes: u64) -> u64 {
    let d = &s.device;
    let on_nand = d.kind == DeviceKind::NandSsd || (d.kind == DeviceKind::Hybrid && d.tier.backing == DeviceKind::NandSsd);
    if !on_nand {
        return 0;
    }
    let (fill, overwrites) = s.precondition.units((user_bytes / MAPPING_UNIT_BYTES).min(u32::MAX as u64) as u32);
    (fill as u64).saturating_add(overwrites.saturating_mul(RANDOM_WRITE_OPS_PER_UNIT)) / PRECONDITION_OPS_PER_WORK
}

/// A job's commands (by its bytes, or its runtime at the hardware's best `bytes_per_s`),
/// their events and their flash operations.
fn job_work(job: &Job, user_bytes: u64, bytes_per_s: f64) -> u64 {
    let bs_units = (job.bs.0 / MAPPING_UNIT_BYTES).max(1);
    let threads = job.numjobs.max(1) as u64;
    let by_bytes = job.commands_for_io(user_bytes).map(|c| c.saturating_mul(threads));
    let by_time = (job.runtime > 0.0).then(|| ((job.ramp_time + job.runtime) * bytes_per_s / job.bs.0.max(1) as f64) as u64);
    let commands = match (by_bytes, by_time) {
        (Some(b), Some(t)) => b.min(t),
        (b, t) => b.or(t).unwrap_or(0),
    };
    let units = commands.saturating_mul(bs_units);
    let flash_per_unit = match job.rw {
        Rw::Trim | Rw::Randtrim => 0,
        Rw::Randwrite | Rw::Randrw => RANDOM_WRITE_OPS_PER_UNIT,
        _ => 1,
    };
    commands.saturating_mul(EVENTS_PER_COMMAND).saturating_add(units.saturating_mul(flash_per_unit))
}
