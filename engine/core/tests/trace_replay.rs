//! The `trace` workload: every fixture replays with the command count and bytes
//! `trace::summarize` reads from the same file; a trace recorded from one of the engine's
//! own jobs replays to the job's throughput and WAF; open loop keeps the recorded times;
//! bad input is refused by line and field; the same trace runs bit for bit the same.

use ssd_core::host::{JobRunner, Measured, PushSource, StreamSource, TraceRunner};
use ssd_core::metrics::Op;
use ssd_core::resolve::Resolved;
use ssd_core::scenario::Workload;
use ssd_core::trace::{summarize, TraceOptions};
use ssd_core::{Report, Scenario, Simulation};
use std::io::Cursor;
use std::path::PathBuf;

/// A small drive (502 MB) that GC works hard on once full.
const DRIVE: &str = r#""device":{"nand":{"channels":1,"dies_per_channel":2,"blocks_per_plane":32}}"#;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/traces").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn scenario(workload: &str, precondition: &str) -> Scenario {
    Scenario::from_json(&format!(r#"{{{DRIVE},"precondition":{precondition},"workload":{workload}}}"#)).unwrap()
}

/// Runs `scenario` replaying `trace`, to the end or to its error.
fn replay(scenario: &Scenario, trace: &[u8]) -> Result<Report, String> {
    let mut sim = Simulation::new(scenario).map_err(|e| e.to_string())?;
    let options = sim.trace_options().expect("a trace workload");
    sim.attach_trace(Box::new(StreamSource::new(Cursor::new(trace.to_vec()), &options, Some(trace.len() as u64))))
        .map_err(|e| format!("{}: {}", e.field, e.message))?;
    while !sim.run(1 << 16) {}
    match sim.replay_error() {
        Some(e) => Err(format!("{}: {e}", e.field())),
        None => Ok(sim.report()),
    }
}

const FIXTURES: [&str; 7] = ["msr_hm.csv", "spc_financial.spc", "alibaba.csv", "tencent_cbs.csv", "blkparse_sda.txt", "fio_v2.log", "fio_v3.log"];

#[test]
fn every_fixture_replays_the_commands_and_bytes_the_summary_counts() {
    let s = scenario(r#"{"kind":"trace","map":{"fit":"wrap"}}"#, r#"{"fill_percent":0}"#);
    for name in FIXTURES {
        let bytes = fixture(name);
        let summary = summarize(&bytes[..], &TraceOptions::default()).unwrap();
        let r = replay(&s, &bytes).unwrap().summary;
        let t = r.trace.as_ref().expect("a trace run has its replay section");
        assert_eq!(t.trace_commands, summary.commands as f64, "{name}: commands");
        assert_eq!(t.trace_read_bytes, summary.reads.bytes as f64, "{name}: read bytes");
        assert_eq!(t.trace_written_bytes, summary.writes.bytes as f64, "{name}: written bytes");
        assert_eq!(t.trace_trimmed_bytes, summary.trims.bytes as f64, "{name}: trimmed bytes");
        // The drive saw every command, in whole 4 KiB units.
        assert_eq!(r.read_latency.count + r.write_latency.count, (summary.reads.commands + summary.writes.commands) as f64, "{name}: drive commands");
        assert!(r.host_read_bytes >= t.trace_read_bytes && r.host_written_bytes >= t.trace_written_bytes, "{name}");
    }
}

/// The commands a job draws, as a fio iolog v3 (one µs apart: closed loop ignores time).
fn iolog_of(job_scenario: &Scenario, commands: u64) -> String {
    let resolved = Resolved::compile(job_scenario).unwrap();
    let Workload::Job(job) = &resolved.simulated.workload else { panic!("a job") };
    let mut runner = JobRunner::new(job, resolved.user_bytes, job_scenario.seed, 0);
    let mut log = String::from("fio version 3 iolog\n0 /dev/sim add\n0 /dev/sim open\n");
    for i in 0..commands {
        let c = runner.next_command();
        let op = match c.op {
            Op::Read => "read",
            Op::Write => "write",
            Op::Trim => "trim",
        };
        log.push_str(&format!("{i} /dev/sim {op} {} {}\n", c.lba as u64 * 4096, c.units as u64 * 4096));
    }
    log
}

fn within_1_percent(name: &str, what: &str, job: f64, trace: f64) {
    let delta = (trace - job).abs() / job.abs().max(1e-12);
    eprintln!("{name}: {what} job {job:.4} trace {trace:.4} delta {:.4} %", delta * 100.0);
    assert!(delta <= 0.01, "{name}: {what} job {job} trace {trace}");
}

#[test]
fn a_trace_of_a_job_replays_to_the_jobs_throughput_and_waf() {
    let pre = r#"{"fill_percent":100}"#;
    for (name, rw) in [("random write", r#""rw":"randwrite""#), ("70/30 mixed", r#""rw":"randrw","rwmixread":70"#)] {
        let io = 200 << 20;
        let job = scenario(&format!(r#"{{"kind":"job",{rw},"bs":4096,"iodepth":16,"size":0,"io_size":{io},"runtime":0}}"#), pre);
        let by_job = Simulation::run_to_end(&job).unwrap().summary;
        let log = iolog_of(&job, io / 4096);
        let by_trace = replay(&scenario(r#"{"kind":"trace","iodepth":16}"#, pre), log.as_bytes()).unwrap().summary;
        within_1_percent(name, "read MB/s", by_job.read_mb_per_s + 1e-9, by_trace.read_mb_per_s + 1e-9);
        within_1_percent(name, "write MB/s", by_job.write_mb_per_s, by_trace.write_mb_per_s);
        within_1_percent(name, "WAF", by_job.write_amplification, by_trace.write_amplification);
    }
}

#[test]
fn an_address_past_the_drive_is_refused_by_line_naming_fit() {
    let s = scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#);
    let log = "fio version 3 iolog\n0 d add\n1 d write 0 4096\n2 d write 1099511627776 4096\n";
    let e = replay(&s, log.as_bytes()).unwrap_err();
    assert!(e.starts_with("workload.map.fit: line 4: offset:"), "{e}");
}

#[test]
fn malformed_lines_are_refused_by_line_and_field() {
    let s = scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#);
    let negative = "fio version 3 iolog\n0 d add\n1 d write 0 4096\n2 d write 0 -4096\n";
    let e = replay(&s, negative.as_bytes()).unwrap_err();
    assert_eq!(e, "trace: trace refused: line 4: length: negative");
    let truncated =
        "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n128166372003061629,hm,0,Read,383496192,32768,1\n128166372003061630,hm,0,Write";
    let e = replay(&s, truncated.as_bytes()).unwrap_err();
    assert!(e.contains("line 3:") && e.contains("missing"), "{e}");
}

#[test]
fn a_trace_workload_without_its_trace_is_refused_naming_workload() {
    let s = scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#);
    let e = Simulation::run_to_end(&s).unwrap_err();
    assert_eq!(e.field, "workload");
    // A caller that reads only the stop notice (the page's worker) is told the same.
    let mut sim = Simulation::new(&s).unwrap();
    assert!(sim.run(1 << 10));
    assert_eq!(sim.stopped().map(|e| e.field.as_str()), Some("workload"));
    let job = scenario(r#"{"kind":"job","size":0}"#, r#"{"fill_percent":0}"#);
    let e = Simulation::new(&job).unwrap().attach_trace(Box::new(PushSource::new(&TraceOptions::default(), 1 << 16, None))).unwrap_err();
    assert_eq!(e.field, "workload.kind");
}

#[test]
fn scale_needs_the_traces_address_space() {
    let s = scenario(r#"{"kind":"trace","map":{"fit":"scale"}}"#, r#"{"fill_percent":0}"#);
    let e = replay(&s, &fixture("fio_v3.log")).unwrap_err();
    assert!(e.starts_with("workload.map.source_bytes"), "{e}");
    let s = scenario(r#"{"kind":"trace","map":{"fit":"scale","source_bytes":1099511627776}}"#, r#"{"fill_percent":0}"#);
    assert!(replay(&s, &fixture("fio_v3.log")).is_ok());
    let e = Scenario::from_json(r#"{"workload":{"kind":"trace","map":{"offset":100}}}"#).and_then(|s| s.validate().map(|_| s)).unwrap_err();
    assert_eq!(e.field, "workload.map.offset");
}

/// `n` 4 KiB writes `gap_us` apart, fio iolog v3.
fn spaced_writes(n: u64, gap_us: u64) -> String {
    let mut log = String::from("fio version 3 iolog\n0 d add\n");
    for i in 0..n {
        log.push_str(&format!("{} d write {} 4096\n", i * gap_us, (i * 7919 % 1000) * 4096));
    }
    log
}

#[test]
fn open_loop_keeps_the_recorded_times_and_speed_divides_them() {
    let log = spaced_writes(50, 1000);
    let at = |speed: f64| {
        let s = scenario(&format!(r#"{{"kind":"trace","mode":"open","speed":{speed}}}"#), r#"{"fill_percent":0}"#);
        replay(&s, log.as_bytes()).unwrap().summary.duration_s
    };
    let (normal, double) = (at(1.0), at(2.0));
    // 49 gaps of 1 ms, plus the last write's own time.
    assert!((0.049..0.0495).contains(&normal), "{normal}");
    assert!((0.0245..0.025).contains(&double), "{double}");
    let closed = replay(&scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#), log.as_bytes()).unwrap().summary.duration_s;
    assert!(closed < 0.005, "closed loop ignores the times: {closed}");
}

#[test]
fn a_replay_runs_bit_for_bit_the_same_and_loops_repeat_it() {
    let log = fixture("fio_v3.log");
    let s = scenario(r#"{"kind":"trace","map":{"fit":"wrap"},"loops":3}"#, r#"{"fill_percent":50}"#);
    let (a, b) = (replay(&s, &log).unwrap(), replay(&s, &log).unwrap());
    assert_eq!(a.to_json(), b.to_json());
    let once = replay(&scenario(r#"{"kind":"trace","map":{"fit":"wrap"}}"#, r#"{"fill_percent":50}"#), &log).unwrap();
    assert_eq!(a.summary.trace.as_ref().unwrap().trace_commands, 3.0 * once.summary.trace.as_ref().unwrap().trace_commands);
}

/// A pushed trace fed a few bytes at a time runs exactly as the file streamed whole: the
/// run waits for data where the input ran dry.
#[test]
fn a_pushed_trace_in_small_chunks_runs_as_the_streamed_one() {
    let log = fixture("msr_hm.csv");
    let s = scenario(r#"{"kind":"trace","map":{"fit":"wrap"},"iodepth":4}"#, r#"{"fill_percent":50}"#);
    let streamed = replay(&s, &log).unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    sim.attach_trace(Box::new(PushSource::new(&sim.trace_options().unwrap(), 1 << 16, Some(log.len() as u64)))).unwrap();
    let (mut fed, mut waits) = (0, 0);
    while !sim.run(1 << 10) {
        if sim.trace_wants_restart() {
            // The pass before the replay has read it all: the replay reads it again.
            fed = 0;
        }
        if sim.needs_trace_data() {
            waits += 1;
            let end = (fed + 37).min(log.len());
            fed += sim.feed_trace(&log[fed..end]);
            if fed == log.len() {
                sim.finish_trace_input();
            }
        }
    }
    assert!(waits > 10, "the run waited for data ({waits} times)");
    assert_eq!(sim.report().to_json(), streamed.to_json());
}

/// A command longer than a job's largest transfer, crossing the drive's end with `wrap`,
/// goes as pieces: the unit before the end, then 64 MiB from unit 0, then the rest.
#[test]
fn a_long_command_is_split_at_64_mib_and_at_the_drives_end() {
    let s = scenario(r#"{"kind":"trace","map":{"fit":"wrap"}}"#, r#"{"fill_percent":0}"#);
    let capacity = Resolved::compile(&s).unwrap().user_bytes;
    let log = format!("fio version 3 iolog\n0 d add\n0 d write {} {}\n", capacity - 4096, 100 << 20);
    let r = replay(&s, log.as_bytes()).unwrap().summary;
    assert_eq!(r.trace.as_ref().unwrap().trace_commands, 1.0);
    assert_eq!(r.trace.as_ref().unwrap().trace_written_bytes, (100 << 20) as f64);
    assert_eq!(r.host_written_bytes, (100 << 20) as f64);
    assert_eq!(r.write_latency.count, 3.0, "pieces");
}

/// The pass before the replay places every command as the replay will: on a drive large
/// enough for every fixture, its footprint, bytes and duration are the summary's.
#[test]
fn the_pass_before_the_replay_measures_what_the_summary_counts() {
    let Workload::Trace(replay) = scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#).workload else { panic!("a trace") };
    for name in FIXTURES {
        let bytes = fixture(name);
        let summary = summarize(&bytes[..], &TraceOptions::default()).unwrap();
        let source = StreamSource::new(Cursor::new(bytes), &TraceOptions::default(), None);
        let mut runner = TraceRunner::new(&replay, Box::new(source), 1 << 40, 0);
        let extent = loop {
            match runner.measure(100).unwrap() {
                Measured::Done(extent) => break extent,
                Measured::More => {}
                Measured::NeedsData => panic!("a streamed source never waits"),
            }
        };
        assert_eq!(extent.commands, summary.commands, "{name}");
        assert_eq!((extent.read_bytes, extent.written_bytes), (summary.reads.bytes, summary.writes.bytes), "{name}");
        assert_eq!(extent.duration_ns, summary.duration_ns, "{name}");
        assert_eq!((extent.footprint_bytes, extent.footprint_unit_bytes), (summary.footprint_bytes, summary.footprint_unit_bytes), "{name}");
        // Rewound: the replay reads the whole trace again, counted from zero.
        assert_eq!(runner.counters.commands, 0);
        let mut again = 0;
        while let ssd_core::host::Next::Ready { .. } = runner.next_command().unwrap() {
            again += 1;
        }
        assert!(again >= summary.commands, "{name}: {again} drive commands");
    }
}

/// The report's footprint is the drive's: the trace's own where its addresses fit as they
/// are, less where `wrap` folds them onto a smaller drive.
#[test]
fn the_report_gives_the_footprint_on_the_drive() {
    let big = Scenario::from_json(r#"{"precondition":{"fill_percent":0},"workload":{"kind":"trace"}}"#).unwrap();
    let capacity = Resolved::compile(&big).unwrap().user_bytes;
    let small = scenario(r#"{"kind":"trace","map":{"fit":"wrap"}}"#, r#"{"fill_percent":0}"#);
    let mut exact = 0;
    for name in FIXTURES {
        let bytes = fixture(name);
        let summary = summarize(&bytes[..], &TraceOptions::default()).unwrap();
        if summary.highest_address_bytes <= capacity {
            let r = replay(&big, &bytes).unwrap().summary;
            assert_eq!(r.trace.as_ref().unwrap().trace_footprint_bytes, summary.footprint_bytes as f64, "{name}");
            exact += 1;
        }
        let folded = replay(&small, &bytes).unwrap().summary.trace.as_ref().unwrap().trace_footprint_bytes;
        assert!(folded > 0.0 && folded <= summary.footprint_bytes as f64, "{name}: {folded}");
    }
    assert!(exact >= 3, "{exact} fixtures fit the default drive");
}

/// A bad line at the end of a trace refuses it before any command reaches the drive.
#[test]
fn a_bad_last_line_refuses_the_trace_before_the_drive_runs() {
    let s = scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#);
    let log = format!("{}99 d write 0 -4096\n", spaced_writes(100, 10));
    let mut sim = Simulation::new(&s).unwrap();
    let options = sim.trace_options().unwrap();
    sim.attach_trace(Box::new(StreamSource::new(Cursor::new(log.into_bytes()), &options, None))).unwrap();
    while !sim.run(1 << 16) {}
    assert_eq!(sim.replay_error().map(|e| e.to_string()).as_deref(), Some("trace refused: line 103: length: negative"));
    let r = sim.report().summary;
    assert_eq!((r.host_written_bytes, r.trace.as_ref().unwrap().trace_commands), (0.0, 0.0));
}

/// The automatic time windows fit the trace, measured before the replay: an open-loop trace
/// of hours draws about 200 windows over its recorded time and runs to its end, where a
/// fixed 1 ms width would have stopped it at its series' ceiling after 160 s.
#[test]
fn automatic_windows_fit_the_traces_length() {
    let hours = spaced_writes(400, 30_000_000);
    let open = scenario(r#"{"kind":"trace","mode":"open"}"#, r#"{"fill_percent":0}"#);
    let r = replay(&open, hours.as_bytes()).unwrap();
    assert!(r.stopped.is_none(), "{:?}", r.stopped);
    let recorded_s = 399.0 * 30.0;
    assert!((r.summary.duration_s - recorded_s).abs() < 0.1, "{}", r.summary.duration_s);
    assert!((r.summary.time_window_ms - recorded_s * 1e3 / 200.0).abs() < 1.0, "{}", r.summary.time_window_ms);
    let points = r.series.iter().find(|s| s.id == "write_throughput").unwrap().points.len();
    assert!((199..=201).contains(&points), "{points} windows");
    // Closed loop, the same trace lasts what the drive takes: narrower windows.
    let closed = replay(&scenario(r#"{"kind":"trace"}"#, r#"{"fill_percent":0}"#), hours.as_bytes()).unwrap().summary;
    assert!(closed.time_window_ms < 1.0 && closed.time_window_ms >= 0.001, "{}", closed.time_window_ms);
    // A width the scenario sets is kept.
    let set = scenario(r#"{"kind":"trace","mode":"open","log_avg_msec":60000}"#, r#"{"fill_percent":0}"#);
    assert_eq!(replay(&set, hours.as_bytes()).unwrap().summary.time_window_ms, 60000.0);
}

/// A scenario naming its file's SHA-256 replays that file, pushed or streamed, and refuses
/// another before the drive runs, naming `workload.sha256`.
#[test]
fn a_named_sha256_admits_only_its_file() {
    let log = fixture("fio_v3.log");
    let sha = summarize(&log[..], &TraceOptions::default()).unwrap().sha256;
    let with = |sha: &str| scenario(&format!(r#"{{"kind":"trace","map":{{"fit":"wrap"}},"sha256":"{sha}"}}"#), r#"{"fill_percent":0}"#);
    let plain = replay(&scenario(r#"{"kind":"trace","map":{"fit":"wrap"}}"#, r#"{"fill_percent":0}"#), &log).unwrap();
    let named = replay(&with(&sha), &log).unwrap();
    assert_eq!(named.summary, plain.summary);
    let other = "0".repeat(64);
    for pushed in [false, true] {
        let mut sim = Simulation::new(&with(&other)).unwrap();
        let options = sim.trace_options().unwrap();
        if pushed {
            sim.attach_trace(Box::new(PushSource::new(&options, 1 << 16, None))).unwrap();
            sim.feed_trace(&log);
            sim.finish_trace_input();
        } else {
            sim.attach_trace(Box::new(StreamSource::new(Cursor::new(log.clone()), &options, None))).unwrap();
        }
        while !sim.run(1 << 16) {}
        let e = sim.replay_error().expect("refused");
        assert_eq!(e.field(), "workload.sha256");
        assert_eq!(
            e.to_string(),
            format!("the trace file's SHA-256 is {sha}, not the scenario's {other}: give the file the scenario was made with, or clear workload.sha256")
        );
        assert_eq!(sim.report().summary.host_written_bytes, 0.0, "nothing reached the drive");
    }
}
