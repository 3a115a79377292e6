//! Zoned Namespaces, the commands: Zone Append (the drive picks the LBA at the write
//! pointer and returns it), Zone Management Send (open, close, finish, reset) at the drive,
//! and the host store's knobs that use them (`zone_writes`, `explicit_open`,
//! `after_cleaning`), each measured on a run; and the zoned drive's snapshots, whose cells
//! carry each block's zone state for the page's drive panel.

use ssd_core::device::zns::{ZoneState, ZoneStatus, ZonedSsd};
use ssd_core::media::{Geometry, ZoneAction};
use ssd_core::metrics::Unbooked;
use ssd_core::scenario::{AfterCleaning, Device, Nand, Precondition, Scenario, Workload, Zns, ZoneWrites, ZonedLog};
use ssd_core::sim::Simulation;
use ssd_core::Summary;

/// A small TLC drive: 16 planes, 16 KiB pages, 64-page blocks (a 16 MiB superblock zone).
fn device(blocks: u32) -> Device {
    Device {
        nand: Nand { blocks_per_plane: blocks, pages_per_block: 64, ..Nand::default() },
        zns: Zns { enabled: true, ..Zns::default() },
        ..Device::default()
    }
}

fn drive(max_open: u32) -> ZonedSsd {
    let mut d = device(32);
    d.zns.max_open_zones = max_open;
    d.zns.max_active_zones = 8;
    ZonedSsd::new(&d, Geometry::new(&d).unwrap(), 1)
}

/// Appends in flight together to one zone each land at the write pointer the drive had
/// when it took them, and say so; regular writes that reach the zone out of order are
/// refused as Zone Invalid Write, naming the zone, and write nothing.
#[test]
fn appends_are_ordered_by_the_drive_and_writes_out_of_order_are_refused() {
    let mut z = drive(4);
    let zu = z.layout.zone_units;
    let landed: Vec<Option<u32>> = (0..3).map(|_| z.append(0, 2, 4, &mut Unbooked).1).collect();
    assert_eq!(landed, vec![Some(2 * zu), Some(2 * zu + 4), Some(2 * zu + 8)], "increasing LBAs from the zone's start");
    assert_eq!((z.zones.wp[2], z.zones.state[2], z.counters.appends), (12, ZoneState::ImplicitOpen, 3));
    // Two regular writes sent in order 13, 12 (as a path that reorders delivers them).
    z.write(0, 2 * zu + 13, 1, &mut Unbooked);
    assert_eq!(z.counters.errors[ZoneStatus::InvalidWrite as usize], 1);
    let e = z.first_error.unwrap();
    assert_eq!((e.zone, e.status, e.lba), (2, ZoneStatus::InvalidWrite, 2 * zu + 13));
    assert_eq!(z.zones.wp[2], 12, "a refused write moves nothing");
    z.write(0, 2 * zu + 12, 1, &mut Unbooked);
    assert_eq!((z.zones.wp[2], z.counters.host_units_written), (13, 13));
    // An append past the zone's capacity is refused whole.
    let cap = z.layout.capacity_units;
    assert_eq!(z.append(0, 2, cap, &mut Unbooked).1, None);
    assert_eq!(z.counters.errors[ZoneStatus::Boundary as usize], 1);
}

/// Zone Open takes an open slot the drive cannot take back: past the limit an open, or a
/// write to another zone, is refused (Too Many Open Zones), the zone named; an implicitly
/// opened zone is closed to make room instead. Close gives the slot back.
#[test]
fn explicit_opens_count_against_the_open_limit() {
    let mut z = drive(2);
    z.write(0, 0, 1, &mut Unbooked);
    z.manage(0, 5, ZoneAction::Open);
    z.manage(0, 6, ZoneAction::Open);
    assert_eq!((z.zones.state[0], z.zones.state[5], z.zones.state[6]), (ZoneState::Closed, ZoneState::ExplicitOpen, ZoneState::ExplicitOpen));
    assert_eq!((z.counters.opens, z.zones.open, z.zones.implicit_closes), (2, 2, 1));
    z.manage(0, 7, ZoneAction::Open);
    let zu = z.layout.zone_units;
    z.write(0, 8 * zu, 1, &mut Unbooked);
    assert_eq!(z.counters.errors[ZoneStatus::TooManyOpen as usize], 2, "an open and a write past the limit");
    assert_eq!(z.first_error.map(|e| (e.zone, e.status)), Some((7, ZoneStatus::TooManyOpen)));
    assert_eq!((z.zones.state[7], z.zones.state[8], z.counters.opens), (ZoneState::Empty, ZoneState::Empty, 2));
    z.manage(0, 5, ZoneAction::Close);
    z.manage(0, 7, ZoneAction::Open);
    assert_eq!((z.zones.state[5], z.zones.state[7], z.counters.closes, z.counters.opens), (ZoneState::Empty, ZoneState::ExplicitOpen, 1, 3));
}

