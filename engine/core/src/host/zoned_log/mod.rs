//! The host's log-structured store (`workload.kind` "zoned_log"): what ZenFS or a
//! log-structured cache does on a zoned drive. The host keeps its own map from each 4 KiB
//! block of its data set to where it sits (zone, offset), appends every write at its open
//! zone's write pointer, and when empty zones run low cleans: it picks the zone with the
//! least live data (greedy), reads what is live, appends it into its cleaning zone and
//! resets the victim. The drive then does no GC; the host's copies are its write
//! amplification, and their reads and writes take the drive's time like any command.
//!
//! Cleaning runs in the foreground, as a drive's own greedy GC does: while it is due, the
//! host issues the victim's copies before any more user writes. A victim's copy reads are
//! issued before its reset; the drive books both in that order, so at a queue depth above
//! one the reset may overlap reads still in flight (the model carries no data to lose).
//!
//! On a block drive the host runs the same way over zone-sized regions of the LBA space, a
//! reset being a TRIM of the region: the block-interface comparison, whose end-to-end write
//! amplification is the host's times the drive's.
//!
//! How it writes a zone (`workload.zone_writes`): regular writes at the write pointer it
//! keeps (several in flight, reaching the drive in order, or one in flight per zone, the
//! others waiting), or Zone Append, which names the zone: the drive picks the LBA and the
//! host records where each block landed from the completion (`flight.rs`). On a zoned drive
//! it may open each zone it starts writing (Zone Open) and close or finish its cleaning zone
//! between passes; its resets are Zone Management Send Reset.

mod flight;

use crate::host::Command;
use crate::media::Layout;
use crate::media::{ZoneAction, ZoneLayout};
use crate::metrics::Op;
use crate::rng::SimRng;
use crate::scenario::{AfterCleaning, Device, ErrorCode, ScenarioError, ZoneWrites, ZonedLog};
use crate::units::MAPPING_UNIT_BYTES;
use flight::{Carries, Flight, Planned};
use serde::Serialize;
use std::collections::VecDeque;
use ts_rs::TS;

const NONE: u32 = u32::MAX;

/// The zones the host writes: on a zoned drive the drive's; on a block drive regions of
/// `zone_units` LBAs, all of them writable.
#[derive(Clone, Copy, Debug)]
pub struct HostZones {
    pub zones: u32,
    pub zone_units: u32,
    pub capacity_units: u32,
    /// A zoned drive's zones (zone commands), not a block drive's regions.
    pub zoned: bool,
}

/// What the host did, since the run started (the data set laid down before is not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ZonedLogCounters {
    /// User data written, 4 KiB units.
    pub user_units: u64,
    /// Live units the cleaning copied (read once, appended once).
    pub copied_units: u64,
    /// Zones cleaned and reset.
    pub cleanings: u64,
    /// Live units the victims held when picked: their mean over the zone capacity is how
    /// full a greedy victim is.
    pub victim_live_units: u64,
}

/// The host's summary section.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct ZonedLogSummary {
    pub host_data_set_bytes: f64,
    pub host_user_written_bytes: f64,
    pub host_copied_bytes: f64,
    /// (user writes + the host's copies) / user writes.
    pub host_write_amplification: f64,
    /// The host's times the drive's: NAND written per byte the user wrote.
    pub end_to_end_write_amplification: f64,
    pub host_zone_cleanings: f64,
    /// Mean share of a victim's capacity still live when it was cleaned, percent.
    pub host_victim_live_percent: f64,
}

