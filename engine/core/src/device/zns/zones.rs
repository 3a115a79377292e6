//! The zone state machine of the NVMe ZNS command set (1.1, section 2.1): each zone's state
//! and write pointer, the open and active limits, and the status a command that breaks a
//! rule completes with. No timing here: `ZonedSsd` books the flash work of what this allows.
//!
//! States: empty, implicitly opened (by a write), explicitly opened (Zone Management Send
//! Open), closed (written, not full, no write frontier held), full, read-only, offline.
//! Open zones (implicitly or explicitly) hold a write frontier: at most `max_open`. Active
//! zones (open or closed) hold a partly written zone's resources: at most `max_active`. A
//! write to an empty or closed zone opens it implicitly; with every open slot taken, the
//! controller closes the implicitly opened zone written longest ago to make room, and only
//! when every open zone was opened explicitly is the write refused (Too Many Open Zones).

use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ZoneState {
    Empty = 0,
    ImplicitOpen = 1,
    ExplicitOpen = 2,
    Closed = 3,
    Full = 4,
    ReadOnly = 5,
    Offline = 6,
}

pub const ZONE_STATES: usize = 7;

impl ZoneState {
    pub const ALL: [ZoneState; ZONE_STATES] =
        [ZoneState::Empty, ZoneState::ImplicitOpen, ZoneState::ExplicitOpen, ZoneState::Closed, ZoneState::Full, ZoneState::ReadOnly, ZoneState::Offline];

    fn is_open(self) -> bool {
        matches!(self, ZoneState::ImplicitOpen | ZoneState::ExplicitOpen)
    }

    fn is_active(self) -> bool {
        self.is_open() || self == ZoneState::Closed
    }

    /// As `ssdsim` prints it.
    pub fn name(self) -> &'static str {
        ["empty", "implicitly open", "explicitly open", "closed", "full", "read-only", "offline"][self as usize]
    }
}

/// The status a zoned command completes with when a zone's rules refuse it (NVMe ZNS 1.1,
/// Figure 36: status codes B8h–BFh), and a read of unwritten blocks refused by the drive's
/// setting (`device.zns.unwritten_read`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneStatus {
    /// B8h: the command crosses a zone's end (or its capacity, for a write).
    Boundary = 0,
    /// B9h.
    ZoneIsFull = 1,
    /// BAh.
    ZoneIsReadOnly = 2,
    /// BBh.
    ZoneIsOffline = 3,
    /// BCh: a write that does not start at the write pointer.
    InvalidWrite = 4,
    /// BDh.
    TooManyActive = 5,
    /// BEh.
    TooManyOpen = 6,
    /// BFh: a zone management action its state does not allow.
    InvalidTransition = 7,
    /// A read of blocks not written since the zone's reset, on a drive set to refuse it.
    UnwrittenRead = 8,
}

pub const ZONE_STATUSES: usize = 9;

impl ZoneStatus {
    pub const ALL: [ZoneStatus; ZONE_STATUSES] = [
        ZoneStatus::Boundary,
        ZoneStatus::ZoneIsFull,
        ZoneStatus::ZoneIsReadOnly,
        ZoneStatus::ZoneIsOffline,
        ZoneStatus::InvalidWrite,
        ZoneStatus::TooManyActive,
        ZoneStatus::TooManyOpen,
        ZoneStatus::InvalidTransition,
        ZoneStatus::UnwrittenRead,
    ];

    /// The spec's name, as `ssdsim` prints it.
    pub fn name(self) -> &'static str {
        [
            "Zone Boundary Error",
            "Zone Is Full",
            "Zone Is Read Only",
            "Zone Is Offline",
            "Zone Invalid Write",
            "Too Many Active Zones",
            "Too Many Open Zones",
            "Zone Invalid State Transition",
            "Unwritten read",
        ][self as usize]
    }
}

/// Every zone's state and write pointer (an offset into the zone, 4 KiB units), dense.
pub struct Zones {
    pub state: Vec<ZoneState>,
    pub wp: Vec<u32>,
    /// When each zone was last written (a write counter): the implicitly opened zone written
    /// longest ago is the one closed to make room.
    last_write: Vec<u64>,
    writes: u64,
    pub capacity: u32,
    pub open: u32,
    pub active: u32,
    pub max_open: u32,
    pub max_active: u32,
    /// Implicitly opened zones the controller closed to open another.
    pub implicit_closes: u64,
}

impl Zones {
    pub fn new(zones: u32, capacity: u32, max_open: u32, max_active: u32) -> Zones {
        let n = zones as usize;
        Zones {
            state: vec![ZoneState::Empty; n],
            wp: vec![0; n],
            last_write: vec![0; n],
            writes: 0,
            capacity,
            open: 0,
            active: 0,
            max_open: max_open.max(1),
            max_active: max_active.max(max_open).max(1),
            implicit_closes: 0,
        }
    }

