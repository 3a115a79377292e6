//! The knob catalogue: every knob of the scenario, gathered from its types (see `gather`),
//! and where the page lays them out.

use super::gather::{Knobs, Place};
use super::knobs::Knob;
use super::workload::{Workload, WORKLOAD_KINDS};
use super::Scenario;
use serde::Serialize;
use ts_rs::TS;

/// The catalogue: every knob of the scenario, gathered once from its types, in the order the
/// types declare them (a workload's fields once per kind that has them).
pub static KNOBS: std::sync::LazyLock<Vec<Knob>> = std::sync::LazyLock::new(|| {
    let mut out = Vec::new();
    <Scenario as Knobs>::list(&Place::root(), &mut out);
    for kind in WORKLOAD_KINDS.iter() {
        let w = Workload::default_of(kind).expect("every kind has a default");
        w.list_kind(&Place::workload(std::slice::from_ref(kind)), &mut out);
    }
    out
});

/// The knob at `path` for a workload kind (`workload.*` fields differ by kind); without a
/// kind, the first knob with that path.
pub fn find(path: &str, kind: Option<&str>) -> Option<&'static Knob> {
    KNOBS.iter().find(|k| k.path == path && (k.workloads.is_empty() || kind.is_none_or(|kind| k.workloads.contains(&kind))))
}

pub fn knobs_json() -> String {
    serde_json::to_string(&*KNOBS).expect("the knob catalogue serialises")
}

/// Where the page lays the knobs out: the Device panel's groups in the order an SSD person
/// reads a spec sheet, the Workload panel's, and the workload kinds in the order its menu
/// lists them. The page keeps no copy: a group or kind the engine adds shows up by itself.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(export)]
pub struct KnobLayout {
    #[ts(as = "Vec<String>")]
    pub device_groups: &'static [&'static str],
    #[ts(as = "Vec<String>")]
    pub workload_groups: &'static [&'static str],
    #[ts(as = "Vec<String>")]
    pub workload_kinds: &'static [&'static str],
}

pub const LAYOUT: KnobLayout = KnobLayout {
    device_groups: &["media", "tier", "xpoint", "hdd", "capacity", "slc_cache", "mapping", "hmb", "gc", "host", "controller"],
    workload_groups: &["workload", "host_cpu", "precondition", "run"],
    workload_kinds: &WORKLOAD_KINDS,
};

