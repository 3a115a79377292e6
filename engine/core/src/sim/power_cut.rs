//! A power cut (`workload.power_cut_s`): the power fails that long after the job starts. The
//! job stops issuing there; what the host saw acknowledged before it and what the drive held
//! on NAND at that instant decide what survives.
//!
//! A NAND drive acknowledges a write once its data is in the write buffer; the data is on
//! NAND when the program of its page ends (`controller::buffer` numbers the units and keeps
//! each booked batch's release time while a cut is pending). Without power-loss protection
//! the buffer is volatile: at the cut, every acknowledged unit not yet programmed is lost.
//! Zheng et al. ("Understanding the Robustness of SSDs under Power Fault", FAST'13) sort
//! what they found into the classes counted here, per command in the order the host saw
//! them acknowledged:
//! - lost: acknowledged, and none of it on NAND;
//! - shorn: acknowledged, and only part of it on NAND (the rest reads back as old data);
//! - out of order (unserializable): on NAND, while a write acknowledged before it is not.
//!
//! With PLP the capacitors' energy programs the buffer: nothing acknowledged is lost. A write
//! made durable by a flush or FUA (`host::sync`) is acknowledged only once it is on NAND.
//!
//! Power-on: the table is checkpointed when the job starts and after every
//! `mapping.checkpoint_bytes` of host data acknowledged; the drive loads the last checkpoint
//! and reads the pages programmed since to rebuild what changed (`Hardware::recovery`).

use super::Simulation;
use crate::controller::buffer::WriteBuffer;
use crate::device::{DeviceModel, NandSsd};
use crate::host::Command;
use crate::metrics::Op;
use crate::units::{Nanos, MAPPING_UNIT_BYTES};
use serde::Serialize;
use std::collections::VecDeque;
use ts_rs::TS;

/// Commands a power cut's summary lists at most (the first, in acknowledgement order).
pub const LISTED: usize = 200;

/// A write acknowledged before the cut and not yet known to be on NAND.
#[derive(Clone, Copy, Debug)]
struct Acked {
    lba: u32,
    units: u32,
    /// Number of its first unit in the write buffer (`WriteBuffer::admitted`).
    first_unit: u64,
    acked: Nanos,
}

// The run's budget counts this record at the size the buffer's module states (`WriteBuffer::power_cut_bytes`).
const _: () = assert!(std::mem::size_of::<Acked>() as u64 == crate::controller::buffer::ACKED_WRITE_BYTES);

/// The run's record of writes while a power cut is pending.
pub(crate) struct PowerCutLog {
    cut_at: Nanos,
    job_start: Nanos,
    plp: bool,
    /// Acknowledged before the cut, oldest first; those known to be on NAND are dropped
    /// from the front. Its length stays within the buffer's units and the queue.
    writes: VecDeque<Acked>,
    acknowledged: u64,
    in_flight: u64,
    /// Host units between the table's checkpoints, units acknowledged since the job
    /// started, and the drive's page programs at the last checkpoint and at the last
    /// acknowledgement before the cut.
    checkpoint_units: u64,
    units_acked: u64,
    programs_at_checkpoint: u64,
    programs_at_cut: u64,
}

impl PowerCutLog {
    /// `programs`: the drive's page programs so far (the job starts from a checkpoint).
    pub fn new(cut_at: Nanos, job_start: Nanos, plp: bool, buffer_units: u32, slots: u32, checkpoint_units: u64, programs: u64) -> Self {
        Self {
            cut_at,
            job_start,
            plp,
            writes: VecDeque::with_capacity(buffer_units as usize + slots as usize + 1),
            acknowledged: 0,
            in_flight: 0,
            checkpoint_units: checkpoint_units.max(1),
            units_acked: 0,
            programs_at_checkpoint: programs,
            programs_at_cut: programs,
        }
    }

    /// A write of `units` at `lba` whose first unit is numbered `first_unit`, acknowledged
    /// at `acked` (when its completion reaches the host); `programs`: the drive's page
    /// programs so far.
    #[inline]
    pub fn wrote(&mut self, lba: u32, units: u32, first_unit: u64, acked: Nanos, buffer: &WriteBuffer, programs: u64) {
        if acked > self.cut_at {
            self.in_flight += 1;
            return;
        }
        self.acknowledged += 1;
        let interval = self.units_acked / self.checkpoint_units;
        self.units_acked += units as u64;
        if self.units_acked / self.checkpoint_units != interval {
            self.programs_at_checkpoint = programs;
        }
        self.programs_at_cut = programs;
        let below = buffer.settled_below();
        while self.writes.front().is_some_and(|w| w.first_unit + w.units as u64 <= below) {
            self.writes.pop_front();
        }
        self.writes.push_back(Acked { lba, units, first_unit, acked });
    }

