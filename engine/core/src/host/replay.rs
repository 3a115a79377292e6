//! A block trace as the host's workload: the commands of a `CommandSource`, placed on the
//! drive (`map`), cut to what one command may carry, and timed for an open-loop replay. The
//! run loop asks it for the next command as it asks a `JobRunner`.
//!
//! The drive works in 4 KiB mapping units: a command covers every unit it touches (its
//! start rounded down, its end up), so a 512-byte write costs a whole unit, as it does a
//! drive whose mapping unit is 4 KiB. The counters keep the trace's own bytes.

use super::trace_source::{CommandSource, Pull};
use super::Command;
use crate::metrics::Op;
use crate::scenario::{ReplayMode, TraceFit, TraceReplay};
use crate::trace::Footprint;
use crate::trace::{Op as TraceOp, TraceCommand, TraceError};
use crate::units::{Nanos, MAPPING_UNIT_BYTES, MIB};
use std::fmt;

pub(super) mod measure;

/// The largest transfer a job may have (`bs`): longer trace commands go as several.
pub const MAX_PIECE_UNITS: u64 = 64 * MIB / MAPPING_UNIT_BYTES;

/// What the replay did, by the trace's own commands and bytes (every pass counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayCounters {
    pub commands: u64,
    pub read_bytes: u64,
    pub written_bytes: u64,
    pub trimmed_bytes: u64,
    /// Drive commands issued: more than `commands` where one was split.
    pub pieces: u64,
}

/// Why a replay stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The trace file was refused at a line.
    Trace(TraceError),
    /// A command ends past the drive with `map.fit: refuse`.
    PastDrive { line: u64, end_bytes: u64, capacity_bytes: u64 },
    /// A trace workload was run with no trace attached.
    NoSource,
    /// The file is not the one the scenario names by its SHA-256 (`workload.sha256`).
    NotTheFile { expected: String, found: String },
}

