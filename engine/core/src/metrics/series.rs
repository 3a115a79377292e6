//! Result series: what every chart, CSV export and CLI output is made of.

use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Axis {
    pub name: String,
    pub unit: String,
    /// Names of the x positions 0, 1, 2, ... when the axis is categorical (e.g. the
    /// CrystalDiskMark tests); empty for a numeric axis.
    pub categories: Vec<String>,
}

impl Axis {
    pub fn new(name: &str, unit: &str) -> Axis {
        Axis { name: name.into(), unit: unit.into(), categories: Vec::new() }
    }

    pub fn categories(name: &str, categories: &[String]) -> Axis {
        Axis { name: name.into(), unit: String::new(), categories: categories.to_vec() }
    }
}

/// One line on a chart. Points grow while the simulation runs; consumers read the new tail.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Series {
    pub id: String,
    pub label: String,
    pub x: Axis,
    pub y: Axis,
    pub points: Vec<[f64; 2]>,
}

impl Series {
    pub fn new(id: &str, label: &str, x: Axis, y: Axis) -> Series {
        Series { id: id.into(), label: label.into(), x, y, points: Vec::new() }
    }
}