    /// What the cut left, read from the buffer after the run.
    pub fn summary(&self, buffer: &WriteBuffer) -> PowerCutSummary {
        let mut s = PowerCutSummary {
            at_s: (self.cut_at - self.job_start) as f64 / 1e9,
            power_loss_protection: self.plp,
            acknowledged_writes: self.acknowledged as f64,
            in_flight_writes: self.in_flight as f64,
            ..PowerCutSummary::default()
        };
        let mut earlier_missing = false;
        // Paired pages: a program going at the cut corrupts its wordline's earlier pages.
        let corrupted = if self.plp { Vec::new() } else { buffer.paired_at(self.cut_at) };
        for w in &self.writes {
            let durable = if self.plp { w.units } else { buffer.durable_units(w.first_unit, w.units, self.cut_at, &corrupted) };
            let class = if durable == 0 {
                CutClass::Lost
            } else if durable < w.units {
                CutClass::Shorn
            } else if earlier_missing {
                CutClass::OutOfOrder
            } else {
                continue;
            };
            match class {
                CutClass::Lost => s.lost_writes += 1.0,
                CutClass::Shorn => s.shorn_writes += 1.0,
                CutClass::OutOfOrder => s.out_of_order_writes += 1.0,
            }
            s.lost_bytes += ((w.units - durable) as u64 * MAPPING_UNIT_BYTES) as f64;
            earlier_missing |= durable < w.units;
            if s.commands.len() < LISTED {
                s.commands.push(CutCommand {
                    acked_s: (w.acked - self.job_start) as f64 / 1e9,
                    offset_bytes: (w.lba as u64 * MAPPING_UNIT_BYTES) as f64,
                    bytes: (w.units as u64 * MAPPING_UNIT_BYTES) as f64,
                    durable_bytes: (durable as u64 * MAPPING_UNIT_BYTES) as f64,
                    class,
                });
            }
        }
        s
    }
}

/// What a power cut left (`report.power_cut`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct PowerCutSummary {
    /// When the power failed, seconds after the job started.
    pub at_s: f64,
    pub power_loss_protection: bool,
    /// Writes the host saw completed before the cut, and writes issued but not completed
    /// (the host knows those may be lost).
    pub acknowledged_writes: f64,
    pub in_flight_writes: f64,
    /// Acknowledged writes of which nothing, or only part, was on NAND; and writes on NAND
    /// while one acknowledged before them was not (FAST'13's unserializable writes).
    pub lost_writes: f64,
    pub shorn_writes: f64,
    pub out_of_order_writes: f64,
    /// Acknowledged bytes not on NAND at the cut.
    pub lost_bytes: f64,
    /// The lost, shorn and out-of-order writes, in the order they were acknowledged (the
    /// first `LISTED`).
    pub commands: Vec<CutCommand>,
    pub recovery: Recovery,
}

