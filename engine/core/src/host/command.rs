//! A command the host sends the drive: what every workload runner hands the simulation.

use crate::metrics::Op;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Command {
    pub op: Op,
    pub lba: u32,
    pub units: u32,
    /// The placement identifier the host tagged the command with (NVMe FDP's placement
    /// handle in a write's directive; a zoned or conventional drive ignores it); 0 when the
    /// host chose none.
    pub placement: u16,
    /// A write the host wants durable when it completes: a flush follows it on the same
    /// queue slot (fio's `fsync`/`fdatasync`/`write_barrier`), or it is FUA (`sync`), which the
    /// engine times as a flush after the write, as Linux does for a device without FUA.
    pub flush: bool,
}
