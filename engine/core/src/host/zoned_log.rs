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

use crate::host::Command;
use crate::media::Layout;
use crate::media::ZoneLayout;
use crate::metrics::Op;
use crate::rng::SimRng;
use crate::scenario::{Device, ErrorCode, ScenarioError, ZonedLog};
use crate::units::MAPPING_UNIT_BYTES;
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
    pending: VecDeque<Command>,
    rng: SimRng,
    target_user_units: u64,
    clean_at: u32,
    copy_units: u32,
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
    Some(4 * writable + 4 * objects + 16 * z.zones as u64 + 1024)
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
                HostZones { zones: z.zones, zone_units: z.zone_units, capacity_units: z.capacity_units }
            }
            Some(g) => Self::regions(layout.user_bytes, ZoneLayout::of(device, &g).capacity_units),
            None => Self::regions(layout.user_bytes, PLAIN_ZONE_UNITS),
        }
    }

    fn regions(user_bytes: u64, units: u32) -> HostZones {
        HostZones { zones: (user_bytes / MAPPING_UNIT_BYTES / units as u64) as u32, zone_units: units, capacity_units: units }
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
    pub fn new(w: &ZonedLog, z: HostZones, seed: u64) -> Result<ZonedLogRunner, ScenarioError> {
        let objects = Self::check(w, z)?;
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
        let (zone, wp) = if frontier.1 >= cap { (self.free.pop_front().expect("cleaning keeps an empty zone"), 0) } else { frontier };
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

    /// The zone with the least live data, of those neither open nor empty.
    fn pick_victim(&self) -> Option<u32> {
        let busy = |k: u32| k == self.user.0 || k == self.copy.0 || self.free.contains(&k);
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
            self.pending.push_back(Command { op: Op::Trim, lba: self.lba(victim, 0), units: self.z.zone_units, placement: 0 });
            self.free.push_back(victim);
            self.counters.cleanings += 1;
            return;
        }
        let mut n = 1;
        while n < self.copy_units && at + n < cap && self.owner[(base + at + n) as usize] != NONE {
            n += 1;
        }
        self.pending.push_back(Command { op: Op::Read, lba: self.lba(victim, at), units: n, placement: 0 });
        let mut done = 0;
        while done < n {
            let (zone, offset, m) = self.append(true, n - done);
            for i in 0..m {
                let slot = base + at + done + i;
                let object = std::mem::replace(&mut self.owner[slot as usize], NONE);
                self.moved(object, zone, offset + i);
            }
            self.pending.push_back(Command { op: Op::Write, lba: self.lba(zone, offset), units: m, placement: 0 });
            done += m;
        }
        self.live[victim as usize] -= n;
        self.counters.copied_units += n as u64;
        self.victim = Some((victim, at + n));
    }

    /// The host's next command, or none once the user writes are all issued.
    pub fn next_command(&mut self) -> Option<Command> {
        loop {
            if let Some(c) = self.pending.pop_front() {
                return Some(c);
            }
            if self.victim.is_some() {
                self.plan_cleaning();
                continue;
            }
            if self.counters.user_units >= self.target_user_units {
                return None;
            }
            if self.free.len() as u32 <= self.clean_at {
                let victim = self.pick_victim()?;
                // A victim with nothing to win back would clean for ever; `new` refuses a
                // data set that could leave only such zones.
                if self.live[victim as usize] >= self.z.capacity_units {
                    return None;
                }
                self.counters.victim_live_units += self.live[victim as usize] as u64;
                self.victim = Some((victim, 0));
                continue;
            }
            let object = self.rng.below(self.objects as u64) as u32;
            let old = self.place[object as usize];
            self.owner[old as usize] = NONE;
            self.live[(old / self.z.capacity_units) as usize] -= 1;
            let (zone, offset, _) = self.append(false, 1);
            self.moved(object, zone, offset);
            self.counters.user_units += 1;
            return Some(Command { op: Op::Write, lba: self.lba(zone, offset), units: 1, placement: 0 });
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
mod tests {
    use super::*;

    fn runner(utilisation: f64, overwrites: f64) -> ZonedLogRunner {
        let w = ZonedLog { utilisation_percent: utilisation, overwrites, iodepth: 1, clean_at_free_zones: 1, copy_units: 8, log_avg_msec: 0.0 };
        ZonedLogRunner::new(&w, HostZones { zones: 32, zone_units: 128, capacity_units: 96 }, 7).unwrap()
    }

    /// Every command lands inside a zone's capacity; writes follow each zone's write
    /// pointer from a reset; the host's map stays a permutation of its data set; and every
    /// copy it counts is written once.
    #[test]
    fn appends_follow_the_write_pointers_and_the_map_stays_whole() {
        let mut r = runner(70.0, 3.0);
        let mut wp = [0u32; 32];
        for (k, n) in r.laid_down() {
            wp[k as usize] = n;
        }
        let (mut written, mut reads) = (0u64, 0u64);
        while let Some(c) = r.next_command() {
            let (zone, offset) = (c.lba / 128, c.lba % 128);
            match c.op {
                Op::Write => {
                    assert_eq!(offset, wp[zone as usize], "a write at the write pointer");
                    wp[zone as usize] += c.units;
                    assert!(wp[zone as usize] <= 96, "within the zone's capacity");
                    written += c.units as u64;
                }
                Op::Read => {
                    assert!(offset + c.units <= wp[zone as usize], "a copy reads written data");
                    reads += c.units as u64;
                }
                Op::Trim => {
                    assert_eq!((offset, c.units), (0, 128));
                    wp[zone as usize] = 0;
                }
            }
        }
        let c = r.counters;
        assert_eq!(c.user_units, (r.objects as f64 * 3.0).ceil() as u64);
        assert_eq!(written, c.user_units + c.copied_units);
        assert_eq!(reads, c.copied_units);
        assert!(c.cleanings > 10 && c.copied_units > 0);
        let mut seen = vec![false; r.objects as usize];
        for (slot, &o) in r.owner.iter().enumerate() {
            if o != NONE {
                assert_eq!(r.place[o as usize], slot as u32);
                assert!(!std::mem::replace(&mut seen[o as usize], true));
            }
        }
        assert!(seen.iter().all(|&s| s), "every block of the data set is live exactly once");
        for k in 0..32 {
            assert_eq!(r.live[k], r.owner[k * 96..(k + 1) * 96].iter().filter(|&&o| o != NONE).count() as u32);
        }
    }

    #[test]
    fn a_data_set_that_leaves_nothing_to_clean_is_refused() {
        let w = ZonedLog { utilisation_percent: 95.0, clean_at_free_zones: 1, ..ZonedLog::default() };
        let e = ZonedLogRunner::new(&w, HostZones { zones: 16, zone_units: 64, capacity_units: 64 }, 1).err().unwrap();
        assert_eq!(e.field, "workload.utilisation_percent");
        assert!(e.message.contains("at most 75.0 %"), "{}", e.message);
    }
}
