//! Scenarios the fuzzers found that once broke the FTL, kept so the fixes stay fixed.

use ssd_core::{Scenario, Simulation};

/// Found by the budget fuzz (tests/budget.rs): the FTL's "GC keeps a free block in every
/// plane's pool" invariant broke in preconditioning on this drive (4 % OP, static wear
/// levelling with a spread of 5): a plane so full of valid data that GC gained nothing on it
/// still had to take host data, and its GC frontier took the pool's last block.
#[test]
fn ftl_keeps_a_free_block_with_little_spare_and_static_wear_levelling() {
    let json = r#"{"device":{"capacity":{"op_percent":4.0},"controller":{"write_buffer":67108864},"gc":{"background_free_blocks":7},
        "nand":{"blocks_per_plane":111,"cell":"mlc","channels":4,"dies_per_channel":2,"page_bytes":4096,"pages_per_block":64,"planes_per_die":2},
        "wear":{"dynamic":false,"static_spread":5}},"precondition":{"fill_percent":100.0,"random_rounds":2.0},"seed":921,
        "workload":{"kind":"job","rw":"read","runtime":0.002,"size":0}}"#;
    Simulation::run_to_end(&Scenario::from_json(json).unwrap()).unwrap();
}
