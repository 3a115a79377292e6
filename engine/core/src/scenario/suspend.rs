//! Program/erase suspend: a host read that finds its plane in the middle of a program or an
//! erase (milliseconds) need not wait for it. The controller suspends the operation, reads,
//! and resumes it; the read waits only for the suspend, and the operation's plane time grows
//! by the read and the resume. Enterprise drives use it to keep read QoS under writes; what
//! the engine makes of these knobs is in `controller::suspend`.

use super::knobs::{doc, Knobs, NAND};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "media", devices = NAND)]
pub struct Suspend {
    /// Off, a read waits for the program or erase on its plane to finish (every drive
    /// before this knob, and every preset).
    #[knob(doc(
        "Program/erase suspend",
        "A host read suspends the program or erase on its plane, reads, and resumes it: reads skip the multi-millisecond wait, writes pay the resume"
    ))]
    pub enabled: bool,
    /// Time from the suspend command until the plane can read (datasheets' tPSPD/tESPD).
    #[knob(doc("Suspend latency", "Time for a program or erase to suspend before the read can start").unit("µs").range(0.0, 1_000.0).when("enabled", "true"))]
    pub suspend_us: f64,
    /// Extra plane time each resume costs the suspended operation (it re-ramps its
    /// voltages), on top of the suspend and the read.
    #[knob(doc("Resume cost", "Extra time each resume adds to the suspended operation").unit("µs").range(0.0, 1_000.0).when("enabled", "true"))]
    pub resume_us: f64,
}

impl Default for Suspend {
    fn default() -> Self {
        // The order of magnitude NAND datasheets give for suspend latency (tens of µs);
        // no preset's drive publishes its own.
        Self { enabled: false, suspend_us: 30.0, resume_us: 20.0 }
    }
}
