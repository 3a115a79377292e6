//! Storage media: NAND cell types, timings and geometry.

mod capacity;
mod divisor;
mod geometry;
mod nand;

pub use divisor::Divisor;
pub use geometry::Geometry;
pub use nand::NandTiming;
