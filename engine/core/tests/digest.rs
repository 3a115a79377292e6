//! Results held bit for bit: every preset, every article figure's members and every bench
//! case is run and its report reduced to a 64-bit digest, compared with `digests.json`, made
//! by this test before a refactoring started. A change that moves a single bit of a summary
//! value or a series point fails here, naming the run.
//!
//! The digest is over values by id, not over the report's JSON text: the summary's leaves
//! (dotted ids, as the summary catalogue names them) with zeros and `false` left out, since
//! a value of another device kind was once zero and is now absent from the summary,
//! and every series' id, axes and points. So the report's shape may change; its numbers may not.
//!
//! A change meant to move numbers regenerates the file with `UPDATE_DIGESTS=1` and says why
//! in its commit.

mod common;

use serde_json::Value;
use ssd_core::resolve::Resolved;
use ssd_core::{bench, Report, Scenario, Simulation};
use std::collections::BTreeMap;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/digests.json");

/// FNV-1a, 64 bits: small, stable across platforms and Rust versions.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn text(&mut self, text: &str) {
        self.bytes(text.as_bytes());
        self.bytes(&[0]);
    }
    fn number(&mut self, v: f64) {
        self.bytes(&v.to_bits().to_le_bytes());
    }
}

/// The summary's leaves by dotted id, zeros and `false` left out.
fn leaves(prefix: &str, value: &Value, out: &mut BTreeMap<String, f64>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let id = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                leaves(&id, v, out);
            }
        }
        Value::Number(n) => {
            let v = n.as_f64().expect("summary numbers are f64");
            if v != 0.0 {
                out.insert(prefix.to_string(), v);
            }
        }
        Value::Bool(true) => {
            out.insert(prefix.to_string(), 1.0);
        }
        Value::Bool(false) | Value::Null => {}
        other => panic!("summary value {prefix} is {other}"),
    }
}

pub fn digest(report: &Report) -> String {
    digest_where(report, |_| true)
}

/// The digest over the summary and the series `keep` says yes to.
fn digest_where(report: &Report, keep: impl Fn(&str) -> bool) -> String {
    let mut h = Fnv::new();
    let mut values = BTreeMap::new();
    leaves("", &serde_json::to_value(&report.summary).unwrap(), &mut values);
    for (id, v) in &values {
        h.text(id);
        h.number(*v);
    }
    for s in report.series.iter().filter(|s| keep(&s.id)) {
        h.text(&s.id);
        h.text(&serde_json::to_string(&s.x.id).unwrap());
        h.text(&serde_json::to_string(&s.y.id).unwrap());
        h.number(s.points.len() as f64);
        for [x, y] in &s.points {
            h.number(*x);
            h.number(*y);
        }
    }
    format!("{:016x}", h.0)
}

fn run(sim: &mut Simulation) -> Report {
    while !sim.run(1 << 20) {}
    sim.report()
}

/// A run's name, and how to build it booking latency causes (`true`) or not.
type Job = (String, Box<dyn Fn(bool) -> Simulation + Send + Sync>);

fn jobs() -> Vec<Job> {
    let mut jobs: Vec<Job> = Vec::new();
    let build = |s: Scenario| move |causes| Simulation::with_causes(Resolved::compile(&s).unwrap(), causes).unwrap();
    // A figure member that is a preset as shipped is run once (`same` in `runs`).
    for (name, s) in common::shipped_runs().runs {
        jobs.push((name, Box::new(build(s))));
    }
    for c in bench::CASES {
        jobs.push((format!("bench {}", c.id), Box::new(move |causes| bench::simulation(c, causes).unwrap())));
    }
    jobs
}

/// Whether the run without causes is compared too: every preset (every kind of drive and
/// workload) and the small bench cases. The figures' members are presets' variants, and the
/// 512 GiB cases add minutes.
fn compared_without_causes(name: &str) -> bool {
    !name.starts_with("figure") && !name.ends_with("-512g")
}

/// One run's digest with causes booked; for the runs compared, whether a run booking none gave
/// other numbers, and whether the booked one drew cause lines.
struct Checked {
    name: String,
    digest: String,
    without: Option<(bool, bool)>,
}

/// Every run this test holds, once each with causes booked (and once without where compared).
fn runs() -> Vec<Checked> {
    let not_causes = |id: &str| !id.starts_with("latency_cause.");
    common::on_every_core(&jobs(), |(name, make)| {
        let with = run(&mut make(true));
        let without = compared_without_causes(name).then(|| {
            let without = run(&mut make(false));
            assert!(without.series.iter().all(|s| not_causes(&s.id)), "{name}: cause series without causes");
            (digest_where(&with, not_causes) != digest(&without), with.series.iter().any(|s| !not_causes(&s.id)))
        });
        Checked { name: name.clone(), digest: digest(&with), without }
    })
}

/// Results held bit for bit, and a run that books no latency causes gives every other number
/// bit for bit: booking never decides a time. (Its report has no `latency_cause.*` series, and
/// nothing else less.) One test, so each run is made once.
#[test]
fn every_preset_figure_and_bench_case_gives_the_same_numbers_with_causes_booked_or_not() {
    let checked = runs();
    let differ: Vec<&String> = checked.iter().filter(|c| c.without.is_some_and(|w| w.0)).map(|c| &c.name).collect();
    assert!(differ.is_empty(), "numbers moved without causes: {differ:?}");
    // The latency-trace presets draw cause lines when booked: the runs compared do differ.
    assert!(checked.iter().filter(|c| c.without.is_some_and(|w| w.1)).count() >= 3, "too few runs drew cause lines to tell the two apart");
    let mut got: BTreeMap<String, String> = checked.into_iter().map(|c| (c.name, c.digest)).collect();
    for (member, preset) in common::shipped_runs().same {
        got.insert(member, got[&preset].clone());
    }
    if std::env::var_os("UPDATE_DIGESTS").is_some() {
        std::fs::write(FILE, serde_json::to_string_pretty(&got).unwrap() + "\n").unwrap();
        return;
    }
    let want: BTreeMap<String, String> = serde_json::from_str(&std::fs::read_to_string(FILE).expect("tests/digests.json")).unwrap();
    let changed: Vec<String> = want
        .iter()
        .filter(|(k, v)| got.get(*k) != Some(v))
        .map(|(k, v)| format!("{k}: {v} -> {}", got.get(k).map_or("missing", |s| s.as_str())))
        .chain(got.keys().filter(|k| !want.contains_key(*k)).map(|k| format!("{k}: new run, not in digests.json")))
        .collect();
    assert!(changed.is_empty(), "results moved:\n{}", changed.join("\n"));
}
