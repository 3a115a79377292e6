//! The zone commands a host sends beside reads and writes (NVMe ZNS command set 1.1): Zone
//! Append, which names a zone and completes with the LBA the drive wrote at (its write
//! pointer when the command was taken: appends in flight together to one zone are ordered
//! by the drive, where regular writes must reach it in order), and Zone Management Send's
//! Open, Close, Finish and Reset of a whole zone. A command the zone's rules refuse
//! completes with its status after the firmware's time, moves nothing and is counted by
//! status and zone, as a refused write is.

use super::{ZoneStatus, ZonedSsd};
use crate::media::ZoneAction;
use crate::metrics::{Cause, Chain};
use crate::units::Nanos;

impl ZonedSsd {
    /// The zone's first LBA (its ZSLBA, what a zone command names), as far as it goes.
    fn zone_start(&self, zone: u32) -> u32 {
        zone.saturating_mul(self.layout.zone_units)
    }

    /// Zone Append of `units` to `zone`: completes when its data is in the write buffer,
    /// with the LBA it was written at (None if the zone's rules refused it).
    pub fn append<C: Chain>(&mut self, issue: Nanos, zone: u32, units: u32, parts: &mut C) -> (Nanos, Option<u32>) {
        let start = self.hw.command_start(issue, true);
        parts.to(Cause::Firmware, start);
        self.hw.advance(start);
        let lba = self.zone_start(zone);
        if zone >= self.layout.zones {
            self.refuse(zone, ZoneStatus::Boundary, lba);
            return (start, None);
        }
        match self.zones.append(zone, units) {
            Ok(offset) => {
                self.counters.appends += 1;
                (self.take_data(start, zone, offset, units, parts), Some(lba + offset))
            }
            Err(status) => {
                self.refuse(zone, status, lba);
                (start, None)
            }
        }
    }

    /// Zone Management Send: `action` (open, close, finish or reset) on `zone`. It needs no
    /// data from the host: it completes once the firmware has taken it (a finish's padding
    /// and a reset's erases are booked on their planes, where later work waits for them).
    pub fn manage(&mut self, issue: Nanos, zone: u32, action: ZoneAction) -> Nanos {
        let done = self.hw.firmware_only(issue);
        self.hw.advance(done);
        let lba = self.zone_start(zone);
        if zone >= self.layout.zones {
            self.refuse(zone, ZoneStatus::Boundary, lba);
            return done;
        }
        let taken = match action {
            ZoneAction::Open => self.zones.open(zone).map(|_| self.counters.opens += 1),
            ZoneAction::Close => self.zones.close(zone).map(|_| self.counters.closes += 1),
            ZoneAction::Finish => self.finish_zone(zone),
            ZoneAction::Reset => {
                // Refused inside (a read-only or offline zone), counted there.
                self.reset_zone(zone, lba);
                Ok(())
            }
            ZoneAction::None | ZoneAction::Append => Err(ZoneStatus::InvalidTransition),
        };
        if let Err(status) = taken {
            self.refuse(zone, status, lba);
        }
        done
    }
}
