use serde::Serialize;
use std::fmt;
use ts_rs::TS;

/// Why a scenario was refused, as a stable id the page can key on (translations, which
/// control to highlight) without reading the English message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    /// The text is not JSON.
    Syntax,
    /// The document, or a group such as `device` or `workload`, is not a JSON object.
    NotAnObject,
    /// A value of the wrong JSON type (text where a number belongs, …).
    InvalidType,
    /// A key the scenario format does not have (for this workload kind).
    UnknownField,
    /// A value that is not among the allowed options.
    InvalidOption,
    /// Outside the knob table's range, or past a limit set by another field.
    OutOfRange,
    /// A size that is not a whole number of bytes, or not a size at all.
    NotWholeBytes,
    /// An integer past 2^53 - 1, which JavaScript (and so a share link) cannot hold exactly.
    UnsafeInteger,
    NotPowerOfTwo,
    /// Not a multiple of the unit it must be aligned to (4 KiB).
    NotAligned,
    /// Fields that cannot hold together; the message names the other one.
    Inconsistent,
    /// The run would need more simulator memory than the engine allows.
    TooMuchMemory,
    /// The run reached the engine's work ceiling (`WORK_LIMIT`) and stopped there, with what
    /// it had measured: a notice in its report, not a refusal.
    TooMuchWork,
    UnsupportedVersion,
    /// The wasm engine trapped; only the page raises it (the worker is then replaced).
    EngineAbort,
    /// A bug in the engine, never the user's input.
    Internal,
}

/// A scenario the engine refuses: the dotted path of the offending field
/// (`workload.iodepth`, `workload.spans[2]`; empty for the document as a whole), a stable
/// code, and an English sentence saying what is allowed.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct ScenarioError {
    pub field: String,
    pub code: ErrorCode,
    pub message: String,
}

impl ScenarioError {
    pub fn new(field: impl Into<String>, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { field: field.into(), code, message: message.into() }
    }

    /// The error as the JSON object that crosses the wasm boundary.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an error always serialises")
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for ScenarioError {}

/// Range checks that produce a `ScenarioError` naming the field and the allowed range.
/// `kind` is the workload kind, for the fields whose rules differ by kind (`workload.rw`).
pub(crate) struct Check<'a> {
    pub prefix: &'a str,
    pub kind: Option<&'a str>,
}

impl<'a> Check<'a> {
    pub const fn at(prefix: &'a str) -> Self {
        Self { prefix, kind: None }
    }

    pub const fn workload(kind: &'a str) -> Self {
        Self { prefix: "workload", kind: Some(kind) }
    }

    pub fn path(&self, field: &str) -> String {
        if self.prefix.is_empty() {
            field.to_string()
        } else {
            format!("{}.{}", self.prefix, field)
        }
    }

    pub fn fail(&self, field: &str, code: ErrorCode, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(self.path(field), code, message)
    }

    /// `value` must lie in `min..=max`, a limit that depends on other fields (the message
    /// says which, through `why`).
    pub fn within(&self, field: &str, value: u64, min: u64, max: u64, why: &str) -> Result<(), ScenarioError> {
        if value < min || value > max {
            let message = if min > max {
                format!("cannot be set to any value {why} (got {value})")
            } else {
                format!("must be between {min} and {max} {why} (got {value})")
            };
            return Err(self.fail(field, ErrorCode::OutOfRange, message.replace("  ", " ").trim_end().to_string()));
        }
        Ok(())
    }

    pub fn power_of_two(&self, field: &str, value: u64) -> Result<(), ScenarioError> {
        if !value.is_power_of_two() {
            return Err(self.fail(field, ErrorCode::NotPowerOfTwo, format!("must be a power of two (got {value})")));
        }
        Ok(())
    }

    pub fn aligned(&self, field: &str, value: u64, unit: u64) -> Result<(), ScenarioError> {
        if !value.is_multiple_of(unit) {
            return Err(self.fail(field, ErrorCode::NotAligned, format!("must be a multiple of {unit} bytes (got {value})")));
        }
        Ok(())
    }

    /// Checks `value` against the knob table's static range and options for this field.
    pub fn knob(&self, field: &str, value: f64) -> Result<(), ScenarioError> {
        let key = self.path(field);
        let Some(knob) = super::knobs::find(&key, self.kind) else {
            // A programming slip, never user input: fail loudly so tests catch it.
            return Err(ScenarioError::new(key, ErrorCode::Internal, "internal error: this field is missing from the knob table"));
        };
        if !value.is_finite() {
            return Err(self.fail(field, ErrorCode::InvalidType, format!("must be a finite number (got {value})")));
        }
        if knob.kind == super::knobs::Kind::Int && !knob.options.is_empty() {
            let text = format!("{value}");
            return self.option(field, knob, &text);
        }
        if knob.kind == super::knobs::Kind::Int && value.fract() != 0.0 {
            return Err(self.fail(field, ErrorCode::InvalidType, format!("must be a whole number (got {value})")));
        }
        let below = knob.min.is_some_and(|m| value < m);
        let above = knob.max.is_some_and(|m| value > m);
        if below || above {
            return Err(self.fail(field, ErrorCode::OutOfRange, format!("{} (got {value})", knob.range_text())));
        }
        Ok(())
    }

    /// `text` must be one of the knob's options (enums, and integer fields with fixed values).
    pub fn option(&self, field: &str, knob: &super::knobs::Knob, text: &str) -> Result<(), ScenarioError> {
        if knob.options.contains(&text) {
            return Ok(());
        }
        let which = match knob.workloads {
            [] => String::new(),
            _ => format!(" for this workload kind ({})", self.kind.unwrap_or("job")),
        };
        Err(self.fail(field, ErrorCode::InvalidOption, format!("must be {}{which} (got {text})", super::knobs::one_of(knob.options))))
    }

    /// An enum field (serialised as text) checked against the knob table's options.
    pub fn choice<T: Serialize>(&self, field: &str, value: &T) -> Result<(), ScenarioError> {
        let key = self.path(field);
        let Some(knob) = super::knobs::find(&key, self.kind) else {
            return Err(ScenarioError::new(key, ErrorCode::Internal, "internal error: this field is missing from the knob table"));
        };
        let text = serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        self.option(field, knob, &text)
    }
}