    pub fn count(&self) -> u32 {
        self.state.len() as u32
    }

    fn set(&mut self, zone: u32, to: ZoneState) {
        let from = self.state[zone as usize];
        self.open = self.open + to.is_open() as u32 - from.is_open() as u32;
        self.active = self.active + to.is_active() as u32 - from.is_active() as u32;
        self.state[zone as usize] = to;
    }

    /// Room to open `zone` (empty or closed): an active slot if it has none, an open slot,
    /// closing the implicitly opened zone written longest ago if that is what it takes.
    fn make_open_room(&mut self, zone: u32) -> Result<(), ZoneStatus> {
        let st = self.state[zone as usize];
        if !st.is_active() && self.active >= self.max_active {
            return Err(ZoneStatus::TooManyActive);
        }
        if self.open >= self.max_open {
            let oldest = (0..self.count()).filter(|&z| self.state[z as usize] == ZoneState::ImplicitOpen).min_by_key(|&z| self.last_write[z as usize]);
            let Some(victim) = oldest else { return Err(ZoneStatus::TooManyOpen) };
            self.set(victim, ZoneState::Closed);
            self.implicit_closes += 1;
        }
        Ok(())
    }

    /// A write of `units` at `offset` in `zone`: the zone's rules, then the write pointer
    /// moves past it (implicitly opening the zone, filling it at its capacity).
    pub fn write(&mut self, zone: u32, offset: u32, units: u32) -> Result<(), ZoneStatus> {
        let z = zone as usize;
        match self.state[z] {
            ZoneState::Full => return Err(ZoneStatus::ZoneIsFull),
            ZoneState::ReadOnly => return Err(ZoneStatus::ZoneIsReadOnly),
            ZoneState::Offline => return Err(ZoneStatus::ZoneIsOffline),
            _ => {}
        }
        if offset != self.wp[z] {
            return Err(ZoneStatus::InvalidWrite);
        }
        if offset as u64 + units as u64 > self.capacity as u64 {
            return Err(ZoneStatus::Boundary);
        }
        self.append(zone, units).map(|_| ())
    }

    /// Zone Append: `units` written wherever the write pointer is; returns the offset
    /// written at (the host learns the LBA from the completion).
    pub fn append(&mut self, zone: u32, units: u32) -> Result<u32, ZoneStatus> {
        let z = zone as usize;
        match self.state[z] {
            ZoneState::Full => return Err(ZoneStatus::ZoneIsFull),
            ZoneState::ReadOnly => return Err(ZoneStatus::ZoneIsReadOnly),
            ZoneState::Offline => return Err(ZoneStatus::ZoneIsOffline),
            _ => {}
        }
        let at = self.wp[z];
        if at as u64 + units as u64 > self.capacity as u64 {
            return Err(ZoneStatus::Boundary);
        }
        if !self.state[z].is_open() {
            self.make_open_room(zone)?;
            self.set(zone, ZoneState::ImplicitOpen);
        }
        self.writes += 1;
        self.last_write[z] = self.writes;
        self.wp[z] = at + units;
        if self.wp[z] == self.capacity {
            self.set(zone, ZoneState::Full);
        }
        Ok(at)
    }

    /// Zone Management Send, Open: explicitly open (no write needed).
    pub fn open(&mut self, zone: u32) -> Result<(), ZoneStatus> {
        match self.state[zone as usize] {
            ZoneState::ExplicitOpen => Ok(()),
            ZoneState::ImplicitOpen => {
                self.set(zone, ZoneState::ExplicitOpen);
                Ok(())
            }
            ZoneState::Empty | ZoneState::Closed => {
                self.make_open_room(zone)?;
                self.set(zone, ZoneState::ExplicitOpen);
                Ok(())
            }
            _ => Err(ZoneStatus::InvalidTransition),
        }
    }

    /// Close: an open zone gives its write frontier back (empty again if nothing was written).
    pub fn close(&mut self, zone: u32) -> Result<(), ZoneStatus> {
        match self.state[zone as usize] {
            ZoneState::ImplicitOpen | ZoneState::ExplicitOpen => {
                let to = if self.wp[zone as usize] == 0 { ZoneState::Empty } else { ZoneState::Closed };
                self.set(zone, to);
                Ok(())
            }
            ZoneState::Closed => Ok(()),
            _ => Err(ZoneStatus::InvalidTransition),
        }
    }

