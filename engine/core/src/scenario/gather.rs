//! How the knob catalogue is gathered from the scenario's types and how their knobs are
//! checked: `#[derive(Knobs)]` (the `knob-derive` crate) implements `Knobs` for each part from
//! its fields' `#[knob(...)]` attributes; `Place` says where the part sits.

use super::error::{Check, ScenarioError};
use super::knobs::{Doc, Kind, Knob, KnobValue, When};

/// A part of the scenario made of knobs (`#[derive(Knobs)]`): its rows of the catalogue, and
/// the checks of its fields' static ranges and options.
pub(crate) trait Knobs {
    fn list(place: &Place, out: &mut Vec<Knob>);
    fn check_knobs(&self, c: &Check) -> Result<(), ScenarioError>;
    /// A field's option text, for a sibling's `when`.
    fn field_text(&self, field: &str) -> Option<String>;
}

/// An optional part (NAND timing overrides): its knobs are listed, and checked when present.
impl<T: Knobs> Knobs for Option<T> {
    fn list(place: &Place, out: &mut Vec<Knob>) {
        T::list(place, out)
    }
    fn check_knobs(&self, c: &Check) -> Result<(), ScenarioError> {
        self.as_ref().map_or(Ok(()), |part| part.check_knobs(c))
    }
    fn field_text(&self, field: &str) -> Option<String> {
        self.as_ref().and_then(|part| part.field_text(field))
    }
}

/// Where a part sits in the scenario while the catalogue is gathered.
#[derive(Clone, Debug)]
pub struct Place {
    prefix: String,
    group: &'static str,
    devices: &'static [&'static str],
    workloads: &'static [&'static str],
}

impl Place {
    pub fn root() -> Place {
        Place { prefix: String::new(), group: "run", devices: &[], workloads: &[] }
    }

    /// The fields of one workload kind (`kind`: that kind, alone).
    pub fn workload(kind: &'static [&'static str]) -> Place {
        Place { prefix: "workload".into(), group: "workload", devices: &[], workloads: kind }
    }

    pub fn at(&self, field: &str) -> Place {
        Place { prefix: self.path(field), ..self.clone() }
    }

    pub fn within(&self, group: Option<&'static str>, devices: Option<&'static [&'static str]>) -> Place {
        Place { group: group.unwrap_or(self.group), devices: devices.unwrap_or(self.devices), ..self.clone() }
    }

    fn path(&self, field: &str) -> String {
        if self.prefix.is_empty() {
            field.to_string()
        } else {
            format!("{}.{field}", self.prefix)
        }
    }

    /// The catalogue's row for `field`. Paths are built once, when the catalogue is gathered,
    /// and live as long as the program.
    pub fn knob<T: KnobValue>(&self, field: &str, doc: &Doc) -> Knob {
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let kind = doc.kind.unwrap_or(T::KIND);
        let unit = match (doc.unit, kind) {
            ("", Kind::Bytes | Kind::BytesList) => "B",
            (unit, _) => unit,
        };
        Knob {
            path: leak(self.path(field)),
            group: doc.group.unwrap_or(self.group),
            kind,
            unit,
            min: doc.min,
            max: doc.max,
            options: if doc.options.is_empty() { T::OPTIONS } else { doc.options },
            option_labels: option_labels::<T>(doc),
            label: doc.label,
            help: doc.help,
            workloads: self.workloads,
            nullable: T::NULLABLE,
            when: doc.when.map(|(sibling, equals)| When { path: leak(self.path(sibling)), equals }),
            devices: doc.devices.unwrap_or(self.devices),
            follows: doc.follows,
            slider: doc.slider,
            view_of: doc.view_of,
            inert: doc.inert,
        }
    }
}

/// The labels of a knob's options: the field's own, or its type's for the options it allows.
fn option_labels<T: KnobValue>(doc: &Doc) -> &'static [&'static str] {
    if !doc.option_labels.is_empty() || doc.options.is_empty() {
        return if doc.option_labels.is_empty() { T::OPTION_LABELS } else { doc.option_labels };
    }
    let of = |option: &&str| T::OPTIONS.iter().position(|o| o == option).map(|i| T::OPTION_LABELS[i]).unwrap_or_default();
    Box::leak(doc.options.iter().map(of).collect::<Vec<_>>().into_boxed_slice())
}
