//! Block traces (`ssd_core::trace`): every format's fixture (tests/fixtures/traces/, its
//! README has the numbers worked out) is detected and summarised to the exact counts, bytes
//! and footprint; chunked feeding at every split point equals whole-file parsing; malformed
//! lines are refused naming line and field; fuzzed input never panics.

use ssd_core::rng::SimRng;
use ssd_core::trace::{
    summarize, BlkparseEvent, Op, TimelineAxis, TraceCommand, TraceCommands, TraceError, TraceFormat, TraceOptions, TraceReader, TraceSummary,
};
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/traces").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn summary_of(bytes: &[u8], options: &TraceOptions) -> Result<TraceSummary, TraceError> {
    summarize(bytes, options)
}

/// All commands of `bytes`, fed in the chunks given by `splits` (ascending offsets).
fn commands_split(bytes: &[u8], splits: &[usize], options: &TraceOptions) -> Result<Vec<TraceCommand>, TraceError> {
    let mut reader = TraceReader::new(options);
    let mut out = Vec::new();
    let mut start = 0;
    for &end in splits.iter().chain(std::iter::once(&bytes.len())) {
        reader.feed(&bytes[start..end], &mut |c| out.push(c))?;
        start = end;
    }
    reader.finish(&mut |c| out.push(c))?;
    Ok(out)
}

struct Expected {
    file: &'static str,
    format: TraceFormat,
    commands: u64,
    reads: (u64, u64),
    writes: (u64, u64),
    trims: (u64, u64),
    read_footprint: u64,
    written_footprint: u64,
    footprint: u64,
    highest: u64,
    duration_ns: u64,
    devices: &'static [&'static str],
}

/// The numbers in tests/fixtures/traces/README.md.
const FIXTURES: &[Expected] = &[
    Expected {
        file: "msr_hm.csv",
        format: TraceFormat::Msr,
        commands: 30,
        reads: (14, 176_128),
        writes: (16, 131_584),
        trims: (0, 0),
        read_footprint: 192_512,
        written_footprint: 155_648,
        footprint: 348_160,
        highest: 2_029_358_080,
        duration_ns: 673_657_900,
        devices: &["hm_0", "hm_1"],
    },
    Expected {
        file: "spc_financial.spc",
        format: TraceFormat::Spc,
        commands: 32,
        reads: (10, 56_320),
        writes: (22, 90_112),
        trims: (0, 0),
        read_footprint: 94_208,
        written_footprint: 172_032,
        footprint: 266_240,
        highest: 4_091_158_528,
        duration_ns: 325_936_000,
        devices: &["2", "0", "1"],
    },
    Expected {
        file: "alibaba.csv",
        format: TraceFormat::Alibaba,
        commands: 30,
        reads: (11, 208_896),
        writes: (19, 458_752),
        trims: (0, 0),
        read_footprint: 208_896,
        written_footprint: 458_752,
        footprint: 667_648,
        highest: 42_807_083_008,
        duration_ns: 486_402_000,
        devices: &["17", "3"],
    },
    Expected {
        file: "tencent_cbs.csv",
        format: TraceFormat::Tencent,
        commands: 30,
        reads: (15, 618_496),
        writes: (15, 778_240),
        trims: (0, 0),
        read_footprint: 618_496,
        written_footprint: 778_240,
        footprint: 1_396_736,
        highest: 102_114_058_240,
        duration_ns: 4_000_000_000,
        devices: &["2041", "1283"],
    },
    Expected {
        file: "blkparse_sda.txt",
        format: TraceFormat::Blkparse,
        commands: 8,
        reads: (3, 172_032),
        writes: (4, 24_576),
        trims: (1, 4_096),
        read_footprint: 172_032,
        written_footprint: 24_576,
        footprint: 196_608,
        highest: 28_910_731_264,
        duration_ns: 2_162_720,
        devices: &["8,0"],
    },
    Expected {
        file: "fio_v2.log",
        format: TraceFormat::FioV2,
        commands: 26,
        reads: (6, 417_792),
        writes: (19, 466_944),
        trims: (1, 4_096),
        read_footprint: 417_792,
        written_footprint: 466_944,
        footprint: 884_736,
        highest: 8_380_448_768,
        duration_ns: 0,
        devices: &["/dev/nvme0n1"],
    },
    Expected {
        file: "fio_v3.log",
        format: TraceFormat::FioV3,
        commands: 26,
        reads: (9, 315_392),
        writes: (16, 495_616),
        trims: (1, 131_072),
        read_footprint: 315_392,
        written_footprint: 495_616,
        footprint: 811_008,
        highest: 8_518_959_104,
        duration_ns: 4_602_000,
        devices: &["/dev/nvme0n1"],
    },
];

