//! A power cut (issue 46): `workload.power_cut_s` stops the job there, and `report.power_cut`
//! says which acknowledged writes the drive had not yet put on NAND. Sequential 4 KiB writes
//! at QD1 make the oracle exact: on this TLC drive a program takes a whole wordline (3 pages
//! of 4 units), so the units written since the last flush, or since the last full wordline,
//! are all still in the buffer.

use serde_json::{json, Value};
use ssd_core::sim::power_cut::{CutClass, PowerCutSummary, LISTED};
use ssd_core::{Scenario, Simulation};

const KIB: f64 = 4096.0;

/// A small TLC drive (4 planes of 256 blocks of 64 x 16 KiB pages, 3 pages a program), no SLC cache.
fn drive(plp: bool) -> Value {
    json!({
        "nand": { "cell": "tlc", "channels": 1, "dies_per_channel": 2, "planes_per_die": 2, "blocks_per_plane": 256,
                  "pages_per_block": 64, "page_bytes": 16384 },
        "capacity": { "op_percent": 7.0 },
        "controller": { "plp": plp },
        "slc_cache": { "static_bytes": 0, "dynamic_percent": 0 }
    })
}

fn cut(workload: Value, plp: bool) -> PowerCutSummary {
    cut_filled(workload, plp, 0)
}

/// `cut` on a drive written to `fill` percent first (random overwrites then make GC run).
fn cut_filled(workload: Value, plp: bool, fill: u32) -> PowerCutSummary {
    let text = json!({ "seed": 5, "device": drive(plp), "precondition": { "fill_percent": fill }, "workload": workload }).to_string();
    let mut sim = Simulation::new(&Scenario::from_json(&text).unwrap()).unwrap();
    while !sim.run(1 << 20) {}
    sim.report().power_cut.expect("a NAND drive reports its power cut")
}

fn sequential(cut_s: f64, extra: Value) -> Value {
    let mut w = json!({"kind": "job", "rw": "write", "bs": "4k", "iodepth": 1, "size": "64m", "runtime": 1, "power_cut_s": cut_s});
    for (k, v) in extra.as_object().unwrap() {
        w[k] = v.clone();
    }
    w
}

#[test]
fn without_flushes_every_write_since_the_last_programmed_wordline_is_lost() {
    let s = cut(sequential(0.0005, json!({})), false);
    let acked = s.acknowledged_writes as u64;
    println!("cut at {} s: {acked} acknowledged, {} lost, {} in flight", s.at_s, s.lost_writes, s.in_flight_writes);
    assert!(acked > 12, "the cut comes after more than one wordline's writes: {acked}");
    // The host's writes fill wordlines of 12 units in order: the last acked % 12 are in one
    // not yet full, so not programmed; the wordlines before may be programming still.
    let programming = s.commands.iter().filter(|c| c.class == CutClass::Lost).count() as u64;
    assert!(programming >= acked % 12, "{programming} lost, at least the {} of the open wordline", acked % 12);
    // Exactly the newest writes, in order, each whole; none shorn or out of order at QD1.
    assert_eq!((s.shorn_writes, s.out_of_order_writes), (0.0, 0.0));
    assert_eq!(s.lost_writes as u64, programming);
    for (k, c) in s.commands.iter().enumerate() {
        let expected = (acked - programming + k as u64) as f64 * KIB;
        assert_eq!((c.offset_bytes, c.bytes, c.durable_bytes), (expected, KIB, 0.0), "command {k}");
    }
    assert_eq!(s.lost_bytes, programming as f64 * KIB);
}

#[test]
fn fsync_every_4_writes_loses_exactly_the_writes_after_the_last_flush() {
    for cut_s in [0.0007, 0.0013, 0.0021, 0.0034] {
        let s = cut(sequential(cut_s, json!({"fsync": 4})), false);
        let acked = s.acknowledged_writes as u64;
        let expected = acked % 4;
        println!("cut at {cut_s} s: {acked} acknowledged, lost {} (expected {expected})", s.lost_writes);
        assert_eq!(s.lost_writes as u64, expected, "cut at {cut_s}");
        let offsets: Vec<f64> = s.commands.iter().map(|c| c.offset_bytes).collect();
        let want: Vec<f64> = (acked - expected..acked).map(|k| k as f64 * KIB).collect();
        assert_eq!(offsets, want);
    }
}

