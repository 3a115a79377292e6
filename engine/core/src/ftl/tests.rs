use super::*;
use crate::rng::SimRng;
use crate::scenario::{Capacity, Device, Gc, Nand, Wear};
use crate::units::Bytes;

fn small_geometry(op_percent: f64, pages_per_block: u32) -> Geometry {
    geometry_with_pages(op_percent, pages_per_block, 4096)
}

fn geometry_with_pages(op_percent: f64, pages_per_block: u32, page_bytes: u32) -> Geometry {
    let device = Device {
        nand: Nand { channels: 2, dies_per_channel: 2, planes_per_die: 1, blocks_per_plane: 64, pages_per_block, page_bytes, ..Nand::default() },
        capacity: Capacity { op_percent, user_bytes: Bytes(0), ..Capacity::default() },

        ..Device::default()
    };
    Geometry::new(&device).unwrap()
}

/// Counts flash operations so tests can check what the FTL asked for.
#[derive(Default)]
struct Tally {
    programs: [u64; 3],
    /// Host units whose data the programs completed.
    host_units: u64,
    reads: u64,
    erases: u64,
}

impl FlashOps for Tally {
    fn read_page(&mut self, _: u32, _: u32, units: u32, _: super::Move) {
        self.reads += units as u64;
    }
    fn program_page(&mut self, _: u32, _: u32, stream: Stream, host_units: u32, _: Program) {
        self.programs[stream as usize] += 1;
        self.host_units += host_units as u64;
    }
    fn erase_block(&mut self, _: u32, _: u32) {
        self.erases += 1;
    }
}

#[test]
fn shadow_model_survives_random_writes_trims_and_gc() {
    for policy in [GcPolicy::Greedy, GcPolicy::Fifo, GcPolicy::CostBenefit] {
        let geo = small_geometry(12.0, 32);
        let mut ftl = Ftl::new(geo, &Gc { policy, ..Gc::default() }, &Wear::default(), 1);
        let mut rng = SimRng::new(7);
        // shadow[lba] = sequence number of the last write, 0 = never written or trimmed
        let mut shadow = vec![0u64; geo.user_units as usize];
        let mut ops = Tally::default();
        for seq in 1..=400_000u64 {
            let lba = rng.below(geo.user_units as u64) as u32;
            if rng.percent(10) {
                ftl.trim(lba);
                shadow[lba as usize] = 0;
            } else {
                ftl.write(lba, &mut ops);
                shadow[lba as usize] = seq;
            }
            if seq % 50_000 == 0 {
                ftl.check_consistency().unwrap();
            }
        }
        ftl.check_consistency().unwrap();
        assert!(ftl.counters().gc_runs > 100, "{policy:?} ran GC {} times", ftl.counters().gc_runs);
        for (lba, &want) in shadow.iter().enumerate() {
            let slot = ftl.lookup(lba as u32);
            if want == 0 {
                assert_eq!(slot, UNMAPPED, "{policy:?}: trimmed lba {lba} still mapped");
            } else {
                assert_ne!(slot, UNMAPPED, "{policy:?}: lba {lba} lost");
                // A GC move relocates the unit: its slot changes but p2l must agree.
                assert_eq!(ftl.p2l[slot as usize], lba as u32);
            }
        }
    }
}

#[test]
fn sequential_overwrite_has_no_write_amplification() {
    let geo = small_geometry(10.0, 64);
    let mut ftl = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
    let mut ops = Tally::default();
    for _round in 0..5 {
        for lba in 0..geo.user_units {
            ftl.write(lba, &mut ops);
        }
    }
    let c = ftl.counters();
    assert_eq!(c.host_units_written, 5 * geo.user_units as u64);
    assert_eq!(c.gc_units_moved, 0, "sequential overwrite invalidates whole blocks");
    assert!(c.gc_runs > 0);
    ftl.check_consistency().unwrap();
}

