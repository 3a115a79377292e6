//! Compiling a scenario: the checks that need more than a field and its knob (the drive's
//! geometry, the workload's plan, the run's limits) and what is derived from them for the run.
//!
//! The scenario format itself (`crate::scenario`) is plain configuration at the bottom of the
//! engine and imports nothing above it; `Scenario::from_json` and `Scenario::validate` are
//! defined here, beside the checks they need, so a scenario is validated in one place.

pub mod budget;
pub mod effective;
mod scale;
pub mod window;

pub use budget::{Budget, MEMORY_LIMIT_BYTES, WORK_LIMIT};
pub use window::{time_points_bound, TimeWindow, MAX_TIME_POINTS, MAX_TIME_WINDOWS};

use crate::host::plan::Plan;
use crate::media::{Geometry, Layout};
use crate::scenario::gather::Knobs;
use crate::scenario::{Check, DeviceKind, ErrorCode, Scenario, ScenarioError, SCENARIO_VERSION};
use std::cell::Cell;

/// The media of the simulated drive and of the full-size one, laid out once each.
struct Layouts {
    simulated: Layout,
    full: Layout,
}

impl Scenario {
    /// Parses JSON, naming the field path in any error (`workload.iodepth: invalid type…`),
    /// then validates ranges and cross-field limits; returns it normalised (over-provisioning
    /// stated where the user capacity decides it, see `normalised`). To run it, compile it
    /// once instead (`Resolved::compile`): this validates and keeps nothing.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        Ok(Resolved::compile(&Scenario::parse(text)?)?.scenario)
    }

    /// Checks every field at the size the user typed, then the 1/scale drive the engine
    /// simulates (rounding can break a limit there: the error then names `scale`), then the
    /// run's limits.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        Resolved::compile(self).map(|_| ())
    }

    /// Checks every field at the size typed and at the 1/scale size; returns the scaled one
    /// and the layouts of both (geometry, user capacity), found on the way.
    fn validate_both_sizes(&self) -> Result<(Scenario, Layouts), ScenarioError> {
        let top = Check::at("");
        if self.version == 0 || self.version > SCENARIO_VERSION {
            return Err(top.fail(
                "version",
                ErrorCode::UnsupportedVersion,
                format!("must be between 1 and {SCENARIO_VERSION} (got {}); this engine is older than the scenario", self.version),
            ));
        }
        let full = self.validate_at_this_size()?;
        check_op_of_user_bytes(self, full.geometry.as_ref())?;
        let scaled = self.scaled_from(full.geometry.as_ref())?;
        let mut simulated = full;
        if self.scale > 1 {
            simulated = scaled.validate_at_this_size().map_err(|e| {
                let message = format!("at scale {} (1/{} of the drive simulated), {e}: choose a smaller scale", self.scale, self.scale);
                ScenarioError::new("scale", e.code, message)
            })?;
        }
        Ok((scaled, Layouts { simulated, full }))
    }

    /// Checks every field at this size; returns the media's layout.
    fn validate_at_this_size(&self) -> Result<Layout, ScenarioError> {
        // Every knob's static range and options, for the device kinds this drive is made of.
        self.check_knobs(&Check::at("").on(self.device.knob_kinds()))?;
        let layout = validate_device(&self.device)?;
        let user_bytes = layout.user_bytes;
        let c = Check::at("precondition");
        if self.precondition.random_rounds > 0.0 && self.precondition.fill_percent == 0.0 {
            return Err(c.fail("random_rounds", ErrorCode::Inconsistent, "needs data to overwrite: set precondition.fill_percent above 0"));
        }
        self.workload.validate(user_bytes)?;
        crate::scenario::check_placement_handles(&self.workload, &self.device.fdp)?;
        // Every field was checked above under its own name; the jobs a benchmark expands
        // into must then be valid too. If one is not, that is the engine's bug, said as such.
        // A trace's phase has no end of its own (the trace ends it) and draws no commands.
        // Nor does the host's log-structured store's (its user writes end it); its data set
        // must leave its cleaning a zone to win back on this drive's zones.
        if let crate::scenario::Workload::ZonedLog(w) = &self.workload {
            crate::host::zoned_log::ZonedLogRunner::check(w, crate::host::zoned_log::HostZones::of(&self.device, &layout))?;
        }
        // Tenants were each checked as the job they are; their phase's job only sums them.
        let jobs =
            if matches!(self.workload, crate::scenario::Workload::Trace(_) | crate::scenario::Workload::ZonedLog(_) | crate::scenario::Workload::Tenants(_)) {
                Vec::new()
            } else {
                crate::host::plan::jobs_of(&self.workload, user_bytes)
            };
        for job in jobs {
            job.validate(&Check::workload("job"), user_bytes)
                .map_err(|e| ScenarioError::new("workload", ErrorCode::Internal, format!("internal error: a benchmark point is not a valid job ({e})")))?;
        }
        Ok(layout)
    }
}

