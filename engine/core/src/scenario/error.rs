use super::knobs::{range_text, Doc, Kind, KnobValue};
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
    /// Outside the knob's range, or past a limit set by another field.
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
    /// The run worked longer than its caller's wall-time ceiling (`WALL_TIME_LIMIT_S`) and
    /// its caller stopped it there, with what it had measured: a notice in its report, and
    /// the one result that depends on the machine's speed.
    TooMuchTime,
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
/// `kind` is the workload kind, for the fields whose rules differ by kind (`workload.rw`);
/// `devices`, the device kinds the drive is made of, for parts shared by kinds whose fields
/// are not (the controller's write buffer is a NAND SSD's).
pub(crate) struct Check<'a> {
    pub prefix: String,
    pub kind: Option<&'a str>,
    devices: Option<[&'static str; 3]>,
}

impl<'a> Check<'a> {
    pub fn at(prefix: &str) -> Self {
        Self { prefix: prefix.to_string(), kind: None, devices: None }
    }

    pub fn workload(kind: &'a str) -> Self {
        Self { prefix: "workload".to_string(), kind: Some(kind), devices: None }
    }

    /// Only the fields of these device kinds are checked.
    pub fn on(mut self, devices: [&'static str; 3]) -> Self {
        self.devices = Some(devices);
        self
    }

    /// The same checks inside the struct field `field`.
    pub fn inner(&self, field: &str) -> Check<'a> {
        Check { prefix: self.path(field), kind: self.kind, devices: self.devices }
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

    /// `within` for a size: the limits and the value in binary units, as the page shows sizes
    /// ("must be between 8 MiB and 16 GiB (...) (got 32 GiB)"); `why` states its own sizes so too.
    pub fn within_size(&self, field: &str, value: u64, min: u64, max: u64, why: &str) -> Result<(), ScenarioError> {
        if value < min || value > max {
            let s = |v: u64| crate::units::size_text(v as f64);
            let message = if min > max {
                format!("cannot be set to any value {why} (got {})", s(value))
            } else {
                format!("must be between {} and {} {why} (got {})", s(min), s(max), s(value))
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

    /// Whether a knob is checked here: it belongs to one of the drive's device kinds (its own
    /// or its struct's `devices`), and its `when` holds (`sibling` reads the sibling field).
    pub fn applies(&self, doc: &Doc, part: Option<&[&str]>, sibling: impl Fn(&str) -> Option<String>) -> bool {
        let devices = doc.devices.or(part);
        if let (Some(own), Some(drive)) = (devices, self.devices) {
            if !own.iter().any(|d| drive.contains(d)) {
                return false;
            }
        }
        doc.when.is_none_or(|(field, equals)| sibling(field).as_deref() == Some(equals))
    }

    /// Checks a field's value against its knob's static range and options.
    pub fn value<T: KnobValue>(&self, field: &str, value: &T, doc: &Doc) -> Result<(), ScenarioError> {
        let options = if doc.options.is_empty() { T::OPTIONS } else { doc.options };
        if !options.is_empty() {
            return match value.text() {
                Some(text) => self.option(field, options, &text),
                None => Ok(()),
            };
        }
        let Some(value) = value.number() else { return Ok(()) };
        if !value.is_finite() {
            return Err(self.fail(field, ErrorCode::InvalidType, format!("must be a finite number (got {value})")));
        }
        if T::KIND == Kind::Int && value.fract() != 0.0 {
            return Err(self.fail(field, ErrorCode::InvalidType, format!("must be a whole number (got {value})")));
        }
        let below = doc.min.is_some_and(|m| value < m);
        let above = doc.max.is_some_and(|m| value > m);
        if below || above {
            let sized = matches!(doc.kind.unwrap_or(T::KIND), Kind::Bytes | Kind::BytesList);
            let got = super::knobs::value_text(value, sized);
            return Err(self.fail(field, ErrorCode::OutOfRange, format!("{} (got {got})", range_text(doc.min, doc.max, sized))));
        }
        Ok(())
    }

    /// `text` must be one of `options` (enums, and integer fields with fixed values).
    fn option(&self, field: &str, options: &[&str], text: &str) -> Result<(), ScenarioError> {
        if options.contains(&text) {
            return Ok(());
        }
        let which = match self.kind {
            None => String::new(),
            Some(kind) => format!(" for this workload kind ({kind})"),
        };
        Err(self.fail(field, ErrorCode::InvalidOption, format!("must be {}{which} (got {text})", super::knobs::one_of(options))))
    }
}
