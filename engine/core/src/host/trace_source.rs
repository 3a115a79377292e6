//! Where a replayed trace's commands come from: a file streamed through a `BufRead` (the
//! CLI), or chunks pushed in as they arrive (the page's worker reads a dropped file in
//! slices). Either way memory is one buffer of bytes plus the commands parsed from one
//! slice of it, whatever the trace's size; the queues are reused, so a command costs no
//! allocation.

use crate::trace::{FileDigest, TraceCommand, TraceError, TraceOptions, TraceReader};
use std::collections::VecDeque;
use std::io::{BufRead, Seek, SeekFrom};

/// What a source has next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pull {
    Command(TraceCommand),
    /// A pushed source has parsed everything it was given and its input is not finished:
    /// the run waits for more (`Simulation::run` returns early).
    NeedsData,
    End,
}

/// A trace's commands in file order.
pub trait CommandSource {
    fn pull(&mut self) -> Result<Pull, TraceError>;
    /// Starts again from the first line, for another pass (`loops`).
    fn rewind(&mut self) -> Result<(), TraceError>;
    /// Share of the input read, if its size is known.
    fn progress(&self) -> Option<f64>;
    /// A pushed source takes up to `chunk.len()` bytes and says how many it took (its buffer
    /// is bounded); a streamed one takes none.
    fn feed(&mut self, _chunk: &[u8]) -> usize {
        0
    }
    /// A pushed source's input has ended.
    fn finish_input(&mut self) {}
    /// A pushed source was rewound and wants its input again from byte 0.
    fn wants_restart(&self) -> bool {
        false
    }
    /// Hash the bytes of the first pass (`digest` then gives the SHA-256).
    fn start_digest(&mut self);
    /// The first pass's SHA-256 in hex, once it has ended; asked once.
    fn digest(&mut self) -> Option<String>;
}

/// The SHA-256 of a source's first pass, if asked for.
#[derive(Default)]
struct FirstPass(Option<FileDigest>);

impl FirstPass {
    fn update(&mut self, bytes: &[u8]) {
        if let Some(d) = &mut self.0 {
            d.update(bytes);
        }
    }

    /// The hash, once the pass has `ended`; given once.
    fn take(&mut self, ended: bool) -> Option<String> {
        if ended {
            self.0.take().map(FileDigest::hex)
        } else {
            None
        }
    }
}

/// Share of the input read, if its size is known.
fn share_read(read_bytes: u64, total_bytes: Option<u64>) -> Option<f64> {
    total_bytes.filter(|&t| t > 0).map(|t| (read_bytes as f64 / t as f64).min(1.0))
}

/// Bytes parsed at a time: the commands of one such slice are queued at once.
const PARSE_STEP: usize = 64 * 1024;

/// A trace read through a `BufRead` (a `BufReader<File>`), one buffer at a time.
pub struct StreamSource<R> {
    input: R,
    options: TraceOptions,
    reader: TraceReader,
    ready: VecDeque<TraceCommand>,
    read_bytes: u64,
    total_bytes: Option<u64>,
    done: bool,
    first_pass: FirstPass,
}

impl<R: BufRead + Seek> StreamSource<R> {
    /// `total_bytes`: the file's size, for progress.
    pub fn new(input: R, options: &TraceOptions, total_bytes: Option<u64>) -> Self {
        StreamSource {
            input,
            options: options.clone(),
            reader: TraceReader::new(options),
            ready: VecDeque::new(),
            read_bytes: 0,
            total_bytes,
            done: false,
            first_pass: FirstPass::default(),
        }
    }

    fn refill(&mut self) -> Result<(), TraceError> {
        let ready = &mut self.ready;
        let chunk = match self.input.fill_buf() {
            Ok(chunk) => chunk,
            Err(_) => return Err(TraceError::new(self.reader.counts().lines + 1, "file", crate::trace::Problem::Unreadable)),
        };
        if chunk.is_empty() {
            self.done = true;
            return self.reader.finish(&mut |c| ready.push_back(c));
        }
        let len = chunk.len().min(PARSE_STEP);
        self.first_pass.update(&chunk[..len]);
        self.reader.feed(&chunk[..len], &mut |c| ready.push_back(c))?;
        self.input.consume(len);
        self.read_bytes += len as u64;
        Ok(())
    }
}

impl<R: BufRead + Seek> CommandSource for StreamSource<R> {
    fn pull(&mut self) -> Result<Pull, TraceError> {
        while self.ready.is_empty() && !self.done {
            self.refill()?;
        }
        Ok(self.ready.pop_front().map_or(Pull::End, Pull::Command))
    }