#[test]
fn every_fixture_is_detected_and_summarised_to_its_numbers() {
    for e in FIXTURES {
        let bytes = fixture(e.file);
        for forced in [None, Some(e.format)] {
            let s = summary_of(&bytes, &TraceOptions { format: forced, ..Default::default() }).unwrap_or_else(|err| panic!("{}: {err}", e.file));
            let got = (s.format, s.commands, (s.reads.commands, s.reads.bytes), (s.writes.commands, s.writes.bytes), (s.trims.commands, s.trims.bytes));
            assert_eq!(got, (e.format, e.commands, e.reads, e.writes, e.trims), "{}", e.file);
            let got = (s.read_footprint_bytes, s.written_footprint_bytes, s.footprint_bytes, s.footprint_unit_bytes, s.highest_address_bytes, s.duration_ns);
            assert_eq!(got, (e.read_footprint, e.written_footprint, e.footprint, 4096, e.highest, e.duration_ns), "{}", e.file);
            let labels: Vec<&str> = s.devices.iter().map(|d| d.label.as_str()).collect();
            assert_eq!(labels, e.devices, "{}", e.file);
            assert_eq!(s.size_histogram.iter().map(|b| b.commands).sum::<u64>(), e.commands, "{}", e.file);
            assert_eq!(s.clock.times_clamped, 0, "{}: fixtures are sorted", e.file);
            assert!(s.skew_hot20_share >= 0.2 && s.skew_hot20_share <= 1.0 && s.skew_sample_fraction == 1.0, "{}", e.file);
            // The timeline holds every byte and ends at the footprint.
            let t = &s.timeline;
            assert_eq!((t.read_bytes.iter().sum::<u64>(), t.write_bytes.iter().sum::<u64>()), (e.reads.1, e.writes.1), "{}", e.file);
            assert_eq!(t.footprint_bytes.last().copied(), Some(e.footprint), "{}", e.file);
            let axis = if e.duration_ns > 0 { TimelineAxis::Time } else { TimelineAxis::Commands };
            assert_eq!(t.axis, axis, "{}", e.file);
        }
    }
}

#[test]
fn skipped_lines_are_counted_by_kind() {
    let s = summary_of(&fixture("blkparse_sda.txt"), &TraceOptions::default()).unwrap();
    // 8 data requests x (G, I, D, C) + the flush's G and C; its Q is the flush.
    assert_eq!((s.lines.lines, s.lines.other_events, s.lines.flushes, s.lines.trailer_lines, s.lines.blank_lines), (52, 34, 1, 7, 2));
    let s = summary_of(&fixture("fio_v3.log"), &TraceOptions::default()).unwrap();
    assert_eq!((s.lines.headers, s.lines.file_actions, s.lines.flushes), (1, 3, 1));
    let s = summary_of(&fixture("alibaba.csv"), &TraceOptions::default()).unwrap();
    assert_eq!(s.lines.headers, 1);
}

#[test]
fn blkparse_complete_events_instead_of_queue() {
    let options = TraceOptions { blkparse_event: BlkparseEvent::Complete, ..Default::default() };
    let s = summary_of(&fixture("blkparse_sda.txt"), &options).unwrap();
    // The same eight requests complete (the flush's C has no sector), in the same order.
    assert_eq!((s.commands, s.reads.bytes, s.writes.bytes, s.trims.bytes, s.lines.flushes), (8, 172_032, 24_576, 4_096, 1));
    let extents = |options: &TraceOptions| -> Vec<(Op, u64, u64)> {
        commands_split(&fixture("blkparse_sda.txt"), &[], options).unwrap().iter().map(|c| (c.op, c.offset_bytes, c.len_bytes)).collect()
    };
    assert_eq!(extents(&options), extents(&TraceOptions::default()));
    // A C line alone is not a command when queue events are asked for.
    let c_only = b"  8,0  0  1  0.000100000  0  C  W 100 + 8 [0]\n";
    assert_eq!(summary_of(c_only, &TraceOptions::default()).map(|s| (s.commands, s.lines.other_events)), Ok((0, 1)));
    assert_eq!(summary_of(c_only, &options).map(|s| s.commands), Ok(1));
}