pub struct ZonedLogRunner {
    z: HostZones,
    objects: u32,
    /// Per object of the data set: zone × capacity + offset.
    place: Vec<u32>,
    /// Per zone × capacity + offset: the object there, if still live.
    owner: Vec<u32>,
    live: Vec<u32>,
    /// Empty zones, oldest reset first.
    free: VecDeque<u32>,
    /// The zone user writes append into, and the one cleaning appends into, with their
    /// write pointers.
    user: (u32, u32),
    copy: (u32, u32),
    /// The victim being cleaned and how far its scan has got.
    victim: Option<(u32, u32)>,
    /// Commands planned and not yet issued (a copy's read and appends, a reset).
    pending: VecDeque<Planned>,
    rng: SimRng,
    target_user_units: u64,
    clean_at: u32,
    copy_units: u32,
    zone_writes: ZoneWrites,
    explicit_open: bool,
    after_cleaning: AfterCleaning,
    /// The user's and the cleaning's frontier: whether the zone it writes next must be
    /// opened first (a fresh zone, or the cleaning zone closed since its last pass).
    needs_open: [bool; 2],
    /// A cleaning pass ran since the last user write.
    cleaning: bool,
    /// Commands in flight: each queue slot's zone command, zone write locks, appends
    /// waiting for their LBA.
    flight: Flight,
    pub counters: ZonedLogCounters,
}

/// The heap the host's store takes for `s`, if its workload is one: its map both ways
/// (4 bytes per unit of the zones' capacity, 4 per block of the data set), live counts and
/// the list of empty zones (a zoned drive's own tables are within its NAND bound), bytes;
/// None for any other workload.
pub fn memory_bytes(s: &crate::scenario::Scenario, layout: &Layout) -> Option<u64> {
    let crate::scenario::Workload::ZonedLog(w) = &s.workload else { return None };
    let z = HostZones::of(&s.device, layout);
    let writable = z.zones as u64 * z.capacity_units as u64;
    let objects = (writable as f64 * w.utilisation_percent / 100.0) as u64;
    Some(4 * writable + 4 * objects + 16 * z.zones as u64 + 1024 + Flight::memory_bytes(w, z.zones))
}

/// Zone size on a drive without NAND geometry: 64 MiB, a typical log segment.
const PLAIN_ZONE_UNITS: u32 = 16_384;

impl HostZones {
    /// The zones the host writes on `device`: a zoned drive's own; on a block NAND drive,
    /// regions the size of the zoned drive's zone capacity on the same flash, every LBA of
    /// them writable; on other media, 64 MiB regions.
    pub fn of(device: &Device, layout: &Layout) -> HostZones {
        match layout.geometry {
            Some(g) if device.zns.enabled => {
                let z = ZoneLayout::of(device, &g);
                HostZones { zones: z.zones, zone_units: z.zone_units, capacity_units: z.capacity_units, zoned: true }
            }
            Some(g) => Self::regions(layout.user_bytes, ZoneLayout::of(device, &g).capacity_units),
            None => Self::regions(layout.user_bytes, PLAIN_ZONE_UNITS),
        }
    }

    fn regions(user_bytes: u64, units: u32) -> HostZones {
        HostZones { zones: (user_bytes / MAPPING_UNIT_BYTES / units as u64) as u32, zone_units: units, capacity_units: units, zoned: false }
    }
}

impl ZonedLogRunner {
    /// Blocks in the data set `w` asks for on `z`, if its cleaning has room to work.
    pub fn check(w: &ZonedLog, z: HostZones) -> Result<u32, ScenarioError> {
        let writable = z.zones as u64 * z.capacity_units as u64;
        let objects = (writable as f64 * w.utilisation_percent / 100.0) as u64;
        // Cleaning needs a victim with room to win back: the data set must fit in the zones
        // left once the reserve and the two open zones are set aside, with a zone to spare.
        let room = (z.zones as u64).saturating_sub(w.clean_at_free_zones as u64 + 3) * z.capacity_units as u64;
        if objects == 0 || objects > room {
            let most = room as f64 * 100.0 / writable.max(1) as f64;
            return Err(ScenarioError::new(
                "workload.utilisation_percent",
                ErrorCode::OutOfRange,
                format!(
                    "must leave the host's cleaning a zone to win back: at most {most:.1} % of {} zones with {} kept empty (got {})",
                    z.zones, w.clean_at_free_zones, w.utilisation_percent
                ),
            ));
        }
        Ok(objects as u32)
    }

