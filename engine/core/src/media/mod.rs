//! Storage media: NAND cell types, timings and geometry.

mod capacity;
mod divisor;
mod geometry;
mod nand;
mod read_retry;
mod zones;

pub use capacity::Layout;
pub use divisor::Divisor;
pub use geometry::{geometry_builds, Geometry};
pub use nand::NandTiming;
pub use read_retry::ReadRetryPolicy;
pub use zones::{ZoneAction, ZoneLayout};
