//! Job files in and out: the fixtures read as fio reads them, refusals name line and field,
//! import(export(job)) == job over many random jobs, fio's own parser takes every export
//! (where fio is installed), and no input makes the reader panic.

use super::*;
use crate::scenario::{Rw, Scenario, Workload};
use crate::units::{Bytes, GIB};
use std::path::PathBuf;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/fio").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const FIXTURES: [&str; 4] = ["randread-4k-qd32.fio", "randrw-70-30.fio", "multi-job.fio", "unmodelled.fio"];

fn listed<'a>(imported: &'a Imported, option: &str) -> Option<&'a Unmodelled> {
    imported.unmodelled.iter().find(|u| u.option == option)
}

#[test]
fn a_4k_random_read_at_qd32_reads_into_the_job() {
    let i = import(&fixture("randread-4k-qd32.fio"), None).unwrap();
    let j = &i.job;
    assert_eq!((j.rw, j.bs, j.iodepth, j.numjobs), (Rw::Randread, Bytes(4096), 32, 1));
    assert_eq!((j.size, j.io_size, j.runtime), (Bytes(8 * GIB), Bytes(0), 10.0), "time_based: runs for runtime, no byte limit");
    assert_eq!(i.name, "randread-4k-qd32");
    let options: Vec<&str> = i.unmodelled.iter().map(|u| u.option.as_str()).collect();
    assert_eq!(options, ["ioengine", "direct", "filename"]);
    assert!(listed(&i, "ioengine").unwrap().reason.starts_with("accepted, no effect"));
    assert_eq!(listed(&i, "filename").unwrap().line, 5);
}

#[test]
fn a_70_30_mix_keeps_every_modelled_option() {
    let i = import(&fixture("randrw-70-30.fio"), None).unwrap();
    let j = &i.job;
    assert_eq!((j.rw, j.rwmixread, j.bs, j.iodepth, j.numjobs), (Rw::Randrw, 70, Bytes(8192), 16, 4));
    assert_eq!((j.offset, j.size, j.io_size), (Bytes(GIB), Bytes(8 * GIB), Bytes(0)));
    assert_eq!((j.ramp_time, j.runtime, j.thinktime), (2.0, 60.0, 50.0), "1m is a minute; thinktime is µs");
    assert_eq!(j.random_distribution, "zipf:1.2");
    assert!(listed(&i, "group_reporting").is_some());
}

#[test]
fn globals_apply_to_the_jobs_after_them_and_other_jobs_are_listed() {
    let text = fixture("multi-job.fio");
    let first = import(&text, None).unwrap();
    assert_eq!(first.jobs, ["seq-write-128k", "rand-write-4k", "seq-read-1m"]);
    assert_eq!((first.job.rw, first.job.bs, first.job.iodepth, first.job.numjobs), (Rw::Write, Bytes(128 << 10), 2, 1));
    assert_eq!((first.job.size, first.job.runtime), (Bytes(4 * GIB), 30.0));
    let not_imported: Vec<&str> = first.unmodelled.iter().filter(|u| u.option.is_empty()).map(|u| u.section.as_str()).collect();
    assert_eq!(not_imported, ["rand-write-4k", "global", "seq-read-1m"]);
    let second = import(&text, Some("rand-write-4k")).unwrap();
    assert_eq!((second.job.rw, second.job.iodepth, second.job.startdelay, second.job.numjobs), (Rw::Randwrite, 8, 5.0, 1));
    assert_eq!(listed(&second, "stonewall").unwrap().line, 17);
    let third = import(&text, Some("seq-read-1m")).unwrap();
    assert_eq!((third.job.numjobs, third.job.bs), (2, Bytes(1 << 20)), "the second [global] applies to the job after it");
    let e = import(&text, Some("nope")).unwrap_err();
    assert!(e.message.contains("[seq-write-128k], [rand-write-4k], [seq-read-1m]"), "{e}");
}

