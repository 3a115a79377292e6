//! Greedy and FIFO garbage collection under uniform random 4 KiB overwrites, at steady
//! state, against Desnoyers' analytic models (SYSTOR 2012).

use ssd_core::ftl::{Ftl, Untimed};
use ssd_core::media::Geometry;
use ssd_core::rng::SimRng;
use ssd_core::scenario::{Capacity, Device, Gc, GcPolicy, Nand, Wear};
use ssd_core::theory::{waf_fifo, waf_greedy};
use ssd_core::units::Bytes;

struct Measured {
    waf: f64,
    alpha: f64,
    units_per_block: u32,
}

/// Fills the drive, writes it over randomly until GC is at steady state, then measures.
fn steady_state_waf(policy: GcPolicy, op_percent: f64, pages_per_block: u32, blocks: u32, planes: u32) -> Measured {
    let device = Device {
        nand: Nand {
            channels: 1,
            dies_per_channel: 1,
            planes_per_die: planes,
            blocks_per_plane: blocks / planes,
            pages_per_block,
            page_bytes: 4096,
            ..Nand::default()
        },
        capacity: Capacity { op_percent, user_bytes: Bytes(0), ..Capacity::default() },
        gc: Gc { policy, ..Gc::default() },
        ..Device::default()
    };
    let geo = Geometry::new(&device).unwrap();
    // Static wear levelling would pick cold victims the analytic models know nothing of.
    let mut ftl = Ftl::new(geo, &device.gc, &Wear { static_spread: 0, ..Wear::default() }, 1);
    let user = geo.user_units as u64;
    for lba in 0..geo.user_units {
        ftl.write(lba, &mut Untimed);
    }
    let mut rng = SimRng::new(42);
    // Steady state comes after a few capacities of random writes (slowest at low OP).
    for _ in 0..12 * user {
        ftl.write(rng.below(user) as u32, &mut Untimed);
    }
    let before = ftl.counters();
    for _ in 0..8 * user {
        ftl.write(rng.below(user) as u32, &mut Untimed);
    }
    let after = ftl.counters();
    ftl.check_consistency().unwrap();
    let host = (after.host_units_written - before.host_units_written) as f64;
    let moved = (after.gc_units_moved - before.gc_units_moved) as f64;
    let spare = after.gc_spare_percent_since(&before).unwrap();
    println!("  typed OP {op_percent}%: GC had {spare:.3}% of spare");
    // The model at the OP as typed: the firmware's working blocks must not eat into it.
    Measured { waf: (host + moved) / host, alpha: geo.raw_units as f64 / user as f64, units_per_block: geo.slots_per_block }
}

fn check(policy: GcPolicy, op: f64, pages_per_block: u32, blocks: u32, planes: u32, tolerance: f64) {
    let m = steady_state_waf(policy, op, pages_per_block, blocks, planes);
    let model = match policy {
        GcPolicy::Fifo => waf_fifo(m.alpha),
        _ => waf_greedy(m.alpha, m.units_per_block),
    };
    let error = (m.waf - model) / model;
    println!(
        "{policy:?} OP {op}% Np {} planes {planes}: simulated WAF {:.4}, model {:.4} (alpha {:.4}), error {:+.2}%",
        m.units_per_block,
        m.waf,
        model,
        m.alpha,
        error * 100.0
    );
    assert!(error.abs() < tolerance, "{policy:?} OP {op}% Np {}: WAF {:.4} vs model {:.4}", m.units_per_block, m.waf, model);
}

#[test]
fn greedy_matches_desnoyers_for_three_op_levels_and_two_block_sizes() {
    for op in [7.0, 28.0, 100.0] {
        check(GcPolicy::Greedy, op, 32, 8192, 1, 0.03);
        check(GcPolicy::Greedy, op, 256, 1024, 1, 0.03);
    }
}

#[test]
fn greedy_per_plane_gc_matches_the_same_model() {
    check(GcPolicy::Greedy, 28.0, 64, 8192, 8, 0.03);
}

#[test]
fn fifo_matches_the_closed_form() {
    for op in [7.0, 28.0, 100.0] {
        check(GcPolicy::Fifo, op, 64, 4096, 1, 0.01);
    }
}

#[test]
fn cost_benefit_is_no_worse_than_fifo_under_uniform_writes() {
    let cb = steady_state_waf(GcPolicy::CostBenefit, 28.0, 64, 1024, 1);
    let fifo = waf_fifo(cb.alpha);
    println!("cost-benefit WAF {:.4}, FIFO model {:.4}", cb.waf, fifo);
    assert!(cb.waf < fifo * 1.01);
}