pub fn layout_json() -> String {
    serde_json::to_string(&LAYOUT).expect("the knob layout serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::knobs::Kind;
    use crate::scenario::Scenario;

    /// Every knob's group has one place on the page, and every place a knob.
    #[test]
    fn every_group_is_laid_out_once() {
        let laid_out: Vec<&str> = LAYOUT.device_groups.iter().chain(LAYOUT.workload_groups).copied().collect();
        for knob in KNOBS.iter() {
            assert_eq!(laid_out.iter().filter(|&&g| g == knob.group).count(), 1, "group {} of {}", knob.group, knob.path);
        }
        for group in laid_out {
            assert!(KNOBS.iter().any(|k| k.group == group), "group {group} has no knob");
        }
    }

    /// Every path in the table names a real field: it appears in some preset's normalised
    /// JSON or in a default scenario of the right workload kind.
    #[test]
    fn every_knob_path_names_a_scenario_field() {
        let mut docs: Vec<serde_json::Value> = crate::presets::all().map(|p| serde_json::to_value(p.scenario().unwrap()).unwrap()).collect();
        for kind in WORKLOAD_KINDS {
            let s = Scenario::from_json(&format!(
                r#"{{"workload":{{"kind":"{kind}"}},"device":{{"nand":{{"timing":{{"read_us":60,"program_us":700,"erase_us":3500}}}}}}}}"#
            ))
            .unwrap();
            docs.push(serde_json::to_value(s).unwrap());
        }
        for knob in KNOBS.iter() {
            let found = docs.iter().any(|d| {
                let mut v = d;
                for part in knob.path.split('.') {
                    match v.get(part) {
                        Some(next) => v = next,
                        None => return false,
                    }
                }
                knob.workloads.is_empty() || knob.workloads.contains(&d["workload"]["kind"].as_str().unwrap())
            });
            assert!(found, "knob {} names no field", knob.path);
        }
    }

    /// The table is the one source of allowed values: every option it lists is accepted for
    /// its workload kind, and a value it does not list is refused naming the field.
    #[test]
    fn enum_options_are_exactly_what_validation_accepts() {
        for knob in KNOBS.iter().filter(|k| k.kind == Kind::Enum) {
            let kinds: Vec<&str> = if knob.workloads.is_empty() { vec!["job"] } else { knob.workloads.to_vec() };
            for kind in kinds {
                let doc = |value: &str| {
                    let mut v = serde_json::json!({ "workload": { "kind": kind } });
                    let mut at = &mut v;
                    let parts: Vec<&str> = knob.path.split('.').collect();
                    for part in &parts[..parts.len() - 1] {
                        at = at.as_object_mut().unwrap().entry(part.to_string()).or_insert_with(|| serde_json::json!({}));
                    }
                    at[parts[parts.len() - 1]] = serde_json::json!(value);
                    v.to_string()
                };
                for option in knob.options {
                    Scenario::from_json(&doc(option)).unwrap_or_else(|e| panic!("{} = {option} for {kind}: {e}", knob.path));
                }
                let e = Scenario::from_json(&doc("sideways")).unwrap_err();
                assert_eq!(e.field, knob.path, "{e}");
            }
        }
    }

    /// A knob whose default follows another field names a real enum knob and gives one
    /// default for each of its options, inside the knob's own range (the NAND timings follow
    /// the cell type; `media::nand` runs on the same tables).
    #[test]
    fn followed_defaults_cover_every_option_of_the_field_they_follow() {
        let following: Vec<&Knob> = KNOBS.iter().filter(|k| k.follows.is_some()).collect();
        assert_eq!(following.len(), 5, "the five NAND timings");
        for knob in following {
            let f = knob.follows.unwrap();
            let of = find(f.path, None).unwrap_or_else(|| panic!("{} follows {}, no knob", knob.path, f.path));
            assert_eq!(of.options, f.options, "{}", knob.path);
            assert_eq!(f.values.len(), f.options.len(), "{}", knob.path);
            for v in f.values {
                assert!(knob.min.is_none_or(|m| *v >= m) && knob.max.is_none_or(|m| *v <= m), "{} default {v}", knob.path);
            }
        }
    }

    /// A scenario with `path` set to `value`, on a device that has the knob and with the
    /// knob's `when` holding.
    fn with_value(knob: &Knob, kind: &str, value: serde_json::Value) -> String {
        let mut v = serde_json::json!({ "workload": { "kind": kind } });
        let mut set = |path: &str, value: serde_json::Value| {
            let parts: Vec<&str> = path.split('.').collect();
            let mut at = &mut v;
            for part in &parts[..parts.len() - 1] {
                at = at.as_object_mut().unwrap().entry(part.to_string()).or_insert_with(|| serde_json::json!({}));
            }
            at[parts[parts.len() - 1]] = value;
        };
        if let Some(device) = knob.devices.first() {
            set("device.kind", serde_json::json!(device));
        }
        if let Some(when) = &knob.when {
            let equals: serde_json::Value = serde_json::from_str(when.equals).unwrap_or(serde_json::json!(when.equals));
            set(when.path, equals);
        }
        set(knob.path, value);
        v.to_string()
    }

    /// The checks come from the same attributes as the rows: every knob with a range refuses
    /// a value just past either end, naming its own path, on a device that has it.
    #[test]
    fn every_range_is_enforced_naming_the_knob() {
        let mut checked = 0;
        for knob in KNOBS.iter().filter(|k| matches!(k.kind, Kind::Int | Kind::Number | Kind::Bytes) && k.options.is_empty()) {
            let kind = knob.workloads.first().copied().unwrap_or("job");
            let past = |bound: f64, up: bool| -> serde_json::Value {
                let step = if knob.kind == Kind::Bytes {
                    4096.0
                } else if knob.kind == Kind::Int {
                    1.0
                } else {
                    bound.abs().max(1.0) * 0.01
                };
                let x = if up { bound + step } else { bound - step };
                if knob.kind == Kind::Number {
                    serde_json::json!(x)
                } else {
                    serde_json::json!(x as i64)
                }
            };
            for (bound, up) in [(knob.max, true), (knob.min.filter(|&m| m > 0.0), false)] {
                let Some(bound) = bound else { continue };
                let doc = with_value(knob, kind, past(bound, up));
                let e = Scenario::from_json(&doc).expect_err(&format!("{} past {bound} accepted: {doc}", knob.path));
                assert_eq!(e.field, knob.path, "{} past {bound}: {e}", knob.path);
                checked += 1;
            }
        }
        println!("{checked} bounds checked");
        assert!(checked > 80, "{checked} bounds checked");
    }

    /// Every option has its label for the form, from its type or its field.
    #[test]
    fn every_option_is_labelled() {
        for k in KNOBS.iter().filter(|k| !k.options.is_empty()) {
            assert_eq!(k.option_labels.len(), k.options.len(), "{}", k.path);
            assert!(k.option_labels.iter().all(|l| !l.is_empty()), "{}: {:?}", k.path, k.option_labels);
        }
        let rw = find("workload.rw", Some("span_sweep")).unwrap();
        assert_eq!((rw.options, rw.option_labels), (&["randread", "randwrite"][..], &["Random read", "Random write"][..]));
    }

    #[test]
    fn ranges_are_ordered_and_enums_have_options() {
        for k in KNOBS.iter() {
            if let (Some(a), Some(b)) = (k.min, k.max) {
                assert!(a <= b, "{}", k.path);
            }
            if k.kind == Kind::Enum {
                assert!(!k.options.is_empty(), "{} has no options", k.path);
            }
        }
    }
}