/// A scenario compiled for a run: validated once, and what its run is built from, derived
/// once. `Simulation::from_resolved` builds the run from it without checking anything again;
/// the browser's worker keeps one per scenario it has validated, for the run that follows.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The scenario as typed, every default filled in: what a link or the CLI shows.
    pub scenario: Scenario,
    /// What the engine simulates: `scenario` at 1/scale (the same when `scale` is 1).
    pub simulated: Scenario,
    /// Bytes the host addresses on the simulated drive and on the full-size one.
    pub user_bytes: u64,
    pub full_user_bytes: u64,
    /// The NAND geometry of the simulated drive and of the full-size one (capacities as
    /// typed), when the device has NAND: built once each, for everything the run needs.
    pub geometry: Option<Geometry>,
    pub full_geometry: Option<Geometry>,
    /// The workload expanded into phases, on the simulated drive.
    pub plan: Plan,
    /// The width of the throughput-over-time windows.
    pub window: TimeWindow,
    /// What the run is admitted under: its memory bound and work ceiling, and what it
    /// typically takes.
    pub budget: Budget,
}

thread_local! {
    /// Scenarios compiled on this thread, for the tests that hold a run to one validation.
    static COMPILATIONS: Cell<u64> = const { Cell::new(0) };
}

/// How many scenarios this thread has compiled (validated) so far.
pub fn compilations() -> u64 {
    COMPILATIONS.with(Cell::get)
}

impl Resolved {
    /// Validates `scenario` (fields, cross-field limits at both sizes, the run's memory)
    /// and derives what its run needs, with the browser's work ceiling.
    pub fn compile(scenario: &Scenario) -> Result<Resolved, ScenarioError> {
        let mut r = Resolved::derive(scenario)?;
        // Memory is a limit of the run the engine would do: decided here, before it starts,
        // so a link or a form learns of it with every other refusal.
        r.budget = budget::check(&r.simulated, &r.plan, r.window, r.layout())?;
        Ok(r)
    }

    /// Like `compile`, without the browser's limits: no memory refusal and no work ceiling.
    /// For native tools that measure what a browser tab would stop (`ssdsim bench`).
    pub fn compile_unlimited(scenario: &Scenario) -> Result<Resolved, ScenarioError> {
        let mut r = Resolved::derive(scenario)?;
        r.budget = budget::unlimited(&r.simulated, &r.plan, r.window, r.layout())?;
        Ok(r)
    }

    fn derive(scenario: &Scenario) -> Result<Resolved, ScenarioError> {
        COMPILATIONS.with(|c| c.set(c.get() + 1));
        let (simulated, Layouts { simulated: layout, full }) = scenario.validate_both_sizes()?;
        let plan = Plan::new(&simulated.workload, layout.user_bytes, scenario.scale as f64);
        let window = window::time_window(&plan, &simulated.device, layout.geometry.as_ref())?;
        Ok(Resolved {
            scenario: scenario.normalised(full.geometry.as_ref()),
            simulated,
            user_bytes: layout.user_bytes,
            full_user_bytes: full.user_bytes,
            geometry: layout.geometry,
            full_geometry: full.geometry,
            plan,
            window,
            budget: Budget::default(),
        })
    }

    /// The simulated drive's media.
    pub fn layout(&self) -> Layout {
        Layout { geometry: self.geometry, user_bytes: self.user_bytes }
    }
}

impl Scenario {
    /// The scenario as typed, with the over-provisioning the drive has where the user capacity
    /// decides it (`user_bytes` non-zero): the two knobs are one quantity stated two ways, and
    /// the scenario states both (OP to 0.01 %, as the summary shows it). The run is the same:
    /// `op_percent` is not read while `user_bytes` is set.
    fn normalised(&self, full: Option<&Geometry>) -> Scenario {
        let mut s = self.clone();
        if let Some(g) = full.filter(|_| s.device.capacity.user_bytes.0 > 0) {
            s.device.capacity.op_percent = (g.op_percent_of_user() * 100.0).round() / 100.0;
        }
        s
    }
}

/// Over-provisioning is the other view of a stated user capacity (`Capacity`): it stays within
/// the range its knob allows (to the 0.01 % the normalised scenario states it), so the scenario
/// can state both.
fn check_op_of_user_bytes(s: &Scenario, full: Option<&Geometry>) -> Result<(), ScenarioError> {
    let Some(g) = full.filter(|_| s.device.capacity.user_bytes.0 > 0) else { return Ok(()) };
    let max = crate::scenario::catalogue::find("device.capacity.op_percent", None).and_then(|k| k.max).unwrap_or(f64::INFINITY);
    let op = g.op_percent_of_user();
    if (op * 100.0).round() / 100.0 <= max {
        return Ok(());
    }
    Err(ScenarioError::new(
        "device.capacity.user_bytes",
        ErrorCode::OutOfRange,
        format!(
            "leaves {op:.0} % of spare: over-provisioning is at most {max} %, so the user capacity must be at least {} (the raw capacity of {} over {})",
            crate::units::size_text((g.raw_bytes() as f64 / (1.0 + max / 100.0)).ceil()),
            crate::units::size_text(g.raw_bytes() as f64),
            1.0 + max / 100.0
        ),
    ))
}

/// The device's checks beyond its knobs' ranges: each medium's part, then a hybrid's tier
/// (which needs the backing medium's capacity); then its media's layout.
fn validate_device(device: &crate::scenario::Device) -> Result<Layout, ScenarioError> {
    device.validate_media()?;
    let hybrid = if device.kind == DeviceKind::Hybrid {
        let layout = device.layout()?;
        device.tier.validate(layout.user_bytes)?;
        Some(layout)
    } else {
        None
    };
    hybrid.map_or_else(|| device.layout(), Ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Device, Workload};

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
