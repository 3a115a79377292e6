//! One scenario format drives everything: the UI state, the share URL, preset files and the
//! CLI. A scenario is a device, a workload and a seed; the same scenario gives the same
//! numbers on every platform.
//!
//! This is the bottom layer: plain configuration, its JSON reading (`Scenario::parse`), the
//! knob catalogue gathered from the types' `#[knob]` attributes (`knobs`, `gather`,
//! `catalogue`) and the checks a field can make on its own. Checks that need the drive's
//! geometry, the workload's plan or the run's limits are `crate::resolve`'s, where a scenario
//! is compiled once for its run (`Scenario::from_json` and `validate` are defined there).

mod benchmarks;
mod cache;
pub mod catalogue;
mod cdm;
mod device;
mod distribution;
mod error;
mod fdp;
pub(crate) mod gather;
mod hdd;
mod host;
mod job;
pub mod knobs;
mod mapping;
pub(crate) mod parse;
mod placement;
mod read_retry;
mod replay;
mod rules;
mod slc_cache;
mod suspend;
mod tenants;
mod tier;
mod workload;
mod workload_docs;
mod workload_kinds;
mod xpoint;
mod zns;

pub use benchmarks::*;
pub use cache::*;
pub use cdm::{parse_tests as parse_cdm_tests, CdmTest, MAX_CDM_TESTS};
pub use device::*;
pub use distribution::{RandomDistribution, FORMS, MAX_ZONES};
pub(crate) use error::Check;
pub use error::{ErrorCode, ScenarioError};
pub use fdp::*;
pub use hdd::*;
pub use host::*;
pub use job::*;
pub use mapping::*;
pub(crate) use parse::deserialize;
pub use placement::*;
pub use read_retry::*;
pub use replay::*;
pub(crate) use rules::check_placement_handles;
pub use slc_cache::*;
pub use suspend::*;
pub use tenants::*;
pub use tier::*;
pub use workload::*;
pub use xpoint::*;
pub use zns::*;

use knobs::{doc, Knobs, NAND};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The scenario format version this engine writes. Older versions are read by laying them
/// over today's defaults.
pub const SCENARIO_VERSION: u32 = 1;

/// Seeds are kept within JavaScript's exact integer range so URLs and JSON round-trip.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "run")]
pub struct Scenario {
    pub version: u32,
    pub name: String,
    pub description: String,
    #[ts(type = "number")]
    #[knob(doc("Seed", "Random seed: the same scenario and seed give the same numbers everywhere").range(0.0, 9_007_199_254_740_991.0))]
    pub seed: u64,
    /// Simulate 1/scale of the drive with every ratio kept (see `scenario/scale.rs`).
    #[knob(doc("Scale", "Simulate 1/N of the drive with every ratio kept (faster; byte axes stay full size)").unit("×").range(1.0, 1024.0))]
    pub scale: u32,
    #[knob(nested)]
    pub device: Device,
    /// The computer driving the drive (its cost per command).
    #[knob(nested)]
    pub host: Host,
    #[knob(nested)]
    pub precondition: Precondition,
    pub workload: Workload,
}

impl Default for Scenario {
    fn default() -> Self {
        Self {
            version: SCENARIO_VERSION,
            name: String::new(),
            description: String::new(),
            seed: 1,
            scale: 1,
            device: Device::default(),
            host: Host::default(),
            precondition: Precondition::default(),
            workload: Workload::default(),
        }
    }
}

/// The drive's state before the workload starts, reached without simulating time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "precondition", devices = NAND)]
pub struct Precondition {
    /// Share of the user capacity written sequentially first, percent.
    #[knob(doc("Sequential fill", "Share of the drive written before the workload").unit("%").range(0.0, 100.0))]
    pub fill_percent: f64,
    /// Then this many user capacities of uniform random 4 KiB overwrites over the filled
    /// part, which brings GC to its steady state (about 3 for greedy GC).
    #[knob(doc("Random overwrite", "Capacities of random 4 KiB overwrites after the fill (about 3 reaches GC steady state)").unit("× capacity").range(0.0, 20.0))]
    pub random_rounds: f64,
}

impl Scenario {
    /// Reads JSON, naming the field path in any error (`workload.iodepth: invalid type…`):
    /// the shape and types only. Ranges and limits are checked when it is compiled
    /// (`resolve::Resolved::compile`, or `Scenario::from_json`, which parses and validates).
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        parse::parse(text)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a scenario always serialises")
    }
}

impl Precondition {
    /// Units of the sequential fill, and random overwrites after it, on a drive of
    /// `user_units` 4 KiB units.
    pub fn units(&self, user_units: u32) -> (u32, u64) {
        let fill_units = (user_units as f64 * self.fill_percent / 100.0) as u32;
        let overwrites = (fill_units as f64 * self.random_rounds) as u64;
        (fill_units, overwrites)
    }
}

impl Default for Precondition {
    fn default() -> Self {
        Self { fill_percent: 100.0, random_rounds: 0.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Parsing is the scenario layer's: shape and types. Ranges and limits are the compiler's
    // (`resolve`), tested there.
    #[test]
    fn the_default_scenario_parses_back_to_itself() {
        let s = Scenario::default();
        assert_eq!(Scenario::parse(&s.to_json()).unwrap(), s);
        let partial = Scenario::parse(r#"{"workload":{"kind":"job","iodepth":4}}"#).unwrap();
        let Workload::Job(job) = &partial.workload else { panic!("a job") };
        assert_eq!((job.iodepth, job.bs.0), (4, 4096));
        assert_eq!(partial.device, Device::default());
    }

    #[test]
    fn shape_errors_name_the_field() {
        let e = Scenario::parse(r#"{"device":{"nand":{"channels":"four"}}}"#).unwrap_err();
        assert_eq!((e.field.as_str(), e.code), ("device.nand.channels", ErrorCode::InvalidType));
        let e = Scenario::parse(r#"{"seed":9007199254740993}"#).unwrap_err();
        assert_eq!((e.field.as_str(), e.code), ("seed", ErrorCode::UnsafeInteger));
        assert_eq!(Scenario::parse("{").unwrap_err().code, ErrorCode::Syntax);
        // A range is not the parser's to judge.
        assert!(Scenario::parse(r#"{"workload":{"kind":"job","iodepth":0}}"#).is_ok());
    }
}
