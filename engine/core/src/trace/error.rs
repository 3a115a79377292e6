//! What goes wrong reading a trace, always tied to a 1-based line and the field at fault,
//! so a user can open the file at that line and see the problem.

use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Why a field was refused. `code()` is the stable id the page translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, rename = "TraceProblem")]
pub enum Problem {
    /// The line ends before this field.
    Missing,
    /// A minus sign on a count of bytes, sectors or time.
    Negative,
    NotANumber,
    /// Past what the field can hold (u64 bytes, u32 device, 1 GiB command).
    TooLarge,
    /// An opcode, RWBS or action no format defines.
    UnknownOp,
    /// A control byte (NUL, …) where text belongs: a binary file, not a trace.
    Binary,
    /// A line longer than any trace format writes: most likely a binary file.
    LineTooLong,
    /// The first line matches none of the formats.
    Unrecognised,
    /// More distinct devices than the summary keeps (`MAX_DEVICES`).
    TooManyDevices,
    /// The file could not be read (an I/O error, not its content).
    Unreadable,
    /// A field after the format's last one.
    Unexpected,
}

impl Problem {
    pub fn code(self) -> &'static str {
        match self {
            Problem::Missing => "missing",
            Problem::Negative => "negative",
            Problem::NotANumber => "not_a_number",
            Problem::TooLarge => "too_large",
            Problem::UnknownOp => "unknown_op",
            Problem::Binary => "binary",
            Problem::LineTooLong => "line_too_long",
            Problem::Unrecognised => "unrecognised",
            Problem::TooManyDevices => "too_many_devices",
            Problem::Unexpected => "unexpected",
            Problem::Unreadable => "unreadable",
        }
    }

    fn english(self) -> &'static str {
        match self {
            Problem::Missing => "missing",
            Problem::Negative => "negative",
            Problem::NotANumber => "not a number",
            Problem::TooLarge => "too large",
            Problem::UnknownOp => "unknown operation",
            Problem::Binary => "binary data, not text",
            Problem::LineTooLong => "line too long (binary file?)",
            Problem::Unrecognised => "not a trace format this reader knows",
            Problem::TooManyDevices => "more distinct devices than the reader keeps",
            Problem::Unexpected => "a field after the format's last",
            Problem::Unreadable => "cannot be read",
        }
    }
}

/// A refused trace: `line 17: size: negative`. Line 0 means the whole file (an empty one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceRefusal")]
pub struct TraceError {
    #[ts(type = "number")]
    pub line: u64,
    pub field: &'static str,
    pub problem: Problem,
}

impl TraceError {
    pub fn new(line: u64, field: &'static str, problem: Problem) -> Self {
        TraceError { line, field, problem }
    }

    /// The stable error code, as `{field, code, message}` crosses to the page.
    pub fn code(&self) -> &'static str {
        self.problem.code()
    }
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.field, self.problem.english())
    }
}

impl std::error::Error for TraceError {}

/// A field-level refusal before the reader knows the line number.
pub(crate) type FieldResult<T> = Result<T, (&'static str, Problem)>;
