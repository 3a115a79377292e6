//! The points a caller streams are the run's final series bit for bit, wherever its chunks end
//! (issue 43). The browser's worker runs a simulation in chunks and hands each chunk's new
//! points to the page once (wasm `take_points`), so a point the run revises after it was
//! handed over (the last time window, stretched over the run's final sliver; a benchmark point
//! a repeat of its test betters) would leave the page drawing a number `ssdsim` does not
//! print: article 003's worst case once streamed a last point 220.477 s / 97.22 MB/s where
//! the run ended on 220.501 s / 97.37.
//!
//! Each run here steps its workload in chunks of many sizes and then one event a call over its
//! last 4,096 events or more, so every boundary where a run revises what it drew (the one just
//! before the final sliver, those between a benchmark's repeats) is one of its boundaries,
//! and takes `final_points` after each call as `take_points` does. Every preset and every
//! figure member (the story steps' scenarios are these, some with a knob set by the page:
//! tests/contract/streamedPoints.test.ts runs a sample of those through the wasm engine).

mod common;

use ssd_core::resolve::Resolved;
use ssd_core::{Scenario, Simulation};

/// Events stepped one a call at a run's end: past the last time window and a benchmark's last
/// repeat of its tests.
const TAIL: u64 = 4096;
/// Chunk sizes before that, in turn: boundaries of every residue, none aligned with another.
const SIZES: [u64; 5] = [1, 7, 97, 1021, 4093];
const PRECONDITION_CHUNK: u64 = 1 << 16;

/// What one stepped run streamed, against its own final series.
struct Streamed {
    /// Series whose streamed points differ from the final ones.
    differ: Vec<String>,
    /// Series that streaming every point as it appeared (without holding back a point the
    /// run may revise) would have got wrong: the run did revise a point after a boundary.
    revised: usize,
}

fn same_bits(a: &[[f64; 2]], b: &[[f64; 2]]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(p, q)| p[0].to_bits() == q[0].to_bits() && p[1].to_bits() == q[1].to_bits())
}

/// Takes from `sim` what each series has beyond `sent`, as the worker does after a chunk:
/// the final points (`taken`), and every point (`naive`, the stream before issue 43).
fn take(sim: &Simulation, taken: &mut Vec<Vec<[f64; 2]>>, naive: &mut Vec<Vec<[f64; 2]>>) {
    let series = sim.series();
    taken.resize(series.len(), Vec::new());
    naive.resize(series.len(), Vec::new());
    for (i, s) in series.iter().enumerate() {
        let settled = sim.final_points(i);
        let from = taken[i].len();
        taken[i].extend_from_slice(&settled[from..]);
        let from = naive[i].len();
        naive[i].extend_from_slice(&s.points[from..]);
    }
}

/// Steps a run's workload in chunks of many sizes (boundaries all along it), and one event a
/// call over at least its last `TAIL` events, where a run revises what it drew (its final
/// sliver, a benchmark's repeated tests); takes what a caller would after every call.
fn stream(s: &Scenario) -> Streamed {
    // How long the workload is, in chunks of `TAIL` events, after the same preconditioning calls
    // as the stepped run below makes (they may run into the workload alike). Without latency
    // causes: the same events, faster (tests/digest.rs holds the two runs' numbers equal).
    let mut sim = Simulation::with_causes(Resolved::compile(s).unwrap(), false).unwrap();
    while sim.preconditioning() && !sim.run(PRECONDITION_CHUNK) {}
    let mut chunks = 0u64;
    while !sim.is_finished() {
        chunks += 1;
        sim.run(TAIL);
    }
    let bulk = chunks.saturating_sub(2) * TAIL;

    let mut sim = Simulation::new(s).unwrap();
    let (mut taken, mut naive) = (Vec::new(), Vec::new());
    let (mut stepped, mut k) = (0u64, 0usize);
    loop {
        // Preconditioning draws no point: its chunks may be long.
        let step = if sim.preconditioning() {
            PRECONDITION_CHUNK
        } else if stepped < bulk {
            k += 1;
            SIZES[k % SIZES.len()].min(bulk - stepped)
        } else {
            1
        };
        let working = !sim.preconditioning();
        let done = sim.run(step);
        if working {
            stepped += step;
        }
        take(&sim, &mut taken, &mut naive);
        if done {
            break;
        }
    }
    let series = sim.series();
    Streamed {
        differ: series.iter().zip(&taken).filter(|(s, t)| !same_bits(&s.points, t)).map(|(s, _)| s.id.clone()).collect(),
        revised: series.iter().zip(&naive).filter(|(s, n)| !same_bits(&s.points, n)).count(),
    }
}

#[test]
fn streamed_points_are_the_final_series_at_every_chunk_boundary_of_the_tail_for_every_preset_and_figure_member() {
    // A figure member that is a preset as shipped streams as the preset does.
    let runs = common::shipped_runs().runs;
    let results = common::on_every_core(&runs, |(name, s)| (name.clone(), stream(s)));
    let differ: Vec<String> = results.iter().filter(|(_, r)| !r.differ.is_empty()).map(|(name, r)| format!("{name}: {}", r.differ.join(", "))).collect();
    assert!(differ.is_empty(), "streamed points differ from the final series:\n{}", differ.join("\n"));
    // The boundary before a revision was reached: streaming each point as it appeared would
    // have failed here (a final sliver, a test repeated for its best).
    let revised = results.iter().filter(|(_, r)| r.revised > 0).count();
    assert!(revised >= 3, "only {revised} runs revised a point after a chunk boundary: the test no longer reaches a final sliver");
}

/// A job whose runtime ends a sliver into its last time window: the window before is
/// stretched over it, after every chunk boundary the job's events allow.
#[test]
fn a_final_sliver_joins_the_last_window_streamed() {
    let s = common::scenario(r#"{"workload":{"kind":"job","rw":"write","runtime":0.2008,"log_avg_msec":10}}"#);
    let r = stream(&s);
    assert!(r.differ.is_empty(), "{:?}", r.differ);
    assert!(r.revised > 0, "the run has a final sliver");
}
