//! The device seam: what every device does with host commands in simulated time. The run
//! loop drives a `DeviceModel` through it, and a hybrid drive its two tiers.

use crate::metrics::Chain;
use crate::units::Nanos;

pub trait Serve {
    /// Read `units` 4 KiB units from `lba`, issued at `issue`; returns when the data is at
    /// the host. `parts`, the command's latency parts with their mark at `issue`, end at
    /// the returned time.
    fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos;
    /// Write `units` units at `lba`, each compressing to `sectors` where the device
    /// compresses; returns when the device has taken the data. `parts` as for `read`.
    fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, sectors: u32, parts: &mut C) -> Nanos;
    /// Deallocate `units` units at `lba`.
    fn trim(&mut self, issue: Nanos, lba: u32, units: u32) -> Nanos;
    /// The host is idle from `from` to `until`: background work may use the time, until
    /// it has done `max_ops` media operations (what is left of the run's work ceiling; the
    /// run stops right after an idle that spent it).
    fn idle(&mut self, from: Nanos, until: Nanos, max_ops: u64);
    /// Power off and on at `at`; returns when the device is ready again.
    fn power_cycle(&mut self, at: Nanos) -> Nanos;
}
