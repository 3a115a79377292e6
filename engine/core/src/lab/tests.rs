use super::*;

/// Replays events on a model of the pages, as the page's animation does.
struct Shadow {
    pages: Vec<u32>,
    ppb: u32,
}

impl Shadow {
    fn new(layout: LabLayout) -> Shadow {
        Shadow { pages: vec![NandLab::FREE; (layout.blocks * layout.pages_per_block) as usize], ppb: layout.pages_per_block }
    }

    fn apply(&mut self, events: &[u32]) {
        for e in events.chunks_exact(EVENT_WORDS) {
            let at = (e[1] * self.ppb + e[2]) as usize;
            match e[0] & 0xff {
                k if k == EventKind::Program as u32 => {
                    assert_eq!(self.pages[at], NandLab::FREE, "programmed a page that was not erased");
                    self.pages[at] = e[3];
                }
                k if k == EventKind::Invalidate as u32 => {
                    assert_eq!(self.pages[at], e[3], "invalidated a page that did not hold unit {}", e[3]);
                    self.pages[at] = NandLab::STALE;
                }
                k if k == EventKind::Read as u32 && e[0] >> 8 == Stream::Gc as u32 => {
                    assert_eq!(self.pages[at], e[3], "GC read a page that does not hold the unit it moves");
                }
                k if k == EventKind::Victim as u32 => {
                    let first = (e[1] * self.ppb) as usize;
                    let valid = self.pages[first..first + self.ppb as usize].iter().filter(|&&u| u < NandLab::STALE).count();
                    assert_eq!(valid as u32, e[2], "victim's valid page count");
                }
                k if k == EventKind::Erase as u32 => {
                    let first = (e[1] * self.ppb) as usize;
                    let block = &mut self.pages[first..first + self.ppb as usize];
                    assert!(block.iter().all(|&u| u >= NandLab::STALE), "erased a block still holding valid data");
                    block.fill(NandLab::FREE);
                }
                _ => {}
            }
        }
    }
}

#[test]
fn events_replayed_reproduce_the_ftl_state_under_every_workload_and_policy() {
    for policy in [GcPolicy::Greedy, GcPolicy::Fifo, GcPolicy::CostBenefit] {
        for workload in [LabWorkload::Sequential, LabWorkload::Random, LabWorkload::HotCold] {
            let mut lab = NandLab::new(&LabConfig { gc_policy: policy, ..LabConfig::default() }).unwrap();
            let mut shadow = Shadow::new(lab.layout());
            let (mut programs, mut erases) = (0u64, 0u64);
            for i in 0..2_000 {
                let events = lab.step(workload).to_vec();
                programs += events.chunks_exact(EVENT_WORDS).filter(|e| e[0] & 0xff == EventKind::Program as u32).count() as u64;
                erases += events.chunks_exact(EVENT_WORDS).filter(|e| e[0] & 0xff == EventKind::Erase as u32).count() as u64;
                shadow.apply(&events);
                if i % 97 == 0 {
                    let unit = i % lab.layout().logical_pages;
                    shadow.apply(lab.trim(unit).unwrap());
                }
                assert_eq!(shadow.pages, lab.pages(), "{policy:?} {workload:?} after command {i}");
            }
            lab.ftl().check_consistency().unwrap();
            let c = lab.counters();
            assert_eq!(c.nand_writes, programs, "every NAND write is one program event");
            assert_eq!(c.erases, erases);
            assert!(c.erases > 100, "{policy:?} {workload:?}: GC ran ({} erases)", c.erases);
        }
    }
}

#[test]
fn sequential_overwrites_need_no_copies_and_random_ones_do() {
    let config = LabConfig { blocks: 16, pages_per_block: 16, op_percent: 25.0, ..LabConfig::default() };
    let mut seq = NandLab::new(&config).unwrap();
    let mut random = NandLab::new(&config).unwrap();
    for _ in 0..10_000 {
        seq.step(LabWorkload::Sequential);
        random.step(LabWorkload::Random);
    }
    assert_eq!(seq.counters().waf, 1.0, "whole blocks go stale in order: GC erases them empty");
    // Greedy GC under uniform random writes at ~20 % spare: WAF ≈ 2–3 in the analytic models;
    // a drive of 16 blocks sits at the coarse end.
    let waf = random.counters().waf;
    assert!((1.8..4.0).contains(&waf), "random WAF {waf}");
}

#[test]
fn a_read_looks_up_the_page_holding_the_latest_copy() {
    let mut lab = NandLab::new(&LabConfig::default()).unwrap();
    assert_eq!(lab.read(3).unwrap(), &[EventKind::Lookup as u32, UNMAPPED, UNMAPPED, 3], "never written: unmapped, no flash read");
    lab.write(3).unwrap();
    lab.write(3).unwrap();
    let events = lab.read(3).unwrap().to_vec();
    let pages = lab.pages();
    let (block, page) = (events[1], events[2]);
    assert_eq!(pages[(block * lab.layout().pages_per_block + page) as usize], 3);
    assert_eq!(&events[4..], &[EventKind::Read as u32, block, page, 3]);
    assert_eq!(lab.counters().host_reads, 2);
}