#[test]
fn with_plp_or_fua_on_every_write_nothing_acknowledged_is_lost() {
    let volatile = cut(sequential(0.02, json!({})), false);
    let plp = cut(sequential(0.02, json!({})), true);
    let fua = cut(sequential(0.02, json!({"sync": true})), false);
    println!("lost: volatile {}, PLP {}, FUA {}", volatile.lost_writes, plp.lost_writes, fua.lost_writes);
    assert!(volatile.lost_writes > 0.0);
    for s in [&plp, &fua] {
        assert!(s.acknowledged_writes > 0.0);
        assert_eq!((s.lost_writes, s.shorn_writes, s.out_of_order_writes, s.lost_bytes), (0.0, 0.0, 0.0, 0.0));
        assert!(s.commands.is_empty());
    }
    assert!(plp.power_loss_protection && !fua.power_loss_protection);
}

#[test]
fn deep_queues_of_large_writes_are_shorn_and_each_command_is_counted_once() {
    // 20 KiB writes (5 units) straddle the 12-unit wordlines, on a full drive (GC runs).
    let at = |cut_s: f64| json!({"kind": "job", "rw": "randwrite", "bs": "20k", "iodepth": 32, "size": "512m", "runtime": 1, "power_cut_s": cut_s});
    let (mut shorn, mut out_of_order) = (0.0, 0.0);
    for cut_s in [0.004, 0.0063, 0.0091, 0.0117, 0.0152] {
        let s = cut_filled(at(cut_s), false, 90);
        println!(
            "QD32 20K at {cut_s} s: {} acknowledged, {} in flight; lost {}, shorn {}, out of order {}; {:.0} KiB lost",
            s.acknowledged_writes,
            s.in_flight_writes,
            s.lost_writes,
            s.shorn_writes,
            s.out_of_order_writes,
            s.lost_bytes / 1024.0
        );
        assert!(s.lost_writes + s.shorn_writes > 0.0 && s.in_flight_writes > 0.0);
        let mut missing = 0.0;
        for c in &s.commands {
            match c.class {
                CutClass::Lost => assert_eq!(c.durable_bytes, 0.0),
                CutClass::Shorn => assert!(c.durable_bytes > 0.0 && c.durable_bytes < c.bytes),
                CutClass::OutOfOrder => assert_eq!(c.durable_bytes, c.bytes),
            }
            missing += c.bytes - c.durable_bytes;
        }
        if s.commands.len() < LISTED {
            assert_eq!(missing, s.lost_bytes, "every listed command's missing bytes, and no others");
        } else {
            assert!(missing < s.lost_bytes, "the list stops at {LISTED}");
        }
        // The buffer (4 MiB) is all a volatile drive can lose.
        assert!(s.lost_bytes <= 4.0 * 1024.0 * 1024.0);
        assert_eq!(cut_filled(at(cut_s), false, 90), s, "same scenario, same bits");
        shorn += s.shorn_writes;
        out_of_order += s.out_of_order_writes;
    }
    // Writes land out of order only where a page booked later is programmed first; here the
    // drive's programs end in the order they were booked (`power_cut.rs` tests the class).
    println!("shorn {shorn}, out of order {out_of_order}");
    assert!(shorn > 0.0);
}