    /// The host's store over `z`, its data set laid down zone by zone from zone 0 (the
    /// last, partly filled zone is the one user writes continue in). Refused when the data
    /// set leaves the cleaning no zone to win back.
    /// On a block drive the zone-command knobs do nothing (the catalogue says so): the
    /// store writes its regions in order and TRIMs them.
    pub fn new(w: &ZonedLog, z: HostZones, seed: u64) -> Result<ZonedLogRunner, ScenarioError> {
        let objects = Self::check(w, z)?;
        let block = ZonedLog::default();
        let w = if z.zoned {
            w
        } else {
            &ZonedLog { zone_writes: block.zone_writes, explicit_open: block.explicit_open, after_cleaning: block.after_cleaning, ..w.clone() }
        };
        let cap = z.capacity_units;
        let mut owner = vec![NONE; (z.zones as u64 * cap as u64) as usize];
        let place: Vec<u32> = (0..objects).collect();
        for o in 0..objects {
            owner[o as usize] = o;
        }
        let mut live = vec![0u32; z.zones as usize];
        for (k, l) in live.iter_mut().enumerate() {
            *l = (objects as u64).saturating_sub(k as u64 * cap as u64).min(cap as u64) as u32;
        }
        let last = objects / cap;
        let (user, first_free) = if objects % cap == 0 { ((last, 0), last + 1) } else { ((last, objects % cap), last + 1) };
        let copy = (first_free, 0);
        let free = (first_free + 1..z.zones).collect();
        Ok(ZonedLogRunner {
            z,
            objects,
            place,
            owner,
            live,
            free,
            user,
            copy,
            victim: None,
            pending: VecDeque::with_capacity(8),
            rng: SimRng::new(seed),
            target_user_units: (objects as f64 * w.overwrites).ceil() as u64,
            clean_at: w.clean_at_free_zones,
            copy_units: w.copy_units.max(1),
            zone_writes: w.zone_writes,
            explicit_open: w.explicit_open,
            after_cleaning: w.after_cleaning,
            needs_open: [w.explicit_open; 2],
            cleaning: false,
            flight: Flight::new(w, z.zones),
            counters: ZonedLogCounters::default(),
        })
    }

    /// The data set as laid down before the run: units written into each zone from its
    /// start (the drive is given the same, untimed).
    pub fn laid_down(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let cap = self.z.capacity_units as u64;
        (0..self.z.zones).map(move |k| (k, (self.objects as u64).saturating_sub(k as u64 * cap).min(cap) as u32)).filter(|&(_, n)| n > 0)
    }

    pub fn data_set_units(&self) -> u64 {
        self.objects as u64
    }

    /// Share of the user writes issued, 0..1.
    pub fn progress(&self) -> f64 {
        (self.counters.user_units as f64 / self.target_user_units.max(1) as f64).min(1.0)
    }

    fn lba(&self, zone: u32, offset: u32) -> u32 {
        zone * self.z.zone_units + offset
    }

    /// Appends at `frontier` (the user's or the cleaning's zone): up to `units`, as far as
    /// the zone's capacity goes, taking the next empty zone when it is full. Returns the
    /// offset written at, the zone and the units.
    fn append(&mut self, copy: bool, units: u32) -> (u32, u32, u32) {
        let cap = self.z.capacity_units;
        let frontier = if copy { self.copy } else { self.user };
        let (zone, wp) = if frontier.1 >= cap {
            self.needs_open[copy as usize] = self.explicit_open;
            (self.free.pop_front().expect("cleaning keeps an empty zone"), 0)
        } else {
            frontier
        };
        let n = units.min(cap - wp);
        if copy {
            self.copy = (zone, wp + n);
        } else {
            self.user = (zone, wp + n);
        }
        (zone, wp, n)
    }

