//! What media written in place (3D XPoint, platters) share: no FTL, so no write
//! amplification, and one summary section.

use crate::metrics::{MediaWrites, WindowCounters};
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

/// The summary section of media written in place, without an FTL: 3D XPoint and platters
/// (both tiers' amounts in a hybrid of two such media).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MediaSummary {
    /// Bytes written to the media: the host's, once (no write amplification).
    pub media_written_bytes: f64,
    /// 4 KiB media reads and writes.
    pub media_operations: f64,
    /// The share of time its ranks (a disk's head) were busy.
    pub media_utilisation_percent: f64,
}

impl MediaSummary {
    /// Units read and written since the drive was new (nothing is written before a run's
    /// workload: these are the run's), busy for `utilisation` of the time.
    pub fn of(unit_reads: u64, unit_writes: u64, utilisation: f64) -> MediaSummary {
        MediaSummary {
            media_written_bytes: (unit_writes * MAPPING_UNIT_BYTES) as f64,
            media_operations: (unit_reads + unit_writes) as f64,
            media_utilisation_percent: utilisation * 100.0,
        }
    }
}

/// Media written in place write what the host wrote, once: the counters rates over time
/// come from are the host's.
pub fn in_place_window_counters(unit_writes: u64) -> WindowCounters {
    WindowCounters { writes: MediaWrites { host_units: unit_writes, data_sectors: unit_writes, translation_pages: 0 }, ..Default::default() }
}