#[test]
fn device_selection_keeps_only_the_chosen() {
    let options = TraceOptions { devices: vec!["3".into(), "99".into()], ..Default::default() };
    let s = summary_of(&fixture("alibaba.csv"), &options).unwrap();
    // Every third line is device 17 (10 of 30).
    assert_eq!((s.commands, s.lines.other_devices), (20, 10));
    assert_eq!(s.devices_not_found, vec!["99".to_string()]);
    assert!(s.devices.iter().all(|d| d.kept == (d.label == "3")));
    let options = TraceOptions { devices: vec!["hm_1".into()], ..Default::default() };
    let s = summary_of(&fixture("msr_hm.csv"), &options).unwrap();
    assert_eq!((s.commands, s.lines.other_devices), (6, 24));
    // Times start at the first kept command.
    let mut first = None;
    let mut reader = TraceReader::new(&options);
    reader.feed(&fixture("msr_hm.csv"), &mut |c| _ = first.get_or_insert(c)).unwrap();
    assert_eq!(first.map(|c| (c.time_ns, c.device)), Some((0, 1)));
}

#[test]
fn chunked_feeding_at_every_split_equals_the_whole_file() {
    for e in FIXTURES {
        let bytes = fixture(e.file);
        let options = TraceOptions::default();
        let whole = commands_split(&bytes, &[], &options).unwrap();
        assert_eq!(whole.len() as u64, e.commands);
        for split in 0..=bytes.len() {
            assert_eq!(commands_split(&bytes, &[split], &options).as_ref(), Ok(&whole), "{} split at {split}", e.file);
        }
        let every_byte: Vec<usize> = (1..bytes.len()).collect();
        assert_eq!(commands_split(&bytes, &every_byte, &options), Ok(whole.clone()), "{} byte by byte", e.file);
        let pulled: Result<Vec<_>, _> = TraceCommands::new(std::io::BufReader::with_capacity(7, &bytes[..]), &options).collect();
        assert_eq!(pulled, Ok(whole), "{} pulled through a 7-byte BufReader", e.file);
    }
}

#[test]
fn commands_carry_relative_times_ops_and_devices() {
    let text = b"3,W,1808744448,4096,1577808000000010\n17,R,0,512,1577808000000510\r\n";
    let got = commands_split(text, &[], &TraceOptions::default()).unwrap();
    assert_eq!(
        got,
        vec![
            TraceCommand { time_ns: 0, op: Op::Write, offset_bytes: 1_808_744_448, len_bytes: 4096, device: 3, line: 1, durable: false },
            TraceCommand { time_ns: 500_000, op: Op::Read, offset_bytes: 0, len_bytes: 512, device: 17, line: 2, durable: false },
        ]
    );
}

/// blkparse's RWBS: `F` beside `W` (FUA after it, a preflush before it) makes the write
/// durable; an empty flush makes its device's next write durable, and one on a device no
/// command has named yet flushes nothing (issue 46). fio's `sync` does the same for its file.
#[test]
fn flush_flags_make_writes_durable() {
    let blk = b"  8,0 0 1 0.000001 1 Q W 0 + 8 [a]\n  8,0 0 2 0.000002 1 Q WFS 8 + 8 [a]\n  8,0 0 3 0.000003 1 Q FWS 16 + 8 [a]\n\
                8,16 0 4 0.000004 1 Q FWS [jbd2]\n  8,0 0 5 0.000005 1 Q FWS [jbd2]\n  8,16 0 6 0.000006 1 Q W 0 + 8 [b]\n\
                8,0 0 7 0.000007 1 Q R 0 + 8 [a]\n  8,0 0 8 0.000008 1 Q W 24 + 8 [a]\n  8,0 0 9 0.000009 1 Q W 32 + 8 [a]\n";
    let got = commands_split(blk, &[], &TraceOptions::default()).unwrap();
    let durable: Vec<(u32, bool)> = got.iter().map(|c| (c.line as u32, c.durable)).collect();
    assert_eq!(durable, [(1, false), (2, true), (3, true), (6, false), (7, false), (8, true), (9, false)]);
    let fio =
        b"fio version 2 iolog\n/dev/a add\n/dev/a open\n/dev/a write 0 4096\n/dev/a sync\n/dev/a read 0 4096\n/dev/a write 4096 4096\n/dev/a write 8192 4096\n";
    let got = commands_split(fio, &[], &TraceOptions::default()).unwrap();
    assert_eq!(got.iter().map(|c| c.durable).collect::<Vec<_>>(), [false, false, true, false]);
}

