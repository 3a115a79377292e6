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
            return Err(ScenarioError::new(
                self.path(field),
                format!("must be between {min} and {max} (got {value})"),
            ));
        }
        Ok(())
    }

    pub fn num(&self, field: &str, value: f64, min: f64, max: f64) -> Result<(), ScenarioError> {
        if !value.is_finite() || value < min || value > max {
            return Err(ScenarioError::new(
                self.path(field),
                format!("must be between {min} and {max} (got {value})"),
            ));
        }
        Ok(())
    }

    pub fn power_of_two(&self, field: &str, value: u64, min: u64, max: u64) -> Result<(), ScenarioError> {
        self.int(field, value, min, max)?;
        if !value.is_power_of_two() {
            return Err(ScenarioError::new(
                self.path(field),
                format!("must be a power of two between {min} and {max} (got {value})"),
            ));
        }
        Ok(())
    }

    pub fn fail(&self, field: &str, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(self.path(field), message)
    }
}
