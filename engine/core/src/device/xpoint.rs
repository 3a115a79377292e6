//! A 3D XPoint SSD in simulated time (see `scenario::xpoint` for the media).
//!
//! Cells are written in place, so there is no translation layer to speak of: a 4 KiB unit
//! lives at a fixed place, striped across every channel with one die on each (a rank); the
//! unit's rank is its address modulo the ranks, so sequential units spread over all of them.
//! A read occupies its rank for the media read and then crosses the channels and the link; a
//! write crosses the link and the channels and occupies its rank for the media write, and is
//! done then: there is no write buffer to hide the media and none is needed. Nothing ever
//! runs in the background, which is why the latency stays flat (article 002).
//!
//! Resources are booked in arrival order as in `controller`: a rank is first come, first
//! served; the channels and the link are calendars of unit-sized slots.

use super::footprint::Footprint;
use super::front_end::FrontEnd;
use super::in_place::{in_place_window_counters, MediaSummary};
use crate::controller::calendar::{self, Calendar};
use crate::metrics::WindowCounters;
use crate::metrics::{Cause, Chain};
use crate::scenario::{Device, Scenario};
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};

/// Media operations since the drive was new.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct XpointCounters {
    pub unit_reads: u64,
    pub unit_writes: u64,
}

pub struct XpointSsd {
    /// When each rank is next free.
    rank_free: Vec<Nanos>,
    /// Media time a rank spends on each unit read and write, for utilisation.
    rank_busy_ns: u128,
    read_ns: Nanos,
    write_ns: Nanos,
    /// Every channel moves its share of a unit at once: one calendar for them all.
    channels: Calendar,
    front: FrontEnd,
    user_units: u32,
    pub counters: XpointCounters,
}

impl XpointSsd {
    pub fn new(device: &Device) -> XpointSsd {
        let x = &device.xpoint;
        let ranks = x.dies_per_channel.max(1);
        let channels_bps = x.channel_mb_per_s as u64 * 1_000_000 * x.channels as u64;
        XpointSsd {
            rank_free: vec![0; ranks as usize],
            rank_busy_ns: 0,
            read_ns: (x.read_us * 1000.0) as Nanos,
            write_ns: (x.write_us * 1000.0) as Nanos,
            channels: Calendar::new(transfer_ns(MAPPING_UNIT_BYTES, channels_bps)),
            front: FrontEnd::new(device),
            user_units: x.user_units(),
            counters: XpointCounters::default(),
        }
    }

    /// The heap it takes: its ranks' free times, and calendars for the channels and the link
    /// (it keeps no maps).
    pub fn memory(s: &Scenario) -> Footprint {
        Footprint::exact(8 * s.device.xpoint.dies_per_channel as u64 + 3 * (calendar::HEAP_BYTES + 64) + 1024)
    }

    pub fn user_units(&self) -> u32 {
        self.user_units
    }

    /// Its summary section, the run having lasted `elapsed`.
    pub fn summary(&self, elapsed: Nanos) -> MediaSummary {
        MediaSummary::of(self.counters.unit_reads, self.counters.unit_writes, self.media_utilisation(elapsed))
    }

    pub fn window_counters(&self) -> WindowCounters {
        in_place_window_counters(self.counters.unit_writes)
    }

    /// Media operations so far: what the run's work ceiling bounds.
    pub fn media_ops(&self) -> u64 {
        self.counters.unit_reads + self.counters.unit_writes
    }

    /// The unit's rank is busy for `busy` from when it is free and `ready`; returns the end.
    #[inline]
    fn book_rank(&mut self, lba: u32, ready: Nanos, busy: Nanos) -> Nanos {
        let ranks = self.rank_free.len();
        let rank = &mut self.rank_free[lba as usize % ranks];
        *rank = (*rank).max(ready) + busy;
        self.rank_busy_ns += busy as u128;
        *rank
    }

    /// Read `units` units from `lba` at `issue`; returns the completion time.
    /// `parts`: the command's latency parts, mark at `issue`; they follow the last unit.
    pub fn read<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.front.read_start(issue);
        parts.to(Cause::Firmware, start);
        let mut done = start;
        let mut last = *parts;
        for i in 0..units {
            let mut chain = *parts;
            let sensed = self.book_rank(lba + i, start, self.read_ns);
            chain.to(Cause::QueueHost, sensed - self.read_ns);
            chain.to(Cause::MediaRead, sensed);
            let out = self.channels.book(start, sensed, 1);
            chain.to(Cause::Channel, out);
            let sent = self.front.send_to_host(start, out, 1);
            chain.to(Cause::Link, sent);
            if sent > done {
                (done, last) = (sent, chain);
            }
        }
        *parts = last;
        self.counters.unit_reads += units as u64;
        done
    }

    /// Write `units` units at `lba` at `issue`; completes when the media holds them.
    pub fn write<C: Chain>(&mut self, issue: Nanos, lba: u32, units: u32, parts: &mut C) -> Nanos {
        let start = self.front.write_start(issue);
        parts.to(Cause::Firmware, start);
        let mut done = start;
        let mut last = *parts;
        for i in 0..units {
            let mut chain = *parts;
            let arrived = self.front.receive_from_host(start, start, 1);
            chain.to(Cause::Link, arrived);
            let moved = self.channels.book(start, arrived, 1);
            chain.to(Cause::Channel, moved);
            let written = self.book_rank(lba + i, moved, self.write_ns);
            chain.to(Cause::QueueHost, written - self.write_ns);
            chain.to(Cause::MediaWrite, written);
            if written > done {
                (done, last) = (written, chain);
            }
        }
        *parts = last;
        self.counters.unit_writes += units as u64;
        done
    }

    /// Deallocation has nothing to free on media written in place: the firmware notes it.
    pub fn trim(&mut self, issue: Nanos) -> Nanos {
        self.front.firmware_only(issue)
    }

    /// Mean share of time the ranks were reading or writing over `elapsed`.
    pub fn media_utilisation(&self, elapsed: Nanos) -> f64 {
        let span = self.rank_free.iter().copied().fold(elapsed, Nanos::max);
        if span == 0 {
            return 0.0;
        }
        self.rank_busy_ns as f64 / (span as f64 * self.rank_free.len() as f64)
    }
}
