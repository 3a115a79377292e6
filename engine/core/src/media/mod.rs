//! Storage media: NAND cell types, timings and geometry.

mod geometry;
mod nand;

pub use geometry::Geometry;
pub use nand::{CellType, NandTiming};
