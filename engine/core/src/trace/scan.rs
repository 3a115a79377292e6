//! What a trace scanned in chunks reports (the page's trace panel, through the wasm `TraceScan`):
//! after each chunk, the commands and lines so far; at the end, the summary. A refused line is
//! data the page translates by its problem code, not an exception.

use super::{TraceError, TraceSummary};
use serde::Serialize;
use ts_rs::TS;

/// A chunk of the file read: commands and lines so far, or the refusal.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TraceFed {
    pub error: Option<TraceError>,
    #[ts(type = "number")]
    pub commands: u64,
    #[ts(type = "number")]
    pub lines: u64,
}

/// The file has ended: its summary, or the refusal (then no summary).
#[derive(Serialize, TS)]
#[ts(export)]
pub struct TraceFinished {
    pub error: Option<TraceError>,
    pub summary: Option<TraceSummary>,
}