#[test]
fn unmodelled_options_are_listed_with_section_line_and_reason() {
    let i = import(&fixture("unmodelled.fio"), None).unwrap();
    let j = &i.job;
    assert_eq!((j.rw, j.iodepth, j.size, j.io_size, j.runtime), (Rw::Randwrite, 64, Bytes(2 * GIB), Bytes(10 * GIB), 120.0));
    assert_eq!((j.log_avg_msec, j.buffer_compress_percentage), (500.0, 50));
    for (option, line) in [("norandommap", 5), ("verify", 7), ("rw", 11), ("bssplit", 12), ("rate_iops", 17)] {
        let u = listed(&i, option).unwrap_or_else(|| panic!("{option} listed"));
        assert_eq!((u.line, u.section.as_str()), (line, if line < 10 { "global" } else { "mixed-sizes" }), "{option}");
    }
    assert_eq!(listed(&i, "rw").unwrap().value, "randwrite:8");
    assert!(listed(&i, "bssplit").unwrap().reason.starts_with("not modelled"));
    assert_eq!((listed(&i, "bssplit").unwrap().kind, listed(&i, "direct").unwrap().kind), (UnmodelledKind::NotModelled, UnmodelledKind::NoEffect));
}

#[test]
fn without_time_based_the_job_stops_after_size_or_runtime() {
    let i = import("[a]\nrw=write\nsize=1g\nruntime=5\n", None).unwrap();
    assert_eq!((i.job.io_size, i.job.runtime), (Bytes(GIB), 5.0), "fio stops at size or runtime, whichever comes first");
    let crlf = import("\u{feff}[a]\r\nrw=write\r\nsize=1g  # the region\r\n; a comment\r\n", None).unwrap();
    assert_eq!((crlf.job.rw, crlf.job.size), (Rw::Write, Bytes(GIB)), "a BOM, CRLF line ends and comments are read as fio reads them");
    let i = import("[a]\nrw=write\nruntime=5\n", None).unwrap();
    assert_eq!(i.job.io_size, Bytes(0));
    assert!(listed(&i, "size").unwrap().reason.contains("one pass"));
    let e = import("[a]\nrw=write\n", None).unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (1, "workload.io_size"));
    let i = import("[a]\nrwmixwrite=30\nio_limit=4m\nthinktime=2ms\nstartdelay=1500ms\ntimeout=90s\n", None).unwrap();
    assert_eq!((i.job.rwmixread, i.job.io_size, i.job.thinktime, i.job.startdelay, i.job.runtime), (70, Bytes(4 << 20), 2000.0, 1.5, 90.0));
}

#[test]
fn refusals_name_the_line_the_option_the_field_and_the_range() {
    let cases: [(&str, usize, &str, &str, &str); 9] = [
        ("[a]\nsize=1g\niodepth=0\n", 3, "iodepth", "workload.iodepth", "1024"),
        ("[global]\nnumjobs=100\n[a]\nsize=1g\n", 2, "numjobs", "workload.numjobs", "64"),
        ("[a]\nsize=1g\nbs=3k\n", 3, "bs", "workload.bs", "between 4 KiB and 64 MiB (got 3 KiB)"),
        ("[a]\nsize=1g\nrw=scramble\n", 3, "rw", "workload.rw", "randrw"),
        ("[a]\nsize=1g\nrandom_distribution=normal:5\n", 3, "random_distribution", "workload.random_distribution", "zipf"),
        ("[a]\nsize=1g\nrwmixread=101\n", 3, "rwmixread", "workload.rwmixread", "0 and 100"),
        ("[a]\nsize=1g\nruntime=10sec\n", 3, "runtime", "workload.runtime", "ms"),
        ("[a]\nsize=50%\n", 2, "size", "workload.size", "whole device"),
        ("[a]\nsize=1g\nbs\n", 3, "bs", "workload.bs", "needs a value"),
    ];
    for (text, line, option, field, says) in cases {
        let e = import(text, None).unwrap_err();
        assert_eq!((e.line, e.option.as_str(), e.field.as_str()), (line, option, field), "{text}: {e}");
        assert!(e.message.contains(says), "{text}: {e}");
    }
    // The page gets {field, code, message}, the place leading the message.
    let page = import("[a]\nsize=1g\niodepth=0\n", None).unwrap_err().to_scenario_error();
    assert_eq!((page.field.as_str(), page.code), ("workload.iodepth", crate::scenario::ErrorCode::OutOfRange));
    assert!(page.message.starts_with("line 3: [a] iodepth: must be between 1 and 1024"), "{}", page.message);
    let e = import("bs=4k\n[a]\n", None).unwrap_err();
    assert!(e.line == 1 && e.message.contains("outside"), "{e}");
    assert!(import("[global]\nbs=4k\n", None).unwrap_err().message.contains("no job section"));
    assert!(import("[a\nbs=4k\n", None).unwrap_err().message.contains("section header"));
}

