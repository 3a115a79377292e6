//! Article 003 (Intel SSD 520, SandForce, over-provisioning) redrawn from its presets and
//! figures: the shapes the article measured, asserted as numbers.

use ssd_core::presets::{self, find_figure};
use ssd_core::{Report, Scenario, Simulation};

fn headline(r: &Report) -> Vec<f64> {
    r.series[0].points.iter().map(|p| p[1]).collect()
}

/// Each member of a figure, run: (preset id, report).
fn figure(name: &str) -> Vec<(String, Report)> {
    let f = find_figure(name).unwrap().unwrap();
    f.members.iter().map(|(id, _, s)| (id.clone(), Simulation::run_to_end(s).unwrap())).collect()
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// Mean of the last four rounds: the steady state.
fn steady(r: &Report) -> f64 {
    let h = headline(r);
    mean(&h[h.len() - 4..])
}

#[test]
fn a_file_copy_holds_417_mb_s_whatever_the_op() {
    let runs = figure("article-003-file-copy");
    for (id, r) in &runs {
        let copies = headline(r);
        println!("{id}: {} copies, MB/s {copies:.1?}", copies.len());
        // 240 GB / 28.8 GB = 8 copies fit; 192 GB, 6.
        assert!(copies.len() >= 6, "{id}: {} copies", copies.len());
        for c in &copies {
            assert!((c / 417.0 - 1.0).abs() < 0.03, "{id}: a copy at {c:.1} MB/s, the article measured 417");
        }
        assert!(r.summary.write_amplification < 1.01, "{id}: GC moved data during a copy");
    }
    let (op0, op20) = (mean(&headline(&runs[0].1)), mean(&headline(&runs[1].1)));
    assert!((op0 / op20 - 1.0).abs() < 0.01, "OP changes the copy speed: {op0:.1} vs {op20:.1}");
}

/// Each CrystalDiskMark write test's line of a protocol run: (test name, MB/s per round).
fn tests_of(r: &Report) -> Vec<(String, Vec<f64>)> {
    r.series.iter().filter(|s| s.id.starts_with("steady_state")).map(|s| (s.label.clone(), s.points.iter().map(|p| p[1]).collect())).collect()
}

#[test]
fn the_articles_stress_test_runs_as_the_article_ran_it_and_states_the_gap() {
    // The article's protocol: filled but for 4 GiB, CrystalDiskMark 3 (4000 MB, 9 runs of
    // each test) 12 times on that free space, the file deleted with TRIM after each run.
    let f = find_figure("article-003-steady-state").unwrap().unwrap();
    for (id, _, s) in &f.members {
        let ssd_core::scenario::Workload::SteadyState(w) = &s.workload else { panic!("{id}: steady_state") };
        let user = s.device.capacity.user_bytes.0;
        assert_eq!(w.offset.0, user - 4 * ssd_core::units::GIB, "{id}: the test file sits in the last 4 GiB");
        assert!((s.precondition.fill_percent / 100.0 * user as f64 - w.offset.0 as f64).abs() < 4096.0, "{id}: filled up to the free space");
        assert_eq!((w.size.0, w.rounds, w.test_count, w.trim_after_round), (4000 << 20, 12, 9, true), "{id}");
        assert_eq!(w.tests, "SEQ1M Q1T1, RND512K Q1T1, RND4K Q1T1, RND4K Q32T1");
    }
    let runs = figure("article-003-steady-state");
    let by = |id: &str| &runs.iter().find(|(m, _)| m == id).unwrap().1;
    for (id, r) in &runs {
        println!("{id}: WAF {:.3}", r.summary.write_amplification);
        for (test, speeds) in tests_of(r) {
            println!("  {test:<12} {speeds:.0?}");
        }
    }
    let (op0, op20, zero) = (by("ssd520-like-cdm-stress"), by("ssd520-like-op20-cdm-stress"), by("ssd520-like-zero-fill-cdm-stress"));
    // One line per write test, in CrystalDiskMark's order, 12 rounds each.
    let names: Vec<String> = tests_of(op0).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["SEQ1M Q1T1", "RND512K Q1T1", "RND4K Q1T1", "RND4K Q32T1"]);
    // What the article saw and the engine reproduces: zero-filled data and 4K QD1 stay flat.
    for (test, v) in tests_of(zero).into_iter().chain(tests_of(op0).into_iter().filter(|(n, _)| n == "RND4K Q1T1")) {
        assert!(v.iter().all(|&x| (x / v[0] - 1.0).abs() < 0.03), "{test}: {v:.0?}");
    }
    // The gap, stated on the figure: the engine does not slow down at all in this test. Each
    // round rewrites one 4 GB region, greedy GC finds whole blocks of it invalid (trimmed or
    // overwritten) and moves nothing, with or without OP; the article's drops (sequential
    // -20 % / -13 %, 4K QD32 -57 % / -51 %) come from a policy of the real drive this model
    // lacks. When a mechanism closes the gap, this test and the figure's `differs` must change.
    for r in [op0, op20] {
        assert!(r.summary.write_amplification < 1.01, "WAF {}", r.summary.write_amplification);
        for (test, v) in tests_of(r) {
            assert!(v.iter().all(|&x| (x / v[0] - 1.0).abs() < 0.03), "{test} slowed down: {v:.0?}");
        }
    }
    let seq = |r: &Report| tests_of(r)[0].1[11];
    assert!((seq(op20) / seq(op0) - 1.0).abs() < 0.01, "OP changes nothing here: {} vs {}", seq(op20), seq(op0));
}

