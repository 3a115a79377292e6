//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use ssd_core::{Report, Scenario, Simulation};

pub fn scenario(json: &str) -> Scenario {
    Scenario::from_json(json).unwrap_or_else(|e| panic!("test scenario invalid: {e}"))
}

pub fn run(json: &str) -> Report {
    Simulation::run_to_end(&scenario(json)).unwrap()
}

pub fn series<'a>(report: &'a Report, id: &str) -> &'a [[f64; 2]] {
    &report.series.iter().find(|s| s.id == id).unwrap_or_else(|| panic!("no series {id}")).points
}

/// `f` over `items` on every core, results in the items' order. Each run is single-threaded
/// and deterministic, so running them side by side changes no number, only the wall time of
/// a test that has many.
pub fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break done };
                        done.push((i, f(item)));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

/// Every preset's scenario and every figure member's, named as `tests/digests.json` names
/// them. A figure member that is a preset as shipped (a third of the members) is run once,
/// under the preset's name; `same` pairs its own name with the preset's.
pub struct ShippedRuns {
    pub runs: Vec<(String, Scenario)>,
    pub same: Vec<(String, String)>,
}

pub fn shipped_runs() -> ShippedRuns {
    use ssd_core::presets;
    let mut runs: Vec<(String, Scenario)> =
        presets::all().map(|p| (format!("preset {}", p.name), p.scenario().unwrap_or_else(|e| panic!("{}: {e}", p.name)))).collect();
    let mut by_json: std::collections::HashMap<String, String> = runs.iter().map(|(name, s)| (s.to_json(), name.clone())).collect();
    let mut same = Vec::new();
    for f in presets::figures_all().unwrap() {
        for (i, (preset, _label, s)) in f.members.into_iter().enumerate() {
            let name = format!("figure {} member {i} ({preset})", f.name);
            match by_json.entry(s.to_json()) {
                std::collections::hash_map::Entry::Occupied(e) => same.push((name, e.get().clone())),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(name.clone());
                    runs.push((name, s));
                }
            }
        }
    }
    ShippedRuns { runs, same }
}
