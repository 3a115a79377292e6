//! Preconditioning: the drive reaches the scenario's starting state (a sequential fill,
//! then uniform random 4 KiB overwrites) without spending simulated time, and then rests:
//! an SLC cache is folded empty, as after the idle time between preparing a drive and
//! testing it.
//!
//! It runs in steps inside `Simulation::run`, not in the constructor, so a caller sees
//! progress and can stop a long one (the page terminates its worker between steps). The
//! writes and their order do not depend on the step sizes, so results are the same however
//! the work is cut up.

use crate::controller::Drive;
use crate::ftl::{FlashOps, Program, Stream};
use crate::rng::SimRng;
use crate::scenario::Scenario;

/// Flash operations preconditioning asked for. They take no simulated time and are not
/// part of the run's summary, but they are work the simulator does.
#[derive(Default)]
struct CountedUntimed {
    ops: u64,
}

impl FlashOps for CountedUntimed {
    fn read_page(&mut self, _: u32, _: u32, _: u32, _: bool) {
        self.ops += 1;
    }
    fn program_page(&mut self, _: u32, _: u32, _: Stream, _: u32, _: Program) {
        self.ops += 1;
    }
    fn erase_block(&mut self, _: u32, _: u32) {
        self.ops += 1;
    }
}

/// Overwrites whose map entries are fetched together (see `Ftl::warm_for_writes`): enough
/// misses in flight to cover memory latency, few enough to stay in the L1 cache.
const OVERWRITE_BATCH: usize = 32;

pub(crate) struct Precondition {
    fill_units: u32,
    overwrites: u64,
    /// Unit writes done so far: the fill first, then the overwrites.
    done: u64,
    /// Its own stream, so the workload's draws do not depend on preconditioning.
    rng: SimRng,
    flash: CountedUntimed,
}

impl Precondition {
    /// Preconditioning of a drive of `user_units` units; none (0) for media written in
    /// place, whose state is the same whatever was written.
    pub fn new(user_units: u32, scenario: &Scenario) -> Precondition {
        let (fill_units, overwrites) = units(user_units, scenario);
        Precondition { fill_units, overwrites, done: 0, rng: SimRng::new(scenario.seed ^ 0x5EED_F111), flash: CountedUntimed::default() }
    }

    pub fn total_writes(&self) -> u64 {
        self.fill_units as u64 + self.overwrites
    }

    pub fn is_done(&self) -> bool {
        self.done >= self.total_writes()
    }

    /// Share done, 0..1.
    pub fn progress(&self) -> f64 {
        if self.total_writes() == 0 {
            1.0
        } else {
            self.done as f64 / self.total_writes() as f64
        }
    }

    pub fn flash_ops(&self) -> u64 {
        self.flash.ops
    }

    /// Writes at most `max_writes` units; returns how many it wrote. The step that writes
    /// the last one also lets the drive rest.
    pub fn step(&mut self, drive: &mut Drive, max_writes: u64) -> u64 {
        let end = self.total_writes().min(self.done.saturating_add(max_writes));
        let start = self.done;
        let fill_end = end.min(self.fill_units as u64);
        while self.done < fill_end {
            drive.ftl.write(self.done as u32, &mut self.flash);
            self.done += 1;
        }
        // Random overwrites, drawn a batch ahead (the same draws in the same order) so the
        // batch's map entries are fetched from memory together rather than one miss a write.
        let mut lbas = [0u32; OVERWRITE_BATCH];
        while self.done < end {
            let n = (end - self.done).min(OVERWRITE_BATCH as u64) as usize;
            for lba in &mut lbas[..n] {
                *lba = self.rng.below(self.fill_units as u64) as u32;
            }
            drive.ftl.warm_for_writes(&lbas[..n]);
            for &lba in &lbas[..n] {
                drive.ftl.write(lba, &mut self.flash);
            }
            self.done += n as u64;
        }
        if self.done > start && self.is_done() {
            drive.ftl.fold_all(&mut self.flash);
        }
        self.done - start
    }
}

/// Units of the sequential fill, and random overwrites after it.
pub(crate) fn units(user_units: u32, scenario: &Scenario) -> (u32, u64) {
    let fill_units = (user_units as f64 * scenario.precondition.fill_percent / 100.0) as u32;
    let overwrites = (fill_units as f64 * scenario.precondition.random_rounds) as u64;
    (fill_units, overwrites)
}
