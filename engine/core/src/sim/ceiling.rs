//! The run's ceilings, checked while it goes: the work it may do (`WORK_LIMIT`) and the
//! points its time series may hold (`TimeWindow::max_points`, at most `MAX_TIME_POINTS`). A
//! run that reaches one stops cleanly with everything measured so far and a notice naming
//! the field to change: no estimate made before the run has to be right for a run to be
//! bounded.
//!
//! Checked once the run loop has handled `CHECK_EVERY` events and 4 KiB units of commands
//! (a 64 MiB write counts 16,384: the work of an event grows with its size), after the drive
//! idles (background GC may do a lot then), and every `CHECK_EVERY_WRITES` unit writes of
//! preconditioning. The counts come from the run alone, never from the chunks a caller runs
//! it in, so a run stops at the same point natively and in the browser. A run passes its
//! ceiling by at most what one interval does: a unit's work is bounded by the GC it causes.

use super::Simulation;
use crate::resolve::budget::PRECONDITION_OPS_PER_WORK;
use crate::scenario::{ErrorCode, Job, Scenario, ScenarioError, Workload};
use crate::units::Nanos;

/// Wall-clock seconds a run may work before its caller stops it (`Simulation::stop_at_wall_time`).
///
/// The work ceiling bounds what a run does, not how long that takes: a unit of work costs
/// more on a large drive (its tables miss the cache) or under heavy GC, so a runaway run (a
/// petabyte written whole-drive, a steady state of a thousand rounds) reached its 300 M units
/// only after 82 s and 186 s natively on 2 cores (issue 43). This second ceiling, beside the
/// first, ends such a run within a minute with what it has measured.
///
/// The engine reads no clock: wasm32 has none without JavaScript, and no number a run gives
/// may depend on one. Its caller times the chunks it runs (`ssdsim`'s run loop with
/// `Instant`, the wasm binding with the page's `Date.now()`) and stops the run when they have
/// taken longer. Such a stop depends on the machine's speed, so it says so: its own code
/// (`ErrorCode::TooMuchTime`) and message, never taken for the work ceiling. A normal run
/// never meets it: the heaviest preset or bench case works a few seconds natively and at most
/// tens in a browser, and the tests that hold numbers (digests) run without any clock.
pub const WALL_TIME_LIMIT_S: f64 = 50.0;

/// Events and units between two checks: rare enough to cost nothing measurable.
pub(super) const CHECK_EVERY: u64 = 1 << 8;
/// Preconditioning's unit writes between two checks: a multiple of its batches of random
/// overwrites, so a check never splits one.
pub(super) const CHECK_EVERY_WRITES: u64 = 1 << 12;

#[derive(Clone, Debug)]
pub(super) struct Ceiling {
    /// Work units the run may do; `u64::MAX` for native tools.
    pub limit: u64,
    precondition_field: &'static str,
    /// The workload's field for a phase limited by its runtime, and by its bytes.
    by_time_field: &'static str,
    by_bytes_field: &'static str,
    /// The field that sets the width of the time windows, for a workload that has one.
    window_field: Option<&'static str>,
}

impl Ceiling {
    pub fn new(limit: u64, s: &Scenario) -> Ceiling {
        let precondition_field = if s.precondition.random_rounds > 0.0 { "precondition.random_rounds" } else { "precondition.fill_percent" };
        Ceiling {
            limit,
            precondition_field,
            by_time_field: workload_field(&s.workload, true),
            by_bytes_field: workload_field(&s.workload, false),
            window_field: matches!(s.workload, Workload::Job(_) | Workload::Trace(_)).then_some("workload.log_avg_msec"),
        }
    }

    /// Work so far: preconditioning's flash operations at their speed, then the run's timed
    /// flash operations and events.
    pub fn work(precondition_flash_ops: u64, flash_ops: u64, events: u64) -> u64 {
        (precondition_flash_ops / PRECONDITION_OPS_PER_WORK).saturating_add(flash_ops).saturating_add(events)
    }