/// A tiny deterministic generator for the property tests (splitmix64).
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        options[self.below(options.len() as u64) as usize]
    }
}

/// A valid job with every field drawn: times as whole µs, as fio writes them.
fn random_job(d: &mut Draw) -> Job {
    let rws = [Rw::Read, Rw::Write, Rw::Randread, Rw::Randwrite, Rw::Rw, Rw::Randrw, Rw::Trim, Rw::Randtrim];
    let bs = 4096 * (1 + d.below(256));
    let io_size = if d.below(2) == 0 { 0 } else { 1 + d.below(1 << 40) };
    let runtime = if io_size == 0 || d.below(2) == 0 { (1 + d.below(3_600_000_000)) as f64 / 1e6 } else { 0.0 };
    Job {
        rw: rws[d.below(8) as usize],
        rwmixread: d.below(101) as u32,
        bs: Bytes(bs),
        iodepth: 1 + d.below(1024) as u32,
        numjobs: 1 + d.below(64) as u32,
        offset: Bytes(4096 * d.below(1 << 30)),
        size: Bytes(if d.below(3) == 0 { 0 } else { bs * (1 + d.below(1 << 20)) }),
        io_size: Bytes(io_size),
        runtime,
        ramp_time: d.below(3_600_000_001) as f64 / 1e6,
        startdelay: d.below(3_600_000_001) as f64 / 1e6,
        log_avg_msec: if d.below(2) == 0 { 0.0 } else { d.below(3_600_001) as f64 },
        thinktime: d.below(10_000_001) as f64,
        buffer_compress_percentage: d.below(101) as u32,
        zero_buffers: d.below(2) == 0,
        fsync: if d.below(2) == 0 { 0 } else { 1 + d.below(64) as u32 },
        fdatasync: if d.below(3) == 0 { 1 + d.below(64) as u32 } else { 0 },
        sync: d.below(4) == 0,
        write_barrier: if d.below(4) == 0 { 1 + d.below(64) as u32 } else { 0 },
        random_distribution: d.pick(&["random", "zipf:1.2", "zipf:0.8", "pareto:0.3", "zoned:80/20", "zoned:60/10:30/20:10/70"]).to_string(),
        ..placement(d)
    }
}

/// Placement fields drawn as fio can hold them in a job file (a scheme's rows live in a file
/// of their own: see `a_scheme_goes_to_its_file_as_comments`).
fn placement(d: &mut Draw) -> Job {
    use crate::scenario::{DataPlacement, PlidSelect};
    let kind = [DataPlacement::None, DataPlacement::Fdp, DataPlacement::Streams][d.below(3) as usize];
    if kind == DataPlacement::None {
        return Job::default();
    }
    let plids = d.pick(&["0", "1", "1,2", "1-3,7", "0-127", "5,4"]).to_string();
    let plid_select = if d.below(2) == 0 { PlidSelect::Roundrobin } else { PlidSelect::Random };
    Job { dataplacement: kind, plids, plid_select, ..Job::default() }
}

#[test]
fn placement_options_read_as_fio_spells_them() {
    use crate::scenario::{DataPlacement, PlidSelect};
    let text = "[a]\nrw=randwrite\nfdp=1\nfdp_pli=1,2-3\nfdp_pli_select=random\nruntime=1\n[b]\nrw=write\ndataplacement=streams\nplids=4\nplid_select=scheme\ndp_scheme=/tmp/s\nruntime=1\n";
    let a = import(text, Some("a")).unwrap().job;
    assert_eq!((a.dataplacement, a.plids.as_str(), a.plid_select), (DataPlacement::Fdp, "1,2-3", PlidSelect::Random));
    // fio's scheme file cannot be read here: it is listed, and until its rows are written in
    // the job every write takes id 0, as fio gives a write no row holds.
    let b = import(text, Some("b")).unwrap();
    assert_eq!((b.job.dataplacement, b.job.plid_select, b.job.dp_scheme.as_str()), (DataPlacement::Streams, PlidSelect::Scheme, ""));
    assert!(listed(&b, "dp_scheme").unwrap().reason.contains("not read"), "the scheme file is listed");
    let e = import("[a]\nplids=1-200\n", None).unwrap_err();
    assert_eq!((e.field.as_str(), e.line), ("workload.plids", 2));
    let e = import("[a]\ndataplacement=zns\n", None).unwrap_err();
    assert_eq!(e.field, "workload.dataplacement");
}