fn refusal(text: &[u8], format: Option<TraceFormat>) -> String {
    match summary_of(text, &TraceOptions { format, ..Default::default() }) {
        Ok(_) => "accepted".to_string(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_input_is_refused_with_line_and_field() {
    let msr = "128166372003061629,hm,0,Read,3154280448,4096,29633\n";
    let cases: &[(String, Option<TraceFormat>, &str)] = &[
        (format!("{msr}{msr}128166372003061630,hm,0,Write,8192,-4096,100\n"), None, "line 3: size: negative"),
        (format!("{msr}128166372003061630,hm,0,Write,8192,4k,100\n"), None, "line 2: size: not a number"),
        (format!("{msr}128166372003061630,hm,0,Erase,8192,4096,100\n"), None, "line 2: type: unknown operation"),
        (format!("{msr}128166372003061630,hm,0,Read,3154"), None, "line 2: size: missing"),
        (format!("{msr}128166372003061630,hm,0,Read,-3154,512,9\n"), None, "line 2: offset: negative"),
        (format!("{msr}128166372003061630,hm,0,Read,0,512,9,7\n"), None, "line 2: response_time: a field after the format's last"),
        (format!("{msr}\n\n128166372003061630,hm,0,Read,0,2147483648,9\n"), None, "line 4: size: too large"),
        (format!("{msr}1281663720\0\0\0\x01\x02"), None, "line 2: text: binary data, not text"),
        ("\x7fELF\x02\x01\x01\0\0\0".to_string(), None, "line 1: text: binary data, not text"),
        ("0,303567,3584,x,0.000000\n".to_string(), Some(TraceFormat::Spc), "line 1: opcode: unknown operation"),
        ("0,303567,3584,w,0.0.1\n".to_string(), None, "line 1: timestamp: not a number"),
        ("0,303567,3584,w,0.01\n0,303567,-1,w,0.02\n".to_string(), None, "line 2: size: negative"),
        ("1,R,4096,4096,10\n1,D,4096,4096,11\n".to_string(), None, "line 2: opcode: unknown operation"),
        ("1538323200,1290000,16,1,1283\n1538323200,1290000,16,2,1283\n".to_string(), None, "line 2: io_type: unknown operation"),
        ("1538323200,1290000,16,1,1283\n1538323200,1290000,16,1,99999999999\n".to_string(), None, "line 2: volume_id: too large"),
        (
            "  8,0  0  1  0.000000000  10  Q  WS 100 + 8 [a]\n  8,0  0  2  0.000001000  10  Q  WX 100 + 8 [a]\n".to_string(),
            None,
            "line 2: rwbs: unknown operation",
        ),
        ("  8,0  0  1  0.000000000  10  Q  WS 100 + 8 [a]\n  8,0  0  2  0.000001000  10  Q  W 100 - 8 [a]\n".to_string(), None, "line 2: sectors: missing"),
        ("fio version 2 iolog\n/dev/sda add\n/dev/sda write 0\n".to_string(), None, "line 3: length: missing"),
        ("fio version 2 iolog\n/dev/sda erase 0 4096\n".to_string(), None, "line 2: action: unknown operation"),
        ("fio version 3 iolog\n12 /dev/sda read -4096 4096\n".to_string(), None, "line 2: offset: negative"),
        ("/dev/sda read 0 4096\n".to_string(), Some(TraceFormat::FioV2), "line 1: header: missing"),
        ("fio version 2 iolog\n".to_string(), Some(TraceFormat::FioV3), "line 1: header: missing"),
        ("hello, world\n".to_string(), None, "line 1: format: not a trace format this reader knows"),
        ("".to_string(), None, "line 0: file: missing"),
        ("\n  \n".to_string(), None, "line 0: file: missing"),
        (format!("{msr}{}\n", "9".repeat(5000)), None, "line 2: line: line too long (binary file?)"),
    ];
    for (text, format, want) in cases {
        assert_eq!(refusal(text.as_bytes(), *format), *want, "{text:?}");
    }
    // A byte order mark before the first line is not part of it.
    assert_eq!(refusal(format!("\u{feff}{msr}").as_bytes(), None), "accepted");
    // A last line without a newline that parses whole is fine.
    assert_eq!(refusal(msr.trim_end().as_bytes(), None), "accepted");
}

#[test]
fn a_refused_reader_stays_refused() {
    let mut reader = TraceReader::new(&TraceOptions::default());
    let err = reader.feed(b"1,R,4096,4096,10\n1,R,-1,4096,11\n1,R,0,4096,12\n", &mut |_| {}).unwrap_err();
    assert_eq!(err.to_string(), "line 2: offset: negative");
    assert_eq!((err.line, err.field, err.code()), (2, "offset", "negative"));
    assert_eq!(reader.feed(b"1,R,0,4096,13\n", &mut |_| {}), Err(err.clone()));
    assert_eq!(reader.finish(&mut |_| {}), Err(err));
}

#[test]
fn unsorted_times_are_clamped_and_counted() {
    let text = b"128166372000000000,hm,0,Read,0,4096,1\n128166372000001000,hm,0,Read,0,4096,1\n128166371999999000,hm,1,Read,0,4096,1\n128166372000002000,hm,0,Read,0,4096,1\n";
    let got: Vec<u64> = commands_split(text, &[], &TraceOptions::default()).unwrap().iter().map(|c| c.time_ns).collect();
    assert_eq!(got, vec![0, 100_000, 100_000, 200_000]);
    let s = summary_of(text, &TraceOptions::default()).unwrap();
    assert_eq!((s.clock.times_clamped, s.clock.largest_step_back_ns), (1, 200_000));
}

/// Printable-heavy random bytes: digits, separators and newlines make near-misses of every
/// format, so the parsers' paths past detection are reached too.
fn random_text(rng: &mut SimRng, len: u64) -> Vec<u8> {
    const ALPHABET: &[u8] = b"0123456789,,,..  \n\n-+RWrwDQC[]abfiolvesn\t\r";
    (0..len).map(|_| if rng.below(20) == 0 { rng.below(256) as u8 } else { ALPHABET[rng.below(ALPHABET.len() as u64) as usize] }).collect()
}

fn mutate(rng: &mut SimRng, mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..=rng.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len() as u64) as usize;
        match rng.below(6) {
            0 => _ = bytes.remove(at),
            1 => bytes.insert(at, b"-,. 0x\n\0"[rng.below(8) as usize]),
            2 => bytes[at] = rng.below(256) as u8,
            3 => bytes.truncate(at),
            4 => {
                let end = (at + 1 + rng.below(40) as usize).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => bytes.splice(at..at, b"99999999999999999999".iter().copied()).for_each(drop),
        }
    }
    bytes
}

#[test]
fn fuzzed_input_never_panics_and_splits_agree() {
    let mut rng = SimRng::new(29);
    let fixtures: Vec<Vec<u8>> = FIXTURES.iter().map(|e| fixture(e.file)).collect();
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..4000u64 {
        let bytes = if case % 2 == 0 {
            let len = rng.below(400);
            random_text(&mut rng, len)
        } else {
            let base = &fixtures[rng.below(fixtures.len() as u64) as usize];
            mutate(&mut rng, base.clone())
        };
        for event in [BlkparseEvent::Queue, BlkparseEvent::Complete] {
            let options = TraceOptions { blkparse_event: event, ..Default::default() };
            let whole = commands_split(&bytes, &[], &options);
            let split = rng.below(bytes.len() as u64 + 1) as usize;
            assert_eq!(commands_split(&bytes, &[split], &options), whole, "case {case} split at {split}");
            match summary_of(&bytes, &options) {
                Ok(s) => {
                    accepted += 1;
                    assert_eq!(Ok(s.commands), whole.map(|w| w.len() as u64));
                }
                Err(e) => {
                    refused += 1;
                    assert_eq!(Err(e), whole);
                }
            }
        }
    }
    // Both outcomes are exercised, not just one.
    assert!(accepted > 100 && refused > 100, "accepted {accepted}, refused {refused}");
}