#[test]
fn the_worst_case_drops_less_with_op_and_never_with_zeros() {
    let runs = figure("op-worst-case-uniform-random");
    let by = |id: &str| &runs.iter().find(|(m, _)| m == id).unwrap().1;
    for (id, r) in &runs {
        println!(
            "{id}: MB/s per round {:.0?}, WAF {:.3}, spare GC had {:.2} %",
            headline(r),
            r.summary.write_amplification,
            r.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap()
        );
    }
    let (op0, op20, zero) = (by("ssd520-like"), by("ssd520-like-op20"), by("ssd520-like-zero-fill"));
    // Fresh: the first round runs at the controller's limit of 80,000 writes a second (the
    // SSD 520's spec sheet) whatever the OP.
    let limit = 80_000.0 * 4096.0 / 1e6;
    for r in [op0, op20] {
        assert!((headline(r)[0] / limit - 1.0).abs() < 0.03, "first round {:.1} vs {limit:.1}", headline(r)[0]);
    }
    // Steady state: both drop; with 20 % hidden the drop is much smaller.
    let drop0 = 1.0 - steady(op0) / headline(op0)[0];
    let drop20 = 1.0 - steady(op20) / headline(op20)[0];
    println!("steady-state drop: OP 0 % {:.0} %, OP 20 % {:.0} %", drop0 * 100.0, drop20 * 100.0);
    assert!(drop0 > 0.5 && drop20 > 0.2 && drop20 < drop0 - 0.2, "drops {drop0:.2} vs {drop20:.2}");
    // The spare GC had is the OP the capacities give: 274.9 / 240 and 274.9 / 192.
    assert!(
        (op0.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap() - 14.53).abs() < 0.3,
        "{}",
        op0.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap()
    );
    assert!(
        (op20.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap() - 43.16).abs() < 0.5,
        "{}",
        op20.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap()
    );
    // Zeros compress to one sector in eight: never slower than 95 % of the first round.
    let z = headline(zero);
    assert!(z.iter().all(|&v| v > 0.95 * z[0]), "zero-filled rounds {z:.0?}");
    assert!(zero.summary.write_amplification < 0.2);
}

