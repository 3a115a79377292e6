//! The pass over a trace before its replay. Every line is read and every command placed on
//! the drive, so a bad line or a command past the drive refuses the trace before anything
//! runs: nothing is half-replayed. The pass also learns what the trace holds: its length
//! sizes the automatic time windows (`resolve::window::trace_width_ns`), and its footprint
//! on the drive goes in the report. Then the source is rewound and the replay reads it again.
//!
//! The file is checked against the SHA-256 the scenario names, if it names one, at the end
//! of this pass: a shared scenario replays only the file it was made with.
//!
//! The footprint is taken here, not during the replay: every pass places the same commands
//! on the same units, so one pass has the replay's footprint, and its bitmaps are dropped
//! before the drive runs.

use super::{Piece, ReplayError, TraceRunner};
use crate::host::trace_source::Pull;
use crate::metrics::Op;
use crate::trace::Footprint;
use crate::units::MAPPING_UNIT_BYTES;

/// What one pass of a trace holds, as the replay will place it on the drive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceExtent {
    pub commands: u64,
    pub read_bytes: u64,
    pub written_bytes: u64,
    /// The trace's time from its first command to its last.
    pub duration_ns: u64,
    /// Distinct bytes of the drive the commands read or write (trims left out, as
    /// `ssdsim trace` does), in whole 4 KiB units unless `footprint_unit_bytes` is coarser.
    pub footprint_bytes: u64,
    pub footprint_unit_bytes: u64,
}

/// How far the pass got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measured {
    Done(TraceExtent),
    /// A pushed source ran dry: feed it and call again.
    NeedsData,
    /// `max_commands` were read; call again.
    More,
}

impl TraceRunner {
    /// Reads up to `max_commands` of the pass; at its end, rewinds the source for the replay.
    pub fn measure(&mut self, max_commands: u64) -> Result<Measured, ReplayError> {
        let mut footprint = self.footprint.take().unwrap_or_default();
        let result = self.measure_into(&mut footprint, max_commands);
        if matches!(result, Ok(Measured::More | Measured::NeedsData)) {
            self.footprint = Some(footprint);
        }
        result
    }

    fn measure_into(&mut self, footprint: &mut Footprint, max_commands: u64) -> Result<Measured, ReplayError> {
        for _ in 0..max_commands {
            match self.source.pull().map_err(ReplayError::Trace)? {
                Pull::Command(c) => {
                    let piece = self.place(c)?;
                    self.mark(footprint, &piece);
                }
                Pull::NeedsData => return Ok(Measured::NeedsData),
                Pull::End => {
                    self.check_digest()?;
                    let c = std::mem::take(&mut self.counters);
                    let unit = footprint.unit_bytes();
                    let extent = TraceExtent {
                        commands: c.commands,
                        read_bytes: c.read_bytes,
                        written_bytes: c.written_bytes,
                        duration_ns: std::mem::take(&mut self.last_ns),
                        footprint_bytes: footprint.either().saturating_mul(unit),
                        footprint_unit_bytes: unit,
                    };
                    self.source.rewind().map_err(ReplayError::Trace)?;
                    return Ok(Measured::Done(extent));
                }
            }
        }
        Ok(Measured::More)
    }

    /// The file is the one the scenario names, if it names one.
    fn check_digest(&mut self) -> Result<(), ReplayError> {
        let Some(expected) = &self.expected_sha256 else { return Ok(()) };
        let found = self.source.digest().unwrap_or_default();
        if &found != expected {
            return Err(ReplayError::NotTheFile { expected: expected.clone(), found });
        }
        Ok(())
    }

    /// The units `p` covers, from its first to the drive's end and on from unit 0, as
    /// `piece` cuts it.
    fn mark(&self, footprint: &mut Footprint, p: &Piece) {
        if p.op == Op::Trim {
            return;
        }
        let (mut first, mut left) = (p.first_unit, p.units.min(self.capacity_units));
        while left > 0 {
            let n = left.min(self.capacity_units - first);
            footprint.mark(p.op == Op::Write, first * MAPPING_UNIT_BYTES, n * MAPPING_UNIT_BYTES);
            (first, left) = (0, left - n);
        }
    }
}