/// Cut points drawn at random over many runs (`POWER_CUT_CASES`, 300 by default; issue 46 asks
/// for 10^5, run by hand): drives, patterns, queues, flush cadences, PLP and paired pages drawn too. No run
/// panics; the FTL's map and media agree (`Ftl::check_consistency`) after every cut; what the
/// cut reports holds together; PLP and FUA lose nothing.
#[test]
fn cuts_at_random_points() {
    let cases: u64 = std::env::var("POWER_CUT_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut draw = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let (mut lost, mut shorn, mut fua_paired_lost) = (0.0, 0.0, 0);
    for case in 0..cases {
        let plp = draw(4) == 0;
        let fua = draw(6) == 0;
        let cell = ["slc", "mlc", "tlc", "qlc"][draw(4) as usize];
        let rw = ["write", "randwrite", "randrw"][draw(3) as usize];
        let bs = 4096 * (1 + draw(16));
        let w = json!({"kind": "job", "rw": rw, "bs": bs, "iodepth": 1 + draw(64), "size": "256m", "runtime": 1,
                       "fsync": if draw(3) == 0 { draw(16) } else { 0 }, "sync": fua, "power_cut_s": (1 + draw(20_000)) as f64 * 1e-6});
        let one_shot = draw(3) != 0;
        let paired = !one_shot && draw(2) == 0 && cell != "slc";
        let device = json!({
            "nand": { "cell": cell, "channels": 1 + draw(2), "dies_per_channel": 2, "planes_per_die": 2, "blocks_per_plane": 128,
                      "pages_per_block": 64, "page_bytes": 16384, "one_shot": one_shot, "paired_page_loss": paired },
            "capacity": { "op_percent": 7.0 },
            "controller": { "plp": plp, "write_buffer": 65536 << draw(8) },
            "slc_cache": { "dynamic_percent": if draw(2) == 0 || cell == "slc" { 0.0 } else { 25.0 } }
        });
        let text = json!({ "seed": case, "device": device, "precondition": { "fill_percent": draw(101) }, "workload": w }).to_string();
        let mut sim = Simulation::new(&Scenario::from_json(&text).unwrap_or_else(|e| panic!("case {case}: {e:?}\n{text}"))).unwrap();
        while !sim.run(1 << 20) {}
        sim.drive().nand().unwrap().ftl.check_consistency().unwrap_or_else(|e| panic!("case {case}: {e}\n{text}"));
        let s = sim.report().power_cut.unwrap_or_else(|| panic!("case {case}: no cut reported\n{text}"));
        // The largest buffer drawn (8 MiB; two programs of any cell are less).
        let buffer = (65536u64 << 7) as f64;
        assert!(s.lost_bytes <= buffer * 2.0, "case {case}: {} lost\n{text}", s.lost_bytes);
        assert!(s.lost_writes + s.shorn_writes + s.out_of_order_writes <= s.acknowledged_writes, "case {case}\n{text}");
        // FUA makes a write durable; a paired page can still take it with a later program
        // of its wordline (what paired-page loss is). PLP finishes that program too.
        if plp || (fua && !paired) {
            assert_eq!(s.lost_bytes, 0.0, "case {case}: PLP {plp}, FUA {fua}\n{text}");
        }
        fua_paired_lost += (fua && paired && s.lost_bytes > 0.0) as u32;
        lost += s.lost_writes;
        shorn += s.shorn_writes;
    }
    println!("{cases} cuts: {lost} writes lost, {shorn} shorn; {fua_paired_lost} FUA runs lost data to paired pages");
    assert!(lost > 0.0);
}

/// Paired pages (`device.nand.paired_page_loss`): TLC programmed a page at a time; a cut
/// while a wordline's second or third page programs also loses its earlier pages, which
/// were on NAND. Sequential 4 KiB writes at QD1 fill a 16 KiB page with 4 writes.
#[test]
fn a_cut_during_a_later_page_of_a_wordline_corrupts_its_earlier_pages() {
    let run = |paired: bool, cut_s: f64| {
        let mut device = drive(false);
        device["nand"]["one_shot"] = json!(false);
        device["nand"]["paired_page_loss"] = json!(paired);
        let text = json!({ "seed": 5, "device": device, "precondition": { "fill_percent": 0 }, "workload": sequential(cut_s, json!({})) }).to_string();
        let mut sim = Simulation::new(&Scenario::from_json(&text).unwrap()).unwrap();
        while !sim.run(1 << 20) {}
        sim.report().power_cut.unwrap()
    };
    let (mut extra_total, mut out_of_order) = (0.0, 0);
    for k in 1..=40 {
        let cut_s = k as f64 * 0.00037;
        let (off, on) = (run(false, cut_s), run(true, cut_s));
        let extra = on.lost_bytes - off.lost_bytes;
        assert!(extra >= 0.0, "cut at {cut_s}: pairing never saves data");
        assert_eq!(on.acknowledged_writes, off.acknowledged_writes, "the same run up to the cut");
        // Whole pages of earlier data: 4 writes of 4 KiB each.
        assert_eq!(extra % (4.0 * KIB), 0.0, "cut at {cut_s}: {extra} bytes more");
        // What pairing loses was on NAND: those writes were whole before. Only the wordline's
        // own pages are lost: the writes between them went to other planes' pages and
        // survive, out of order after the lost ones.
        let was_whole = off.commands.iter().map(|c| c.offset_bytes).collect::<Vec<_>>();
        let newly: Vec<_> = on.commands.iter().filter(|c| !was_whole.contains(&c.offset_bytes)).collect();
        assert_eq!(newly.iter().map(|c| c.bytes - c.durable_bytes).sum::<f64>(), extra, "cut at {cut_s}");
        assert!(newly.iter().all(|c| c.class == CutClass::Lost || c.class == CutClass::OutOfOrder), "cut at {cut_s}");
        assert!(extra <= 2.0 * 16.0 * KIB * 4.0, "cut at {cut_s}: at most the 2 earlier pages of each of the 4 planes' wordlines: {extra}");
        out_of_order += newly.iter().filter(|c| c.class == CutClass::OutOfOrder).count();
        extra_total += extra;
    }
    println!("paired pages lost {} KiB more over 40 cuts; {out_of_order} writes survived out of order after them", extra_total / 1024.0);
    assert!(extra_total > 0.0 && out_of_order > 0);
}

/// Power-on: the drive loads the table's last checkpoint and reads every page programmed
/// since. Sequential 4 KiB writes at QD1 with a checkpoint every 1 MiB (256 writes): the
/// entries to rebuild are the acknowledged writes past the last multiple of 256, their pages
/// (4 writes a page) are the ones read again, and the time is the reads spread over the 4
/// planes plus the checkpoint's transfer. A longer interval replays more.
#[test]
fn recovery_loads_the_last_checkpoint_and_reads_the_pages_written_since() {
    let run = |checkpoint: &str, cut_s: f64| {
        let mut device = drive(false);
        device["mapping"] = json!({ "checkpoint_bytes": checkpoint });
        let text = json!({ "seed": 5, "device": device, "precondition": { "fill_percent": 0 }, "workload": sequential(cut_s, json!({})) }).to_string();
        let mut sim = Simulation::new(&Scenario::from_json(&text).unwrap()).unwrap();
        while !sim.run(1 << 20) {}
        sim.report().power_cut.unwrap()
    };
    let nand = ssd_core::scenario::Nand { cell: ssd_core::scenario::CellType::Tlc, ..Default::default() };
    let t = ssd_core::media::NandTiming::of(&nand);
    for cut_s in [0.0061, 0.0131, 0.021] {
        let s = run("1m", cut_s);
        let r = &s.recovery;
        let acked = s.acknowledged_writes as u64;
        println!(
            "cut at {cut_s} s: {acked} acked, {} entries, {} + {} pages, {} ms",
            r.entries_since_checkpoint,
            r.checkpoint_pages,
            r.replayed_pages,
            r.time_s * 1e3
        );
        assert!(acked > 256, "past the first checkpoint: {acked}");
        assert_eq!((r.checkpoint_bytes, r.entries_since_checkpoint), (1048576.0, (acked % 256) as f64));
        // 1 GiB of DRAM holds the whole table: one 16 KiB page per 4,096 entries.
        let table_pages = (0.93f64 * 262_144.0 / 4096.0).ceil();
        assert!((r.checkpoint_pages - table_pages).abs() <= 1.0, "{} table pages", r.checkpoint_pages);
        // The pages programmed since: those of the rebuilt writes that left the buffer.
        let pages = r.entries_since_checkpoint / 4.0;
        assert!(r.replayed_pages <= pages.ceil() + 3.0 && r.replayed_pages + 3.0 * 4.0 >= pages - 64.0, "{} replayed for {pages}", r.replayed_pages);
        let sensing = (r.checkpoint_pages / 4.0).ceil() * t.slc_mode_read_ns as f64 + (r.replayed_pages / 4.0).ceil() * t.read_ns as f64;
        // The checkpoint's pages cross the drive's one channel.
        let transfer = r.checkpoint_pages * 16384.0 / (nand.channel_mb_per_s as f64 * 1e6) * 1e9;
        assert!((r.time_s * 1e9 / (sensing + transfer) - 1.0).abs() < 0.01, "{} s for {sensing} ns of reads and {transfer} of transfer", r.time_s);
        let longer = run("256m", cut_s);
        assert_eq!(longer.recovery.entries_since_checkpoint, acked as f64, "one checkpoint, at the job's start");
        assert!(longer.recovery.replayed_pages > r.replayed_pages && longer.recovery.time_s > r.time_s);
        assert_eq!(longer.lost_writes, s.lost_writes, "the checkpoint decides the time, not what is lost");
    }
}