#[test]
fn offset_increment_gives_each_clone_its_region() {
    let job = import("[t]\nrw=randwrite\nnumjobs=4\nsize=1g\noffset_increment=1g\nruntime=1\n", None).unwrap().job;
    assert_eq!((job.numjobs, job.offset_increment, job.size), (4, Bytes(GIB), Bytes(GIB)));
    assert!(export_job(&job, "t").unwrap().contains("\noffset=0\noffset_increment=1g\n"));
    assert_eq!(import(&export_job(&job, "t").unwrap(), None).unwrap().job, job);
}

#[test]
fn a_scheme_goes_to_its_file_as_comments() {
    use crate::scenario::{DataPlacement, PlidSelect};
    let job = Job {
        rw: Rw::Randwrite,
        dataplacement: DataPlacement::Fdp,
        plid_select: PlidSelect::Scheme,
        dp_scheme: "0, 1g, 1; 1g, 2g, 2".into(),
        ..Job::default()
    };
    let text = export_job(&job, "").unwrap();
    assert!(text.contains("\nioengine=io_uring_cmd\ncmd_type=nvme\ndataplacement=fdp\nplid_select=scheme\n"), "{text}");
    assert!(text.contains(";   0, 1073741824, 1\n;   1073741824, 2147483648, 2\ndp_scheme=ssd-playground.scheme\n"), "{text}");
}

#[test]
fn import_of_export_gives_the_same_job() {
    let default = Job::default();
    assert_eq!(import(&export_job(&default, "").unwrap(), None).unwrap().job, default);
    let mut d = Draw(29);
    for case in 0..2_000 {
        let job = random_job(&mut d);
        let text = export_job(&job, &format!("case {case}")).unwrap_or_else(|e| panic!("{job:?}: {e}"));
        let back = import(&text, None).unwrap_or_else(|e| panic!("{text}\n{e}"));
        // The engine's short zoned form comes back written out in full, as fio needs it.
        let same = |j: &Job| Job { random_distribution: String::new(), ..j.clone() };
        assert_eq!(same(&back.job), same(&job), "{text}");
        let parse = crate::scenario::RandomDistribution::parse;
        assert_eq!(parse(&back.job.random_distribution), parse(&job.random_distribution), "{text}");
        assert!(back.unmodelled.iter().all(|u| u.kind == UnmodelledKind::NoEffect), "{:?}", back.unmodelled);
    }
}

#[test]
fn sync_options_read_as_fio_spells_them_and_come_back() {
    let text = "[w]\nrw=randwrite\nsize=1g\nfsync=1\nfdatasync=4\nwrite_barrier=8\nsync=dsync\n";
    let job = import(text, None).unwrap().job;
    assert_eq!((job.fsync, job.fdatasync, job.write_barrier, job.sync), (1, 4, 8, true));
    let out = export_job(&job, "w").unwrap();
    assert!(out.contains("\nfsync=1\nfdatasync=4\nwrite_barrier=8\nsync=1\n"), "{out}");
    assert_eq!(import(&out, None).unwrap().job, job);
    for (value, on) in [("none", false), ("0", false), ("sync", true), ("1", true)] {
        assert_eq!(import(&format!("[w]\nsize=1g\nsync={value}\n"), None).unwrap().job.sync, on, "sync={value}");
    }
    let e = import("[w]\nsize=1g\nsync=always\n", None).unwrap_err();
    assert_eq!((e.field.as_str(), e.line), ("workload.sync", 3));
    assert!(e.message.contains("none, sync or dsync"), "{}", e.message);
    // Nothing written when nothing is set.
    assert!(!export_job(&Job::default(), "").unwrap().contains("sync"));
}