    /// Finish: the zone becomes full where its write pointer is; returns the units of
    /// capacity left unwritten.
    pub fn finish(&mut self, zone: u32) -> Result<u32, ZoneStatus> {
        let z = zone as usize;
        match self.state[z] {
            ZoneState::Full => Ok(0),
            ZoneState::ReadOnly | ZoneState::Offline => Err(ZoneStatus::InvalidTransition),
            st => {
                // An empty zone needs an active slot for the moment it passes through open.
                if st == ZoneState::Empty && self.active >= self.max_active {
                    return Err(ZoneStatus::TooManyActive);
                }
                let left = self.capacity - self.wp[z];
                self.wp[z] = self.capacity;
                self.set(zone, ZoneState::Full);
                Ok(left)
            }
        }
    }

    /// Reset: the zone is empty again, its write pointer at its start.
    pub fn reset(&mut self, zone: u32) -> Result<(), ZoneStatus> {
        match self.state[zone as usize] {
            ZoneState::ReadOnly | ZoneState::Offline => Err(ZoneStatus::InvalidTransition),
            _ => {
                self.wp[zone as usize] = 0;
                self.set(zone, ZoneState::Empty);
                Ok(())
            }
        }
    }

    /// The drive takes a zone out of service (its flash is worn out): offline, no data.
    pub fn take_offline(&mut self, zone: u32) {
        self.wp[zone as usize] = 0;
        self.set(zone, ZoneState::Offline);
    }

    /// Zones in each state, `ZoneState::ALL`'s order.
    pub fn state_counts(&self) -> [u32; ZONE_STATES] {
        let mut n = [0; ZONE_STATES];
        for s in &self.state {
            n[*s as usize] += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ZoneState::*;
    use ZoneStatus::*;

    #[test]
    fn a_write_must_start_at_the_write_pointer_and_stay_within_capacity() {
        let mut z = Zones::new(4, 100, 2, 3);
        assert_eq!(z.write(0, 1, 1), Err(InvalidWrite));
        assert_eq!(z.write(0, 0, 60), Ok(()));
        assert_eq!((z.state[0], z.wp[0]), (ImplicitOpen, 60));
        assert_eq!(z.write(0, 0, 1), Err(InvalidWrite), "behind the write pointer");
        assert_eq!(z.write(0, 60, 41), Err(Boundary), "past the zone's capacity");
        assert_eq!(z.write(0, 60, 40), Ok(()));
        assert_eq!((z.state[0], z.open, z.active), (Full, 0, 0));
        assert_eq!(z.write(0, 100, 1), Err(ZoneIsFull));
    }

    #[test]
    fn append_returns_where_it_wrote() {
        let mut z = Zones::new(2, 10, 1, 1);
        assert_eq!(z.append(1, 3), Ok(0));
        assert_eq!(z.append(1, 3), Ok(3));
        assert_eq!(z.append(1, 5), Err(Boundary));
        assert_eq!(z.append(1, 4), Ok(6));
        assert_eq!(z.state[1], Full);
    }

    #[test]
    fn limits_close_an_implicit_zone_and_refuse_past_explicit_and_active_ones() {
        let mut z = Zones::new(8, 100, 2, 3);
        z.write(0, 0, 1).unwrap();
        z.write(1, 0, 1).unwrap();
        // A third zone: the implicitly opened zone written longest ago (0) is closed.
        z.write(2, 0, 1).unwrap();
        assert_eq!((z.state[0], z.state[1], z.state[2], z.implicit_closes), (Closed, ImplicitOpen, ImplicitOpen, 1));
        assert_eq!((z.open, z.active), (2, 3));
        // Three zones active: a fourth is refused, whatever is open.
        assert_eq!(z.write(3, 0, 1), Err(TooManyActive));
        // Zone 0 is active already: reopening it closes zone 1.
        z.write(0, 1, 1).unwrap();
        assert_eq!(z.state[1], Closed);
        // Both open zones explicitly opened: nothing can be closed to make room.
        let mut e = Zones::new(8, 100, 2, 8);
        e.open(0).unwrap();
        e.open(1).unwrap();
        assert_eq!(e.write(2, 0, 1), Err(TooManyOpen));
        assert_eq!(e.state[2], Empty);
    }

    #[test]
    fn management_moves_follow_the_spec() {
        let mut z = Zones::new(4, 10, 4, 4);
        assert_eq!(z.close(0), Err(InvalidTransition));
        z.open(0).unwrap();
        z.close(0).unwrap();
        assert_eq!(z.state[0], Empty, "closing an unwritten zone empties it");
        z.write(0, 0, 4).unwrap();
        assert_eq!(z.finish(0), Ok(6));
        assert_eq!((z.state[0], z.wp[0], z.active), (Full, 10, 0));
        z.reset(0).unwrap();
        assert_eq!((z.state[0], z.wp[0]), (Empty, 0));
        z.take_offline(1);
        assert_eq!(z.reset(1), Err(InvalidTransition));
        assert_eq!(z.write(1, 0, 1), Err(ZoneIsOffline));
        assert_eq!(z.state_counts(), [3, 0, 0, 0, 0, 0, 1]);
    }
}