#[test]
fn every_program_and_erase_is_reported() {
    let geo = small_geometry(20.0, 16);
    let mut ftl = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
    let mut ops = Tally::default();
    let mut rng = SimRng::new(1);
    for _ in 0..100_000 {
        ftl.write(rng.below(geo.user_units as u64) as u32, &mut ops);
    }
    let c = ftl.counters();
    let units_programmed = (ops.programs[0] + ops.programs[1]) * geo.slots_per_page as u64;
    let units_written = c.host_units_written + c.gc_units_moved;
    // Only the open pages' units are not programmed yet.
    assert!(units_written - units_programmed < 2 * geo.planes as u64 * geo.slots_per_page as u64);
    assert_eq!(ops.erases, c.erases);
    assert_eq!(ops.reads, c.gc_units_moved);
}

#[test]
fn compressed_units_share_slots_and_survive_gc() {
    let geo = small_geometry(12.0, 32);
    let mut ftl = Ftl::new(geo, &Gc::default(), &Wear::default(), 8);
    let mut rng = SimRng::new(3);
    let mut ops = Tally::default();
    let mut live = vec![false; geo.user_units as usize];
    for i in 0..600_000u64 {
        let lba = rng.below(geo.user_units as u64) as u32;
        if rng.percent(5) {
            ftl.trim(lba);
            live[lba as usize] = false;
        } else {
            let sectors = 1 + rng.below(8) as u32;
            ftl.write_compressed(lba, sectors, &mut ops);
            live[lba as usize] = true;
        }
        if i % 100_000 == 0 {
            ftl.check_consistency().unwrap();
        }
    }
    ftl.check_consistency().unwrap();
    for (lba, &is_live) in live.iter().enumerate() {
        assert_eq!(ftl.lookup(lba as u32) != UNMAPPED, is_live, "lba {lba}");
    }
    let c = ftl.counters();
    assert!(c.gc_runs > 100);
    // Units of 1-8 sectors packed in order: about 1.4 units share each slot.
    let slots = (ops.programs[0] + ops.programs[1]) * geo.slots_per_page as u64;
    let units = c.host_units_written + c.gc_units_moved;
    assert!(slots * 4 < units * 3, "{slots} slots for {units} units");
}

/// A small TLC drive with an SLC cache: a static part and a dynamic share of free space.
fn slc_ftl(when_full: crate::scenario::SlcWhenFull, schedule: crate::scenario::FoldSchedule) -> (Geometry, Ftl) {
    let cache = crate::scenario::SlcCache {
        static_bytes: Bytes(64 * 4096),
        dynamic_percent: 40.0,
        when_full,
        fold_schedule: schedule,
        fold_batch_bytes: Bytes(96 * 4096),
        idle_fold: true,
    };
    let device = Device {
        nand: Nand { channels: 2, dies_per_channel: 2, planes_per_die: 2, blocks_per_plane: 64, pages_per_block: 48, page_bytes: 4096, ..Nand::default() },
        capacity: Capacity { op_percent: 15.0, user_bytes: Bytes(0), ..Capacity::default() },
        slc_cache: cache.clone(),
        ..Device::default()
    };
    let geo = Geometry::new(&device).unwrap();
    (geo, Ftl::new(geo, &Gc::default(), &Wear::default(), 1).with_slc_cache(&cache))
}