#[test]
fn export_of_import_is_stable() {
    for name in FIXTURES {
        let text = fixture(name);
        for job in import(&text, None).unwrap().jobs {
            let once = export_job(&import(&text, Some(&job)).unwrap().job, &job).unwrap();
            let twice = export_job(&import(&once, None).unwrap().job, &job).unwrap();
            assert_eq!(once, twice, "{name} [{job}]");
        }
    }
}

#[test]
fn export_refuses_other_workloads_and_values_fio_cannot_hold() {
    let mut s = Scenario { workload: Workload::default_of("span_sweep").unwrap(), ..Scenario::default() };
    let e = export(&s).unwrap_err();
    assert_eq!(e.field, "workload.kind");
    assert!(e.message.contains("span_sweep"));
    s.workload = Workload::Job(Job { thinktime: 0.5, ..Job::default() });
    assert_eq!(export(&s).unwrap_err().field, "workload.thinktime");
    s.workload = Workload::Job(Job { random_distribution: "zipf:1".to_string(), ..Job::default() });
    assert_eq!(export(&s).unwrap_err().field, "workload.random_distribution");
    s.workload = Workload::Job(Job { random_distribution: "zoned:80/20".to_string(), ..Job::default() });
    assert!(export(&s).unwrap().contains("\nrandom_distribution=zoned:80/20:20/80\n"));
    s.workload = Workload::Job(Job { iodepth: 0, ..Job::default() });
    assert_eq!(export(&s).unwrap_err().field, "workload.iodepth");
    s.workload = Workload::Job(Job::default());
    s.name = "[my] global".to_string();
    assert!(export(&s).unwrap().contains("\n[my--global]\n"));
}

/// fio's own parser, where fio is installed (`apt-get install fio`): every fixture and
/// every export must pass `fio --parse-only`.
#[test]
fn fio_parses_every_export() {
    if std::process::Command::new("fio").arg("--version").output().is_err() {
        println!("note: fio is not on PATH; fio's own parser was not run (apt-get install fio)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("ssd-fio-parse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut texts: Vec<String> = FIXTURES.iter().map(|n| export_job(&import(&fixture(n), None).unwrap().job, n).unwrap()).collect();
    let mut d = Draw(4);
    texts.extend((0..40).map(|i| export_job(&random_job(&mut d), &format!("random-{i}")).unwrap()));
    texts.push(export_job(&Job::default(), "").unwrap());
    // fio reads placement options from 3.35 on (dataplacement, plids); an older fio is spared them.
    let knows_placement = std::process::Command::new("fio").arg("--cmdhelp=dataplacement").output().is_ok_and(|o| {
        o.status.success() && !format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)).contains("No such command")
    });
    if !knows_placement {
        println!("note: this fio has no dataplacement option; exports with placement were not parsed by it");
        texts.retain(|t| !t.contains("dataplacement="));
    }
    for (i, text) in texts.iter().enumerate() {
        let path = dir.join(format!("{i}.fio"));
        std::fs::write(&path, text).unwrap();
        let out = std::process::Command::new("fio").arg("--parse-only").arg(&path).output().unwrap();
        assert!(out.status.success(), "fio --parse-only refused:\n{text}\n{}", String::from_utf8_lossy(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_input_makes_the_reader_panic() {
    let mut d = Draw(0xF10);
    let seeds: Vec<Vec<u8>> = FIXTURES.iter().map(|n| fixture(n).into_bytes()).collect();
    let alphabet = b"[]=#;:%,/-.0123456789kKmMgGiBsu \n\txrwandzipf";
    for case in 0..4_000 {
        let bytes: Vec<u8> = if case % 4 == 0 {
            (0..d.below(300)).map(|_| d.next() as u8).collect()
        } else {
            let mut b = seeds[case % seeds.len()].clone();
            for _ in 0..1 + d.below(8) {
                let at = d.below(b.len() as u64 + 1) as usize;
                match d.below(3) {
                    0 if at < b.len() => {
                        b.remove(at);
                    }
                    1 => b.insert(at, alphabet[d.below(alphabet.len() as u64) as usize]),
                    _ if at < b.len() => b[at] = d.next() as u8,
                    _ => {}
                }
            }
            b
        };
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(i) = import(&text, None) {
            // Whatever is read is a job the engine takes, and writes out again.
            export_job(&i.job, &i.name).unwrap_or_else(|e| panic!("{text}\n{e}"));
        }
    }
}