#[test]
fn bad_lab_configs_and_units_are_refused_naming_the_field() {
    let err = |c: LabConfig| NandLab::new(&c).err().map(|e| e.field);
    assert_eq!(err(LabConfig { blocks: 2, ..LabConfig::default() }).as_deref(), Some("lab.blocks"));
    assert_eq!(err(LabConfig { blocks: 65, ..LabConfig::default() }).as_deref(), Some("lab.blocks"));
    assert_eq!(err(LabConfig { pages_per_block: 3, ..LabConfig::default() }).as_deref(), Some("lab.pages_per_block"));
    assert_eq!(err(LabConfig { op_percent: -1.0, ..LabConfig::default() }).as_deref(), Some("lab.op_percent"));
    // Too little spare for GC: refused naming the least the drive takes, not the engine's
    // capacity fields the lab has none of.
    let zero = NandLab::new(&LabConfig { op_percent: 0.0, ..LabConfig::default() }).err().unwrap();
    assert_eq!(zero.field, "lab.op_percent");
    assert!(zero.message.contains("it must be") && !zero.message.contains("user_bytes"), "{}", zero.message);
    let least: u32 = zero.message.rsplit("it must be ").next().unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(NandLab::new(&LabConfig { op_percent: least as f64, ..LabConfig::default() }).is_ok());
    assert!(NandLab::new(&LabConfig { op_percent: least as f64 - 1.0, ..LabConfig::default() }).is_err());
    assert_eq!(err(LabConfig { op_percent: f64::NAN, ..LabConfig::default() }).as_deref(), Some("lab.op_percent"));
    let mut lab = NandLab::new(&LabConfig::default()).unwrap();
    let n = lab.layout().logical_pages;
    assert_eq!(lab.write(n).err().map(|e| e.field).as_deref(), Some("lab.unit"));
    // Every size the ranges allow runs at the smallest over-provisioning it accepts.
    for blocks in BLOCKS_RANGE.0..=BLOCKS_RANGE.1 {
        for pages_per_block in [4, 5, 16, 64] {
            let op = (0..=400).map(f64::from).find(|&op| NandLab::new(&LabConfig { blocks, pages_per_block, op_percent: op, ..LabConfig::default() }).is_ok());
            let Some(op_percent) = op else { panic!("{blocks}×{pages_per_block}: no over-provisioning accepted") };
            let mut lab = NandLab::new(&LabConfig { blocks, pages_per_block, op_percent, ..LabConfig::default() }).unwrap();
            for _ in 0..(blocks * pages_per_block * 4) {
                lab.step(LabWorkload::Random);
            }
            lab.ftl().check_consistency().unwrap();
        }
    }
}

#[test]
fn lab_configs_read_from_json_name_the_bad_field() {
    let c = LabConfig::from_json(r#"{"blocks": 16, "gc_policy": "fifo"}"#).unwrap();
    assert_eq!((c.blocks, c.pages_per_block, c.gc_policy), (16, 8, GcPolicy::Fifo));
    assert_eq!(LabConfig::from_json(r#"{"blocks": "many"}"#).unwrap_err().field, "lab.blocks");
    assert_eq!(LabConfig::from_json(r#"{"gc_policy": "random"}"#).unwrap_err().code, ErrorCode::InvalidOption);
    assert_eq!(LabConfig::from_json(r#"{"planes": 2}"#).unwrap_err().code, ErrorCode::UnknownField);
    assert_eq!(LabConfig::from_json("{").unwrap_err().code, ErrorCode::Syntax);
}

#[test]
fn the_labs_knobs_are_what_it_accepts() {
    let knob = |path: &str| LAB_KNOBS.iter().find(|k| k.path == path).unwrap_or_else(|| panic!("{path}"));
    assert_eq!((knob("lab.blocks").min, knob("lab.blocks").max), (Some(BLOCKS_RANGE.0 as f64), Some(BLOCKS_RANGE.1 as f64)));
    assert_eq!(knob("lab.gc_policy").options, ["greedy", "fifo", "cost_benefit"]);
    for (path, json) in [("lab.blocks", r#"{"blocks":65}"#), ("lab.pages_per_block", r#"{"pages_per_block":3}"#), ("lab.op_percent", r#"{"op_percent":401}"#)] {
        let e = NandLab::new(&LabConfig::from_json(json).unwrap()).err().expect("refused");
        assert_eq!((e.field.as_str(), e.code), (path, ErrorCode::OutOfRange), "{e}");
        assert!(e.message.contains(&knob(path).range_text()), "{e}");
    }
    let (lo, hi) = (knob("lab.op_percent").min.unwrap(), knob("lab.op_percent").max.unwrap());
    NandLab::new(&LabConfig { op_percent: hi, ..LabConfig::default() }).unwrap();
    assert_eq!((lo, hi), OP_RANGE);
}