/// Finish makes a part-written zone full where its write pointer is and pads the program
/// operation its last data sits in (the device's write amplification goes over 1 by
/// exactly that); reset empties it and erases its blocks.
#[test]
fn finish_fills_and_pads_and_reset_empties() {
    let mut z = drive(4);
    z.write(0, 0, 13, &mut Unbooked);
    let g = *z.geometry();
    let op_units = g.slots_per_page * g.pages_per_program;
    z.manage(0, 0, ZoneAction::Finish);
    assert_eq!((z.zones.state[0], z.zones.wp[0], z.counters.finishes), (ZoneState::Full, z.layout.capacity_units, 1));
    let pad = 13u32.div_ceil(op_units) * op_units - 13;
    assert_eq!(z.counters.pad_units, pad as u64);
    assert_eq!(z.counters.units_programmed, 13 + pad as u64, "the host's units and the padding, nothing else");
    assert_eq!(z.append(0, 0, 1, &mut Unbooked).1, None, "a full zone takes no more");
    assert_eq!(z.counters.errors[ZoneStatus::ZoneIsFull as usize], 1);
    let erases = z.flash_counters().erases;
    z.manage(0, 0, ZoneAction::Reset);
    assert_eq!((z.zones.state[0], z.zones.wp[0], z.counters.resets), (ZoneState::Empty, 0, 1));
    // Each program operation went to its own plane: a block erased on each plane written.
    assert_eq!(z.flash_counters().erases - erases, 13u32.div_ceil(op_units).min(g.planes) as u64);
    assert_eq!(z.append(0, 0, 4, &mut Unbooked).1, Some(0), "written again from its start");
}

fn store(w: ZonedLog, max_open: u32) -> Scenario {
    let mut d = device(64);
    d.zns.max_open_zones = max_open;
    Scenario { device: d, workload: Workload::ZonedLog(w), precondition: Precondition { fill_percent: 0.0, random_rounds: 0.0 }, ..Scenario::default() }
}

fn knobs(zone_writes: ZoneWrites) -> ZonedLog {
    ZonedLog { utilisation_percent: 75.0, overwrites: 1.5, iodepth: 8, zone_writes, ..ZonedLog::default() }
}

fn run(s: &Scenario) -> (Summary, ssd_core::host::zoned_log::ZonedLogCounters) {
    let mut sim = Simulation::new(s).unwrap();
    while !sim.run(1 << 20) {}
    (sim.summary(), sim.zoned_log_counters().unwrap())
}

