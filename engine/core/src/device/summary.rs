//! What each device kind contributes to a run's summary: a section of its own, built by the
//! device from its counters. A run has the sections of the kinds it uses (a hybrid both of its
//! tiers' and the tier's own) and no others: the report carries no zeros meaning "not this
//! kind". The sections' fields are the summary's stable ids (`report/fields.rs`), flattened.

use super::hdd::HddSummary;
use super::in_place::MediaSummary;
use super::nand::{NandBaseline, NandSummary};
use super::tier::{TierCounters, TierSummary};
use super::zns::{ZnsBaseline, ZnsSummary};

/// A device's counters when the workload started: a run's numbers count from here.
/// Media without an FTL wrote nothing before the workload (preconditioning fills NAND only),
/// so their counters are the run's and need no baseline.
#[derive(Clone, Copy, Default)]
pub struct Baseline {
    pub nand: NandBaseline,
    pub tier: TierCounters,
    pub zns: ZnsBaseline,
}

/// The sections a device contributes, and its write amplification: the NAND's where there is
/// NAND, 1 for media written in place that were written, 0 for a run that wrote nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeviceSummary {
    pub write_amplification: f64,
    pub nand: Option<NandSummary>,
    pub media: Option<MediaSummary>,
    pub hdd: Option<HddSummary>,
    pub tier: Option<TierSummary>,
    pub zns: Option<ZnsSummary>,
}

impl DeviceSummary {
    /// Media written in place (3D XPoint, platters) report the same three values; a hybrid of
    /// two such tiers adds their amounts and shows the backing tier's utilisation.
    pub(super) fn add_media(&mut self, m: MediaSummary) {
        if self.write_amplification == 0.0 && m.media_written_bytes > 0.0 {
            // In place: once (a hybrid's NAND tier, if any, states its own).
            self.write_amplification = 1.0;
        }
        self.media = Some(match self.media.take() {
            Some(before) => MediaSummary {
                media_written_bytes: before.media_written_bytes + m.media_written_bytes,
                media_operations: before.media_operations + m.media_operations,
                media_utilisation_percent: m.media_utilisation_percent,
            },
            None => m,
        });
    }
}
