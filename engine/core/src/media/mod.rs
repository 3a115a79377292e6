//! Storage media: NAND cell types, timings and geometry.

mod divisor;
mod geometry;
mod nand;

pub use divisor::Divisor;
pub use geometry::Geometry;
pub use nand::{CellType, NandTiming};