/// The three ways to write, on the same store: device WAF 1.00 and the host's WAF its
/// copies over its writes in each; appends counted by the drive and recorded by the host
/// from their completions. One write in flight per zone costs throughput at queue depth 8
/// (a little here: a write-only store is held by the flash's program rate, not the queue);
/// appends, ordered by the drive, keep the queue full and run as in-order writes do.
#[test]
fn appends_keep_the_queue_full_where_locked_writes_cannot() {
    let mut mb_s = Vec::new();
    for mode in [ZoneWrites::Write, ZoneWrites::WriteLocked, ZoneWrites::Append] {
        let (s, c) = run(&store(knobs(mode), 14));
        let zns = s.zns.as_ref().unwrap();
        let host = s.zoned_log.as_ref().unwrap();
        println!(
            "{mode:?}: {:.1} MB/s, host WAF {:.4}, device WAF {}, appends {}, errors {}",
            s.write_mb_per_s, host.host_write_amplification, zns.zns_device_write_amplification, zns.zns_append_commands, zns.zns_errors
        );
        assert_eq!(zns.zns_device_write_amplification, 1.0, "{mode:?}");
        assert_eq!(zns.zns_errors, 0.0, "{mode:?}");
        assert!(c.copied_units > 0);
        assert_eq!(host.host_write_amplification, (c.user_units + c.copied_units) as f64 / c.user_units as f64);
        assert_eq!(s.host_written_bytes, ((c.user_units + c.copied_units) * 4096) as f64, "{mode:?}: every write and copy reached the drive");
        if mode == ZoneWrites::Append {
            // One per user block, and a copy's run (32 blocks at most) split where a zone ends.
            assert!(zns.zns_append_commands >= c.user_units as f64 + (c.copied_units as f64 / 32.0).ceil());
        } else {
            assert_eq!(zns.zns_append_commands, 0.0);
        }
        mb_s.push(s.write_mb_per_s);
    }
    let [write, locked, append] = mb_s[..] else { unreachable!() };
    assert!(locked < 0.98 * write, "one write in flight per zone: {locked:.1} vs {write:.1} MB/s");
    assert_eq!(append, write, "appends in flight together, placed by the drive as in-order writes are");
}

/// Explicit opens: the host opens every zone before writing it (its two frontiers each
/// time they move to a fresh zone); with one open zone allowed, the second frontier's open
/// and writes are refused as the drive would, zone named, and the run goes on.
#[test]
fn explicit_opens_are_counted_and_refused_past_the_limit() {
    let (s, c) = run(&store(ZonedLog { explicit_open: true, ..knobs(ZoneWrites::Write) }, 14));
    let zns = s.zns.as_ref().unwrap();
    assert_eq!(zns.zns_errors, 0.0);
    // Each fresh frontier zone is opened once: the zones the host filled, give or take the
    // two it ends in.
    let zones_written = (c.user_units + c.copied_units) as f64 / (zns.zns_zone_capacity_bytes / 4096.0);
    assert!((zns.zns_open_commands - zones_written).abs() <= 3.0, "{} opens, {zones_written:.1} zones written", zns.zns_open_commands);
    let (s, _) = run(&store(ZonedLog { explicit_open: true, ..knobs(ZoneWrites::Write) }, 1));
    let zns = s.zns.as_ref().unwrap();
    println!("one open zone: {} refused, {} Too Many Open, first in zone {}", zns.zns_errors, zns.zns_errors_too_many_open, zns.zns_first_error_zone);
    assert!(zns.zns_errors_too_many_open > 0.0);
    assert!(zns.zns_first_error_zone >= 0.0);
}

/// What the host does with its cleaning zone between passes: closing it is counted and
/// changes nothing else; finishing it pads (device WAF over 1 by the padding, exactly) and
/// loses the rest of the zone to the host, whose WAF rises.
#[test]
fn closing_or_finishing_the_cleaning_zone_is_measured() {
    let summary = |after| run(&store(ZonedLog { after_cleaning: after, ..knobs(ZoneWrites::Write) }, 14)).0;
    let (keep, close, finish) = (summary(AfterCleaning::KeepOpen), summary(AfterCleaning::Close), summary(AfterCleaning::Finish));
    let waf = |s: &Summary| s.zoned_log.as_ref().unwrap().host_write_amplification;
    let (kz, cz, fz) = (keep.zns.as_ref().unwrap(), close.zns.as_ref().unwrap(), finish.zns.as_ref().unwrap());
    println!(
        "host WAF: keep open {:.4}, close {:.4}, finish {:.4} ({} finishes, {:.0} KiB padding, device WAF {:.5})",
        waf(&keep),
        waf(&close),
        waf(&finish),
        fz.zns_zones_finished,
        fz.zns_pad_bytes / 1024.0,
        fz.zns_device_write_amplification
    );
    assert_eq!((kz.zns_close_commands, kz.zns_zones_finished), (0.0, 0.0));
    assert!(cz.zns_close_commands > 0.0 && cz.zns_errors == 0.0);
    assert_eq!(waf(&close), waf(&keep), "a closed zone keeps its room");
    assert!(fz.zns_zones_finished > 0.0 && fz.zns_errors == 0.0);
    assert!(waf(&finish) > waf(&keep), "finished zones' rest is lost to the host");
    assert!(fz.zns_pad_bytes > 0.0);
    assert!((fz.zns_device_write_amplification - (1.0 + fz.zns_pad_bytes / finish.host_written_bytes)).abs() < 1e-9, "the padding and nothing else");
    assert_eq!(kz.zns_device_write_amplification, 1.0);
}

