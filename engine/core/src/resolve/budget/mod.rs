//! A run's budget. Memory is bounded before the run starts: exactly what the resolved
//! geometry allocates, and the series at their caps (`memory.rs`); a scenario over the limit
//! is refused naming the field most responsible. Work is bounded while the run goes: the
//! run stops cleanly at `WORK_LIMIT` with everything it measured so far (`sim/ceiling.rs`),
//! so no estimate of the work has to be right, only typical (`typical.rs`), for the time
//! the page shows before a run starts and the share of its progress bar preconditioning
//! fills. The page refines that time from the run's own progress as it goes.

mod memory;
mod typical;

use crate::host::plan::Plan;
use crate::media::Layout;
use crate::resolve::window::TimeWindow;
use crate::scenario::{ErrorCode, Scenario, ScenarioError};
use crate::units::MIB;
use serde::Serialize;
use ts_rs::TS;

/// Simulator memory a scenario may ask for. wasm32 addresses 4 GiB in all, and the page,
/// the worker's JavaScript heap and a second run for comparison need room beside it.
pub const MEMORY_LIMIT_BYTES: u64 = 1536 * MIB;

/// Work a run may do before it stops at its ceiling, in units of one timed flash operation
/// or one event of the run loop (a command's submission, completion or wake-up), each about
/// a tenth of a microsecond natively.
///
/// Measured with `ssdsim bench` (2-core machine, 27 Nov 2026): timed runs do 10-24 M work
/// units/s natively (4K random writes at GC steady state the slowest), about 0.7x that in
/// wasm; a shared machine runs at half speed or worse, so 5 M/s is the rate assumed: the
/// longest run takes about a minute in a browser tab.
pub const WORK_LIMIT: u64 = 300_000_000;

/// Preconditioning's flash operations per work unit: it runs untimed, without events, about
/// four times faster (34 M ops/s natively for a fill and a random round of 512 GiB).
pub const PRECONDITION_OPS_PER_WORK: u64 = 4;

/// Work units per second a browser tab manages, assumed (see `WORK_LIMIT`).
const WASM_WORK_PER_S: f64 = 5.0e6;

/// What a run is allowed and what it typically takes, known before it starts. Serialises
/// with plain numbers (JavaScript reads them to 2^53 exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Budget {
    /// Heap the simulator allocates at most, bytes: what the run is admitted under.
    #[ts(type = "number")]
    pub memory_bytes: u64,
    /// Memory a run like this typically takes, bytes (the engine's own included): what the
    /// page shows before the run.
    #[ts(type = "number")]
    pub expected_memory_bytes: u64,
    /// The work after which the run stops with what it has measured (`WORK_LIMIT`, or none
    /// for native tools: `u64::MAX`).
    #[ts(type = "number")]
    pub work_limit: u64,
    /// Work a run like this typically does, capped at `work_limit`.
    #[ts(type = "number")]
    pub typical_work: u64,
    /// Wall-clock seconds the browser typically needs (from `typical_work`), and at most
    /// (from `work_limit`; none without a ceiling, for native tools).
    pub seconds_estimate: f64,
    pub seconds_limit: Option<f64>,
    /// The share of the run's time preconditioning typically takes (it runs first): how
    /// much of a progress bar it fills.
    pub precondition_share: f64,
}

/// The field a refusal for memory names.
const BLOCKS: &str = "device.nand.blocks_per_plane";

/// The budget of a scaled, validated scenario run with `work_limit`, and where its memory
/// goes (for a refusal's field).
fn budget_parts(s: &Scenario, plan: &Plan, window: TimeWindow, layout: Layout, work_limit: u64) -> Result<(Budget, memory::Memory), ScenarioError> {
    let drive = crate::device::device_bytes(s, s.device.kind, layout)
        + crate::host::zoned_log::memory_bytes(s, &layout).map_or_else(crate::device::Footprint::default, crate::device::Footprint::exact)
        + crate::host::cache_memory_bytes(s, layout.user_bytes).map_or_else(crate::device::Footprint::default, crate::device::Footprint::exact);
    let m = memory::Memory { drive, metrics: memory::metrics_bytes(s, plan, window, layout.user_bytes) };
    let memory = m.total();
    let work = typical::work(s, plan, layout)?;
    let total = work.precondition.saturating_add(work.workload);
    let typical_work = total.min(work_limit);
    let budget = Budget {
        memory_bytes: memory.bound,
        expected_memory_bytes: memory.expected,
        work_limit,
        typical_work,
        seconds_estimate: typical_work as f64 / WASM_WORK_PER_S,
        seconds_limit: (work_limit != u64::MAX).then(|| work_limit as f64 / WASM_WORK_PER_S),
        precondition_share: if total > 0 { work.precondition as f64 / total as f64 } else { 0.0 },
    };
    Ok((budget, m))
}

/// The budget of a scaled, validated scenario without a work ceiling (native tools).
pub fn unlimited(s: &Scenario, plan: &Plan, window: TimeWindow, layout: Layout) -> Result<Budget, ScenarioError> {
    budget_parts(s, plan, window, layout, u64::MAX).map(|(b, _)| b)
}

/// The budget of a scaled, validated scenario with the browser's limits, or a refusal if
/// its memory is over `MEMORY_LIMIT_BYTES`.
pub fn check(s: &Scenario, plan: &Plan, window: TimeWindow, layout: Layout) -> Result<Budget, ScenarioError> {
    let (budget, m) = budget_parts(s, plan, window, layout, WORK_LIMIT)?;
    if budget.memory_bytes > MEMORY_LIMIT_BYTES {
        // The series are bounded by their caps; what grows without limit is the drive.
        let field = if m.drive.bound >= m.metrics.bound { BLOCKS } else { metrics_field(s) };
        let advice = if field == BLOCKS { "use fewer blocks per plane, or a larger scale (the same ratios at a smaller size)" } else { "draw fewer points" };
        return Err(ScenarioError::new(
            field,
            ErrorCode::TooMuchMemory,
            format!(
                "this run needs up to {} MiB of simulator memory (drive {} MiB, charts {} MiB); the limit is {} MiB: {advice}",
                budget.memory_bytes.div_ceil(MIB),
                m.drive.bound.div_ceil(MIB),
                m.metrics.bound.div_ceil(MIB),
                MEMORY_LIMIT_BYTES / MIB
            ),
        ));
    }
    Ok(budget)
}

fn metrics_field(s: &Scenario) -> &'static str {
    use crate::scenario::Workload;
    match &s.workload {
        Workload::Job(_) | Workload::Trace(_) => "workload.log_avg_msec",
        Workload::LatencyTrace(_) => "workload.max_points",
        Workload::WholeDriveWrite(_) => "workload.points",
        _ => "workload.runtime",
    }
}