#[test]
fn the_slc_cache_keeps_every_unit_through_folds_reclaims_idle_and_gc() {
    use crate::scenario::{FoldSchedule, SlcWhenFull};
    for (when_full, schedule) in
        [(SlcWhenFull::Direct, FoldSchedule::Paced), (SlcWhenFull::Direct, FoldSchedule::Burst), (SlcWhenFull::FoldFirst, FoldSchedule::Paced)]
    {
        let (geo, mut ftl) = slc_ftl(when_full, schedule);
        let mut rng = SimRng::new(11);
        let mut ops = Tally::default();
        let mut live = vec![false; geo.user_units as usize];
        let user = geo.user_units as u64;
        for i in 0..300_000u64 {
            // Bursts of sequential writes, random overwrites and trims, and idle spells.
            match rng.below(100) {
                0..=59 => {
                    let lba = rng.below(user) as u32;
                    ftl.write(lba, &mut ops);
                    live[lba as usize] = true;
                }
                60..=89 => {
                    let start = rng.below(user - 64);
                    for lba in start..start + 64 {
                        ftl.write(lba as u32, &mut ops);
                        live[lba as usize] = true;
                    }
                }
                90..=94 => {
                    let lba = rng.below(user) as u32;
                    ftl.trim(lba);
                    live[lba as usize] = false;
                }
                _ => {
                    for plane in 0..geo.planes {
                        for _ in 0..rng.below(200) {
                            ftl.background_step(plane, &mut ops);
                        }
                    }
                }
            }
            if i % 50_000 == 0 {
                ftl.check_consistency().unwrap_or_else(|e| panic!("{when_full:?}/{schedule:?}: {e}"));
                let (data, size) = ftl.slc_cache_units();
                assert!(data <= size + 4 * geo.planes as u64 * geo.slc_slots_per_block as u64, "{when_full:?}/{schedule:?}: {data} in SLC, cache {size}");
            }
        }
        ftl.fold_all(&mut ops);
        ftl.check_consistency().unwrap();
        for (lba, &is_live) in live.iter().enumerate() {
            assert_eq!(ftl.lookup(lba as u32) != UNMAPPED, is_live, "{when_full:?}/{schedule:?}: lba {lba}");
        }
        let c = ftl.counters();
        println!("{when_full:?}/{schedule:?}: {} units into SLC, {} folded, {} GC runs", c.slc_units_written, c.units_folded, c.gc_runs);
        assert!(c.slc_units_written > 100_000 && c.units_folded > 10_000 && c.gc_runs > 100, "{c:?}");
        assert_eq!(ops.programs[2] * geo.slots_per_page as u64, c.slc_units_written - ftl.slc_open_units(), "SLC programs carry the SLC writes");
    }
}

#[test]
fn what_gc_is_owed_for_slc_mode_stops_at_the_working_area() {
    use crate::scenario::{FoldSchedule, SlcWhenFull};
    // A drive a quarter full, written through SLC in bursts each folded away in idle time: GC
    // is never short, so nothing is paid back, and every SLC block's other bits would stay
    // owed, growing for as long as the drive is written.
    let (geo, mut ftl) = slc_ftl(SlcWhenFull::Direct, FoldSchedule::Paced);
    let mut ops = Tally::default();
    let span = geo.user_units / 4;
    for burst in 0..200u32 {
        for i in 0..512 {
            ftl.write((burst * 512 + i) % span, &mut ops);
        }
        for plane in 0..geo.planes {
            while ftl.background_step(plane, &mut ops) {}
        }
    }
    ftl.check_consistency().unwrap();
    assert!(ftl.counters().slc_units_written >= 100_000, "{:?}", ftl.counters());
    assert!(ftl.erased_owed.iter().all(|&o| o <= ftl.gc_trigger), "owed {:?}, working area {}", ftl.erased_owed, ftl.gc_trigger);
    // Uncapped it reached 21,208 slots a plane here, and went on growing.
}

#[test]
fn a_full_drive_has_only_the_static_part_and_an_empty_one_the_dynamic_share_too() {
    use crate::scenario::{FoldSchedule, SlcWhenFull};
    let (geo, mut ftl) = slc_ftl(SlcWhenFull::Direct, FoldSchedule::Paced);
    let (_, empty) = ftl.slc_cache_units();
    assert_eq!(empty, 64 + (geo.user_units as f64 * 0.40 / 3.0) as u64);
    let mut ops = Tally::default();
    for lba in 0..geo.user_units {
        ftl.write(lba, &mut ops);
    }
    ftl.fold_all(&mut ops);
    let (data, full) = ftl.slc_cache_units();
    assert_eq!(full, 64, "static part only");
    assert!(data < geo.planes as u64 * geo.slots_per_page as u64, "folded empty: {data}");
    ftl.check_consistency().unwrap();
}