    /// `object` now sits at zone + offset.
    fn moved(&mut self, object: u32, zone: u32, offset: u32) {
        let cap = self.z.capacity_units;
        let slot = zone * cap + offset;
        self.owner[slot as usize] = object;
        self.place[object as usize] = slot;
        self.live[zone as usize] += 1;
    }

    /// The zone with the least live data, of those neither open nor empty nor waiting for
    /// appends in flight to land.
    fn pick_victim(&self) -> Option<u32> {
        let busy = |k: u32| k == self.user.0 || k == self.copy.0 || self.free.contains(&k) || self.flight.landing(k);
        (0..self.z.zones).filter(|&k| !busy(k)).min_by_key(|&k| self.live[k as usize])
    }

    /// Plans the next piece of cleaning: a run of live units read and appended, or the
    /// victim's reset once its scan is done.
    fn plan_cleaning(&mut self) {
        let cap = self.z.capacity_units;
        let (victim, mut at) = self.victim.expect("cleaning a victim");
        let base = victim * cap;
        while at < cap && self.owner[(base + at) as usize] == NONE {
            at += 1;
        }
        if at >= cap {
            self.victim = None;
            debug_assert_eq!(self.live[victim as usize], 0);
            let reset = if self.z.zoned { ZoneAction::Reset } else { ZoneAction::None };
            self.plan(Op::Trim, self.lba(victim, 0), self.z.zone_units, reset, Carries::Nothing);
            self.free.push_back(victim);
            self.counters.cleanings += 1;
            self.cleaning = true;
            return;
        }
        let mut n = 1;
        while n < self.copy_units && at + n < cap && self.owner[(base + at + n) as usize] != NONE {
            n += 1;
        }
        self.plan(Op::Read, self.lba(victim, at), n, ZoneAction::None, Carries::Nothing);
        let mut done = 0;
        while done < n {
            let (zone, offset, m) = self.append(true, n - done);
            self.open_if_due(true, zone);
            if self.zone_writes == ZoneWrites::Append {
                // The blocks leave the victim when the append is issued, and land where its
                // completion says.
                self.plan(Op::Write, self.lba(zone, 0), m, ZoneAction::Append, Carries::Run(base + at + done));
            } else {
                for i in 0..m {
                    let slot = base + at + done + i;
                    let object = std::mem::replace(&mut self.owner[slot as usize], NONE);
                    self.moved(object, zone, offset + i);
                }
                self.plan(Op::Write, self.lba(zone, offset), m, ZoneAction::None, Carries::Nothing);
            }
            done += m;
        }
        if self.zone_writes != ZoneWrites::Append {
            self.live[victim as usize] -= n;
        }
        self.counters.copied_units += n as u64;
        self.victim = Some((victim, at + n));
    }

    fn plan(&mut self, op: Op, lba: u32, units: u32, action: ZoneAction, carries: Carries) {
        self.pending.push_back(Planned { command: Command { op, lba, units, placement: 0, flush: false }, action, carries });
    }

    /// A Zone Open before the frontier's first write to `zone`, if the host opens zones.
    fn open_if_due(&mut self, copy: bool, zone: u32) {
        if std::mem::take(&mut self.needs_open[copy as usize]) {
            self.plan(Op::Trim, self.lba(zone, 0), 0, ZoneAction::Open, Carries::Nothing);
        }
    }

    /// A cleaning pass is over (user writes resume): the cleaning zone, part-written, is
    /// kept open, closed or finished until the next pass.
    fn between_passes(&mut self) {
        self.cleaning = false;
        let cap = self.z.capacity_units;
        let (zone, wp) = self.copy;
        if wp == 0 || wp >= cap {
            return;
        }
        match self.after_cleaning {
            AfterCleaning::KeepOpen => {}
            AfterCleaning::Close => {
                self.plan(Op::Trim, self.lba(zone, 0), 0, ZoneAction::Close, Carries::Nothing);
                self.needs_open[1] = self.explicit_open;
            }
            AfterCleaning::Finish => {
                self.plan(Op::Trim, self.lba(zone, 0), 0, ZoneAction::Finish, Carries::Nothing);
                self.copy.1 = cap;
            }
        }
    }