    /// The notice of a run stopped at the work ceiling while preconditioning.
    pub fn stopped_preconditioning(&self, total_units: u64, done_units: u64) -> ScenarioError {
        ScenarioError::new(
            self.precondition_field,
            ErrorCode::TooMuchWork,
            format!(
                "the run stopped at its work ceiling ({} million units) while preconditioning, after {:.0} % of its writes: precondition less, or use a larger scale",
                self.limit / 1_000_000,
                100.0 * done_units as f64 / total_units.max(1) as f64
            ),
        )
    }

    /// The notice of a run stopped at the work ceiling while `job` ran (`progress` 0..1).
    pub fn stopped_working(&self, job: &Job, progress: f64) -> ScenarioError {
        let field = if job.runtime > 0.0 { self.by_time_field } else { self.by_bytes_field };
        ScenarioError::new(
            field,
            ErrorCode::TooMuchWork,
            format!(
                "the run stopped at its work ceiling ({} million units) {:.0} % of the way through: the results cover the part that ran; run less, or use a larger scale",
                self.limit / 1_000_000,
                100.0 * progress
            ),
        )
    }

    /// The notice of a run its caller stopped at the wall-time ceiling (`WALL_TIME_LIMIT_S`,
    /// or `limit_s`): while preconditioning (`precondition`: its share of writes done), or
    /// while `job` ran (`progress` 0..1).
    pub fn stopped_by_wall_time(&self, limit_s: f64, job: &Job, precondition: Option<f64>, progress: f64) -> ScenarioError {
        let (field, when) = match precondition {
            Some(done) => (self.precondition_field, format!("while preconditioning, after {:.0} % of its writes", 100.0 * done)),
            None => (if job.runtime > 0.0 { self.by_time_field } else { self.by_bytes_field }, format!("{:.0} % of the way through", 100.0 * progress)),
        };
        ScenarioError::new(
            field,
            ErrorCode::TooMuchTime,
            format!(
                "the run stopped at its wall-time ceiling ({limit_s} s of this machine's time, not a number of the run) {when}: the results cover the part that ran; run less, or use a larger scale"
            ),
        )
    }

    /// The notice of a run whose time series filled up at `points` while `job` ran: a job
    /// names its window width, other workloads the field that makes them long.
    pub fn stopped_full(&self, job: &Job, points: u64) -> ScenarioError {
        let (field, advice) = match self.window_field {
            Some(field) => (field, "use wider time windows (log_avg_msec)"),
            None if job.runtime > 0.0 => (self.by_time_field, "run less"),
            None => (self.by_bytes_field, "run less"),
        };
        ScenarioError::new(
            field,
            ErrorCode::TooMuchMemory,
            format!("the run stopped when its time series reached {points} points: the results cover the part that ran; {advice}"),
        )
    }
}

/// Where the run loop stops at a ceiling.
impl Simulation {
    /// Media operations an idle may do: what is left of the ceiling, and one more, so an
    /// idle cut short always leaves the run past its ceiling (it stops at the next check;
    /// a run under the ceiling idles exactly as without one).
    fn idle_allowance(&self) -> u64 {
        self.ceiling.limit.saturating_sub(self.work_done()).saturating_add(1)
    }

    /// The host is idle from `from` to `until`: the drive's background work gets what is left
    /// of the ceiling, and the ceiling is checked at the next event.
    pub(super) fn idle_drive(&mut self, from: Nanos, until: Nanos) {
        let allowance = self.idle_allowance();
        self.drive.idle(from, until, allowance);
        self.since_check = CHECK_EVERY;
    }

    /// The workload reached the work ceiling.
    #[cold]
    pub(super) fn stop_working(&mut self) {
        let progress = self.progress();
        let notice = self.ceiling.stopped_working(&self.phases[self.phase].job, progress);
        self.stop(notice);
    }

    /// Preconditions for at most `max_writes` unit writes, in pieces that end on multiples
    /// of `CHECK_EVERY_WRITES` so the ceiling is checked at the same writes whatever the chunks.
    /// True if the run stopped at its ceiling.
    pub(super) fn precondition_chunk(&mut self, max_writes: u64) -> bool {
        let Some(drive) = self.drive.data_nand_mut() else { return false };
        let mut left = max_writes;
        while left > 0 && !self.precondition.is_done() {
            let to_check = CHECK_EVERY_WRITES - self.precondition.done() % CHECK_EVERY_WRITES;
            left -= self.precondition.step(drive, left.min(to_check));
            if self.precondition.done().is_multiple_of(CHECK_EVERY_WRITES) && Ceiling::work(self.precondition.flash_ops(), 0, 0) > self.ceiling.limit {
                let notice = self.ceiling.stopped_preconditioning(self.precondition.total_writes(), self.precondition.done());
                self.stop_preconditioning(notice);
                return true;
            }
        }
        false
    }

