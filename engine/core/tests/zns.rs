//! Zoned Namespaces: the zoned drive programs what the host writes once (device WAF 1.00,
//! measured), refuses writes off the write pointer or past the limits as a drive does
//! (counted by status and zone, the run going on), and the host's log-structured store
//! pays the cleaning instead: its write amplification is its copies over its writes, and
//! under uniform random overwrites follows the greedy model at the host's spare factor.

use ssd_core::device::zns::ZoneState;
use ssd_core::scenario::{Capacity, Device, Job, Nand, Precondition, Rw, Scenario, Workload, Zns, ZonedLog};
use ssd_core::sim::Simulation;
use ssd_core::theory::waf_greedy;
use ssd_core::units::Bytes;

/// A small TLC drive: 16 planes, 16 KiB pages, 64-page blocks (a 16 MiB superblock zone),
/// `blocks` blocks per plane.
fn device(blocks: u32, zoned: bool) -> Device {
    Device {
        nand: Nand { blocks_per_plane: blocks, pages_per_block: 64, ..Nand::default() },
        zns: Zns { enabled: zoned, ..Zns::default() },
        ..Device::default()
    }
}

fn zoned_log(utilisation: f64, overwrites: f64) -> Workload {
    Workload::ZonedLog(ZonedLog { utilisation_percent: utilisation, overwrites, iodepth: 4, ..ZonedLog::default() })
}

fn scenario(device: Device, workload: Workload) -> Scenario {
    Scenario { device, workload, precondition: Precondition { fill_percent: 0.0, random_rounds: 0.0 }, ..Scenario::default() }
}

#[test]
fn the_drive_writes_once_and_the_host_pays_its_copies() {
    let mut sim = Simulation::new(&scenario(device(64, true), zoned_log(75.0, 2.0))).unwrap();
    while !sim.run(1 << 20) {}
    let s = sim.summary();
    let zns = s.zns.as_ref().expect("a zoned drive's section");
    let host = s.zoned_log.as_ref().expect("the host store's section");
    let c = sim.zoned_log_counters().unwrap();
    let z = sim.drive().zoned().unwrap();
    println!(
        "zoned: host WAF {:.4}, device WAF {}, resets {}, {:.1} MB/s",
        host.host_write_amplification, s.write_amplification, zns.zns_zone_resets, s.write_mb_per_s
    );
    // Device WAF: NAND pages the controller programmed (its own counter) and the units
    // still in the write buffer, over what the host wrote: exactly once.
    assert_eq!(s.write_amplification, 1.0);
    assert_eq!(zns.zns_device_write_amplification, 1.0);
    let spp = z.geometry().slots_per_page as u64;
    assert_eq!(z.flash_counters().host_page_programs * spp, (zns.zns_nand_written_bytes / 4096.0) as u64, "every programmed page counted");
    assert_eq!(z.flash_counters().gc_page_programs, 0, "no GC on a zoned drive");
    // The host's WAF is its copies over its writes, both counted, and the drive saw both.
    assert!(c.copied_units > 0 && c.cleanings > 0);
    let want = (c.user_units + c.copied_units) as f64 / c.user_units as f64;
    assert_eq!(host.host_write_amplification, want);
    assert_eq!(s.host_written_bytes, ((c.user_units + c.copied_units) * 4096) as f64, "the drive received every user write and copy");
    assert_eq!(s.host_read_bytes, (c.copied_units * 4096) as f64, "each copy was read once");
    assert_eq!(zns.zns_zone_resets, c.cleanings as f64, "one reset per cleaning");
    assert_eq!(zns.zns_errors, 0.0, "the host writes only at the write pointers");
    assert!(host.host_write_amplification > 1.2, "75 % utilisation costs the host copies");
    // Each reset erased its zone's blocks: a block per plane here.
    assert_eq!(z.flash_counters().erases, c.cleanings * 16);
}