    /// The host's next command for queue slot `slot`, or none: once the user writes are all
    /// issued, or while the write it would send waits for its zone's write lock (the slot is
    /// then parked until a completion frees it: `take_parked`).
    pub fn next_command(&mut self, slot: u32) -> Option<Command> {
        loop {
            if let Some(&p) = self.pending.front() {
                if self.flight.waits(self.zone_writes, &p, self.z.zone_units) {
                    self.flight.park(slot);
                    return None;
                }
                self.pending.pop_front();
                return Some(self.issue(slot, p));
            }
            if self.victim.is_some() {
                self.plan_cleaning();
                continue;
            }
            if self.counters.user_units >= self.target_user_units {
                return None;
            }
            if self.free.len() as u32 <= self.clean_at {
                let Some(victim) = self.pick_victim() else {
                    // Every candidate waits for appends to land: try again at a completion.
                    if self.zone_writes == ZoneWrites::Append {
                        self.flight.park(slot);
                    }
                    return None;
                };
                // A victim with nothing to win back would clean for ever; `new` refuses a
                // data set that could leave only such zones.
                if self.live[victim as usize] >= self.z.capacity_units {
                    return None;
                }
                self.counters.victim_live_units += self.live[victim as usize] as u64;
                self.victim = Some((victim, 0));
                continue;
            }
            if self.cleaning && self.after_cleaning != AfterCleaning::KeepOpen {
                self.between_passes();
                continue;
            }
            if self.zone_writes == ZoneWrites::WriteLocked && self.user.1 < self.z.capacity_units && self.flight.writing(self.user.0) {
                self.flight.park(slot);
                return None;
            }
            let object = self.rng.below(self.objects as u64) as u32;
            let old = self.place[object as usize];
            // An append in flight holds no place yet (it lands where its completion says).
            if !Flight::in_flight(old) {
                self.owner[old as usize] = NONE;
                self.live[(old / self.z.capacity_units) as usize] -= 1;
            }
            let (zone, offset, _) = self.append(false, 1);
            self.counters.user_units += 1;
            let planned = if self.zone_writes == ZoneWrites::Append {
                Planned {
                    command: Command { op: Op::Write, lba: self.lba(zone, 0), units: 1, placement: 0, flush: false },
                    action: ZoneAction::Append,
                    carries: Carries::Object(object),
                }
            } else {
                self.moved(object, zone, offset);
                Planned {
                    command: Command { op: Op::Write, lba: self.lba(zone, offset), units: 1, placement: 0, flush: false },
                    action: ZoneAction::None,
                    carries: Carries::Nothing,
                }
            };
            if self.needs_open[0] {
                self.open_if_due(false, zone);
                self.pending.push_back(planned);
                continue;
            }
            return Some(self.issue(slot, planned));
        }
    }

    /// The host's summary section; `device_waf` the drive's write amplification.
    pub fn summary(&self, device_waf: f64) -> ZonedLogSummary {
        let c = &self.counters;
        let waf = if c.user_units > 0 { (c.user_units + c.copied_units) as f64 / c.user_units as f64 } else { 0.0 };
        ZonedLogSummary {
            host_data_set_bytes: (self.objects as u64 * MAPPING_UNIT_BYTES) as f64,
            host_user_written_bytes: (c.user_units * MAPPING_UNIT_BYTES) as f64,
            host_copied_bytes: (c.copied_units * MAPPING_UNIT_BYTES) as f64,
            host_write_amplification: waf,
            end_to_end_write_amplification: waf * device_waf,
            host_zone_cleanings: c.cleanings as f64,
            host_victim_live_percent: if c.cleanings > 0 {
                c.victim_live_units as f64 * 100.0 / (c.cleanings as f64 * self.z.capacity_units as f64)
            } else {
                0.0
            },
        }
    }
}

#[cfg(test)]
mod tests;