impl ReplayError {
    /// The scenario field to change, or `trace` for the file itself.
    pub fn field(&self) -> &'static str {
        match self {
            ReplayError::Trace(_) => "trace",
            ReplayError::PastDrive { .. } => "workload.map.fit",
            ReplayError::NoSource => "workload",
            ReplayError::NotTheFile { .. } => "workload.sha256",
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Trace(e) => write!(f, "trace refused: {e}"),
            ReplayError::PastDrive { line, end_bytes, capacity_bytes } => write!(
                f,
                "line {line}: offset: the command ends at byte {end_bytes}, past the drive's user capacity of {capacity_bytes} bytes; set workload.map.fit to wrap or scale, lower workload.map.offset, or use a larger drive"
            ),
            ReplayError::NoSource => write!(f, "workload: a trace workload needs its trace file (ssdsim run SCENARIO --trace FILE)"),
            ReplayError::NotTheFile { expected, found } => write!(
                f,
                "the trace file's SHA-256 is {found}, not the scenario's {expected}: give the file the scenario was made with, or clear workload.sha256"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The next thing the replay does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Next {
    /// A command, and when the trace issued it (open loop; 0 in closed loop).
    Ready {
        command: Command,
        due_ns: Nanos,
    },
    NeedsData,
    End,
}

/// The rest of a command cut into pieces.
#[derive(Clone, Copy)]
struct Piece {
    op: Op,
    first_unit: u64,
    units: u64,
    due_ns: Nanos,
    placement: u16,
    /// Durable when it completes (`TraceCommand::durable`): its last command flushes.
    flush: bool,
}

/// The trace's devices (volumes, ASUs, disks) as placement ids, 0, 1, 2… in the order they
/// first appear (`TraceReplay::device_placement`): a volume's writes stay in its own
/// reclaim units on an FDP drive, as a multi-tenant host would place them. The table grows
/// only when a new device appears; consecutive commands mostly name the same one.
#[derive(Default)]
struct DevicePlacement {
    ids: std::collections::BTreeMap<u32, u16>,
    last: Option<(u32, u16)>,
}

impl DevicePlacement {
    #[inline]
    fn id(&mut self, device: u32) -> u16 {
        if let Some((d, id)) = self.last {
            if d == device {
                return id;
            }
        }
        let next = self.ids.len().min(u16::MAX as usize) as u16;
        let id = *self.ids.entry(device).or_insert(next);
        self.last = Some((device, id));
        id
    }
}

pub struct TraceRunner {
    source: Box<dyn CommandSource>,
    capacity_units: u64,
    offset_bytes: u64,
    fit: TraceFit,
    source_units: u64,
    /// Open loop: nanoseconds of replay per nanosecond of trace (1 / speed).
    pace: Option<f64>,
    passes: u32,
    pass: u32,
    /// Trace time the current pass starts at: the previous pass's last command.
    pass_start_ns: u64,
    last_ns: u64,
    start_ns: Nanos,
    rest: Option<Piece>,
    pub counters: ReplayCounters,
    /// The pass before the replay marks the units it places here (`measure`).
    footprint: Option<Footprint>,
    /// The file's SHA-256 the scenario names, lower-case; checked at the end of that pass.
    expected_sha256: Option<String>,
    /// Each device's writes carry its own placement id, when asked.
    device_placement: Option<DevicePlacement>,
    /// Whether durable writes flush (`TraceReplay::flushes`).
    flushes: bool,
}

impl TraceRunner {
    /// A replay of `source` starting at `start_ns` on a drive of `user_bytes`.
    pub fn new(replay: &TraceReplay, mut source: Box<dyn CommandSource>, user_bytes: u64, start_ns: Nanos) -> TraceRunner {
        let expected_sha256 = (!replay.sha256.is_empty()).then(|| replay.sha256.to_ascii_lowercase());
        if expected_sha256.is_some() {
            source.start_digest();
        }
        TraceRunner {
            source,
            capacity_units: (user_bytes / MAPPING_UNIT_BYTES).max(1),
            offset_bytes: replay.map.offset.0,
            fit: replay.map.fit,
            source_units: replay.map.source_bytes.0.div_ceil(MAPPING_UNIT_BYTES).max(1),
            pace: (replay.mode == ReplayMode::Open).then(|| 1.0 / replay.speed),
            passes: replay.loops.max(1),
            pass: 0,
            pass_start_ns: 0,
            last_ns: 0,
            start_ns,
            rest: None,
            counters: ReplayCounters::default(),
            footprint: None,
            expected_sha256,
            device_placement: replay.device_placement.then(DevicePlacement::default),
            flushes: replay.flushes,
        }
    }

    /// The phase starts at `start_ns` (after preconditioning and any power cycle).
    pub fn start_at(&mut self, start_ns: Nanos) {
        self.start_ns = start_ns;
    }

    pub fn source_mut(&mut self) -> &mut dyn CommandSource {
        self.source.as_mut()
    }

    /// Share of the replay done, if the input's size is known.
    pub fn progress(&self) -> Option<f64> {
        let within = self.source.progress()?;
        Some(((self.pass as f64 + within) / self.passes as f64).min(1.0))
    }

    /// Share of the current pass's input read, if its size is known.
    pub fn input_progress(&self) -> Option<f64> {
        self.source.progress()
    }

    /// The next drive command: the rest of a split one, or the trace's next.
    #[inline]
    pub fn next_command(&mut self) -> Result<Next, ReplayError> {
        if let Some(piece) = self.rest.take() {
            return Ok(self.piece(piece));
        }
        loop {
            match self.source.pull().map_err(ReplayError::Trace)? {
                Pull::Command(c) => return self.place(c).map(|piece| self.piece(piece)),
                Pull::NeedsData => return Ok(Next::NeedsData),
                Pull::End if self.pass + 1 < self.passes => {
                    self.pass += 1;
                    self.pass_start_ns = self.last_ns;
                    self.source.rewind().map_err(ReplayError::Trace)?;
                }
                Pull::End => return Ok(Next::End),
            }
        }
    }

    /// The units a trace command covers on the drive, counted.
    fn place(&mut self, c: TraceCommand) -> Result<Piece, ReplayError> {
        let op = match c.op {
            TraceOp::Read => Op::Read,
            TraceOp::Write => Op::Write,
            TraceOp::Trim => Op::Trim,
        };
        let counters = &mut self.counters;
        counters.commands += 1;
        *[&mut counters.read_bytes, &mut counters.written_bytes, &mut counters.trimmed_bytes][op as usize] += c.len_bytes;
        let start = c.offset_bytes.saturating_add(self.offset_bytes);
        let end = start.saturating_add(c.len_bytes);
        let first = start / MAPPING_UNIT_BYTES;
        let units = end.div_ceil(MAPPING_UNIT_BYTES) - first;
        let cap = self.capacity_units;
        let first_unit = match self.fit {
            TraceFit::Refuse if end.div_ceil(MAPPING_UNIT_BYTES) > cap => {
                return Err(ReplayError::PastDrive { line: c.line, end_bytes: end, capacity_bytes: cap * MAPPING_UNIT_BYTES });
            }
            TraceFit::Refuse => first,
            TraceFit::Wrap => first % cap,
            TraceFit::Scale => ((first as u128 * cap as u128 / self.source_units as u128) as u64).min(cap - 1),
        };
        let time = self.pass_start_ns.saturating_add(c.time_ns);
        self.last_ns = time;
        // The cast saturates: a trace's clock may run to u64::MAX ns, and so may the sum.
        let due_ns = self.pace.map_or(0, |pace| self.start_ns.saturating_add((time as f64 * pace) as Nanos));
        // Only writes carry a placement id, as a host's directives do.
        let placement = match &mut self.device_placement {
            Some(ids) if op == Op::Write => ids.id(c.device),
            _ => 0,
        };
        Ok(Piece { op, first_unit, units, due_ns, placement, flush: self.flushes && c.durable && op == Op::Write })
    }

    /// As much of `p` as one command carries: at most `MAX_PIECE_UNITS`, up to the drive's
    /// end; the rest (from unit 0 past the end) comes next.
    #[inline]
    fn piece(&mut self, p: Piece) -> Next {
        let n = p.units.min(MAX_PIECE_UNITS).min(self.capacity_units - p.first_unit);
        if p.units > n {
            self.rest = Some(Piece { first_unit: (p.first_unit + n) % self.capacity_units, units: p.units - n, ..p });
        }
        self.counters.pieces += 1;
        // A durable write split in pieces flushes once, after its last.
        let flush = p.flush && p.units == n;
        Next::Ready { command: Command { op: p.op, lba: p.first_unit as u32, units: n as u32, placement: p.placement, flush }, due_ns: p.due_ns }
    }
}
