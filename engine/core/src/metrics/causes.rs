//! Why a command took as long as it did: its latency split into causes.
//!
//! A device times a command as a chain of stages (firmware, table lookup, waiting for a die,
//! the array read, the channel, the link), each starting when the one before it ends. `Parts`
//! follows that chain with a mark: `to(cause, t)` books the time from the mark to `t` on
//! `cause` and moves the mark there, so the parts telescope and add up to the command's
//! latency exactly, in integer nanoseconds. Where a command waits for a resource, what the
//! resource was doing meanwhile is split out by the caller with `add`.

use crate::units::Nanos;
use serde::Serialize;
use ts_rs::TS;

/// Where a command's time went. Ids are stable: the page, the CLI and the series name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Cause {
    /// The host's CPU, before the command reaches the drive.
    Host,
    /// The controller's firmware, and waiting behind earlier commands in it.
    Firmware,
    /// The mapping entry from the drive's DRAM, the Host Memory Buffer, or a table page read
    /// from NAND first.
    MapDram,
    MapHmb,
    MapNand,
    /// Waiting for write-buffer room that no one die's work explains.
    Buffer,
    /// Waiting for its die behind other host reads, programs of host data, GC copies,
    /// folding, static wear levelling's copies, an erase, or mapping-table pages.
    QueueHost,
    BehindProgram,
    BehindGc,
    BehindFold,
    BehindWearLevel,
    BehindErase,
    BehindTable,
    /// Its own array read; the program that frees a write's buffer room; an in-place write.
    MediaRead,
    MediaProgram,
    MediaWrite,
    /// Re-reads of a page the ECC could not decode at first.
    ReadRetry,
    /// The media channel, and the host link, with waiting for them.
    Channel,
    Link,
    /// A disk's arm seek, rotational wait and transfer at the platters.
    Seek,
    Rotation,
    Transfer,
    /// A hybrid drive promoting data into its cache tier.
    Promotion,
    /// Waiting for a program or erase to suspend so the read can go ahead, or behind the
    /// extra time suspended operations take when they resume.
    Suspend,
    /// A flush after the write (fsync, FUA): the buffer's data programmed to NAND, part-filled
    /// pages padded, before the drive answers.
    Flush,
    /// Time none of the above explains.
    Other,
}

pub const CAUSES: usize = Cause::Other as usize + 1;

impl Cause {
    pub const ALL: [Cause; CAUSES] = [
        Cause::Host,
        Cause::Firmware,
        Cause::MapDram,
        Cause::MapHmb,
        Cause::MapNand,
        Cause::Buffer,
        Cause::QueueHost,
        Cause::BehindProgram,
        Cause::BehindGc,
        Cause::BehindFold,
        Cause::BehindWearLevel,
        Cause::BehindErase,
        Cause::BehindTable,
        Cause::MediaRead,
        Cause::MediaProgram,
        Cause::MediaWrite,
        Cause::ReadRetry,
        Cause::Channel,
        Cause::Link,
        Cause::Seek,
        Cause::Rotation,
        Cause::Transfer,
        Cause::Promotion,
        Cause::Suspend,
        Cause::Flush,
        Cause::Other,
    ];

    /// The stable id (`behind_erase`), as serde writes it.
    pub fn id(self) -> &'static str {
        match self {
            Cause::Host => "host",
            Cause::Firmware => "firmware",
            Cause::MapDram => "map_dram",
            Cause::MapHmb => "map_hmb",
            Cause::MapNand => "map_nand",
            Cause::Buffer => "buffer",
            Cause::QueueHost => "queue_host",
            Cause::BehindProgram => "behind_program",
            Cause::BehindGc => "behind_gc",
            Cause::BehindFold => "behind_fold",
            Cause::BehindWearLevel => "behind_wear_level",
            Cause::BehindErase => "behind_erase",
            Cause::BehindTable => "behind_table",
            Cause::MediaRead => "media_read",
            Cause::MediaProgram => "media_program",
            Cause::MediaWrite => "media_write",
            Cause::ReadRetry => "read_retry",
            Cause::Channel => "channel",
            Cause::Link => "link",
            Cause::Seek => "seek",
            Cause::Rotation => "rotation",
            Cause::Transfer => "transfer",
            Cause::Promotion => "promotion",
            Cause::Suspend => "suspend",
            Cause::Flush => "flush",
            Cause::Other => "other",
        }
    }

    /// English, for the CLI and the series' `label`; the page translates by id.
    pub fn english(self) -> &'static str {
        match self {
            Cause::Host => "Host CPU",
            Cause::Firmware => "Firmware",
            Cause::MapDram => "Table lookup (DRAM)",
            Cause::MapHmb => "Table lookup (HMB)",
            Cause::MapNand => "Table page read (NAND)",
            Cause::Buffer => "Write-buffer wait",
            Cause::QueueHost => "Behind other host I/O",
            Cause::BehindProgram => "Behind a program of host data",
            Cause::BehindGc => "Behind GC",
            Cause::BehindFold => "Behind folding",
            Cause::BehindWearLevel => "Behind wear levelling",
            Cause::BehindErase => "Behind an erase",
            Cause::BehindTable => "Behind table I/O",
            Cause::MediaRead => "Media read",
            Cause::MediaProgram => "Program (flush)",
            Cause::MediaWrite => "Media write",
            Cause::ReadRetry => "Read retry",
            Cause::Channel => "Channel",
            Cause::Link => "Host link",
            Cause::Seek => "Seek",
            Cause::Rotation => "Rotation",
            Cause::Transfer => "Disk transfer",
            Cause::Promotion => "Promotion",
            Cause::Suspend => "Suspend / resume",
            Cause::Flush => "Flush (fsync / FUA)",
            Cause::Other => "Other",
        }
    }
}

