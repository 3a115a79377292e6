//! Article 002: a NAND drive's write latency jumps every few writes, a 3D XPoint drive's
//! stays flat. And the XPoint device in numbers its own knobs give: throughput from its
//! ranks and channels, latency from its media times, no write amplification.

mod common;
use serde_json::{json, Value};
use ssd_core::presets::{self, find_figure};
use ssd_core::{Report, Scenario, Simulation};

/// The 900p-like drive (7 channels x 3 dies, 4 µs reads, 6 µs writes, 360 MB/s channels,
/// 1.5 µs command latency, PCIe 3.0 x4 at 0.84) with `workload`, and `device` merged in.
fn xpoint(device: Value, workload: Value) -> Report {
    let mut v: Value = serde_json::from_str(presets::find("900p-like").unwrap().json).unwrap();
    presets::merge(&mut v["device"], &device);
    v["workload"] = workload;
    Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap()
}

fn percentile(ys: &[f64], p: f64) -> f64 {
    let mut v = ys.to_vec();
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

#[test]
fn nand_write_latency_spikes_where_xpoint_stays_flat() {
    let figure = find_figure("article-002-write-latency").unwrap().unwrap();
    let mut traces = Vec::new();
    for (id, _, scenario) in &figure.members {
        let r = Simulation::run_to_end(scenario).unwrap();
        let ms: Vec<f64> = common::series(&r, "latency_trace").iter().map(|p| p[1]).collect();
        let (p50, p999, max) = (percentile(&ms, 0.5), percentile(&ms, 0.999), ms.iter().cloned().fold(0.0, f64::max));
        println!("{id}: {} writes, p50 {p50:.2} ms, p99.9 {p999:.2} ms, max {max:.2} ms", ms.len());
        traces.push((id.clone(), ms, p50, p999, max));
    }
    let (_, nand, nand_p50, _, nand_max) = &traces[0];
    let (_, xp, xp_p50, xp_p999, xp_max) = &traces[1];
    assert_eq!(nand.len(), 768, "6 GiB in 8 MiB writes");
    assert_eq!(xp.len(), 768);
    // NAND: each write waits for 16 planes x 3 x 16 KiB one-shot programs of 1.8 ms, about
    // 8 MiB / (16 x 48 KiB) x 1.8 ms = 19.2 ms; every 24 writes (16 blocks of 12 MiB) an
    // erase of 3.5 ms comes on top, at regular intervals, once the blocks that were never
    // written (erased at the factory) are used up.
    assert!((nand_p50 / 19.2 - 1.0).abs() < 0.05, "{nand_p50}");
    assert!(nand_max - nand_p50 > 3.0, "spikes of an erase: {nand_max} vs {nand_p50}");
    let spikes: Vec<usize> = (1..nand.len()).filter(|&i| nand[i] > nand_p50 + 2.5).collect();
    let gaps: Vec<usize> = spikes.windows(2).map(|w| w[1] - w[0]).collect();
    println!("NAND spikes at {:?}…, gaps {:?}…", &spikes[..spikes.len().min(6)], &gaps[..gaps.len().min(6)]);
    assert!(spikes.len() >= 20, "{} spikes", spikes.len());
    assert!(gaps.iter().all(|&g| g == 24), "every 24 writes: {gaps:?}");
    // XPoint: 2,048 units over 3 ranks at 6 µs each, 4.1 ms, every time.
    let expected = 2048.0 / 3.0 * 6.0e-3;
    assert!((xp_p50 / expected - 1.0).abs() < 0.02, "{xp_p50} vs {expected}");
    assert!(xp_p999 / xp_p50 < 2.0 && xp_max / xp_p50 < 1.01, "flat: p99.9 {xp_p999}, max {xp_max}, p50 {xp_p50}");
}

#[test]
fn xpoint_throughput_comes_from_its_ranks_and_channels() {
    let job = |rw: &str, bs: &str, qd: u32| json!({"kind": "job", "rw": rw, "bs": bs, "iodepth": qd, "size": "8g", "runtime": 0.05});
    // Writes: 3 ranks, each a 4 KiB unit per 6 µs; reads: 7 channels x 360 MB/s.
    let write = xpoint(json!({}), job("write", "1m", 8)).summary.write_mb_per_s;
    let read = xpoint(json!({}), job("read", "1m", 8)).summary.read_mb_per_s;
    println!("sequential write {write:.0} MB/s (ranks 2048), read {read:.0} MB/s (channels 2520)");
    assert!((write / 2048.0 - 1.0).abs() < 0.02, "{write}");
    assert!((read / 2520.0 - 1.0).abs() < 0.02, "{read}");
    // A die more per channel: the ranks could write 4 x 4 KiB / 6 µs = 2,731 MB/s, but the
    // channels carry 2,520 and now set the pace; with faster channels the ranks do again.
    let wider = |channel: u32| {
        let device = json!({"xpoint": {"dies_per_channel": 4, "channel_mb_per_s": channel}});
        xpoint(device, job("write", "1m", 8)).summary.write_mb_per_s
    };
    let (narrow, fast) = (wider(360), wider(800));
    assert!((narrow / 2520.0 - 1.0).abs() < 0.02 && (fast / 2731.0 - 1.0).abs() < 0.02, "{narrow}, {fast}");
}

#[test]
fn xpoint_latency_is_its_media_time_and_its_transfers() {
    let qd1 = |rw: &str| {
        let r = xpoint(json!({}), json!({"kind": "job", "rw": rw, "bs": "4k", "iodepth": 1, "size": "8g", "runtime": 0.02}));
        if rw == "randread" {
            r.summary.read_latency.p50_us
        } else {
            r.summary.write_latency.p50_us
        }
    };
    // Host 2 µs, command 1.5 µs, the media, 4 KiB over 7 x 360 MB/s (1.6 µs) and over the
    // link at 3.31 GB/s (1.2 µs); a transfer may wait up to a slot for its calendar.
    let transfers = 4096.0 / 2520.0 + 4096.0 / 3308.0;
    let (read, write) = (qd1("randread"), qd1("randwrite"));
    println!("QD1 4 KiB: read {read} µs, write {write} µs");
    for (got, media) in [(read, 4.0), (write, 6.0)] {
        let floor = 2.0 + 1.5 + media + transfers;
        assert!(got >= floor - 0.01 && got <= floor + transfers + 0.01, "{got} vs {floor}");
    }
}

#[test]
fn xpoint_writes_in_place_with_no_write_amplification_and_no_ftl_lines() {
    let r = xpoint(json!({}), json!({"kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 32, "size": "8g", "runtime": 0.05}));
    let s = &r.summary;
    assert_eq!(s.write_amplification, 1.0);
    let media = s.media.as_ref().unwrap();
    assert_eq!(media.media_written_bytes, s.host_written_bytes);
    assert_eq!(media.media_operations * 4096.0, s.host_written_bytes);
    assert!(s.nand.is_none() && s.hdd.is_none() && s.tier.is_none(), "an XPoint drive's summary has no NAND, disk or tier values");
    assert_eq!(s.user_capacity_bytes, 280e9);
    let ids: Vec<&str> = r.series.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["write_throughput", "latency_cdf_write", "latency_histogram_write"], "no WAF, GC or table lines");
    // 3 ranks at 6 µs: 500k writes a second at most, random addresses colliding on ranks.
    assert!(s.write_iops > 400_000.0 && s.write_iops <= 500_000.0 * 1.001, "{}", s.write_iops);
}

#[test]
fn an_xpoint_drive_keeps_its_numbers_at_any_scale() {
    let seq = |scale: u32| {
        let mut v: Value = serde_json::from_str(presets::find("900p-like").unwrap().json).unwrap();
        v["scale"] = json!(scale);
        Simulation::run_to_end(&Scenario::from_json(&v.to_string()).unwrap()).unwrap().summary
    };
    let (one, eight) = (seq(1), seq(8));
    assert_eq!(one.write_latency.p50_us, eight.write_latency.p50_us);
    assert_eq!(eight.user_capacity_bytes, 280e9, "capacities at full size");
}

#[test]
fn the_device_kind_decides_which_fields_apply() {
    // XPoint fields are checked for an XPoint drive and name themselves.
    let e = Scenario::from_json(r#"{"device":{"kind":"xpoint_ssd","xpoint":{"channels":0}}}"#).unwrap_err();
    assert_eq!(e.field, "device.xpoint.channels");
    let e = Scenario::from_json(r#"{"device":{"kind":"xpoint_ssd","xpoint":{"capacity_bytes":"1000000001"}}}"#).unwrap_err();
    assert_eq!(e.field, "device.xpoint.capacity_bytes");
    let e = Scenario::from_json(r#"{"device":{"kind":"optane"}}"#).unwrap_err();
    assert_eq!(e.field, "device.kind");
    // Old scenarios have no kind: they are NAND drives, as before.
    assert_eq!(Scenario::from_json("{}").unwrap().device.kind, ssd_core::scenario::DeviceKind::NandSsd);
    // The knob table says whose each field is.
    let knobs: Value = serde_json::from_str(&ssd_core::scenario::catalogue::knobs_json()).unwrap();
    let devices = |path: &str| knobs.as_array().unwrap().iter().find(|k| k["path"] == path).unwrap()["devices"].clone();
    assert_eq!(devices("device.nand.channels"), json!(["nand_ssd"]));
    assert_eq!(devices("device.slc_cache.dynamic_percent"), json!(["nand_ssd"]));
    assert_eq!(devices("precondition.fill_percent"), json!(["nand_ssd"]));
    assert_eq!(devices("device.xpoint.read_us"), json!(["xpoint_ssd"]));
    assert_eq!(devices("device.controller.command_latency_us"), Value::Null, "every kind");
    assert_eq!(devices("device.host_interface.lanes"), Value::Null);
}
