//! The host store's commands in flight: which zone command each queue slot's command is,
//! the zone write locks of `zone_writes: write_locked` (a zone's next regular write waits
//! until its last completes; the slot that would send it is parked and woken by a
//! completion), and Zone Appends waiting for their completion to say where their blocks
//! landed. An append's blocks have no place in the host's map while it is in flight: a user
//! overwrite of one then makes its landing dead (the space is written, the block is not
//! live there), as a log-structured store that learns an LBA only from the completion does.
//! Everything is sized by the queue depth and the zones, allocated once.

use super::{ZonedLogRunner, NONE};
use crate::host::Command;
use crate::media::ZoneAction;
use crate::metrics::Op;
use crate::scenario::{ZoneWrites, ZonedLog};
use std::collections::VecDeque;

/// Map values from here up are no place: an append in flight (this + its queue slot), or
/// `NONE` (a block whose append the drive refused: lost).
const IN_FLIGHT: u32 = u32::MAX - 4096;

/// A command the store planned: the command, the zone command it is, and what an append
/// carries.
#[derive(Clone, Copy, Debug)]
pub(super) struct Planned {
    pub command: Command,
    pub action: ZoneAction,
    pub carries: Carries,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Carries {
    Nothing,
    /// A user write's block.
    Object(u32),
    /// A copy: the victim's live run from this host slot (zone × capacity + offset), as
    /// many blocks as the command's units.
    Run(u32),
}

pub(super) struct Flight {
    /// Per queue slot: its command's zone command, and the zone whose write lock it holds
    /// or its append lands in (`NONE`).
    action: Vec<ZoneAction>,
    zone: Vec<u32>,
    /// Per queue slot: an append's blocks, `per_slot` at most, and the LBA its completion
    /// gave (`NONE`: refused).
    carried: Vec<u32>,
    carried_len: Vec<u32>,
    landed_at: Vec<u32>,
    per_slot: u32,
    /// Per zone: a regular write in flight (write_locked), appends in flight into it.
    writing: Vec<bool>,
    landing: Vec<u32>,
    /// Slots waiting for a zone's write lock, first parked first.
    parked: VecDeque<u32>,
}

impl Flight {
    pub fn new(w: &ZonedLog, zones: u32) -> Flight {
        let slots = w.iodepth.max(1) as usize;
        let per_slot = if w.zone_writes == ZoneWrites::Append { w.copy_units.max(1) } else { 0 };
        Flight {
            action: vec![ZoneAction::None; slots],
            zone: vec![NONE; slots],
            carried: vec![NONE; slots * per_slot as usize],
            carried_len: vec![0; slots],
            landed_at: vec![NONE; slots],
            per_slot,
            writing: vec![false; zones as usize],
            landing: vec![0; zones as usize],
            parked: VecDeque::with_capacity(slots),
        }
    }

    /// The heap `new` takes, bytes.
    pub fn memory_bytes(w: &ZonedLog, zones: u32) -> u64 {
        let slots = w.iodepth.max(1) as u64;
        let per_slot = if w.zone_writes == ZoneWrites::Append { w.copy_units.max(1) as u64 } else { 0 };
        slots * (1 + 4 + 4 + 4 + 4 + 4 * per_slot) + zones as u64 * 5
    }

    /// Whether a map value is no place (an append in flight, or lost).
    #[inline]
    pub fn in_flight(place: u32) -> bool {
        place >= IN_FLIGHT
    }

    pub fn landing(&self, zone: u32) -> bool {
        self.landing[zone as usize] > 0
    }

    pub fn writing(&self, zone: u32) -> bool {
        self.writing[zone as usize]
    }

    /// Whether `p`, a regular write under zone write locking, waits for its zone's lock.
    pub fn waits(&self, mode: ZoneWrites, p: &Planned, zone_units: u32) -> bool {
        mode == ZoneWrites::WriteLocked && p.action == ZoneAction::None && p.command.op == Op::Write && self.writing[(p.command.lba / zone_units) as usize]
    }