/// Slowest commands a run keeps whole, and the most its even sample of all keeps.
pub const SLOWEST: usize = 200;
pub const SAMPLE: usize = 256;
/// Latency bins the run's totals by cause are kept in: 4 per doubling of nanoseconds.
pub const BINS: usize = 64 * 4;

/// The heap a run's record of latency causes takes; and at most, its document's JSON text
/// too (made only when asked for).
pub const RECORDER_BYTES: u64 = {
    let command = 8 * CAUSES as u64 + 40;
    let totals = 2 * BINS as u64 * (8 * CAUSES as u64 + 8);
    totals + (SLOWEST + SAMPLE + 2) as u64 * (command + 16)
};
pub const RECORDER_BYTES_MOST: u64 = RECORDER_BYTES + (SLOWEST + SAMPLE + 10) as u64 * (CAUSES as u64 + 4) * 26;

/// What a device books a command's time on as it times it: the command's `Parts`, or
/// `Unbooked` in a run that keeps no latency causes. The device code is compiled once for
/// each, so a run without causes pays nothing for them (not even a branch per booking).
/// Code that only works out what to book (splitting a wait by what a plane did) asks
/// `BOOKS` first.
pub trait Chain: Copy {
    const BOOKS: bool;
    /// Where the chain has reached; `Unbooked` never reaches anywhere.
    fn mark(&self) -> Nanos;
    /// Books the time from the mark to `t` on `cause`; nothing if `t` is not later.
    fn to(&mut self, cause: Cause, t: Nanos);
    /// Books `ns` on `cause` and moves the mark on by it: a wait the caller has split.
    fn add(&mut self, cause: Cause, ns: Nanos);
    /// Books `ns` on `cause`, the mark left where it is (a wait split in place; see `skip`).
    fn book(&mut self, cause: Cause, ns: Nanos);
    /// Moves the mark on by `ns` already booked in `ns` (a wait split in place).
    fn skip(&mut self, ns: Nanos);
}

/// One command's time per cause, and the mark its chain has reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub ns: [Nanos; CAUSES],
    mark: Nanos,
}

impl Parts {
    /// A chain starting at `t`.
    #[inline]
    pub fn starting(t: Nanos) -> Parts {
        Parts { ns: [0; CAUSES], mark: t }
    }

    /// This chain again, starting at `t`, as `starting(t)`, in place. Clearing all 24 in a
    /// few vector stores costs fewer instructions than tracking which were touched (a
    /// command touches about 6): measured with callgrind on the random-read bench.
    #[inline]
    pub fn restart(&mut self, t: Nanos) {
        self.ns = [0; CAUSES];
        self.mark = t;
    }

    /// The whole chain so far.
    pub fn total(&self) -> Nanos {
        self.ns.iter().sum()
    }
}

impl Chain for Parts {
    const BOOKS: bool = true;

    #[inline]
    fn mark(&self) -> Nanos {
        self.mark
    }

    #[inline]
    fn to(&mut self, cause: Cause, t: Nanos) {
        if t > self.mark {
            self.book(cause, t - self.mark);
            self.mark = t;
        }
    }

    #[inline]
    fn add(&mut self, cause: Cause, ns: Nanos) {
        self.book(cause, ns);
        self.mark += ns;
    }

    #[inline]
    fn book(&mut self, cause: Cause, ns: Nanos) {
        self.ns[cause as usize] += ns;
    }

    #[inline]
    fn skip(&mut self, ns: Nanos) {
        self.mark += ns;
    }
}

/// The chain of a run that keeps no latency causes: every booking is nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unbooked;

impl Chain for Unbooked {
    const BOOKS: bool = false;
    #[inline]
    fn mark(&self) -> Nanos {
        0
    }
    #[inline]
    fn to(&mut self, _: Cause, _: Nanos) {}
    #[inline]
    fn add(&mut self, _: Cause, _: Nanos) {}
    #[inline]
    fn book(&mut self, _: Cause, _: Nanos) {}
    #[inline]
    fn skip(&mut self, _: Nanos) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_telescope_to_the_latency() {
        let mut p = Parts::starting(100);
        p.to(Cause::Firmware, 150);
        p.to(Cause::MediaRead, 140); // not later: nothing
        p.add(Cause::BehindErase, 30);
        p.to(Cause::Link, 300);
        assert_eq!(p.total(), 200);
        assert_eq!(p.mark(), 300);
        assert_eq!(p.ns[Cause::BehindErase as usize], 30);
        assert_eq!(p.ns[Cause::Link as usize], 120);
        p.restart(7);
        assert_eq!(p, Parts::starting(7));
    }

    #[test]
    fn ids_are_serde_names_in_order() {
        for (i, c) in Cause::ALL.iter().enumerate() {
            assert_eq!(*c as usize, i);
            assert_eq!(serde_json::to_string(c).unwrap(), format!("\"{}\"", c.id()));
        }
    }
}
