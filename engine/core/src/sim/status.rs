//! How far a run has got and what it has done: progress, work against its ceiling, the
//! notice it stopped with.

use super::ceiling::Ceiling;
use super::Simulation;
use crate::resolve::Budget;
use crate::scenario::ScenarioError;

impl Simulation {
    /// True until preconditioning is done and the workload has started.
    pub fn preconditioning(&self) -> bool {
        !self.started
    }

    /// What this run was admitted under: its memory bound, work ceiling and typical time.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Media operations done so far, preconditioning included: every NAND read, program
    /// and erase, translation pages too (XPoint: unit reads and writes).
    pub fn flash_ops_done(&self) -> u64 {
        self.precondition.flash_ops() + self.drive.media_ops()
    }

    /// Work done so far, as the ceiling counts it (`budget().work_limit`).
    pub fn work_done(&self) -> u64 {
        Ceiling::work(self.precondition.flash_ops(), self.drive.media_ops(), self.events)
    }

    /// The ceiling the run stopped at, if it did: a notice naming the field to change.
    pub fn stopped(&self) -> Option<&ScenarioError> {
        self.stopped.as_ref()
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Share of the run done, 0..1: preconditioning, then the workload, weighted by their
    /// estimated flash work.
    pub fn progress(&self) -> f64 {
        if self.finished {
            return 1.0;
        }
        // A trace is read once before the replay (`replay.rs`): a share of the time its
        // replay takes; the drive's part follows.
        let (measure, measured) = self.measure_progress();
        if measured < 1.0 {
            return measure * measured;
        }
        // Preconditioning's share of the run's typical work (see `resolve::budget`).
        let pre = self.budget.precondition_share;
        let drive = if !self.started {
            pre * self.precondition.progress()
        } else {
            let phase = self.replay_progress().or_else(|| self.zoned_log_progress()).unwrap_or_else(|| self.threads.progress(self.now));
            let workload = (self.phase as f64 + phase) / self.phases.len() as f64;
            pre + (1.0 - pre) * workload
        };
        measure + (1.0 - measure) * drive
    }
}
