use std::fmt;

/// A scenario the engine refuses, with the dotted path of the offending field
/// (`workload.iodepth`) and a sentence saying what is allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioError {
    pub field: String,
    pub message: String,
}

impl ScenarioError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self { field: field.into(), message: message.into() }
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
pub(crate) struct Check<'a> {
    pub prefix: &'a str,
}

impl Check<'_> {
    pub fn path(&self, field: &str) -> String {
        if self.prefix.is_empty() {
            field.to_string()
        } else {
            format!("{}.{}", self.prefix, field)
        }
    }

    pub fn int(&self, field: &str, value: u64, min: u64, max: u64) -> Result<(), ScenarioError> {
        if value < min || value > max {
            return Err(ScenarioError::new(self.path(field), format!("must be between {min} and {max} (got {value})")));
        }
        Ok(())
    }

    pub fn power_of_two(&self, field: &str, value: u64, min: u64, max: u64) -> Result<(), ScenarioError> {
        self.int(field, value, min, max)?;
        if !value.is_power_of_two() {
            return Err(ScenarioError::new(self.path(field), format!("must be a power of two between {min} and {max} (got {value})")));
        }
        Ok(())
    }

    /// Checks `value` against the knob table's static range (and allowed values).
    pub fn knob(&self, field: &str, value: f64) -> Result<(), ScenarioError> {
        // Benchmark points validate as "workload (point N)"; their knobs are "workload.*".
        let key = if self.prefix.starts_with("workload") { format!("workload.{field}") } else { self.path(field) };
        let Some(knob) = super::knobs::find(&key) else {
            // A programming slip, never user input: fail loudly so tests catch it.
            return Err(ScenarioError::new(key, "internal error: this field is missing from the knob table"));
        };
        if !value.is_finite() {
            return Err(self.fail(field, format!("must be a finite number (got {value})")));
        }
        if knob.kind == super::knobs::Kind::Int && !knob.options.is_empty() {
            let text = format!("{value}");
            if !knob.options.contains(&text.as_str()) {
                let (last, rest) = knob.options.split_last().expect("options are non-empty");
                return Err(self.fail(field, format!("must be {} or {last} (got {value})", rest.join(", "))));
            }
            return Ok(());
        }
        let below = knob.min.is_some_and(|m| value < m);
        let above = knob.max.is_some_and(|m| value > m);
        if below || above {
            let message = match (knob.min, knob.max) {
                (Some(a), Some(b)) => format!("must be between {a} and {b} (got {value})"),
                (Some(a), None) => format!("must be at least {a} (got {value})"),
                (None, Some(b)) => format!("must be at most {b} (got {value})"),
                (None, None) => unreachable!(),
            };
            return Err(self.fail(field, message));
        }
        Ok(())
    }

    pub fn fail(&self, field: &str, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(self.path(field), message)
    }
}
