//! Tenants (`workload.kind = "tenants"`): several fio-style jobs at once, each with its own
//! region, queue, IOPS cap and placement id, each with its own results (`report.tenants`).
//!
//! The FDP demonstration: a log tenant writes its region sequentially and overwrites it in
//! the same order (its data dies in write order); a random tenant writes 4 KiB at random over
//! its own region. With FDP (persistent isolation) each tenant's reclaim units hold only its
//! own data. The log's units empty whole as the log wraps over them, so its handle copies
//! nothing (WAF 1). The random tenant then runs as uniform random writes alone would, on the
//! flash the log's live data leaves it: every block not holding the log's data (the log's
//! emptied units cost GC nothing), so its WAF is Desnoyers' greedy model (SYSTOR 2012) at
//! alpha = (raw units - the log's units) / the random region's units. Without placement both
//! tenants' writes share every block, GC copies the log's data along with the random
//! tenant's, and the drive's WAF rises (the drive cannot tell whose data it copies, so
//! without FDP there is no per-tenant WAF to report).

mod common;
use common::{on_every_core, run, scenario};
use serde_json::{json, Value};
use ssd_core::media::Geometry;
use ssd_core::theory::waf_greedy;
use ssd_core::Report;

const MIB: u64 = 1 << 20;

/// A small TLC drive: 1 channel x 2 dies x 2 planes, 256 blocks of 64 x 4 KiB pages a plane
/// (256 MiB raw), 7 % OP, greedy GC; FDP with 3 handles persistently isolated, or off.
fn drive(fdp: bool) -> Value {
    json!({
        "nand": { "cell": "tlc", "channels": 1, "dies_per_channel": 2, "planes_per_die": 2, "blocks_per_plane": 256,
                  "pages_per_block": 64, "page_bytes": 4096 },
        "capacity": { "op_percent": 7.0 },
        "gc": { "policy": "greedy" },
        "fdp": { "enabled": fdp, "handles": 3, "isolation": "persistently" }
    })
}

/// The log tenant (id 1) over the first `log_mib`, written `log_passes` times in 128 KiB
/// writes; the random tenant (id 2) over the next `random_mib`, `random_passes` times in
/// 4 KiB writes, at most `rate` IOPS (0: no cap).
fn tenants(log_mib: u64, random_mib: u64, log_passes: u64, random_passes: u64, rate: f64) -> Value {
    json!({
        "kind": "tenants",
        "tenant_1": { "enabled": true, "rw": "write", "bs": "128k", "iodepth": 8, "offset": 0, "size": log_mib * MIB,
                      "io_size": log_passes * log_mib * MIB, "runtime": 0, "plid": 1 },
        "tenant_2": { "enabled": true, "rw": "randwrite", "bs": "4k", "iodepth": 16, "offset": log_mib * MIB, "size": random_mib * MIB,
                      "io_size": random_passes * random_mib * MIB, "runtime": 0, "rate_iops": rate, "plid": 2 }
    })
}

fn text(fdp: bool, workload: Value) -> String {
    json!({ "seed": 3, "device": drive(fdp), "precondition": { "fill_percent": 0 }, "workload": workload }).to_string()
}

/// A handle's (host, NAND) bytes.
fn handle(r: &Report, h: usize) -> (f64, f64) {
    let p = r.placement.as_ref().expect("FDP on");
    (p.handles[h].host_written_bytes, p.handles[h].nand_written_bytes)
}

/// The drive's (host, NAND) bytes.
fn drive_bytes(r: &Report) -> (f64, f64) {
    let s = serde_json::to_value(&r.summary).unwrap();
    (s["host_written_bytes"].as_f64().unwrap(), s["nand_written_bytes"].as_f64().unwrap())
}

/// Write amplification between two runs, the second the first run on for twice the bytes
/// (a run is its shorter self up to where that one stops: same seed, same draws): the
/// steady state, without the first pass over the empty drive.
fn steady((host_a, nand_a): (f64, f64), (host_b, nand_b): (f64, f64)) -> f64 {
    (nand_b - nand_a) / (host_b - host_a)
}

#[test]
fn with_fdp_each_tenant_pays_its_own_write_amplification() {
    let (log, random) = (100, 110);
    let runs = [(true, 6, 4), (true, 12, 8), (false, 6, 4), (false, 12, 8)];
    let r = on_every_core(&runs, |&(fdp, lp, rp)| run(&text(fdp, tenants(log, random, lp, rp, 0.0))));
    let log_waf = steady(handle(&r[0], 1), handle(&r[1], 1));
    let random_waf = steady(handle(&r[0], 2), handle(&r[1], 2));
    let g = Geometry::new(&scenario(&text(true, tenants(log, random, 1, 1, 0.0))).device).unwrap();
    let units = |mib: u64| (mib * MIB / 4096) as f64;
    let alpha = (g.raw_units as f64 - units(log)) / units(random);
    let model = waf_greedy(alpha, g.slots_per_block);
    let (fdp, mixed) = (steady(drive_bytes(&r[0]), drive_bytes(&r[1])), steady(drive_bytes(&r[2]), drive_bytes(&r[3])));
    println!("log handle {log_waf:.4}; random handle {random_waf:.4}, model {model:.4} (alpha {alpha:.4}); drive: FDP {fdp:.4}, mixed {mixed:.4}");
    assert!((log_waf - 1.0).abs() < 0.01, "the log's reclaim units empty whole: WAF {log_waf:.4}");
    // waf_theory.rs's tolerance for greedy GC against the model.
    assert!((random_waf - model).abs() / model < 0.03, "random tenant {random_waf:.4} vs Desnoyers at its own spare {model:.4}");
    // No closed form for the mixed drive: the direction, with a margin (GC copied at least 5 %
    // of the host's bytes more).
    assert!(mixed > fdp + 0.05, "without placement GC copies the log's data too: mixed {mixed:.4} vs FDP {fdp:.4}");
    // Every host byte went through its tenant's handle; none through the default one.
    let p = r[1].placement.as_ref().unwrap();
    let t = r[1].tenants.as_ref().expect("tenants' results");
    assert_eq!(p.handles[0].host_written_bytes, 0.0);
    assert_eq!((t[0].plid, t[1].plid), (1.0, 2.0));
    assert_eq!(t[0].written_bytes, p.handles[1].host_written_bytes);
    assert_eq!(t[1].written_bytes, p.handles[2].host_written_bytes);
    assert!(r[2].placement.is_none() && r[2].tenants.is_some());
}

