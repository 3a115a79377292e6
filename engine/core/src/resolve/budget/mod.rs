//! A run's budget, decided before it starts: an upper bound on the memory it allocates and
//! on the work it does (flash operations, preconditioning included, and host commands).
//! `check` refuses a scenario over either limit with an error naming the field most
//! responsible, so a browser tab never runs out of memory or spins for an hour.

mod memory;
mod timing;
mod work;

use crate::host::plan::Plan;
use crate::media::Geometry;
use crate::scenario::{DeviceKind, ErrorCode, Scenario, ScenarioError};
use crate::units::MIB;
use serde::Serialize;
use ts_rs::TS;

/// Simulator memory a scenario may ask for. wasm32 addresses 4 GiB in all, and the page,
/// the worker's JavaScript heap and a second run for comparison need room beside it.
pub const MEMORY_LIMIT_BYTES: u64 = 1536 * MIB;

/// Flash operations a run may do, preconditioning's counted at `PRECONDITION_WEIGHT`: the
/// slowest run allowed takes a minute or two in the browser.
///
/// Measured with `npm run bench:browser` (2-core machine, quiet, 26 Nov 2026): timed runs
/// do 10.7-10.9 M flash ops/s natively for 4K random reads, 4K random writes at GC steady
/// state and 128K sequential writes, 7.1-8.5 M/s in wasm; preconditioning (untimed) 77 M/s
/// natively with a random round and 42 M/s for a plain fill, 31-49 M/s in wasm. A shared
/// machine runs at half speed or worse: 3.6 M/s for timed work is the rate assumed, so
/// 300 M is under a minute and a half. The estimate is an upper bound, typically 2-6x the
/// work a run really does, so admitted runs finish sooner.
pub const FLASH_OPS_LIMIT: u64 = 300_000_000;

/// Host commands a run may issue. Commands that touch no flash (trims, reads of unwritten
/// space) still cost an event each: about 10 M/s native, 4.8 M/s assumed in wasm, so about
/// a minute.
pub const HOST_COMMANDS_LIMIT: u64 = 300_000_000;

/// Flash operations per second the browser manages, for `seconds_estimate`: timed runs,
/// and preconditioning (see `FLASH_OPS_LIMIT` for the measurements).
const WASM_FLASH_OPS_PER_S: f64 = 0.6 * 6.0e6;
const WASM_PRECONDITION_OPS_PER_S: f64 = 0.6 * 30.0e6;
const WASM_COMMANDS_PER_S: f64 = 0.6 * 8.0e6;

/// What a preconditioning flash operation counts for against `FLASH_OPS_LIMIT`, in timed
/// ones: preconditioning runs about five times faster (no events, no timing), and the limit
/// is one on the browser's time. Counted in full, a 16 GiB drive could not take more than
/// four of the twenty random rounds its knob allows.
const PRECONDITION_WEIGHT: f64 = WASM_FLASH_OPS_PER_S / WASM_PRECONDITION_OPS_PER_S;

/// Seconds the browser needs for `ops` flash operations of preconditioning, roughly.
fn precondition_seconds(ops: u64) -> f64 {
    ops as f64 / WASM_PRECONDITION_OPS_PER_S
}

/// What a run is allowed: upper bounds, known before it starts. Serialises with plain
/// numbers (JavaScript reads them to 2^53 exactly, and these are estimates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Budget {
    /// Heap the simulator allocates at most, bytes.
    #[ts(type = "number")]
    pub memory_bytes: u64,
    /// Memory a run like this typically takes, bytes (the engine's own included): what the
    /// page shows before the run. `memory_bytes` is the worst case it is admitted under.
    #[ts(type = "number")]
    pub expected_memory_bytes: u64,
    /// Flash operations (reads, programs, erases, translation pages) at most,
    /// preconditioning included; `Simulation::flash_ops_done` never passes it.
    #[ts(type = "number")]
    pub flash_ops: u64,
    /// Host commands the workload issues at most.
    #[ts(type = "number")]
    pub host_commands: u64,
    /// Wall-clock seconds the browser needs at most, roughly (from `flash_ops`).
    pub seconds_estimate: f64,
    /// The part of `flash_ops` that is preconditioning (it runs first, untimed).
    #[ts(type = "number")]
    pub precondition_flash_ops: u64,
}