/// Power-on after the cut. A scaled run writes as much host data by the cut as the full-size
/// drive, and keeps its number of table segments: both counts are the full-size drive's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Recovery {
    /// Host data between the table's checkpoints, and table entries (4 KiB units) changed
    /// since the last one: rebuilt by reading the pages written since.
    pub checkpoint_bytes: f64,
    pub entries_since_checkpoint: f64,
    /// Table pages read to load the checkpoint, and pages programmed since it, read again.
    pub checkpoint_pages: f64,
    pub replayed_pages: f64,
    /// From power-on until the drive answers commands, seconds.
    pub time_s: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum CutClass {
    Lost,
    Shorn,
    OutOfOrder,
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct CutCommand {
    pub acked_s: f64,
    pub offset_bytes: f64,
    pub bytes: f64,
    /// Its bytes that were on NAND at the cut.
    pub durable_bytes: f64,
    pub class: CutClass,
}

impl PowerCutLog {
    /// Power-on: the last checkpoint and the pages programmed since.
    fn recovery(&self, d: &NandSsd) -> Recovery {
        let replayed = self.programs_at_cut - self.programs_at_checkpoint;
        let (loaded, time) = d.hw.recovery(replayed);
        Recovery {
            checkpoint_bytes: (self.checkpoint_units * MAPPING_UNIT_BYTES) as f64,
            entries_since_checkpoint: (self.units_acked % self.checkpoint_units) as f64,
            checkpoint_pages: loaded as f64,
            replayed_pages: replayed as f64,
            time_s: time as f64 / 1e9,
        }
    }
}

/// Pages the drive has programmed, host data's and GC's.
fn page_programs(d: &NandSsd) -> u64 {
    let c = d.counters();
    c.host_page_programs + c.gc_page_programs
}

impl Simulation {
    /// At the start of a job with a power cut, on a NAND drive: the buffer keeps what the
    /// accounting needs from now on (a run without a cut pays nothing for it).
    pub(super) fn arm_power_cut(&mut self, power_cut_s: f64, at: Nanos, slots: u32) {
        if power_cut_s <= 0.0 || self.power_cut.is_some() {
            return;
        }
        if let DeviceModel::Nand(d) = &mut self.drive {
            let cut_at = at + (power_cut_s * 1e9) as Nanos;
            let (plp, units) = (!d.volatile_cache(), d.hw.buffer().capacity());
            d.hw.track_durability(cut_at, d.paired_page_loss());
            self.power_cut = Some(PowerCutLog::new(cut_at, at, plp, units, slots, d.checkpoint_units(), page_programs(d)));
        }
    }

    /// Before `command` goes to the drive: the number its first unit will take, if a cut
    /// is pending and it is a write.
    #[inline]
    pub(super) fn cut_mark(&self, command: &Command) -> Option<u64> {
        match (&self.power_cut, &self.drive) {
            (Some(_), DeviceModel::Nand(d)) if command.op == Op::Write => Some(d.hw.buffer().admitted()),
            _ => None,
        }
    }

    /// `command`, whose first unit took `first`, completes at `done`.
    #[inline]
    pub(super) fn cut_note(&mut self, command: &Command, first: u64, done: Nanos) {
        if let (Some(log), DeviceModel::Nand(d)) = (&mut self.power_cut, &self.drive) {
            log.wrote(command.lba, command.units, first, done, d.hw.buffer(), page_programs(d));
        }
    }

    /// What the power cut left, if the run has one (`report.power_cut`).
    pub fn power_cut(&self) -> Option<PowerCutSummary> {
        match (&self.power_cut, &self.drive) {
            (Some(log), DeviceModel::Nand(d)) => Some(PowerCutSummary { recovery: log.recovery(d), ..log.summary(d.hw.buffer()) }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::buffer::Freed;
    use crate::metrics::Cause;

    const F: Freed = Freed { start: 0, timeline: 0, delayed_by: Cause::Buffer };

    #[test]
    fn each_acknowledged_write_is_lost_shorn_out_of_order_or_whole() {
        let mut b = WriteBuffer::new(64);
        b.track_durability(1_000, false);
        let mut log = PowerCutLog::new(1_000, 0, false, 64, 4, 1 << 20, 0);
        // Five writes of 2 units, acknowledged in order; the fifth completes after the cut.
        for (k, acked) in [100, 200, 300, 400, 1_100].into_iter().enumerate() {
            let first = b.admitted();
            b.admit(acked - 50, |_, _| {});
            b.admit(acked - 50, |_, _| {});
            log.wrote(k as u32 * 2, 2, first, acked, &b, 0);
        }
        // Programs: units 0-1 by 500; 2-4 at 1,500 (after the cut); 5-7 at 800 (a free
        // plane, booked later, done first); 8-9 never booked.
        b.release(2, 500, F);
        b.release(3, 1_500, F);
        b.release(3, 800, F);
        let s = log.summary(&b);
        let classes: Vec<(f64, CutClass)> = s.commands.iter().map(|c| (c.offset_bytes / 4096.0, c.class)).collect();
        // Write 0 whole; 1 (units 2-3) lost; 2 (units 4-5) shorn; 3 (units 6-7) on NAND after
        // 1 was lost: out of order. Write 4 was in flight.
        assert_eq!(classes, [(2.0, CutClass::Lost), (4.0, CutClass::Shorn), (6.0, CutClass::OutOfOrder)]);
        assert_eq!((s.acknowledged_writes, s.in_flight_writes, s.lost_bytes), (4.0, 1.0, 3.0 * 4096.0));
        let plp = PowerCutLog { plp: true, ..log }.summary(&b);
        assert_eq!((plp.lost_writes, plp.commands.len()), (0.0, 0));
    }
}
