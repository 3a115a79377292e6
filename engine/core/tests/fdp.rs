//! NVMe Flexible Data Placement in the FTL: hot and cold data in reclaim units of their own
//! against the same data mixed, against the analytic models (Desnoyers, SYSTOR 2012), a
//! handle written sequentially and overwritten in FIFO order, and what FDP must leave alone.

use ssd_core::ftl::{Ftl, Untimed, NO_HANDLE};
use ssd_core::media::Geometry;
use ssd_core::rng::SimRng;
use ssd_core::scenario::{Capacity, Device, Fdp, FdpIsolation, Nand, Wear};
use ssd_core::theory::waf_greedy;
use ssd_core::units::Bytes;

fn device(op_percent: f64, fdp: Fdp) -> Device {
    Device {
        nand: Nand { channels: 1, dies_per_channel: 2, planes_per_die: 2, blocks_per_plane: 512, pages_per_block: 32, page_bytes: 4096, ..Nand::default() },
        capacity: Capacity { op_percent, user_bytes: Bytes(0), ..Capacity::default() },
        fdp,
        ..Device::default()
    }
}

fn fdp(handles: u32, isolation: FdpIsolation) -> Fdp {
    Fdp { enabled: true, handles, isolation, ..Fdp::default() }
}

/// An FTL for `device` (static wear levelling off: the models know nothing of it).
fn ftl(device: &Device) -> (Ftl, Geometry) {
    let geo = Geometry::new(device).unwrap();
    (Ftl::new(geo, &device.gc, &Wear { static_spread: 0, ..Wear::default() }, 1).with_fdp(&device.fdp), geo)
}

/// WAF over host writes `steady` capacities long, after `warm` capacities of the same.
fn measure(ftl: &mut Ftl, user: u64, warm: u64, steady: u64, mut write: impl FnMut(&mut Ftl)) -> f64 {
    for _ in 0..warm * user {
        write(ftl);
    }
    let before = ftl.counters();
    for _ in 0..steady * user {
        write(ftl);
    }
    let after = ftl.counters();
    ftl.check_consistency().unwrap();
    let host = (after.host_units_written - before.host_units_written) as f64;
    (host + (after.gc_units_moved - before.gc_units_moved) as f64) / host
}

/// 90 % of writes uniform over the first 10 % of the LBAs (hot), 10 % over the rest (cold);
/// with FDP the hot ones carry placement id 1, the cold ones 0.
fn hot_cold(ftl: &mut Ftl, rng: &mut SimRng, user: u64) {
    let hot = user / 10;
    let (lba, handle) = if rng.percent(90) { (rng.below(hot), 1) } else { (hot + rng.below(user - hot), 0) };
    ftl.write_placed(lba as u32, 1, handle, &mut Untimed);
}

fn fill(ftl: &mut Ftl, user: u64) {
    for lba in 0..user {
        ftl.write_placed(lba as u32, 1, (lba < user / 10) as u16, &mut Untimed);
    }
}

/// Persistent isolation: greedy GC picks victims among both handles' blocks, so it gives
/// each handle the spare that equalises the valid share of their victims; each handle's
/// writes are uniform over its data, so each runs at the uniform-random WAF of the drive's
/// spare (the separated pools of Desnoyers' hot/cold analysis). Mixed in one frontier, the
/// cold data is copied again and again with the hot blocks it shares: greedy's WAF rises
/// with skew (Desnoyers 2012, Stoica & Ailamaki 2013).
#[test]
fn hot_and_cold_in_handles_of_their_own_copy_less_than_mixed() {
    let op = 28.0;
    let run = |fdp_on: Option<FdpIsolation>| {
        let d = device(op, fdp_on.map_or_else(Fdp::default, |i| fdp(2, i)));
        let (mut f, geo) = ftl(&d);
        let user = geo.user_units as u64;
        fill(&mut f, user);
        let mut rng = SimRng::new(11);
        let waf = measure(&mut f, user, 6, 6, |f| hot_cold(f, &mut rng, user));
        (waf, f, geo)
    };
    let (mixed, _, geo) = run(None);
    let (persistent, f, _) = run(Some(FdpIsolation::Persistently));
    let (initial, _, _) = run(Some(FdpIsolation::Initially));
    let model = waf_greedy(geo.raw_units as f64 / geo.user_units as f64, geo.slots_per_block);
    println!("OP {op}%: mixed WAF {mixed:.4}, FDP persistent {persistent:.4}, initial {initial:.4}, uniform greedy model {model:.4}");
    let c = f.fdp_counters();
    let per_handle: Vec<f64> = (0..2).map(|h| (c.host_units[h] + c.gc_units[h]) as f64 / c.host_units[h] as f64).collect();
    println!("per-handle WAF since new: cold {:.4}, hot {:.4}", per_handle[0], per_handle[1]);
    assert!((persistent - model).abs() < 0.06 * model, "FDP persistent WAF {persistent:.4} vs uniform model {model:.4}");
    assert!(mixed > 1.15 * persistent, "mixed WAF {mixed:.4} should be clearly above FDP's {persistent:.4}");
    // Initial isolation separates the host's writes only; GC's copies of both meet.
    assert!(initial < mixed && initial >= persistent * 0.97, "initial {initial:.4} between persistent {persistent:.4} and mixed {mixed:.4}");
    assert_eq!(c.gc_units[ssd_core::scenario::MAX_FDP_HANDLES as usize], 0, "persistent isolation never mixes");
}