    /// Stops the run before its workload started: its counters start where it stopped, as
    /// it measured nothing of a workload.
    fn stop_preconditioning(&mut self, notice: ScenarioError) {
        self.base = self.drive.baseline();
        self.recorder.start(self.drive.window_counters());
        self.started = true;
        self.stop(notice);
    }

    /// The caller's clock says the run has worked `limit_s` seconds of wall-clock time
    /// (`WALL_TIME_LIMIT_S` unless the caller chose another): it stops here, between two
    /// chunks, with what it measured so far and a notice of the wall-time ceiling
    /// (`ErrorCode::TooMuchTime`). A run without a work ceiling (`ssdsim run --unlimited`) has
    /// none in time either; a finished run stays as it finished.
    pub fn stop_at_wall_time(&mut self, limit_s: f64) {
        if self.finished || self.ceiling.limit == u64::MAX {
            return;
        }
        let job = &self.phases[self.phase].job;
        if self.started {
            let notice = self.ceiling.stopped_by_wall_time(limit_s, job, None, self.progress());
            self.stop(notice);
        } else {
            let done = self.precondition.done() as f64 / self.precondition.total_writes().max(1) as f64;
            let notice = self.ceiling.stopped_by_wall_time(limit_s, job, Some(done), 0.0);
            self.stop_preconditioning(notice);
        }
    }

    /// Stops the run at a ceiling: what it measured so far is its result.
    pub(super) fn stop(&mut self, notice: ScenarioError) {
        self.stopped = Some(notice);
        self.events_due.clear();
        self.finish();
    }
}

/// The field to change to run less.
fn workload_field(w: &Workload, by_time: bool) -> &'static str {
    match w {
        Workload::Job(_) | Workload::SpanSweep(_) => {
            if by_time {
                "workload.runtime"
            } else {
                "workload.io_size"
            }
        }
        Workload::WholeDriveWrite(_) => "workload.io_size",
        Workload::LatencyTrace(t) => {
            if t.io_size.0 > 0 {
                "workload.io_size"
            } else {
                "workload.size"
            }
        }
        Workload::SteadyState(_) => "workload.rounds",
        Workload::FileCopy(f) => {
            if f.copies > 0 {
                "workload.copies"
            } else {
                "workload.file_bytes"
            }
        }
        Workload::TransferSizeSweep(t) if by_time && t.warmup_s > t.runtime * t.sizes.len() as f64 => "workload.warmup_s",
        Workload::TransferSizeSweep(_) | Workload::CrystalDiskMark(_) => "workload.runtime",
        Workload::ApplicationLoad(_) => "workload.runs",
        Workload::Trace(_) => "workload.loops",
        Workload::Cache(_) => "workload.drive_writes",
        Workload::ZonedLog(_) => "workload.overwrites",
        Workload::Tenants(_) if by_time => "workload.tenant_1.runtime",
        Workload::Tenants(_) => "workload.tenant_1.io_size",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_when_full(kind: &str, runtime: f64) -> String {
        let s = Scenario { workload: Workload::default_of(kind).unwrap(), ..Scenario::default() };
        let job = Job { runtime, ..Job::default() };
        Ceiling::new(1, &s).stopped_full(&job, 9).field
    }

    #[test]
    fn full_time_series_name_a_field_the_workload_has() {
        assert_eq!(field_when_full("job", 0.0), "workload.log_avg_msec");
        assert_eq!(field_when_full("whole_drive_write", 0.0), "workload.io_size");
        assert_eq!(field_when_full("steady_state", 0.0), "workload.rounds");
        assert_eq!(field_when_full("crystal_disk_mark", 5.0), "workload.runtime");
    }
}
