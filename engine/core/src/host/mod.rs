//! The host side: workloads that issue commands to the drive.

pub mod distribution;
mod job;

pub use job::{Command, JobRunner};
pub mod plan;