/// A handle written sequentially over its region and overwritten in the same order (a FIFO
/// log, as CacheLib's BlockCache regions, 90 % of the drive and of the writes): its reclaim
/// units go invalid whole, so GC finds them empty and the handle's WAF is 1, while random
/// data of another handle (BigHash's part) pays GC. (With the log only half the drive,
/// greedy GC takes its oldest units while they are still being overwritten, whenever they
/// are emptier than the random handle's victims: 1.46 at 12 % OP, measured when this test
/// was written. FDP separates data; GC's policy still decides what it copies.)
#[test]
fn a_fifo_overwritten_handle_copies_nothing() {
    let d = device(12.0, fdp(2, FdpIsolation::Persistently));
    let (mut f, geo) = ftl(&d);
    let user = geo.user_units as u64;
    let log = user * 9 / 10;
    fill(&mut f, user);
    let (mut rng, mut next) = (SimRng::new(5), 0u64);
    let before = f.fdp_counters();
    let waf = measure(&mut f, user, 4, 4, |f| {
        if rng.percent(90) {
            f.write_placed(next as u32, 1, 1, &mut Untimed);
            next = (next + 1) % log;
        } else {
            f.write_placed((log + rng.below(user - log)) as u32, 1, 0, &mut Untimed);
        }
    });
    let c = f.fdp_counters();
    let host = |h: usize| (c.host_units[h] - before.host_units[h]) as f64;
    let gc = |h: usize| (c.gc_units[h] - before.gc_units[h]) as f64;
    let (log_waf, random_waf) = ((host(1) + gc(1)) / host(1), (host(0) + gc(0)) / host(0));
    println!("overall WAF {waf:.4}; FIFO log handle {log_waf:.4}, random handle {random_waf:.4}");
    assert!(log_waf < 1.005, "FIFO handle WAF {log_waf:.4}");
    assert!(random_waf > 1.05, "the random handle still pays GC ({random_waf:.4})");
    // Its RUs opened: one per RU's worth of data programmed into its units (blocks opened /
    // planes), give or take the units open at either end.
    let opened = (c.blocks_opened[1] - before.blocks_opened[1]) as f64 / geo.planes as f64;
    let expected = (host(1) + gc(1)) / (geo.planes * geo.slots_per_block) as f64;
    println!("RUs opened {opened} for {expected:.1} RUs of data");
    assert!((opened - expected).abs() <= 3.0, "RUs opened {opened} for {expected:.1} RUs of data");
}

/// Every closed or open block belongs to the handle whose data filled it; free blocks to none.
#[test]
fn blocks_remember_their_handle() {
    let d = device(28.0, fdp(4, FdpIsolation::Persistently));
    let (mut f, geo) = ftl(&d);
    let user = geo.user_units as u64;
    let mut rng = SimRng::new(3);
    for _ in 0..3 * user {
        let lba = rng.below(user);
        f.write_placed(lba as u32, 1, (lba % 4) as u16, &mut Untimed);
    }
    f.check_consistency().unwrap();
    let map = f.block_map();
    assert_eq!(map.handles.len(), geo.blocks as usize);
    for b in 0..geo.blocks {
        let handle = map.handles[b as usize];
        if map.states[b as usize] == ssd_core::ftl::BlockMap::FREE {
            assert_eq!(handle, NO_HANDLE);
            continue;
        }
        assert!(handle < 4, "block {b} has handle {handle}");
        for slot in b * geo.slots_per_block..(b + 1) * geo.slots_per_block {
            let lba = f.slot_unit(slot);
            if lba != ssd_core::ftl::UNMAPPED && f.lookup(lba) == slot {
                assert_eq!(lba % 4, handle as u32, "block {b} of handle {handle} holds unit {lba}");
            }
        }
    }
    // The drive-state view's cells: the state cells, then a handle per cell (one block a
    // cell here: the block's handle).
    let mut cells = Vec::new();
    assert_eq!(f.block_cells(geo.blocks, &mut cells), 1);
    assert_eq!(cells.len(), 2 * geo.blocks as usize);
    assert_eq!(&cells[geo.blocks as usize..], &map.handles[..]);
    let mut coarse = Vec::new();
    let per = f.block_cells(geo.blocks / 8, &mut coarse);
    assert_eq!(coarse.len(), 2 * geo.blocks.div_ceil(per) as usize);
    assert!(coarse[coarse.len() / 2..].iter().all(|&h| h < 4 || h == NO_HANDLE));
    // A placement id the drive does not have goes to the default handle, counted.
    f.write_placed(1, 1, 9, &mut Untimed);
    assert_eq!(f.fdp_counters().invalid_placements, 1);
}