#[test]
fn each_tenant_runs_to_its_own_end_with_its_own_results() {
    let w = tenants(16, 16, 2, 1, 0.0);
    let r = run(&text(false, w));
    let t = r.tenants.as_ref().unwrap();
    assert_eq!(t.len(), 2);
    // Each wrote its own io_size exactly; the run's bytes are theirs added up.
    assert_eq!(t[0].written_bytes, (32 * MIB) as f64);
    assert_eq!(t[1].written_bytes, (16 * MIB) as f64);
    assert_eq!(r.summary.host_written_bytes, (48 * MIB) as f64);
    assert_eq!(t[0].write_latency.count, 256.0, "128 KiB commands");
    assert_eq!(t[1].write_latency.count, 4096.0, "4 KiB commands");
    // The run lasts until the last tenant is done, as fio's does.
    let longest = t.iter().map(|x| x.duration_s).fold(0.0, f64::max);
    assert!((r.summary.duration_s - longest).abs() < 1e-9, "{} vs {longest}", r.summary.duration_s);
    for x in t {
        assert!((x.write_iops - x.write_latency.count / x.duration_s).abs() < 1e-6);
        assert!(x.write_latency.p50_us > 0.0 && x.write_latency.p99_us >= x.write_latency.p50_us);
    }
}

#[test]
fn an_iops_cap_paces_its_tenant_as_fio_rate_iops_does() {
    let capped = run(&text(false, tenants(16, 16, 1, 1, 500.0)));
    let t = &capped.tenants.as_ref().unwrap()[1];
    // 4096 commands at 500 a second: the last may start at 4095 / 500 s.
    assert!((t.write_iops - 500.0).abs() < 2.0, "{} IOPS", t.write_iops);
    assert!(t.duration_s > 4095.0 / 500.0 && t.duration_s < 4095.0 / 500.0 + 0.1, "{} s", t.duration_s);
    let free = run(&text(false, tenants(16, 16, 1, 1, 0.0)));
    assert!(free.tenants.as_ref().unwrap()[1].write_iops > 1000.0, "uncapped, the drive sets the pace");
}

#[test]
fn a_single_tenant_runs_as_the_same_job_does() {
    let job = json!({ "kind": "job", "rw": "randwrite", "bs": "4k", "iodepth": 16, "offset": 0, "size": 32 * MIB, "io_size": 32 * MIB, "runtime": 0 });
    let one = json!({ "kind": "tenants", "tenant_1": { "enabled": true, "rw": "randwrite", "bs": "4k", "iodepth": 16, "offset": 0,
                      "size": 32 * MIB, "io_size": 32 * MIB, "runtime": 0 }, "tenant_2": { "enabled": false } });
    let (a, b) = (run(&text(false, job)), run(&text(false, one)));
    assert_eq!(a.summary, b.summary, "one tenant is one fio job: thread 0's stream, its queue");
}

#[test]
fn bad_tenants_are_refused_naming_the_field() {
    let refuse = |w: Value| ssd_core::Scenario::from_json(&text(true, w)).and_then(|s| ssd_core::Simulation::new(&s).map(|_| ())).unwrap_err().field;
    let mut w = tenants(16, 16, 1, 1, 0.0);
    w["tenant_2"]["plid"] = json!(3);
    assert_eq!(refuse(w), "workload.tenant_2.plid", "past the drive's 3 handles");
    let mut w = tenants(16, 16, 1, 1, 0.0);
    w["tenant_1"]["offset"] = json!("10g");
    assert_eq!(refuse(w), "workload.tenant_1.offset");
    let mut w = tenants(16, 16, 1, 1, 0.0);
    w["tenant_2"]["io_size"] = json!(0);
    assert_eq!(refuse(w), "workload.tenant_2.runtime", "no end");
    let w = json!({ "kind": "tenants", "tenant_1": { "enabled": false }, "tenant_2": { "enabled": false } });
    assert_eq!(refuse(w), "workload.tenant_1.enabled");
    let mut w = tenants(16, 16, 1, 1, 0.0);
    w["tenant_3"] = json!({ "enabled": true, "iodepth": 0 });
    assert_eq!(refuse(w), "workload.tenant_3.iodepth");
}