/// The zone commands exist only on a zoned drive: on a block drive the knobs that ask for
/// them do nothing (the catalogue marks them inert there), the store writing its regions in
/// order: the same numbers bit for bit.
#[test]
fn zone_commands_do_nothing_on_a_block_drive() {
    let block = |w: ZonedLog| {
        let mut s = store(w, 14);
        s.device.zns.enabled = false;
        s.workload = match s.workload {
            Workload::ZonedLog(w) => Workload::ZonedLog(ZonedLog { overwrites: 0.3, ..w }),
            other => other,
        };
        run(&s).0
    };
    let plain = block(knobs(ZoneWrites::Write));
    assert!(plain.zns.is_none() && plain.zoned_log.as_ref().unwrap().host_write_amplification > 1.0);
    for w in [
        knobs(ZoneWrites::Append),
        knobs(ZoneWrites::WriteLocked),
        ZonedLog { explicit_open: true, after_cleaning: AfterCleaning::Finish, ..knobs(ZoneWrites::Write) },
    ] {
        assert_eq!(block(w.clone()), plain, "{w:?}");
    }
}

/// A zoned run keeps drive-state snapshots for the page's drive panel: state cells, then
/// as many zone-state cells, flagged `zone_cells`; the last snapshot's zone cells agree
/// with the drive's zones, and its free blocks are the empty zones' blocks.
#[test]
fn a_zoned_run_keeps_snapshots_with_zone_states() {
    let mut sim = Simulation::new(&store(knobs(ZoneWrites::Append), 14)).unwrap();
    while !sim.run(1 << 20) {}
    let json: serde_json::Value = serde_json::from_str(&sim.snapshots_json()).unwrap();
    let cells = sim.snapshot_cells().to_vec();
    assert_eq!(json["zone_cells"], true);
    assert!(json.get("handle_cells").is_none());
    let snaps = json["snapshots"].as_array().unwrap();
    assert!(snaps.len() > 4, "{} snapshots", snaps.len());
    let per = json["cells_per_snapshot"].as_u64().unwrap() as usize;
    let cell_blocks = json["cell_blocks"].as_u64().unwrap() as usize;
    let blocks = json["blocks"].as_u64().unwrap() as usize;
    assert_eq!(per, 2 * blocks.div_ceil(cell_blocks));
    assert_eq!(cells.len(), per * snaps.len());
    let last = &cells[cells.len() - per..];
    let (state, zone) = last.split_at(per / 2);
    let z = sim.drive().zoned().unwrap();
    let map = sim.block_map().unwrap();
    let empty_blocks = map.zone_states.iter().filter(|&&s| s == ZoneState::Empty as u8).count();
    assert_eq!(snaps.last().unwrap()["free_blocks"].as_u64().unwrap() as usize, empty_blocks + map.zones.iter().filter(|&&z| z == u32::MAX).count());
    assert!(zone.iter().all(|&s| s < 7 || s == 255));
    if cell_blocks == 1 {
        for (b, (&st, &zs)) in state.iter().zip(zone).enumerate() {
            assert_eq!(zs, map.zone_states[b], "block {b}");
            let open = zs == ZoneState::ImplicitOpen as u8 || zs == ZoneState::ExplicitOpen as u8;
            assert_eq!(st & 3 == 1, open, "block {b}: open in both runs");
        }
    }
    assert!(zone.contains(&(ZoneState::Full as u8)) && zone.contains(&(ZoneState::ImplicitOpen as u8)));
    assert_eq!(z.zones.state_counts().iter().sum::<u32>(), z.layout.zones);
}
