//! The host half of a scenario beyond the workload: what the computer driving the drive
//! costs per command. Kept apart from the device (a property of the OS, driver and CPU, not
//! of the SSD) so later host settings (an OS cache, a file system) have a place to go.

use super::knobs::{doc, Knobs};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "host_cpu")]
pub struct Host {
    /// Host CPU time per command, submission and completion together, microseconds. One
    /// thread handles one command at a time, so it issues at most 1 / this commands a second:
    /// RND4K Q32T1 saturates a thread on a fast drive where Q8T4 does not.
    #[knob(doc("Host cost per command", "CPU time per command (submit + complete) on its thread: one thread issues at most 1 / this commands a second").unit("µs").range(0.0, 1000.0))]
    pub command_overhead_us: f64,
}

/// About 2 µs per 4 KiB command is what one core spends in a current Linux (io_uring,
/// libaio) or Windows (StorNVMe) stack, submission and interrupt-driven completion
/// together: fio on one thread tops out near 400-500 k IOPS, which is this.
pub const DEFAULT_COMMAND_OVERHEAD_US: f64 = 2.0;

impl Default for Host {
    fn default() -> Self {
        Self { command_overhead_us: DEFAULT_COMMAND_OVERHEAD_US }
    }
}
