//! The streaming reader. Bytes go in as they come (`feed`, in chunks of any size, a line
//! split across chunks included), commands come out through a callback as soon as their
//! line ends: memory stays one partial line (≤ `MAX_LINE_BYTES`) plus the device table,
//! whatever the file's size. That is what lets a browser worker replay a multi-GiB trace.
//!
//! A refused line stops the reader for good: every later call returns the same error, so a
//! caller cannot go on with half a trace by mistake.

use super::clock::Clock;
use super::csv;
use super::detect::{detect, is_header};
use super::devices::{DeviceSeen, Devices};
use super::error::{Problem, TraceError};
use super::fields::trim;
use super::format::{BlkparseEvent, Op, Parsed, RawCommand, Skip, TraceFormat};
use super::text;
use super::{TraceCommand, TraceOptions};
use serde::Serialize;
use ts_rs::TS;

/// No trace format writes lines near this long (fio's own reader stops at 4,096 bytes):
/// a longer one is a binary file, refused before it can grow the line buffer.
pub const MAX_LINE_BYTES: usize = 4096;

/// What the lines were, beyond the commands kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceLineCounts")]
pub struct LineCounts {
    #[ts(type = "number")]
    pub lines: u64,
    #[ts(type = "number")]
    pub commands: u64,
    #[ts(type = "number")]
    pub blank_lines: u64,
    #[ts(type = "number")]
    pub headers: u64,
    /// Empty flushes: fio's sync and datasync, blkparse requests with no data. Each makes
    /// its device's next write durable (`TraceCommand::durable`).
    #[ts(type = "number")]
    pub flushes: u64,
    /// blkparse events other than the chosen one; fio `wait`.
    #[ts(type = "number")]
    pub other_events: u64,
    /// fio add/open/close.
    #[ts(type = "number")]
    pub file_actions: u64,
    /// blkparse's closing statistics.
    #[ts(type = "number")]
    pub trailer_lines: u64,
    /// Reads or writes of zero bytes.
    #[ts(type = "number")]
    pub empty_commands: u64,
    /// Commands of devices not selected.
    #[ts(type = "number")]
    pub other_devices: u64,
}

pub struct TraceReader {
    forced: Option<TraceFormat>,
    event: BlkparseEvent,
    format: Option<TraceFormat>,
    pending: Vec<u8>,
    line_no: u64,
    devices: Devices,
    clock: Clock,
    counts: LineCounts,
    error: Option<TraceError>,
    /// Devices with an empty flush since their last write: their next write carries it.
    flush_pending: Vec<u32>,
}

impl TraceReader {
    pub fn new(options: &TraceOptions) -> Self {
        TraceReader {
            forced: options.format,
            event: options.blkparse_event,
            format: None,
            pending: Vec::with_capacity(MAX_LINE_BYTES),
            line_no: 0,
            devices: Devices::new(&options.devices),
            clock: Clock::default(),
            counts: LineCounts::default(),
            error: None,
            flush_pending: Vec::new(),
        }
    }

    /// Parses every complete line in `chunk` (with what earlier chunks left unfinished),
    /// handing each command to `sink`.
    pub fn feed(&mut self, chunk: &[u8], sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        self.check()?;
        let mut rest = chunk;
        while let Some(newline) = rest.iter().position(|&b| b == b'\n') {
            let piece = &rest[..newline];
            rest = &rest[newline + 1..];
            if self.pending.is_empty() {
                self.line(piece, sink)?;
            } else {
                self.grow_pending(piece)?;
                let line = std::mem::take(&mut self.pending);
                let result = self.line(&line, sink);
                self.pending = line;
                self.pending.clear();
                result?;
            }
        }
        self.grow_pending(rest)
    }

