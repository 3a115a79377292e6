//! The host side: workloads that issue commands to the drive.

pub mod distribution;
mod job;
mod replay;
mod trace_source;

pub use job::{Command, JobRunner};
pub use replay::measure::{Measured, TraceExtent};
pub use replay::{Next, ReplayCounters, ReplayError, TraceRunner, MAX_PIECE_UNITS};
pub use trace_source::{CommandSource, Pull, PushSource, StreamSource};
pub mod plan;
pub mod zoned_log;