impl Budget {
    /// The share of the run's estimated browser time that preconditioning takes (it runs
    /// first): how much of a progress bar it should fill.
    pub fn precondition_time_share(&self) -> f64 {
        if self.seconds_estimate > 0.0 {
            (precondition_seconds(self.precondition_flash_ops) / self.seconds_estimate).min(1.0)
        } else {
            0.0
        }
    }
}

/// Field paths the refusals name.
pub(crate) struct Fields;

impl Fields {
    pub const RUNTIME: &'static str = "workload.runtime";
    pub const IO_SIZE: &'static str = "workload.io_size";
    const BLOCKS: &'static str = "device.nand.blocks_per_plane";
}

fn refusal(code: ErrorCode, field: &str, message: String) -> ScenarioError {
    ScenarioError::new(field, code, message)
}

/// The budget of a scenario that is already scaled (`Scenario::scaled`) and validated.
/// A scenario whose geometry is invalid has no budget: every bound is `u64::MAX`.
pub fn estimate(scenario: &Scenario) -> Budget {
    estimate_parts(scenario).map_or(
        Budget {
            memory_bytes: u64::MAX,
            expected_memory_bytes: u64::MAX,
            flash_ops: u64::MAX,
            host_commands: u64::MAX,
            seconds_estimate: f64::INFINITY,
            precondition_flash_ops: u64::MAX,
        },
        |(budget, _, _)| budget,
    )
}

/// The budget, and where it goes (for the refusal's field).
fn estimate_parts(s: &Scenario) -> Result<(Budget, memory::Memory, work::Work), ScenarioError> {
    let user_bytes = s.device.user_bytes()?;
    let plan = Plan::new(&s.workload, user_bytes, 1.0);
    let (w, drive) = match s.device.kind {
        DeviceKind::Hybrid => hybrid_parts(s, &plan, user_bytes)?,
        kind => media_parts(s, kind, &plan, user_bytes)?,
    };
    let window = crate::resolve::window::time_window(&plan, &s.device)?;
    let m = memory::Memory { drive, metrics: memory::metrics_bytes(s, &plan, window, w.duration_bound_ns) };
    let flash_ops = w.precondition_flash_ops.saturating_add(w.workload_flash_ops);
    let seconds =
        precondition_seconds(w.precondition_flash_ops) + (w.workload_flash_ops as f64 / WASM_FLASH_OPS_PER_S).max(w.host_commands as f64 / WASM_COMMANDS_PER_S);
    let memory = m.total();
    let budget = Budget {
        memory_bytes: memory.bound,
        expected_memory_bytes: memory.expected,
        flash_ops,
        host_commands: w.host_commands,
        seconds_estimate: seconds,
        precondition_flash_ops: w.precondition_flash_ops,
    };
    Ok((budget, m, w))
}

/// The work and drive memory of one device kind running `plan`.
fn media_parts(s: &Scenario, kind: DeviceKind, plan: &Plan, user_bytes: u64) -> Result<(work::Work, memory::Footprint), ScenarioError> {
    Ok(match kind {
        DeviceKind::NandSsd => {
            let geo = Geometry::new(&s.device)?;
            (work::work(s, &geo, plan), memory::drive_bytes(s, &geo))
        }
        DeviceKind::XpointSsd => (work::xpoint_work(s, plan, user_bytes), memory::xpoint_drive_bytes(s)),
        DeviceKind::Hdd => (work::hdd_work(s, plan, user_bytes), memory::hdd_drive_bytes(s)),
        DeviceKind::Hybrid => hybrid_parts(s, plan, user_bytes)?,
    })
}