/// Uniform random overwrites, greedy victims: the host's WAF at steady state against
/// Desnoyers' greedy model at the host's spare factor (zones' capacity over its data set;
/// a zone of capacity units is the model's block).
#[test]
fn host_cleaning_follows_the_greedy_model() {
    for utilisation in [60.0, 80.0] {
        let mut sim = Simulation::new(&scenario(device(128, true), zoned_log(utilisation, 5.0))).unwrap();
        let z = sim.drive().zoned().unwrap().layout;
        let data = (z.writable_units() as f64 * utilisation / 100.0) as u64;
        // Steady state after two data sets of overwrites; measure the rest.
        let mut before = None;
        while !sim.run(1 << 14) {
            let c = sim.zoned_log_counters().unwrap();
            if before.is_none() && c.user_units >= 2 * data {
                before = Some(c);
            }
        }
        let (b, a) = (before.unwrap(), sim.zoned_log_counters().unwrap());
        let waf = ((a.user_units - b.user_units) + (a.copied_units - b.copied_units)) as f64 / (a.user_units - b.user_units) as f64;
        // The host's spare is its zones less those that hold no data on average: the
        // reserve kept empty (`clean_at_free_zones`, and half a zone more: cleaning starts
        // at the reserve and stops one reset above it) and its two open zones, each half
        // written on average: 1 + 1.5 zones here. (The FTL's working blocks are left out
        // of its spare factor alike: `waf_theory.rs`.)
        let idle_zones = ZonedLog::default().clean_at_free_zones as f64 + 1.5;
        let alpha = (z.zones as f64 - idle_zones) * z.capacity_units as f64 / data as f64;
        let model = waf_greedy(alpha, z.capacity_units);
        let error = (waf - model) / model;
        println!(
            "utilisation {utilisation} %: host WAF {waf:.4}, greedy model {model:.4} (alpha {alpha:.4}, {} zones), error {:+.2} %",
            z.zones,
            error * 100.0
        );
        assert!(error.abs() < 0.02, "host WAF {waf:.4} vs model {model:.4}");
        assert_eq!(sim.summary().write_amplification, 1.0);
    }
}

/// A plain fio job on a zoned drive: random writes land off the write pointers and are
/// refused with Zone Invalid Write, the zone named; the run goes on and reports them.
#[test]
fn writes_off_the_write_pointer_are_refused_by_zone_and_status() {
    let job = Job { rw: Rw::Randwrite, bs: Bytes(4096), iodepth: 4, size: Bytes(0), io_size: Bytes(4 << 20), runtime: 0.0, ..Job::default() };
    let mut sim = Simulation::new(&scenario(device(64, true), Workload::Job(job))).unwrap();
    while !sim.run(1 << 20) {}
    let s = sim.summary();
    let zns = s.zns.as_ref().unwrap();
    let z = sim.drive().zoned().unwrap();
    println!("random writes on zones: {} refused of {}, first in zone {}", zns.zns_errors, 1024, zns.zns_first_error_zone);
    assert!(zns.zns_errors_invalid_write > 1000.0, "{}", zns.zns_errors_invalid_write);
    assert_eq!(zns.zns_errors, zns.zns_errors_invalid_write + zns.zns_errors_too_many_open + zns.zns_errors_too_many_active);
    let first = z.first_error.unwrap();
    assert_eq!(first.zone as f64, zns.zns_first_error_zone);
    assert_eq!(first.zone, first.lba / z.layout.zone_units, "the error names the zone the LBA is in");
    assert!(zns.zns_zones_with_errors > 10.0);
    // Only writes that happened to land on a write pointer (LBA 0 of an empty zone) were taken.
    assert_eq!(z.counters.host_units_written as f64 * 4096.0, s.host_written_bytes - zns.zns_errors * 4096.0);
}

