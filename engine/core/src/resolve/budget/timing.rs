//! Flash timings for the duration bound: every operation of the run done one after
//! another bounds how long a run limited by bytes can last.

use crate::scenario::Scenario;
use crate::units::{transfer_ns, Nanos, MAPPING_UNIT_BYTES};

/// Flash timings, for the duration bound.
pub(super) struct Timing {
    pub read_ns: Nanos,
    pub program_ns: Nanos,
    pub erase_ns: Nanos,
    pub slc_ns: Nanos,
    pub min_read_ns: Nanos,
    pub max_op_ns: Nanos,
    /// A page across its channel, plus a slot of rounding either side.
    pub page_transfer_ns: Nanos,
}

impl Timing {
    pub fn of(s: &Scenario) -> Timing {
        let n = &s.device.nand;
        let native = crate::media::NandTiming::of(n);
        let (read_ns, program_ns, erase_ns) = (native.read_ns, native.program_ns, native.erase_ns);
        let slc_ns = native.slc_mode_read_ns.max(native.slc_mode_program_ns);
        let unit_ns = transfer_ns(MAPPING_UNIT_BYTES, n.channel_mb_per_s as u64 * 1_000_000).max(1);
        // Without cache operations a plane also waits for its transfers: charged below as
        // page transfers beside every operation either way.
        // Table segments may be larger than a page: charge the larger transfer everywhere.
        let slots_per_page = (n.page_bytes as u64).max(s.device.mapping.segment_bytes(n.page_bytes)) / MAPPING_UNIT_BYTES;
        Timing {
            read_ns,
            program_ns,
            erase_ns,
            slc_ns,
            min_read_ns: read_ns.min(native.slc_mode_read_ns).max(1),
            max_op_ns: read_ns.max(program_ns).max(erase_ns).max(slc_ns),
            page_transfer_ns: (slots_per_page + 2) * unit_ns,
        }
    }
}
