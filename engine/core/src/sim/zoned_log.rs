//! The host's log-structured store in the run loop (`host::zoned_log`): its queue slots
//! take their commands from the store, which appends, cleans and resets zones on its own,
//! instead of from the phase's job. Its data set is laid down before the run: on a zoned
//! drive written into the zones untimed, as preconditioning fills a block drive (whose own
//! preconditioning, `scenario.precondition`, fills it as for any run).

use super::Simulation;
use crate::device::DeviceModel;
use crate::host::zoned_log::{HostZones, ZonedLogCounters, ZonedLogRunner, ZonedLogSummary};
use crate::host::Command;
use crate::media::{Layout, ZoneAction};
use crate::metrics::Chain;
use crate::scenario::{Scenario, ScenarioError, Workload};
use crate::units::Nanos;

/// The host's store for a zoned-log workload, its data set laid down on a zoned drive; none
/// for another workload.
pub(super) fn runner(s: &Scenario, drive: &mut DeviceModel, layout: &Layout) -> Result<Option<ZonedLogRunner>, ScenarioError> {
    let Workload::ZonedLog(w) = &s.workload else { return Ok(None) };
    let zones = HostZones::of(&s.device, layout);
    let runner = ZonedLogRunner::new(w, zones, s.seed)?;
    if let Some(z) = drive.zoned_mut() {
        for (zone, units) in runner.laid_down() {
            z.lay_down(zone, units).expect("an empty drive takes the data set in order");
        }
    }
    Ok(Some(runner))
}

impl Simulation {
    /// The slot's next command from the host's store, sent now or once the host CPU is free
    /// (none: the store is done, or the slot waits for a zone's write lock).
    pub(super) fn next_zoned_log_command(&mut self, slot: u32, now: Nanos) {
        let Some(command) = self.zoned_log.as_mut().and_then(|r| r.next_command(slot)) else { return };
        self.issue(slot, command, now);
    }

    /// The slot's command completed at `t`: the host's store learns it (an append's LBA, a
    /// zone's write lock freed), and the slots parked for a lock try again, first parked
    /// first.
    pub(super) fn zoned_log_completed(&mut self, slot: u32, t: Nanos) {
        let Some(store) = self.zoned_log.as_mut() else { return };
        store.completed(slot);
        // One try each: a slot still waiting parks again, behind the others.
        for _ in 0..store.parked() {
            let Some(parked) = self.zoned_log.as_mut().and_then(ZonedLogRunner::take_parked) else { break };
            self.next_zoned_log_command(parked, t);
        }
    }

    /// What the host's store did so far, for a zoned-log workload.
    pub fn zoned_log_counters(&self) -> Option<ZonedLogCounters> {
        self.zoned_log.as_ref().map(|r| r.counters)
    }

    /// The host's summary section, beside the drive's write amplification.
    pub(crate) fn zoned_log_summary(&self, device_waf: f64) -> Option<ZonedLogSummary> {
        self.zoned_log.as_ref().map(|r| r.summary(device_waf))
    }

    pub(super) fn zoned_log_progress(&self) -> Option<f64> {
        self.zoned_log.as_ref().map(ZonedLogRunner::progress)
    }
}

/// A zone command of the host's store at the drive (Zone Append, Zone Management Send), if
/// slot `slot`'s command is one; the drive's LBA for an append goes back to the store.
#[inline]
pub(super) fn serve_zone<C: Chain>(
    drive: &mut DeviceModel,
    store: Option<&mut ZonedLogRunner>,
    slot: u32,
    command: Command,
    now: Nanos,
    chain: &mut C,
) -> Option<Nanos> {
    let store = store?;
    let action = store.zone_action(slot);
    if action == ZoneAction::None {
        return None;
    }
    let zoned = drive.zoned_mut().expect("zone commands are refused on a block drive");
    let zone = command.lba / zoned.layout.zone_units;
    Some(if action == ZoneAction::Append {
        let (done, lba) = zoned.append(now, zone, command.units, chain);
        store.appended(slot, lba);
        done
    } else {
        zoned.manage(now, zone, action)
    })
}