    fn rewind(&mut self) -> Result<(), TraceError> {
        if self.input.seek(SeekFrom::Start(0)).is_err() {
            return Err(TraceError::new(0, "file", crate::trace::Problem::Unreadable));
        }
        self.reader = TraceReader::new(&self.options);
        self.ready.clear();
        self.read_bytes = 0;
        self.done = false;
        Ok(())
    }

    fn progress(&self) -> Option<f64> {
        share_read(self.read_bytes, self.total_bytes)
    }

    fn start_digest(&mut self) {
        self.first_pass = FirstPass(Some(FileDigest::default()));
    }

    fn digest(&mut self) -> Option<String> {
        self.first_pass.take(self.done)
    }
}

/// A trace pushed in chunks into a bounded buffer (`feed`, then `finish_input`).
pub struct PushSource {
    options: TraceOptions,
    reader: TraceReader,
    /// Bytes taken and not yet parsed: `bytes[start..]`.
    bytes: Vec<u8>,
    start: usize,
    capacity: usize,
    ready: VecDeque<TraceCommand>,
    input_done: bool,
    parsed_all: bool,
    read_bytes: u64,
    total_bytes: Option<u64>,
    restart: bool,
    first_pass: FirstPass,
}

impl PushSource {
    /// `capacity`: bytes held at most (at least one parse step); `total_bytes`: the file's
    /// size, for progress.
    pub fn new(options: &TraceOptions, capacity: usize, total_bytes: Option<u64>) -> Self {
        let capacity = capacity.max(PARSE_STEP);
        PushSource {
            options: options.clone(),
            reader: TraceReader::new(options),
            bytes: Vec::with_capacity(capacity),
            start: 0,
            capacity,
            ready: VecDeque::new(),
            input_done: false,
            parsed_all: false,
            read_bytes: 0,
            total_bytes,
            restart: false,
            first_pass: FirstPass::default(),
        }
    }

    /// Bytes `feed` would take now.
    pub fn room(&self) -> usize {
        self.capacity - (self.bytes.len() - self.start)
    }

    fn parse_step(&mut self) -> Result<(), TraceError> {
        let end = (self.start + PARSE_STEP).min(self.bytes.len());
        let ready = &mut self.ready;
        self.reader.feed(&self.bytes[self.start..end], &mut |c| ready.push_back(c))?;
        self.read_bytes += (end - self.start) as u64;
        self.start = end;
        Ok(())
    }
}

impl CommandSource for PushSource {
    fn pull(&mut self) -> Result<Pull, TraceError> {
        while self.ready.is_empty() {
            if self.start < self.bytes.len() {
                self.parse_step()?;
            } else if self.input_done && !self.parsed_all {
                self.parsed_all = true;
                let ready = &mut self.ready;
                self.reader.finish(&mut |c| ready.push_back(c))?;
            } else if self.parsed_all {
                return Ok(Pull::End);
            } else {
                return Ok(Pull::NeedsData);
            }
        }
        Ok(self.ready.pop_front().map_or(Pull::End, Pull::Command))
    }

    fn rewind(&mut self) -> Result<(), TraceError> {
        self.reader = TraceReader::new(&self.options);
        self.bytes.clear();
        self.start = 0;
        self.ready.clear();
        self.input_done = false;
        self.parsed_all = false;
        self.read_bytes = 0;
        self.restart = true;
        Ok(())
    }

    fn progress(&self) -> Option<f64> {
        share_read(self.read_bytes, self.total_bytes)
    }

    fn feed(&mut self, chunk: &[u8]) -> usize {
        // Parsed bytes are dropped before new ones are appended: the buffer never grows past
        // its capacity.
        if self.start > 0 {
            self.bytes.drain(..self.start);
            self.start = 0;
        }
        let take = chunk.len().min(self.room());
        self.first_pass.update(&chunk[..take]);
        self.bytes.extend_from_slice(&chunk[..take]);
        if take > 0 {
            self.restart = false;
        }
        take
    }

    fn finish_input(&mut self) {
        self.input_done = true;
        self.restart = false;
    }

    fn wants_restart(&self) -> bool {
        self.restart
    }

    fn start_digest(&mut self) {
        self.first_pass = FirstPass(Some(FileDigest::default()));
    }

    fn digest(&mut self) -> Option<String> {
        self.first_pass.take(self.parsed_all)
    }
}
