//! The host side: workloads that issue commands to the drive.

mod cache;
mod command;
pub mod distribution;
mod job;
mod placement;
mod replay;
mod sync;
mod trace_source;

pub use cache::{memory_bytes as cache_memory_bytes, CacheMix};
pub use command::Command;
pub use job::JobRunner;
pub use replay::measure::{Measured, TraceExtent};
pub use replay::{Next, ReplayCounters, ReplayError, TraceRunner, MAX_PIECE_UNITS};
pub(crate) use sync::SyncCadence;
pub use trace_source::{CommandSource, Pull, PushSource, StreamSource};
pub mod plan;
pub mod tenants;
pub mod zoned_log;