/// FDP with one handle is today's drive: the same geometry, the same frontiers, bit for bit
/// the same summary; the report only adds the per-handle section.
#[test]
fn one_handle_gives_todays_numbers_bit_for_bit() {
    for preset in ["tlc-steady-state-random-write", "tlc-latency-trace", "tlc-random-read", "tlc-whole-drive-write"] {
        let off = ssd_core::presets::find(preset).unwrap().scenario().unwrap();
        assert!(!off.device.slc_cache.enabled() && !off.device.controller.compression, "{preset} needs no SLC cache for FDP");
        let mut on = off.clone();
        for isolation in [FdpIsolation::Initially, FdpIsolation::Persistently] {
            on.device.fdp = fdp(1, isolation);
            let (a, b) = (ssd_core::Simulation::run_to_end(&off).unwrap(), ssd_core::Simulation::run_to_end(&on).unwrap());
            // Every number and line as before; FDP only adds its handles' WAF lines.
            let lines = |r: &ssd_core::Report| {
                r.series.iter().filter(|l| !l.id.starts_with("placement_waf.")).map(|l| serde_json::to_string(l).unwrap()).collect::<Vec<_>>()
            };
            assert!(
                serde_json::to_string(&a.summary).unwrap() == serde_json::to_string(&b.summary).unwrap(),
                "{preset}: FDP with one handle ({isolation:?}) changed the summary"
            );
            assert!(lines(&a) == lines(&b), "{preset}: FDP with one handle ({isolation:?}) changed a series");
            let has_waf = a.series.iter().any(|l| l.id == "waf") as usize;
            assert_eq!(b.series.len(), a.series.len() + has_waf, "{preset}: one WAF line for the one handle, beside the drive's");
            assert!(a.placement.is_none());
            let handles = b.placement.expect("FDP reports its handles").handles;
            assert_eq!(handles.len(), 1);
            assert_eq!(handles[0].host_written_bytes, b.summary.host_written_bytes, "{preset}: every host byte went through handle 0");
        }
    }
}