    pub fn park(&mut self, slot: u32) {
        if !self.parked.contains(&slot) {
            self.parked.push_back(slot);
        }
    }
}

impl ZonedLogRunner {
    /// `p` goes out on queue slot `slot`: a regular write takes its zone's lock (write
    /// locked), an append's blocks leave their place in the map until it lands.
    pub(super) fn issue(&mut self, slot: u32, p: Planned) -> Command {
        let s = slot as usize;
        let f = &mut self.flight;
        if s >= f.action.len() {
            // More slots than the queue depth said (never, as the run loop gives one per
            // depth): grown once, not per command.
            f.action.resize(s + 1, ZoneAction::None);
            f.zone.resize(s + 1, NONE);
            f.carried.resize((s + 1) * f.per_slot as usize, NONE);
            f.carried_len.resize(s + 1, 0);
            f.landed_at.resize(s + 1, NONE);
        }
        f.action[s] = p.action;
        f.zone[s] = NONE;
        let zone = p.command.lba / self.z.zone_units;
        match p.action {
            ZoneAction::None if p.command.op == Op::Write && self.zone_writes == ZoneWrites::WriteLocked => {
                f.writing[zone as usize] = true;
                f.zone[s] = zone;
            }
            ZoneAction::Append => {
                f.landing[zone as usize] += 1;
                f.zone[s] = zone;
                f.landed_at[s] = NONE;
                let base = s * f.per_slot as usize;
                let marker = IN_FLIGHT + slot;
                let n = p.command.units.min(f.per_slot);
                f.carried_len[s] = n;
                for i in 0..n {
                    let object = match p.carries {
                        Carries::Object(o) => o,
                        Carries::Run(from) => {
                            let at = (from + i) as usize;
                            let o = std::mem::replace(&mut self.owner[at], NONE);
                            if o != NONE {
                                self.live[(from + i) as usize / self.z.capacity_units as usize] -= 1;
                            }
                            o
                        }
                        Carries::Nothing => NONE,
                    };
                    if object != NONE {
                        self.place[object as usize] = marker;
                    }
                    f.carried[base + i as usize] = object;
                }
            }
            _ => {}
        }
        p.command
    }

    /// The zone command queue slot `slot`'s command is (`None` for reads, writes and a
    /// block drive's TRIMs).
    #[inline]
    pub fn zone_action(&self, slot: u32) -> ZoneAction {
        self.flight.action.get(slot as usize).copied().unwrap_or_default()
    }

    /// The drive took slot `slot`'s append at `lba` (None: refused); its completion tells
    /// the host.
    pub fn appended(&mut self, slot: u32, lba: Option<u32>) {
        self.flight.landed_at[slot as usize] = lba.unwrap_or(NONE);
    }

    /// Slot `slot`'s command completed: its zone's write lock is free, or its append's
    /// blocks are recorded where the drive wrote them (those overwritten meanwhile are dead
    /// there; a refused append's are lost).
    pub fn completed(&mut self, slot: u32) {
        let s = slot as usize;
        let Some(&action) = self.flight.action.get(s) else { return };
        let zone = std::mem::replace(&mut self.flight.zone[s], NONE);
        self.flight.action[s] = ZoneAction::None;
        if zone == NONE {
            return;
        }
        if action != ZoneAction::Append {
            self.flight.writing[zone as usize] = false;
            return;
        }
        self.flight.landing[zone as usize] -= 1;
        let lba = self.flight.landed_at[s];
        let base = s * self.flight.per_slot as usize;
        for i in 0..self.flight.carried_len[s] {
            let object = self.flight.carried[base + i as usize];
            if object == NONE || self.place[object as usize] != IN_FLIGHT + slot {
                continue;
            }
            if lba == NONE {
                self.place[object as usize] = NONE;
            } else {
                let at = lba + i;
                self.moved(object, at / self.z.zone_units, at % self.z.zone_units);
            }
        }
    }

    /// A slot parked for a zone's write lock, to try again.
    pub fn take_parked(&mut self) -> Option<u32> {
        self.flight.parked.pop_front()
    }

    pub fn parked(&self) -> usize {
        self.flight.parked.len()
    }
}
