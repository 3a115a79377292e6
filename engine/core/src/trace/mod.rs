//! Block traces read from the formats engineers have: MSR Cambridge, SPC (UMass), Alibaba,
//! Tencent CBS, `blkparse` text and fio iolog v2/v3 (docs/traces.md has the layouts and
//! where each was checked). The reader streams: bytes in, in chunks of any size, commands
//! out as each line ends, in memory bounded whatever the file's size. Every line is
//! checked; the first bad one refuses the trace, naming its line and field.
//!
//! This module imports nothing else of the engine: the host workload replaying a trace
//! and the page's worker sit above it.

mod clock;
mod csv;
mod detect;
mod devices;
mod digest;
mod error;
mod fields;
mod footprint;
mod format;
mod reader;
mod scan;
mod skew;
mod summary;
mod text;
mod timeline;

pub use clock::Clock;
pub use csv::MAX_COMMAND_BYTES;
pub use devices::{DeviceSeen, MAX_DEVICES};
pub use digest::{is_sha256, FileDigest};
pub use error::{Problem, TraceError};
pub(crate) use footprint::Footprint;
pub use footprint::UNIT_BYTES;
pub use format::{BlkparseEvent, Op, TraceFormat};
pub use reader::{LineCounts, TraceReader, MAX_LINE_BYTES};
pub use scan::{TraceFed, TraceFinished};
pub use summary::{summarize, OpTotals, SizeBucket, TraceSummarizer, TraceSummary};
pub use timeline::{TimelineAxis, TraceTimeline, SLICES as TIMELINE_SLICES};

use serde::Serialize;

/// One command of a trace, as the drive will be asked to do it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TraceCommand {
    /// Since the trace's first kept command; never earlier than the command before.
    pub time_ns: u64,
    pub op: Op,
    pub offset_bytes: u64,
    /// 1 byte to `MAX_COMMAND_BYTES`; zero-length lines are skipped and counted.
    pub len_bytes: u64,
    /// The format's device, volume or ASU number; blkparse's `major << 20 | minor`; for
    /// MSR (`hostname,disk`) and fio (file name) the order of first appearance from 0.
    pub device: u32,
    /// The 1-based line it came from, so a replay can refuse it by line.
    pub line: u64,
    /// The host wants it durable when it completes: a FUA or preflush write, or the first
    /// write on its device after an empty flush (the flush is timed after that write, as
    /// the engine times any flush: `host::Command::flush`).
    pub durable: bool,
}

/// How to read a trace. The default detects the format and keeps every device.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceOptions {
    /// The format by name, overriding detection.
    pub format: Option<TraceFormat>,
    /// Device labels to keep (`DeviceSeen::label`); empty keeps all.
    pub devices: Vec<String>,
    pub blkparse_event: BlkparseEvent,
}

/// Commands pulled one at a time from a `BufRead`: parsed a buffer at a time, so memory is
/// the reader's buffer plus the commands of one buffer.
pub struct TraceCommands<R> {
    input: R,
    reader: TraceReader,
    ready: std::collections::VecDeque<TraceCommand>,
    done: bool,
}

impl<R: std::io::BufRead> TraceCommands<R> {
    pub fn new(input: R, options: &TraceOptions) -> Self {
        TraceCommands { input, reader: TraceReader::new(options), ready: std::collections::VecDeque::new(), done: false }
    }

    /// The reader: format, counts and devices so far.
    pub fn reader(&self) -> &TraceReader {
        &self.reader
    }

    fn refill(&mut self) -> Result<(), TraceError> {
        let ready = &mut self.ready;
        let chunk = match self.input.fill_buf() {
            Ok(chunk) => chunk,
            Err(_) => {
                self.done = true;
                return Err(TraceError::new(self.reader.counts().lines + 1, "file", Problem::Unreadable));
            }
        };
        if chunk.is_empty() {
            self.done = true;
            return self.reader.finish(&mut |c| ready.push_back(c));
        }
        let len = chunk.len();
        self.reader.feed(chunk, &mut |c| ready.push_back(c))?;
        self.input.consume(len);
        Ok(())
    }
}

impl<R: std::io::BufRead> Iterator for TraceCommands<R> {
    type Item = Result<TraceCommand, TraceError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() && !self.done {
            if let Err(e) = self.refill() {
                self.done = true;
                return Some(Err(e));
            }
        }
        self.ready.pop_front().map(Ok)
    }
}