/// What FDP does not model is refused naming the field, never run half-right.
#[test]
fn unsupported_combinations_are_refused_naming_the_field() {
    use ssd_core::scenario::{ErrorCode, Scenario};
    let refused = |json: &str, field: &str, code: ErrorCode| {
        let e = Scenario::from_json(json).expect_err(json);
        assert_eq!((e.field.as_str(), e.code), (field, code), "{json} → {e}");
    };
    refused(r#"{"device": {"fdp": {"enabled": true, "handles": 17}}}"#, "device.fdp.handles", ErrorCode::OutOfRange);
    refused(r#"{"device": {"fdp": {"enabled": true, "handles": 0}}}"#, "device.fdp.handles", ErrorCode::OutOfRange);
    refused(r#"{"device": {"fdp": {"enabled": true}, "slc_cache": {"dynamic_percent": 10}}}"#, "device.fdp.enabled", ErrorCode::Inconsistent);
    refused(r#"{"device": {"fdp": {"enabled": true}, "controller": {"compression": true}}}"#, "device.fdp.enabled", ErrorCode::Inconsistent);
    refused(r#"{"device": {"kind": "hybrid", "fdp": {"enabled": true}}}"#, "device.fdp.enabled", ErrorCode::Inconsistent);
    refused(r#"{"device": {"fdp": {"isolation": "sideways"}}}"#, "device.fdp.isolation", ErrorCode::InvalidOption);
    let s = Scenario::from_json(r#"{"device": {"fdp": {"enabled": true, "handles": 16, "isolation": "initially"}}}"#).unwrap();
    assert_eq!(s.device.fdp.handles, 16);
}

/// Every handle count, isolation and GC policy on a tiny drive with little spare, under
/// random writes and trims with random placement ids (some the drive does not have): the
/// FTL keeps its invariants and never runs out of free blocks.
#[test]
fn many_handles_on_a_tiny_drive_keep_the_ftl_consistent() {
    use ssd_core::scenario::{Gc, GcPolicy};
    for (handles, isolation, policy) in [
        (16, FdpIsolation::Persistently, GcPolicy::Greedy),
        (16, FdpIsolation::Initially, GcPolicy::Fifo),
        (7, FdpIsolation::Persistently, GcPolicy::CostBenefit),
        (3, FdpIsolation::Persistently, GcPolicy::Fifo),
    ] {
        let mut d = device(4.0, fdp(handles, isolation));
        d.nand.blocks_per_plane = 24;
        d.gc = Gc { policy, ..Gc::default() };
        let geo = Geometry::new(&d).unwrap();
        let mut f = Ftl::new(geo, &d.gc, &d.wear, 1).with_fdp(&d.fdp);
        let user = geo.user_units as u64;
        let mut rng = SimRng::new(handles as u64);
        for _ in 0..8 * user {
            let lba = rng.below(user) as u32;
            if rng.percent(5) {
                f.trim(lba);
            } else {
                f.write_placed(lba, 1, rng.below(handles as u64 + 2) as u16, &mut Untimed);
            }
        }
        f.check_consistency().unwrap_or_else(|e| panic!("{handles} handles {isolation:?} {policy:?}: {e}"));
        let c = f.fdp_counters();
        assert_eq!(c.host_units.iter().sum::<u64>(), f.counters().host_units_written, "every host unit counted once");
        assert_eq!(c.gc_units.iter().sum::<u64>(), f.counters().gc_units_moved, "every GC copy counted once");
        assert!(c.invalid_placements > 0);
    }
}

/// The drive-state view of an FDP run says its cells carry handles, and carries them.
#[test]
fn drive_state_snapshots_carry_a_handle_per_cell() {
    let run = |fdp_on: bool| {
        let mut s = ssd_core::presets::find("tlc-steady-state-random-write").unwrap().scenario().unwrap();
        s.device.fdp = Fdp { enabled: fdp_on, handles: 2, isolation: FdpIsolation::Persistently, ..Fdp::default() };
        let mut sim = ssd_core::Simulation::new(&s).unwrap();
        while !sim.run(1 << 20) {}
        let json: serde_json::Value = serde_json::from_str(&sim.snapshots_json()).unwrap();
        (json, sim.snapshot_cells().to_vec())
    };
    let ((off, off_cells), (on, on_cells)) = (run(false), run(true));
    assert!(off.get("handle_cells").is_none());
    assert_eq!(on["handle_cells"], true);
    let per = on["cells_per_snapshot"].as_u64().unwrap() as usize;
    // Two handles' open units are working blocks beyond the raw capacity: more blocks.
    let cells = |j: &serde_json::Value| j["blocks"].as_u64().unwrap().div_ceil(j["cell_blocks"].as_u64().unwrap()) as usize;
    assert_eq!(per, 2 * cells(&on));
    assert_eq!(off["cells_per_snapshot"].as_u64().unwrap() as usize, cells(&off));
    assert_eq!(on_cells.len(), per * on["snapshots"].as_array().unwrap().len());
    // Every write carried no placement id: written cells are handle 0's, the rest none.
    let last = &on_cells[on_cells.len() - per / 2..];
    assert!(last.iter().all(|&h| h == 0 || h == NO_HANDLE) && last.contains(&0), "{last:?}");
    assert!(!off_cells.is_empty());
}

/// Each handle gets a write-amplification line over time beside the drive's, ending on the
/// value `report.placement` states; a drive without FDP draws none.
#[test]
fn every_handle_has_a_waf_line_ending_on_its_reported_value() {
    let mut s = ssd_core::presets::find("tlc-steady-state-random-write").unwrap().scenario().unwrap();
    let off = ssd_core::Simulation::run_to_end(&s).unwrap();
    assert!(off.series.iter().all(|l| !l.id.starts_with("placement_waf")));
    s.device.fdp = fdp(2, FdpIsolation::Persistently);
    let r = ssd_core::Simulation::run_to_end(&s).unwrap();
    let line = |h: usize| r.series.iter().find(|l| l.id == format!("placement_waf.{h}")).unwrap_or_else(|| panic!("no line for handle {h}"));
    let handles = r.placement.as_ref().unwrap();
    // The preset's job tags nothing: handle 0 writes everything, at the drive's data WAF.
    let last = line(0).points.last().unwrap()[1];
    assert_eq!(last, handles.handles[0].write_amplification);
    assert!(last > 2.0, "steady-state random writes at 7 % OP: WAF {last}");
    assert!(line(0).points.len() > 10);
    assert_eq!(line(1).label, "handle 1");
    assert!(line(1).points.is_empty(), "handle 1 wrote nothing");
}