/// Sequential writes fill zones in order; past the open limit the drive closes the zone
/// written longest ago; with a full drive, writes are refused as Zone Is Full.
#[test]
fn sequential_writes_fill_zones_and_a_full_drive_refuses_more() {
    let mut d = device(32, true);
    d.zns.max_open_zones = 2;
    d.zns.max_active_zones = 2;
    d.zns.zone_capacity_percent = 50.0;
    let user = (32u64 * 16) << 20;
    // Writes the whole LBA space in order: half of each zone is past its capacity.
    let job = Job { rw: Rw::Write, bs: Bytes(64 << 10), iodepth: 1, size: Bytes(0), io_size: Bytes(user), runtime: 0.0, ..Job::default() };
    let mut sim = Simulation::new(&scenario(d, Workload::Job(job))).unwrap();
    while !sim.run(1 << 20) {}
    let s = sim.summary();
    let zns = s.zns.as_ref().unwrap();
    // Half of a 4096-unit zone, rounded down to whole 192-unit program stripes (16 planes
    // x 3 pages x 4 units): 1920 units, 7.5 MiB.
    assert_eq!(zns.zns_zone_capacity_bytes, (1920 * 4096) as f64);
    assert_eq!(zns.zns_zones_full, 32.0, "every zone written to its capacity");
    assert_eq!(zns.zns_errors_zone_full, (32 * (4096 - 1920) / 16) as f64, "the rest of each zone refused: Zone Is Full");
    assert_eq!(zns.zns_device_write_amplification, 1.0);
    assert_eq!(zns.zns_errors_too_many_open + zns.zns_errors_too_many_active, 0.0, "a full zone frees its open slot");
}

/// The same host store on the same raw flash as a block drive: the host cleans as before,
/// and the drive's own GC adds its write amplification beneath (the block interface tax).
#[test]
fn on_a_block_drive_the_host_and_the_drive_both_amplify() {
    let mut block = device(64, false);
    block.capacity = Capacity { op_percent: 7.0, user_bytes: Bytes(0), ..Capacity::default() };
    let mut sim = Simulation::new(&scenario(block, zoned_log(75.0, 2.0))).unwrap();
    while !sim.run(1 << 20) {}
    let s = sim.summary();
    let host = s.zoned_log.as_ref().unwrap();
    println!(
        "block drive at 7 % OP: host WAF {:.4}, device WAF {:.4}, end to end {:.4}, {:.1} MB/s",
        host.host_write_amplification, s.write_amplification, host.end_to_end_write_amplification, s.write_mb_per_s
    );
    assert!(s.zns.is_none());
    assert!(host.host_write_amplification > 1.0 && s.write_amplification >= 1.0);
    assert_eq!(host.end_to_end_write_amplification, host.host_write_amplification * s.write_amplification);
}

/// The block map of a zoned drive: each block carries its zone and the zone's state, and
/// the units written in it add up to the zone's write pointer.
#[test]
fn the_block_map_names_each_blocks_zone_and_state() {
    let job = Job { rw: Rw::Write, bs: Bytes(64 << 10), iodepth: 1, size: Bytes(0), io_size: Bytes(40 << 20), runtime: 0.0, ..Job::default() };
    let mut sim = Simulation::new(&scenario(device(32, true), Workload::Job(job))).unwrap();
    while !sim.run(1 << 20) {}
    let map = sim.block_map().unwrap();
    let layout = sim.block_map_layout();
    assert_eq!((layout.planes, layout.units_per_block), (16, 256));
    let z = sim.drive().zoned().unwrap();
    // 40 MiB into 16 MiB zones: two full, the third open with 8 MiB.
    let states = z.zones.state.clone();
    assert_eq!(&states[..4], &[ZoneState::Full, ZoneState::Full, ZoneState::ImplicitOpen, ZoneState::Empty]);
    for zone in 0..4u32 {
        let blocks: Vec<usize> = (0..map.zones.len()).filter(|&b| map.zones[b] == zone).collect();
        assert_eq!(blocks.len(), 16, "a block on every plane");
        assert!(blocks.iter().all(|&b| map.zone_states[b] == states[zone as usize] as u8));
        let written: u32 = blocks.iter().map(|&b| map.valid_units[b]).sum();
        assert_eq!(written, z.zones.wp[zone as usize], "zone {zone}");
    }
    assert_eq!(map.zone_states.iter().filter(|&&s| s == u8::MAX).count(), map.zones.iter().filter(|&&z| z == u32::MAX).count());
}
