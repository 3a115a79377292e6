//! A host command's own operations on the NAND back end: its page reads (suspending a program
//! or erase in the way, going ahead of GC, retrying) and its write data's entry into the
//! buffer. Each follows the command's latency chain (`metrics::Chain`); only these split a
//! wait by what the plane did, so a run that books no causes compiles them without it.

use super::{Busy, Hardware};
use crate::ftl::Move;
use crate::metrics::{Cause, Chain};
use crate::units::Nanos;

impl Hardware {
    /// Host read of `units` units from one page of a block erased `erase_count` times: array
    /// read, then out over the channel. With read retry, a page the decoder fails on is read
    /// again once its data has reached the controller (the failure is known only then), with
    /// the die set to the next retry mode: another tR and transfer per step. Pages in SLC mode
    /// are left out (two levels, wide margins).
    /// `chain` is the command's latency parts, its mark at `ready`.
    pub(crate) fn read_for_host<C: Chain>(&mut self, plane: u32, ready: Nanos, units: u32, slc: bool, erase_count: u32, chain: &mut C) -> Nanos {
        self.counters.host_page_reads += 1;
        // Asked here, not in the calls, so a drive without either pays no call per read.
        let suspended = if self.suspension.is_some() { self.suspended_read(plane, ready, units, slc) } else { None };
        let ahead = if suspended.is_none() && self.gc_yield.is_some() { self.read_ahead_of_gc(plane, ready, units, slc) } else { None };
        let read = match (suspended, ahead) {
            (Some((read, suspended)), _) => {
                // The operation suspending, then the reads slipped in before this one.
                chain.to(Cause::Suspend, suspended);
                chain.to(Cause::QueueHost, read.start);
                read
            }
            (None, Some((read, door))) => {
                // The operation running when it came, then the reads let in before it.
                self.waited_for_plane(plane, door, chain);
                chain.to(Cause::QueueHost, read.start);
                read
            }
            (None, None) => {
                let read = self.read_array(plane, ready, units, slc, Busy::HostRead, Move::Collect);
                self.waited_for_plane(plane, read.start, chain);
                read
            }
        };
        chain.to(Cause::MediaRead, read.sensed);
        chain.to(Cause::Channel, read.out);
        let mut out = read.out;
        let steps = match &mut self.read_retry {
            Some(policy) if !slc => policy.steps(erase_count),
            _ => 0,
        };
        self.counters.read_retries += steps as u64;
        for _ in 0..steps {
            out = self.read_array(plane, out, units, slc, Busy::HostRead, Move::Collect).out;
        }
        chain.to(Cause::ReadRetry, out);
        out
    }

    /// A command's chain reaches an operation on `plane` that started at `start`: the wait
    /// before it, split by what the plane was doing.
    #[inline]
    fn waited_for_plane<C: Chain>(&self, plane: u32, start: Nanos, chain: &mut C) {
        if C::BOOKS && start > chain.mark() {
            self.logs[self.timeline_of(plane)].split(chain, start, Cause::BehindProgram, Cause::Other);
        }
    }

    /// One unit of host write data: wait for buffer room, then cross the link into it.
    /// `chain`, the command's latency parts, follows the wait for room: behind the programs
    /// (and what delayed them on their planes) that free it, or behind earlier units.
    pub(crate) fn accept_write_unit<C: Chain>(&mut self, ready: Nanos, chain: &mut C) -> Nanos {
        if !C::BOOKS {
            let room = self.buffer.admit(ready, |_, _| {});
            return self.arrive_write_unit(room);
        }
        let line = self.buffer.line_at(ready);
        if line > chain.mark() {
            self.admissions.book_since(chain, line);
        }
        let (logs, admissions) = (&self.logs, &mut self.admissions);
        let room = self.buffer.admit(ready, |until, freed| {
            // Before the freeing program started, what its plane did (what it no longer
            // remembers: what delayed the program when it was booked); then its tPROG.
            let log = &logs[freed.timeline as usize];
            log.split_heard(chain, freed.start.min(until), Cause::MediaProgram, freed.delayed_by, |c, ns| admissions.add(c, ns));
            admissions.add(Cause::MediaProgram, until.saturating_sub(chain.mark()));
            chain.to(Cause::MediaProgram, until);
            admissions.waited(until);
        });
        self.arrive_write_unit(room)
    }

    /// A unit of host write data that has buffer room at `room` crosses the link into it.
    #[inline]
    fn arrive_write_unit(&mut self, room: Nanos) -> Nanos {
        let arrived = self.link_to_drive.queue(self.calendar_now, room, 1);
        self.host_page_ready = self.host_page_ready.max(arrived);
        arrived
    }
}
