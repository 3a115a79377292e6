//! SSD Playground's simulator: NAND media, a page-mapped FTL, controller timing, host
//! workloads and metrics. Pure Rust with no JavaScript or wasm dependency; the `ssd-wasm`
//! crate binds it for the browser and `ssdsim` runs it natively, on the same scenarios.
//!
//! Determinism: same scenario and seed give bit-identical results on every platform. The
//! engine draws only `u64` random ranges, keeps time in integer nanoseconds, and uses no
//! platform maths functions on the simulation path.

pub mod bench;
pub mod controller;
pub mod device;
pub mod fio;
pub mod ftl;
pub mod host;
pub mod lab;
pub mod media;
pub mod metrics;
pub mod presets;
pub mod report;
pub mod resolve;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod theory;
pub mod trace;
pub mod units;

pub use report::{Report, Summary};
pub use scenario::{Scenario, ScenarioError};
pub use sim::Simulation;
