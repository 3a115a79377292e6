//! The run a summary section describes.

use crate::media::Geometry;
use crate::units::Nanos;

/// What a section is computed from besides its device: the run so far and the full-size
/// drive the 1/`scale` one stands for.
#[derive(Clone, Copy)]
pub struct RunFrame<'a> {
    /// Simulated time the workload has run.
    pub elapsed: Nanos,
    pub scale: u32,
    /// The full-size NAND drive's geometry (capacities as the user typed them).
    pub full_geo: Option<&'a Geometry>,
    /// The full-size HMB grant and the part of it holding table segments.
    pub hmb_granted_bytes: u64,
    pub hmb_table_bytes: u64,
    /// The next grant that would hold more of the table, and the table bytes it would hold.
    pub hmb_next_step: Option<(u64, u64)>,
}