#[test]
fn only_space_the_drive_knows_is_empty_counts_as_op() {
    let runs = figure("article-003-op-levels");
    for (id, r) in &runs {
        println!("{id}: MB/s per round {:.0?}, spare GC had {:.2} %", headline(r), r.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap());
    }
    let (level1, level23, level4) = (&runs[0].1, &runs[1].1, &runs[2].1);
    // Hidden by the firmware or never written: the same drive to GC, the same numbers.
    assert!((steady(level23) / steady(level1) - 1.0).abs() < 0.02, "{} vs {}", steady(level23), steady(level1));
    assert!((level23.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap() - level1.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap()).abs() < 0.5);
    // Written once and deleted without TRIM: still valid data to the drive, no OP at all.
    assert!(steady(level4) < 0.6 * steady(level1), "{} vs {}", steady(level4), steady(level1));
    assert!(
        (level4.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap() - 14.53).abs() < 0.3,
        "{}",
        level4.summary.nand.as_ref().unwrap().gc_spare_percent.unwrap()
    );
}

#[test]
fn after_stress_sequential_writes_fall_more_without_op_and_qd1_random_writes_do_not() {
    let cdm = |user: &str, rounds: f64| {
        let mut s: Scenario = presets::find("ssd520-like").unwrap().scenario().unwrap();
        s.device.capacity.user_bytes = ssd_core::units::Bytes(ssd_core::units::parse_size(user).unwrap());
        s.precondition.fill_percent = 100.0;
        s.precondition.random_rounds = rounds;
        s.workload = ssd_core::scenario::Workload::default_of("crystal_disk_mark").unwrap();
        let r = Simulation::run_to_end(&s).unwrap();
        let w: Vec<f64> = r.series.iter().find(|s| s.id == "cdm_write").unwrap().points.iter().map(|p| p[1]).collect();
        println!("{user} after {rounds} rounds of random overwrites: CrystalDiskMark writes {w:.0?}");
        w
    };
    let (fresh0, stressed0, fresh20, stressed20) = (cdm("240GB", 0.0), cdm("240GB", 2.0), cdm("192GB", 0.0), cdm("192GB", 2.0));
    let fall = |fresh: &[f64], stressed: &[f64], test: usize| 1.0 - stressed[test] / fresh[test];
    // SEQ1M Q8T1: GC behind every block at steady state, more of it with less spare.
    assert!(fall(&fresh0, &stressed0, 0) > fall(&fresh20, &stressed20, 0) + 0.1);
    // RND4K Q1T1: one command at a time waits on the link and firmware, not on GC.
    for (fresh, stressed) in [(&fresh0, &stressed0), (&fresh20, &stressed20)] {
        assert!(fall(fresh, stressed, 3).abs() < 0.05, "QD1 random write {} -> {}", fresh[3], stressed[3]);
    }
}

/// Article 003 re-measured with static wear levelling (issue 46), SandForce's GC in the
/// foreground: the twelve rounds erase the free space's blocks 13 times at most, so a spread
/// limit of 16 never acts, however often it looks; a limit of 4 checked at every victim does
/// move cold data and slows the sequential test. The tried range and its scatter are in
/// docs/articles.md; no limit is chosen to land the article's 0.80.
#[test]
fn static_wear_levelling_acts_in_the_stress_test_only_at_limits_below_its_13_erases() {
    let run = |spread: u32, every: u32| {
        let mut s: Scenario = presets::find("ssd520-like-cdm-stress").unwrap().scenario().unwrap();
        s.device.wear.static_spread = spread;
        s.device.wear.static_every = every;
        s.device.gc.background = false;
        Simulation::run_to_end(&s).unwrap()
    };
    let plausible = run(16, 1);
    let nand = plausible.summary.nand.0.as_ref().unwrap();
    assert_eq!((nand.wear_level_moves, nand.erase_count_max), (0.0, 13.0));
    assert_eq!(tests_of(&plausible)[0].1, tests_of(&run(0, 64))[0].1, "a limit it never reaches changes nothing");
    let low = run(4, 1);
    let seq = &tests_of(&low)[0].1;
    assert!(low.summary.nand.0.as_ref().unwrap().wear_level_moves > 1000.0);
    assert!(seq[seq.len() - 1] / seq[0] < 0.95, "sequential round 12 over round 1: {}", seq[seq.len() - 1] / seq[0]);
}
