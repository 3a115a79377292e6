//! Timing behaviour the articles describe: erase spikes, GC sharing the planes with the
//! host, background GC in idle time.

mod common;
use common::{run, series};

/// Article 002: 8 MiB sequential writes; a NAND drive's latency jumps by several ms each time
/// the open blocks fill and fresh blocks must be erased.
#[test]
fn latency_trace_shows_periodic_erase_spikes_at_block_boundaries() {
    let r = run(r#"{"device":{"nand":{"pages_per_block":768,"blocks_per_plane":96}},
        "workload":{"kind":"latency_trace","rw":"write","bs":"8m","size":"6g"}}"#);
    let lat: Vec<f64> = series(&r, "latency_trace").iter().map(|p| p[1]).collect();
    let mut sorted = lat.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let spikes: Vec<usize> = (1..lat.len()).filter(|&i| lat[i] > median + 2.0).collect();
    // 16 planes x 12 MiB blocks = 192 MiB between erase rounds = every 24 writes of 8 MiB.
    assert!(spikes.len() >= 20, "spikes at {spikes:?} (median {median} ms)");
    let gaps: Vec<usize> = spikes.windows(2).map(|w| w[1] - w[0]).filter(|&g| g > 1).collect();
    let typical = gaps.iter().filter(|&&g| (23..=25).contains(&g)).count();
    assert!(typical * 10 >= gaps.len() * 8, "spike spacing {gaps:?}");
    let tallest = lat.iter().cloned().fold(0.0, f64::max);
    assert!(tallest - median >= 3.0 && tallest - median < 10.0, "spike height {} ms over {median} ms", tallest - median);
}

/// GC must share the planes with the host, never leave them idle while host data waits.
#[test]
fn gc_under_sustained_random_writes_keeps_planes_busy_and_latency_bounded() {
    let r = run(r#"{"precondition":{"random_rounds":2},
        "workload":{"kind":"job","rw":"randwrite","size":0,"iodepth":32,"runtime":1.5}}"#);
    let s = &r.summary;
    println!(
        "WAF {:.2}, {:.1} MB/s, planes {:.1} % busy, latency {:?}",
        s.write_amplification,
        s.write_mb_per_s,
        s.nand.as_ref().unwrap().plane_utilisation_percent,
        s.write_latency
    );
    assert!(s.write_amplification > 4.0, "the drive is at GC steady state");
    assert!(s.nand.as_ref().unwrap().plane_utilisation_percent > 90.0);
    assert!(s.write_latency.p999_us < 20_000.0 && s.write_latency.max_us < 50_000.0);
    // Host throughput is what the planes can program, divided by write amplification.
    let nand_mb_s = 16.0 * 16384.0 / 700e-6 / 1e6;
    let expect = nand_mb_s / s.write_amplification * s.nand.as_ref().unwrap().plane_utilisation_percent / 100.0;
    assert!((s.write_mb_per_s / expect - 1.0).abs() < 0.15, "{} vs {expect}", s.write_mb_per_s);
}

#[test]
fn background_gc_uses_idle_time_so_writes_stop_waiting() {
    let job = |thinktime: u32| {
        format!(
            r#"{{"precondition":{{"random_rounds":2}},
            "workload":{{"kind":"job","rw":"randwrite","size":0,"iodepth":4,"runtime":1,"thinktime":{thinktime}}}}}"#
        )
    };
    let busy = run(&job(0)).summary;
    let idle = run(&job(600)).summary;
    assert!(busy.write_latency.max_us > 1000.0, "without idle time writes wait for GC");
    assert!(idle.write_latency.max_us < 100.0, "with idle time GC runs in the gaps: {:?}", idle.write_latency);
    assert!(idle.nand.as_ref().unwrap().gc_runs > 10.0);
}

#[test]
fn trimmed_space_counts_as_free_and_lowers_write_amplification() {
    let waf = |trim_first: bool| {
        let fill = if trim_first { 50 } else { 100 };
        run(&format!(
            r#"{{"precondition":{{"fill_percent":{fill},"random_rounds":2}},
            "workload":{{"kind":"job","rw":"randwrite","size":"7g","iodepth":32,"io_size":"6g"}}}}"#
        ))
        .summary
        .write_amplification
    };
    let (full, half) = (waf(false), waf(true));
    assert!(half < full * 0.7, "half the LBAs never written: WAF {half} vs {full}");
}

#[test]
fn a_trim_job_frees_space() {
    let r = run(r#"{"workload":{"kind":"job","rw":"trim","bs":"1m","size":"2g","io_size":"2g","iodepth":1}}"#);
    assert_eq!(r.summary.host_trimmed_bytes, 2.0 * 1024.0 * 1024.0 * 1024.0);
    assert_eq!(r.summary.nand.as_ref().unwrap().nand_written_bytes, 0.0);
}

/// `device.controller.read_latency_us`: a read spends that long in the firmware before its
/// media work, so at queue depth 1 every read takes exactly that much longer, on a NAND SSD
/// and on 3D XPoint (the shared front end); writes take as long as before. Within a microsecond
/// on average: the channel and link calendars book transfers in 4 KiB slots, so a read that
/// starts 20 µs later may wait for a slot a little longer or shorter (NAND: 5.1 µs slots).
#[test]
fn a_reads_firmware_latency_adds_to_every_read_and_to_nothing_else() {
    for kind in ["nand_ssd", "xpoint_ssd"] {
        let at = |rw: &str, extra_us: f64| {
            run(&format!(
                r#"{{"precondition":{{"fill_percent":100}},"device":{{"kind":"{kind}","gc":{{"background":false}},"controller":{{"read_latency_us":{extra_us}}}}},
                "workload":{{"kind":"job","rw":"{rw}","iodepth":1,"size":"1g","runtime":0,"io_size":"8m","startdelay":1}}}}"#
            ))
            .summary
        };
        let added = at("randread", 20.0).read_latency.mean_us - at("randread", 0.0).read_latency.mean_us;
        let writes = (at("randwrite", 0.0).write_latency.mean_us, at("randwrite", 20.0).write_latency.mean_us);
        println!("{kind}: reads +{added:.4} us, writes {:.3} -> {:.3} us", writes.0, writes.1);
        assert!((added - 20.0).abs() < 1.0, "{kind}: reads took {added} us longer");
        assert_eq!(writes.0, writes.1, "{kind}: writes changed");
    }
}
