//! The knobs that set a drive's headline numbers (NAND channel rate, read and program times,
//! the SLC cache's static size, over-provisioning) moved, one at a time, to bring a job's run
//! nearer fio's own result of it: `ssdsim fio fit` and the page's "Fit the knobs" both drive
//! this one search, so they agree step for step.
//!
//! The search runs no simulation itself: it proposes the next drive to try ([`FioFit::propose`])
//! and is told how that run compared ([`FioFit::tell`]). The CLI runs each candidate natively;
//! the page runs it on a worker of its own, with the page's ceilings, between steps that cross
//! the wasm boundary as JSON (so the search serialises, whole, between them). Every value it
//! reports is labelled fitted: it makes the model agree with one measurement, it is not the
//! drive's specification, and a knob the result cannot see is left as it was.

use super::compare::FioComparison;
use crate::scenario::{ErrorCode, ScenarioError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// A knob the fit may move: its catalogue id, where it sits in the scenario's JSON, and
/// whether it takes whole numbers only (blocks, bytes).
struct FitKnob {
    id: &'static str,
    pointer: &'static str,
    integer: bool,
}

/// Over-provisioning moves by the blocks each plane holds, so the user capacity (and with it
/// the job's span) stays what the drive states.
const KNOBS: [FitKnob; 5] = [
    FitKnob { id: "device.nand.channel_mb_per_s", pointer: "/device/nand/channel_mb_per_s", integer: false },
    FitKnob { id: "device.nand.timing.read_us", pointer: "/device/nand/timing/read_us", integer: false },
    FitKnob { id: "device.nand.timing.program_us", pointer: "/device/nand/timing/program_us", integer: false },
    FitKnob { id: "device.slc_cache.static_bytes", pointer: "/device/slc_cache/static_bytes", integer: true },
    FitKnob { id: "device.nand.blocks_per_plane", pointer: "/device/nand/blocks_per_plane", integer: true },
];

/// The factors each knob tries about the best value so far: coarse first, then finer about it.
const PASSES: [[f64; 4]; 2] = [[0.5, 0.71, 1.41, 2.0], [0.84, 0.92, 1.09, 1.19]];
/// A move is kept only if it brings the distance down by more than this share: runs are
/// deterministic, but a smaller gain is a knob the result barely sees.
const LEAST_GAIN: f64 = 0.002;

/// The most drives a fit runs: the drive as it is, then every factor of every knob.
pub const FIT_MOST_TRIES: u32 = 1 + (KNOBS.len() * PASSES.len() * PASSES[0].len()) as u32;

/// One knob's value before and after the fit (or one kept move, in [`FioFit::moves`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FitMove {
    /// The catalogue's knob id (`device.nand.timing.read_us`).
    pub knob: String,
    pub before: f64,
    pub after: f64,
}

/// What the fit found: what `ssdsim fio fit --json` prints and the page's table shows.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct FitOutput {
    pub drive: String,
    /// Always true: the values below are fitted to one result, not measured or specified.
    pub fitted: bool,
    /// The knobs that moved, in the search's order; a knob left as it was is not listed.
    pub knobs: Vec<FitMove>,
    /// Drives the fit tried (a value out of its knob's range is refused, not run).
    pub tried: u32,
    pub before: FioComparison,
    pub after: FioComparison,
}

/// One step as it crosses to the page: the search to hand back, and either the next drive to
/// run or, when the search is over, what it found.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct FitStep {
    /// The search so far, opaque to the page: handed back with the candidate's outcome.
    #[ts(type = "unknown")]
    pub state: Value,
    /// The scenario to run next (the job on a drive with one knob moved); null when done.
    #[ts(type = "Record<string, unknown> | null")]
    pub run: Option<Value>,
    pub tried: u32,
    /// The most drives this fit can try, for a progress bar.
    pub most: u32,
    /// The fitted knobs and both comparisons, once the search is over.
    pub output: Option<FitOutput>,
    /// The fitted scenario (the start with the knobs moved), once over: what `--out` writes,
    /// and the drive the page's "Use the fitted drive" takes.
    #[ts(type = "Record<string, unknown> | null")]
    pub fitted: Option<Value>,
}

/// The coordinate search: each knob in turn tries its factors about the best drive so far
/// and keeps the one that brings the distance down most, then the next knob; a coarse pass
/// over every knob, then a fine one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FioFit {
    start: Value,
    best: Value,
    /// The start's comparison, once told; `best_comparison` the best drive's.
    before: Option<FioComparison>,
    best_comparison: Option<FioComparison>,
    tried: u32,
    /// Where the search stands: the pass, the knob and its next factor.
    pass: usize,
    knob: usize,
    factor: usize,
    /// The current knob's best candidate so far, kept once its factors are all tried.
    found: Option<(Value, FioComparison)>,
    /// The candidate proposed and not yet told.
    pending: Option<Value>,
    moves: Vec<FitMove>,
}

impl FioFit {
    /// A search from `start`, a normalised scenario (every default filled in, so every knob
    /// is there to read) whose workload is the measured job.
    pub fn new(start: Value) -> FioFit {
        FioFit {
            best: start.clone(),
            start,
            before: None,
            best_comparison: None,
            tried: 0,
            pass: 0,
            knob: 0,
            factor: 0,
            found: None,
            pending: None,
            moves: Vec::new(),
        }
    }

    /// The next scenario to run, the drive as it is first; none when the search is over.
    /// Asked again before [`tell`](Self::tell), it proposes the same one.
    pub fn propose(&mut self) -> Option<Value> {
        if self.pending.is_none() {
            self.pending = if self.before.is_none() { Some(self.start.clone()) } else { self.advance() };
            if self.pending.is_some() {
                self.tried += 1;
            }
        }
        self.pending.clone()
    }

