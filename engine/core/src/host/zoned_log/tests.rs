//! The host store's own rules, without a drive: where it writes, what its map holds.

use super::*;
use crate::scenario::{AfterCleaning, ZoneWrites};

fn runner(utilisation: f64, overwrites: f64) -> ZonedLogRunner {
    let w =
        ZonedLog { utilisation_percent: utilisation, overwrites, iodepth: 1, clean_at_free_zones: 1, copy_units: 8, log_avg_msec: 0.0, ..ZonedLog::default() };
    ZonedLogRunner::new(&w, HostZones { zones: 32, zone_units: 128, capacity_units: 96, zoned: true }, 7).unwrap()
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
    while let Some(c) = r.next_command(0) {
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
    let e = ZonedLogRunner::new(&w, HostZones { zones: 16, zone_units: 64, capacity_units: 64, zoned: true }, 1).err().unwrap();
    assert_eq!(e.field, "workload.utilisation_percent");
    assert!(e.message.contains("at most 75.0 %"), "{}", e.message);
}

fn store(w: ZonedLog) -> ZonedLogRunner {
    ZonedLogRunner::new(&w, HostZones { zones: 32, zone_units: 128, capacity_units: 96, zoned: true }, 7).unwrap()
}

fn knobs(zone_writes: ZoneWrites, iodepth: u32) -> ZonedLog {
    ZonedLog { utilisation_percent: 70.0, overwrites: 3.0, iodepth, clean_at_free_zones: 1, copy_units: 8, zone_writes, ..ZonedLog::default() }
}

/// Zone Append at four in flight, completed last issued first: each lands at the write
/// pointer the drive had when it took it, the host's map records that place from the
/// completion, and at the end every block of the data set is live exactly once where the
/// drive put it.
#[test]
fn appends_land_where_the_drive_says_and_the_map_follows() {
    let mut r = store(knobs(ZoneWrites::Append, 4));
    let mut wp = [0u32; 32];
    for (k, n) in r.laid_down() {
        wp[k as usize] = n;
    }
    let (mut appends, mut landed) = (0u64, vec![(0u32, 0u32); 4]);
    loop {
        let mut issued = Vec::new();
        for slot in 0..4 {
            let Some(c) = r.next_command(slot) else { break };
            let zone = c.lba / 128;
            match (c.op, r.zone_action(slot)) {
                (Op::Write, ZoneAction::Append) => {
                    assert_eq!(c.lba % 128, 0, "an append names its zone's start");
                    let lba = zone * 128 + wp[zone as usize];
                    wp[zone as usize] += c.units;
                    assert!(wp[zone as usize] <= 96);
                    r.appended(slot, Some(lba));
                    landed[slot as usize] = (lba, c.units);
                    appends += 1;
                }
                (Op::Trim, ZoneAction::Reset) => wp[zone as usize] = 0,
                (Op::Read, ZoneAction::None) => assert!(c.lba % 128 + c.units <= wp[zone as usize]),
                other => panic!("unexpected {other:?}"),
            }
            issued.push(slot);
        }
        if issued.is_empty() {
            break;
        }
        for &slot in issued.iter().rev() {
            let append = r.zone_action(slot) == ZoneAction::Append;
            r.completed(slot);
            if append {
                // Blocks not overwritten meanwhile sit where the drive wrote them.
                let (lba, units) = landed[slot as usize];
                for i in 0..units {
                    let at = (lba / 128) * 96 + lba % 128 + i;
                    let o = r.owner[at as usize];
                    assert!(o == NONE || r.place[o as usize] == at);
                }
            }
        }
    }
    assert!(appends as f64 > r.counters.user_units as f64 * 0.9 && r.counters.cleanings > 10);
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

/// Zone write locking: a zone's second regular write waits (its slot parked) until the
/// first completes, then goes out at the write pointer after it.
#[test]
fn a_locked_zone_holds_its_next_write_until_the_last_completes() {
    let mut r = store(knobs(ZoneWrites::WriteLocked, 4));
    let first = r.next_command(0).unwrap();
    assert_eq!(first.op, Op::Write);
    assert_eq!(r.next_command(1), None, "the same zone's next write waits");
    assert_eq!(r.next_command(2), None);
    assert_eq!(r.parked(), 2);
    r.completed(0);
    assert_eq!(r.take_parked(), Some(1));
    let second = r.next_command(1).unwrap();
    assert_eq!(second.lba, first.lba + 1, "at the write pointer after the first");
    // Without the lock, the same store sends both at once.
    let mut free = store(knobs(ZoneWrites::Write, 4));
    assert_eq!((free.next_command(0).unwrap(), free.next_command(1).unwrap()), (first, second));
}

/// Explicit opens come before each zone's first write; finishing the cleaning zone after a
/// pass sends the next pass to a fresh zone; closing it reopens it before its next write.
#[test]
fn zone_management_is_planned_where_the_host_needs_it() {
    for after in [AfterCleaning::KeepOpen, AfterCleaning::Close, AfterCleaning::Finish] {
        let mut r = store(ZonedLog { explicit_open: true, after_cleaning: after, ..knobs(ZoneWrites::Write, 1) });
        let (mut open, mut wp) = ([false; 32], [0u32; 32]);
        for (k, n) in r.laid_down() {
            wp[k as usize] = n;
        }
        let (mut finishes, mut closes, mut opens) = (0, 0, 0);
        let most = 20 * r.target_user_units;
        while let Some(c) = r.next_command(0) {
            assert!(opens + closes + finishes + r.counters.copied_units < most, "{after:?}: the store makes no progress");
            let zone = (c.lba / 128) as usize;
            match r.zone_action(0) {
                ZoneAction::Open => (open[zone], opens) = (true, opens + 1),
                ZoneAction::Close => (open[zone], closes) = (false, closes + 1),
                ZoneAction::Finish => (open[zone], wp[zone], finishes) = (false, 96, finishes + 1),
                ZoneAction::Reset => wp[zone] = 0,
                _ if c.op == Op::Write => {
                    assert!(open[zone], "{after:?}: zone {zone} written before it was opened");
                    assert_eq!(c.lba % 128, wp[zone], "{after:?}: at the write pointer");
                    wp[zone] += c.units;
                    open[zone] = wp[zone] < 96;
                }
                _ => {}
            }
            r.completed(0);
        }
        let cleanings = r.counters.cleanings;
        println!("{after:?}: {opens} opens, {closes} closes, {finishes} finishes, {cleanings} cleanings, {} copied", r.counters.copied_units);
        match after {
            AfterCleaning::KeepOpen => assert_eq!((closes, finishes), (0, 0)),
            AfterCleaning::Close => assert!(closes > 5 && finishes == 0 && opens > closes),
            AfterCleaning::Finish => assert!(finishes > 5 && closes == 0),
        }
    }
}
