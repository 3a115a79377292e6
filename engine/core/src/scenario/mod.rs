//! One scenario format drives everything: the UI state, the share URL, preset files and the
//! CLI. A scenario is a device, a workload and a seed; the same scenario gives the same
//! numbers on every platform.

mod benchmarks;
mod cdm;
mod device;
mod error;
mod hdd;
mod host;
pub mod knobs;
mod mapping;
pub(crate) mod parse;
mod rules;
mod scale;
mod slc_cache;
mod tier;
mod workload;
mod xpoint;

pub use benchmarks::*;
pub use cdm::{parse_tests as parse_cdm_tests, CdmTest, MAX_CDM_TESTS};
pub use device::*;
pub use error::{ErrorCode, ScenarioError};
pub use hdd::*;
pub use host::*;
pub use mapping::*;
pub(crate) use parse::deserialize;
pub use parse::WORKLOAD_KINDS;
pub use slc_cache::*;
pub use tier::*;
pub use workload::*;
pub use xpoint::*;

use error::Check;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The scenario format version this engine writes. Older versions are read by laying them
/// over today's defaults.
pub const SCENARIO_VERSION: u32 = 1;

/// Seeds are kept within JavaScript's exact integer range so URLs and JSON round-trip.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Scenario {
    pub version: u32,
    pub name: String,
    pub description: String,
    #[ts(type = "number")]
    pub seed: u64,
    /// Simulate 1/scale of the drive with every ratio kept (see `scenario/scale.rs`).
    pub scale: u32,
    pub device: Device,
    /// The computer driving the drive (its cost per command).
    pub host: Host,
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct Precondition {
    /// Share of the user capacity written sequentially first, percent.
    pub fill_percent: f64,
    /// Then this many user capacities of uniform random 4 KiB overwrites over the filled
    /// part, which brings GC to its steady state (about 3 for greedy GC).
    pub random_rounds: f64,
}

impl Default for Precondition {
    fn default() -> Self {
        Self { fill_percent: 100.0, random_rounds: 0.0 }
    }
}

impl Scenario {
    /// Parses JSON, naming the field path in any error (`workload.iodepth: invalid type…`),
    /// then validates ranges and cross-field limits.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let scenario = parse::parse(text)?;
        scenario.validate()?;
        Ok(scenario)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a scenario always serialises")
    }

    /// Checks every field at the size the user typed, then the 1/scale drive the engine
    /// simulates (rounding can break a limit there: the error then names `scale`).
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.admit().map(|_| ())
    }

    /// Validates, and returns the budget of the 1/scale run the engine would do (what
    /// `Simulation::new` sizes itself by, so the estimate is made once).
    pub(crate) fn admit(&self) -> Result<crate::sim::Budget, ScenarioError> {
        let scaled = self.validate_both_sizes()?;
        // Memory and work are limits of the run the engine would do: decided here, before it
        // starts, so a link or a form learns of them with every other refusal.
        crate::sim::budget::check(&scaled)
    }

    /// Like `admit`, but over the limits too: the estimate without the refusal. For native
    /// tools that measure what a browser tab would refuse (`ssdsim bench`).
    pub(crate) fn admit_unlimited(&self) -> Result<crate::sim::Budget, ScenarioError> {
        Ok(crate::sim::budget::estimate(&self.validate_both_sizes()?))
    }

    /// Checks every field at the size typed and at the 1/scale size; returns the scaled one.
    fn validate_both_sizes(&self) -> Result<Scenario, ScenarioError> {
        let top = Check::at("");
        if self.version == 0 || self.version > SCENARIO_VERSION {
            return Err(top.fail(
                "version",
                ErrorCode::UnsupportedVersion,
                format!("must be between 1 and {SCENARIO_VERSION} (got {}); this engine is older than the scenario", self.version),
            ));
        }
        top.knob("seed", self.seed as f64)?;
        top.knob("scale", self.scale as f64)?;
        self.validate_at_this_size()?;
        let scaled = self.scaled()?;
        if self.scale > 1 {
            scaled.validate_at_this_size().map_err(|e| {
                let message = format!("at scale {} (1/{} of the drive simulated), {e}: choose a smaller scale", self.scale, self.scale);
                ScenarioError::new("scale", e.code, message)
            })?;
        }
        Ok(scaled)
    }

    fn validate_at_this_size(&self) -> Result<(), ScenarioError> {
        self.device.validate()?;
        let user_bytes = self.device.user_bytes()?;
        Check::at("host").knob("command_overhead_us", self.host.command_overhead_us)?;
        let c = Check::at("precondition");
        c.knob("fill_percent", self.precondition.fill_percent)?;
        c.knob("random_rounds", self.precondition.random_rounds)?;
        if self.precondition.random_rounds > 0.0 && self.precondition.fill_percent == 0.0 {
            return Err(c.fail("random_rounds", ErrorCode::Inconsistent, "needs data to overwrite: set precondition.fill_percent above 0"));
        }
        self.workload.validate(user_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_scenario_is_valid_and_round_trips() {
        let s = Scenario::default();
        s.validate().unwrap();
        let back = Scenario::from_json(&s.to_json()).unwrap();
        assert_eq!(s, back);
    }

    #[test]
    fn partial_scenarios_are_laid_over_defaults() {
        let s = Scenario::from_json(r#"{"workload":{"kind":"job","iodepth":4}}"#).unwrap();
        let Workload::Job(job) = &s.workload else { panic!("a job") };
        assert_eq!(job.iodepth, 4);
        assert_eq!(job.bs.0, 4096);
        assert_eq!(s.device, Device::default());
    }

    #[test]
    fn errors_name_the_field_and_the_range() {
        let e = Scenario::from_json(r#"{"workload":{"kind":"job","iodepth":0}}"#).unwrap_err();
        assert_eq!(e.to_string(), "workload.iodepth: must be between 1 and 1024 (got 0)");
        let e = Scenario::from_json(r#"{"device":{"nand":{"page_bytes":5000}}}"#).unwrap_err();
        assert_eq!(e.field, "device.nand.page_bytes");
        assert!(e.message.contains("power of two"));
        let e = Scenario::from_json(r#"{"workload":{"kind":"job","iodpeth":4}}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `iodpeth`"), "{e}");
        let e = Scenario::from_json(r#"{"device":{"nand":{"channels":"four"}}}"#).unwrap_err();
        assert_eq!(e.field, "device.nand.channels");
        let e = Scenario::from_json(r#"{"seed":9007199254740993}"#).unwrap_err();
        assert_eq!(e.field, "seed");
        let e = Scenario::from_json("{").unwrap_err();
        assert!(e.message.contains("EOF"), "{e}");
        let e = Scenario::from_json(r#"{"workload":{"kind":"job","size":"9999g"}}"#).unwrap_err();
        assert_eq!(e.field, "workload.size");
    }
}