#[test]
fn writing_a_run_is_writing_each_unit() {
    // A fresh fill, then runs over data already written (units mapped, GC due), in pieces
    // of every length: the maps, counters and flash operations come out the same. Pages of
    // four slots, so a run has room to place units together.
    for pages_per_block in [16, 32] {
        let geo = geometry_with_pages(12.0, pages_per_block, 16384);
        assert_eq!(geo.slots_per_page, 4);
        let mut fresh = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
        fresh.write(0, &mut Tally::default());
        assert_eq!(fresh.place_run(1, 10, &mut Tally::default()), 2, "the page's second and third slots, together");
        let mut by_run = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
        let mut by_unit = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
        let (mut ops_run, mut ops_unit) = (Tally::default(), Tally::default());
        let mut rng = SimRng::new(3);
        let mut runs = vec![(0, geo.user_units / 2), (geo.user_units / 2, geo.user_units)];
        for _ in 0..2_000 {
            let start = rng.below(geo.user_units as u64) as u32;
            runs.push((start, (start + 1 + rng.below(40) as u32).min(geo.user_units)));
        }
        for (start, end) in runs {
            by_run.write_run(start..end, &mut ops_run);
            for lba in start..end {
                by_unit.write(lba, &mut ops_unit);
            }
        }
        assert!(by_unit.counters().gc_runs > 10);
        assert_eq!(by_run.counters(), by_unit.counters());
        assert!(by_run.l2p == by_unit.l2p && by_run.p2l == by_unit.p2l, "maps differ");
        assert_eq!(
            (ops_run.programs, ops_run.host_units, ops_run.reads, ops_run.erases),
            (ops_unit.programs, ops_unit.host_units, ops_unit.reads, ops_unit.erases)
        );
    }
}

#[test]
fn whole_victims_keep_every_unit_and_amplify_as_paced_gc_does() {
    // A preconditioning round by slot (`deferred.rs`), GC moving victims whole, against
    // overwrites by logical unit with GC at the host's pace.
    let geo = small_geometry(12.0, 32);
    let rounds = |ftl: &Ftl| ftl.counters().host_units_written / geo.user_units as u64;
    let waf = |before: FtlCounters, after: FtlCounters| {
        let host = (after.host_units_written - before.host_units_written) as f64;
        (host + (after.gc_units_moved - before.gc_units_moved) as f64) / host
    };
    let mut ops = Tally::default();
    let mut rng = SimRng::new(5);
    let mut whole = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
    whole.write_run(0..geo.user_units, &mut ops);
    whole.defer_map();
    whole.collect_whole_victims(true);
    let mut warm = whole.counters();
    while rounds(&whole) < 24 {
        if rounds(&whole) < 4 {
            warm = whole.counters();
        }
        whole.overwrite_slot(rng.below(geo.slots as u64) as u32, &mut ops);
    }
    whole.rebuild_map();
    whole.check_consistency().unwrap();
    let c = whole.counters();
    assert!(c.gc_runs > 1000, "GC ran {} times", c.gc_runs);
    for lba in 0..geo.user_units {
        assert_ne!(whole.lookup(lba), UNMAPPED, "lba {lba} lost");
    }
    // Every unit moved was read; every unit written is programmed but the open pages'.
    assert_eq!(ops.reads, c.gc_units_moved);
    assert_eq!(ops.erases, c.erases);
    let units_programmed = (ops.programs[0] + ops.programs[1]) * geo.slots_per_page as u64;
    assert!(c.host_units_written + c.gc_units_moved - units_programmed < 2 * geo.planes as u64 * geo.slots_per_page as u64);

    let mut paced = Ftl::new(geo, &Gc::default(), &Wear::default(), 1);
    let mut paced_warm = paced.counters();
    while rounds(&paced) < 25 {
        if rounds(&paced) < 5 {
            paced_warm = paced.counters();
        }
        paced.write(rng.below(geo.user_units as u64) as u32, &mut ops);
    }
    let (by_whole, by_pace) = (waf(warm, whole.counters()), waf(paced_warm, paced.counters()));
    eprintln!("WAF whole victims {by_whole:.4}, paced {by_pace:.4}");
    assert!((by_whole - by_pace).abs() < 0.02 * by_pace, "WAF whole victims {by_whole}, paced {by_pace}");
}