    /// Ends the input: a last line without a newline counts if it parses whole. A file with
    /// no non-empty line at all is refused (there is no format to detect).
    pub fn finish(&mut self, sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        self.check()?;
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            self.line(&line, sink)?;
        }
        if self.format.is_none() {
            return self.fail(TraceError::new(0, "file", Problem::Missing));
        }
        Ok(())
    }

    /// Reads a whole input through a `BufRead`, chunk by chunk as it buffers them.
    pub fn read_from(&mut self, mut input: impl std::io::BufRead, sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        loop {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return self.fail(TraceError::new(self.line_no + 1, "file", Problem::Unreadable)),
            };
            if chunk.is_empty() {
                return self.finish(sink);
            }
            let len = chunk.len();
            self.feed(chunk, sink)?;
            input.consume(len);
        }
    }

    /// The format, once the first non-empty line has decided it.
    pub fn format(&self) -> Option<TraceFormat> {
        self.format
    }

    pub fn counts(&self) -> &LineCounts {
        &self.counts
    }

    pub fn devices(&self) -> &[DeviceSeen] {
        self.devices.seen()
    }

    pub fn unmatched_devices(&self) -> Vec<String> {
        self.devices.unmatched()
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    fn check(&self) -> Result<(), TraceError> {
        self.error.clone().map_or(Ok(()), Err)
    }

    fn fail<T>(&mut self, error: TraceError) -> Result<T, TraceError> {
        self.error = Some(error.clone());
        Err(error)
    }

    fn grow_pending(&mut self, piece: &[u8]) -> Result<(), TraceError> {
        if self.pending.len() + piece.len() > MAX_LINE_BYTES {
            return self.fail(TraceError::new(self.line_no + 1, "line", Problem::LineTooLong));
        }
        self.pending.extend_from_slice(piece);
        Ok(())
    }

    fn line(&mut self, raw: &[u8], sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        self.line_no += 1;
        self.counts.lines += 1;
        // Spreadsheet tools save CSV with a UTF-8 byte order mark.
        let raw = if self.line_no == 1 { raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw) } else { raw };
        if raw.len() > MAX_LINE_BYTES {
            return self.fail(TraceError::new(self.line_no, "line", Problem::LineTooLong));
        }
        // Control bytes other than tab and CR never appear in a text trace.
        if raw.iter().any(|&b| (b < 0x20 && b != b'\t' && b != b'\r') || b == 0x7F) {
            return self.fail(TraceError::new(self.line_no, "text", Problem::Binary));
        }
        let line = trim(raw);
        if line.is_empty() {
            self.counts.blank_lines += 1;
            return Ok(());
        }
        let format = match self.format {
            Some(format) => format,
            None => return self.first_line(line, sink),
        };
        let parsed = match format {
            TraceFormat::Msr => csv::msr(line),
            TraceFormat::Spc => csv::spc(line),
            TraceFormat::Alibaba => csv::alibaba(line),
            TraceFormat::Tencent => csv::tencent(line),
            TraceFormat::Blkparse => text::blkparse(line, self.event),
            TraceFormat::FioV2 => text::fio(line, false),
            TraceFormat::FioV3 => text::fio(line, true),
        };
        match parsed {
            Ok(Parsed::Command(command)) => self.accept(command, sink),
            Ok(Parsed::Flush(device)) => {
                self.counts.flushes += 1;
                if let Some(id) = self.devices.seen_kept(device) {
                    if !self.flush_pending.contains(&id) {
                        self.flush_pending.push(id);
                    }
                }
                Ok(())
            }
            Ok(Parsed::Skip(skip)) => {
                self.count_skip(skip);
                Ok(())
            }
            Err((field, problem)) => self.fail(TraceError::new(self.line_no, field, problem)),
        }
    }

    /// The first non-empty line decides the format (unless it was named) and may be a
    /// header: fio's required one, or a CSV column header.
    fn first_line(&mut self, line: &[u8], sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        let format = match self.forced.map_or_else(|| detect(line), Ok) {
            Ok(format) => format,
            Err(problem) => return self.fail(TraceError::new(self.line_no, "format", problem)),
        };
        self.format = Some(format);
        if let Some(header) = format.header() {
            if line != header {
                return self.fail(TraceError::new(self.line_no, "header", Problem::Missing));
            }
            self.counts.headers += 1;
            return Ok(());
        }
        if format.is_csv() && is_header(line) {
            self.counts.headers += 1;
            return Ok(());
        }
        // Not a header: the first command. Parse it as any other line.
        self.line_no -= 1;
        self.counts.lines -= 1;
        self.line(line, sink)
    }

    fn count_skip(&mut self, skip: Skip) {
        let c = &mut self.counts;
        let slot = match skip {
            Skip::OtherEvent => &mut c.other_events,
            Skip::FileAction => &mut c.file_actions,
            Skip::Trailer => &mut c.trailer_lines,
        };
        *slot += 1;
    }

    fn accept(&mut self, command: RawCommand, sink: &mut impl FnMut(TraceCommand)) -> Result<(), TraceError> {
        if command.len_bytes == 0 {
            self.counts.empty_commands += 1;
            return Ok(());
        }
        let (device, kept) = match self.devices.resolve(command.device) {
            Ok(resolved) => resolved,
            Err(problem) => return self.fail(TraceError::new(self.line_no, "device", problem)),
        };
        if !kept {
            self.counts.other_devices += 1;
            return Ok(());
        }
        self.counts.commands += 1;
        let time_ns = self.clock.relative(command.time_ns);
        let mut durable = command.durable;
        if command.op == Op::Write {
            if let Some(i) = self.flush_pending.iter().position(|&d| d == device) {
                self.flush_pending.swap_remove(i);
                durable = true;
            }
        }
        sink(TraceCommand { time_ns, op: command.op, offset_bytes: command.offset_bytes, len_bytes: command.len_bytes, device, line: self.line_no, durable });
        Ok(())
    }
}