/// A hybrid drive: each tier as if it served the whole workload, the cache's reads as
/// writes too (what it holds is written into it: promotions, write-back), each doubled (a
/// unit may cross a tier twice: missed then promoted, cached then written back); and the
/// directory, history and queues (see `device/tier.rs`). Only a NAND backing tier is
/// preconditioned.
fn hybrid_parts(s: &Scenario, plan: &Plan, user_bytes: u64) -> Result<(work::Work, memory::Footprint), ScenarioError> {
    let t = &s.device.tier;
    let (backing, backing_bytes) = media_parts(s, t.backing, plan, user_bytes)?;
    let mut cache_scenario = s.clone();
    cache_scenario.device.kind = t.cache;
    cache_scenario.precondition.fill_percent = 0.0;
    cache_scenario.precondition.random_rounds = 0.0;
    let cache_units = s.device.user_bytes_of(t.cache)?;
    let mut cache_plan = Plan { phases: plan.phases.clone(), series: Vec::new(), bytes_window: None, latency_group: None };
    for p in &mut cache_plan.phases {
        if matches!(p.job.rw, crate::scenario::Rw::Read | crate::scenario::Rw::Randread) {
            p.job.rw = crate::scenario::Rw::Randwrite;
        }
        // The cache's addresses are its slots: a region past them maps onto them.
        p.job.offset.0 = 0;
        p.job.size.0 = p.job.size.0.min(cache_units);
    }
    let (cache, cache_bytes) = media_parts(&cache_scenario, t.cache, &cache_plan, cache_units)?;
    let work = work::Work {
        precondition_flash_ops: backing.precondition_flash_ops,
        workload_flash_ops: backing.workload_flash_ops.saturating_add(cache.workload_flash_ops).saturating_mul(2),
        host_commands: backing.host_commands,
        duration_bound_ns: backing.duration_bound_ns.saturating_add(cache.duration_bound_ns),
        workload_field: backing.workload_field,
    };
    let slots = cache_units / crate::units::MAPPING_UNIT_BYTES;
    // Tag, last use, flags; history tag and count; a candidate and a dirty entry per slot.
    let directory = slots * (4 + 4 + 1 + 4 + 1 + 4 + 4) + 4096 * 16;
    Ok((work, backing_bytes + cache_bytes + memory::Footprint::exact(directory)))
}

/// The budget of a scaled, validated scenario, or a refusal if it is over a limit.
pub fn check(scenario: &Scenario) -> Result<Budget, ScenarioError> {
    let (budget, m, w) = estimate_parts(scenario)?;
    if budget.memory_bytes > MEMORY_LIMIT_BYTES {
        // The series are bounded by the window logic; what grows without limit is the drive.
        let field = if m.drive.bound >= m.metrics.bound { Fields::BLOCKS } else { metrics_field(scenario) };
        let advice =
            if field == Fields::BLOCKS { "use fewer blocks per plane, or a larger scale (the same ratios at a smaller size)" } else { "draw fewer points" };
        return Err(refusal(
            ErrorCode::TooMuchMemory,
            field,
            format!(
                "this run needs up to {} MiB of simulator memory (drive {} MiB, charts {} MiB); the limit is {} MiB: {advice}",
                budget.memory_bytes.div_ceil(MIB),
                m.drive.bound.div_ceil(MIB),
                m.metrics.bound.div_ceil(MIB),
                MEMORY_LIMIT_BYTES / MIB
            ),
        ));
    }
    let precondition_work = (w.precondition_flash_ops as f64 * PRECONDITION_WEIGHT) as u64;
    let work = precondition_work.saturating_add(w.workload_flash_ops);
    if work > FLASH_OPS_LIMIT {
        let p = &scenario.precondition;
        let field = if precondition_work > w.workload_flash_ops {
            if p.random_rounds > 0.0 {
                "precondition.random_rounds"
            } else {
                "precondition.fill_percent"
            }
        } else {
            w.workload_field
        };
        return Err(refusal(
            ErrorCode::TooMuchWork,
            field,
            format!(
                "this run may need up to {} million flash operations (preconditioning {} M, workload {} M; about {:.0} s in a browser), which count as {} million against the limit of {} million (preconditioning's at 1/{:.0}, as it runs that much faster): run less, or use a larger scale",
                budget.flash_ops.div_ceil(1_000_000),
                w.precondition_flash_ops.div_ceil(1_000_000),
                w.workload_flash_ops.div_ceil(1_000_000),
                budget.seconds_estimate,
                work.div_ceil(1_000_000),
                FLASH_OPS_LIMIT / 1_000_000,
                1.0 / PRECONDITION_WEIGHT,
            ),
        ));
    }
    if budget.host_commands > HOST_COMMANDS_LIMIT {
        return Err(refusal(
            ErrorCode::TooMuchWork,
            w.workload_field,
            format!(
                "this run may issue up to {} million host commands; the limit is {} million: run less, or use larger blocks (bs)",
                budget.host_commands.div_ceil(1_000_000),
                HOST_COMMANDS_LIMIT / 1_000_000
            ),
        ));
    }
    Ok(budget)
}

fn metrics_field(s: &Scenario) -> &'static str {
    use crate::scenario::Workload;
    match &s.workload {
        Workload::Job(_) => "workload.log_avg_msec",
        Workload::LatencyTrace(_) => "workload.max_points",
        Workload::WholeDriveWrite(_) => "workload.points",
        _ => Fields::RUNTIME,
    }
}