    /// How the proposed scenario's run compared with the result; none when it was refused or
    /// stopped at a ceiling. The drive as it is must compare: the fit has nothing to start
    /// from otherwise.
    pub fn tell(&mut self, outcome: Option<FioComparison>) -> Result<(), ScenarioError> {
        let Some(candidate) = self.pending.take() else {
            return Err(ScenarioError::new("fit", ErrorCode::Inconsistent, "no candidate to tell: ask for the next one first"));
        };
        // A comparison with no metric is no distance to beat.
        let outcome = outcome.filter(|c| c.geomean_ratio.is_some_and(f64::is_finite));
        if self.before.is_none() {
            let c = outcome
                .ok_or_else(|| ScenarioError::new("fit", ErrorCode::Inconsistent, "the job does not run on this drive, or shares no metric with the result"))?;
            self.before = Some(c.clone());
            self.best_comparison = Some(c);
            return Ok(());
        }
        self.factor += 1;
        let Some(c) = outcome else { return Ok(()) };
        let to_beat = self.found.as_ref().map(|(_, b)| b).or(self.best_comparison.as_ref()).and_then(|b| b.geomean_ratio);
        if c.geomean_ratio.zip(to_beat).is_some_and(|(d, best)| d < best * (1.0 - LEAST_GAIN)) {
            self.found = Some((candidate, c));
        }
        Ok(())
    }

    /// The next candidate after the one told: the current knob's next factor that moves it,
    /// or, its factors spent, its best move kept and the next knob begun.
    fn advance(&mut self) -> Option<Value> {
        while self.pass < PASSES.len() {
            let knob = &KNOBS[self.knob];
            let factors = &PASSES[self.pass];
            let value = number(&self.best, knob.pointer);
            match value {
                Some(value) if self.factor < factors.len() => {
                    let f = factors[self.factor];
                    let moved = if knob.integer { (value * f).round() } else { (value * f * 1000.0).round() / 1000.0 };
                    if moved == value || moved <= 0.0 {
                        self.factor += 1;
                        continue;
                    }
                    let mut candidate = self.best.clone();
                    *candidate.pointer_mut(knob.pointer).expect("the knob was read there") =
                        if knob.integer { Value::from(moved as u64) } else { Value::from(moved) };
                    return Some(candidate);
                }
                _ => self.settle_knob(),
            }
        }
        None
    }

    /// The current knob's best move (if any) becomes the drive the next knobs move from.
    fn settle_knob(&mut self) {
        if let Some((v, c)) = self.found.take() {
            let pointer = KNOBS[self.knob].pointer;
            let (before, after) = (number(&self.best, pointer).unwrap_or(f64::NAN), number(&v, pointer).unwrap_or(f64::NAN));
            self.moves.push(FitMove { knob: KNOBS[self.knob].id.to_string(), before, after });
            self.best = v;
            self.best_comparison = Some(c);
        }
        self.factor = 0;
        self.knob += 1;
        if self.knob == KNOBS.len() {
            self.knob = 0;
            self.pass += 1;
        }
    }

    /// Drives proposed so far, the drive as it is included.
    pub fn tried(&self) -> u32 {
        self.tried
    }

    /// Every move kept, in order (a knob moves again in the fine pass): what the CLI notes on
    /// standard error as the search goes.
    pub fn moves(&self) -> &[FitMove] {
        &self.moves
    }

    /// The best drive so far: the fitted scenario once the search is over.
    pub fn best(&self) -> &Value {
        &self.best
    }

    /// The best drive's distance so far.
    pub fn best_distance(&self) -> Option<f64> {
        self.best_comparison.as_ref().and_then(|c| c.geomean_ratio)
    }

    /// What the fit found, once the search is over (none before, or if the start never compared).
    pub fn output(&self) -> Option<FitOutput> {
        if self.pass < PASSES.len() || self.pending.is_some() {
            return None;
        }
        let (before, after) = (self.before.clone()?, self.best_comparison.clone()?);
        let knobs = KNOBS
            .iter()
            .filter_map(|k| {
                let (a, b) = (number(&self.start, k.pointer)?, number(&self.best, k.pointer)?);
                (a != b).then(|| FitMove { knob: k.id.to_string(), before: a, after: b })
            })
            .collect();
        let drive = self.start.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
        Some(FitOutput { drive, fitted: true, knobs, tried: self.tried, before, after })
    }

    /// The search as the page holds it between runs: its state, the next drive to run, and
    /// what it found once over.
    pub fn step(mut self) -> FitStep {
        let run = self.propose();
        let output = self.output();
        let fitted = output.is_some().then(|| self.best.clone());
        let tried = self.tried;
        FitStep { state: serde_json::to_value(&self).expect("a fit always serialises"), run, tried, most: FIT_MOST_TRIES, output, fitted }
    }

    /// The page's step: the search as [`step`](Self::step) gave it, told the outcome of the run
    /// it proposed (a comparison's JSON, or none when the run was refused).
    pub fn resume(state: &str, comparison: Option<&str>) -> Result<FitStep, ScenarioError> {
        let bad = |what: &str, e: serde_json::Error| ScenarioError::new("fit", ErrorCode::Syntax, format!("not {what}: {e}"));
        let mut fit: FioFit = serde_json::from_str(state).map_err(|e| bad("a fit's state", e))?;
        let outcome = comparison.map(serde_json::from_str::<FioComparison>).transpose().map_err(|e| bad("a comparison", e))?;
        fit.tell(outcome)?;
        Ok(fit.step())
    }
}

fn number(v: &Value, pointer: &str) -> Option<f64> {
    v.pointer(pointer)?.as_f64()
}

impl FitStep {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a fit step always serialises")
    }
}

#[cfg(test)]
mod tests;
