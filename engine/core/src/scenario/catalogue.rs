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
/// lists them, each with its English text (the page translates by id). The page keeps no copy:
/// a group or kind the engine adds shows up by itself.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(export)]
pub struct KnobLayout {
    pub device_groups: &'static [LayoutGroup],
    pub workload_groups: &'static [LayoutGroup],
    pub workload_kinds: &'static [WorkloadKindText],
}

/// One group of knobs on the page (`Knob::group` is its `id`).
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(export)]
pub struct LayoutGroup {
    pub id: &'static str,
    /// The group's title in English.
    pub title: &'static str,
    /// The title when no device kind in use is one of `unless_devices`: the media group of a drive
    /// without NAND (not even as a hybrid's tier) holds only the kind, and cell type is NAND's word.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub other_title: Option<OtherTitle>,
    /// Open when the panel is first drawn.
    pub open: bool,
    /// Open at first too while one of these fields holds a positive value: a drive with an
    /// SLC cache shows it at once, as its size is what shapes a write run.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub open_when_positive: &'static [&'static str],
}

#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(export)]
pub struct OtherTitle {
    #[ts(as = "Vec<String>")]
    pub unless_devices: &'static [&'static str],
    pub title: &'static str,
}

/// A workload kind as the Workload panel's menu lists it, in English.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[ts(export)]
pub struct WorkloadKindText {
    pub id: &'static str,
    pub label: &'static str,
    pub help: &'static str,
}

const fn group(id: &'static str, title: &'static str, open: bool) -> LayoutGroup {
    LayoutGroup { id, title, other_title: None, open, open_when_positive: &[] }
}

pub const LAYOUT: KnobLayout = KnobLayout {
    device_groups: &[
        LayoutGroup { other_title: Some(OtherTitle { unless_devices: &["nand_ssd"], title: "Media" }), ..group("media", "Media & cell type", true) },
        // The XPoint and disk groups are the drive's media when they show (device.kind, or a
        // hybrid's tiers), so they open with `media`; a hybrid's tiers open too.
        group("tier", "Hybrid: cache and backing tiers", true),
        group("xpoint", "3D XPoint media", true),
        group("hdd", "Hard disk", true),
        group("capacity", "Capacity & over-provisioning", false),
        LayoutGroup { open_when_positive: &["device.slc_cache.dynamic_percent", "device.slc_cache.static_bytes"], ..group("slc_cache", "SLC cache", false) },
        group("placement", "Data placement (NVMe FDP)", false),
        group("mapping", "Mapping-table cache", false),
        group("hmb", "Host Memory Buffer (HMB)", false),
        group("gc", "Garbage collection & wear", false),
        group("host", "Host interface", false),
        group("controller", "Controller", false),
    ],
    workload_groups: &[
        group("workload", "Parameters", true),
        group("host_cpu", "Host computer", false),
        group("precondition", "Drive state before the run", false),
        group("run", "Run", false),
    ],
    workload_kinds: &WORKLOAD_KIND_TEXT,
};

/// The workload kinds in menu order (`WORKLOAD_KINDS`'s, checked by a test).
const WORKLOAD_KIND_TEXT: [WorkloadKindText; WORKLOAD_KINDS.len()] = [
    kind("span_sweep", "Span sweep (throughput vs access span)", "One point per access span, each span starting at LBA 0 (article 000, TxBENCH style)."),
    kind("whole_drive_write", "Whole-drive write (throughput vs GB written)", "Writes the whole drive and charts throughput against data written (article 001)."),
    kind("latency_trace", "Latency trace (every operation timed)", "Times every operation through a file, to see the spikes (article 002)."),
    kind("steady_state", "Steady-state rounds", "Writes round after round until garbage collection reaches its steady state."),
    kind("file_copy", "File copy (until the drive is full)", "Copies a large file again and again, one write speed per copy (article 003: 28.8 GB until the drive is full)."),
    kind("transfer_size_sweep", "Transfer-size sweep", "One point per transfer size, Iometer style."),
    kind(
        "crystal_disk_mark",
        "CrystalDiskMark set",
        "CrystalDiskMark's tests (its four, the NVMe SSD set or your own), reads then writes, on one test file written first, with an idle interval between tests.",
    ),
    kind(
        "application_load",
        "Application load (read speed per run)",
        "Reads the same files the same way, run after run, with the host idle in between: a cache that learns makes later runs faster (article 001).",
    ),
    kind("trace", "Block trace replay", "Replays a block trace (MSR, SPC, Alibaba, Tencent, blkparse, fio iolog) as fast as the drive takes it, or at its recorded times."),
    kind(
        "cache",
        "Flash cache (CacheLib-like)",
        "A flash cache's writes: small objects rewrite 4 KiB buckets at random (BigHash), large ones fill 16 MiB regions in a FIFO ring (BlockCache), each with its own placement id.",
    ),
    kind(
        "zoned_log",
        "Host log-structured store (zones)",
        "The host appends into zones and cleans them itself (ZenFS style): greedy victim, live data copied, zone reset. Host and device write amplification side by side.",
    ),
    kind(
        "tenants",
        "Tenants (several jobs at once)",
        "Up to four fio-style jobs running at once, as a job file's sections without stonewall: each its own region, pattern, queue, IOPS cap and placement id, with its own results.",
    ),
    kind("job", "Custom fio-style job", "One fio-style job: pattern, block size, queue depth, region, runtime."),
];

const fn kind(id: &'static str, label: &'static str, help: &'static str) -> WorkloadKindText {
    WorkloadKindText { id, label, help }
}

pub fn layout_json() -> String {
    serde_json::to_string(&LAYOUT).expect("the knob layout serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::knobs::Kind;
    use crate::scenario::Scenario;

    /// The menu lists every workload kind once, in the engine's order, each with its text; a
    /// group's fields that open it name knobs of that group.
    #[test]
    fn every_workload_kind_and_opening_field_is_the_engines() {
        let ids: Vec<&str> = LAYOUT.workload_kinds.iter().map(|k| k.id).collect();
        assert_eq!(ids, WORKLOAD_KINDS);
        assert!(LAYOUT.workload_kinds.iter().all(|k| !k.label.is_empty() && !k.help.is_empty()));
        for g in LAYOUT.device_groups.iter().chain(LAYOUT.workload_groups) {
            assert!(!g.title.is_empty(), "group {} has no title", g.id);
            for path in g.open_when_positive {
                assert!(KNOBS.iter().any(|k| k.path == *path && k.group == g.id), "{path} is not a knob of group {}", g.id);
            }
        }
    }

    /// Every knob's group has one place on the page, and every place a knob.
    #[test]
    fn every_group_is_laid_out_once() {
        let laid_out: Vec<&str> = LAYOUT.device_groups.iter().chain(LAYOUT.workload_groups).map(|g| g.id).collect();
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

    /// A knob that is a view of another names a real knob, and no pair is declared twice over; a
    /// knob's inert conditions name real knobs and values those knobs can hold, each with a reason.
    #[test]
    fn views_and_inert_conditions_name_real_knobs() {
        let views: Vec<&Knob> = KNOBS.iter().filter(|k| k.view_of.is_some()).collect();
        assert_eq!(views.iter().map(|k| (k.path, k.view_of.unwrap())).collect::<Vec<_>>(), [("device.capacity.op_percent", "device.capacity.user_bytes")]);
        for k in &views {
            let other = find(k.view_of.unwrap(), None).unwrap();
            assert!(other.view_of.is_none(), "{} and {} both claim the other", k.path, other.path);
        }
        let mut ids = Vec::new();
        for k in KNOBS.iter() {
            for i in k.inert {
                let holds = if i.path == "workload.kind" {
                    WORKLOAD_KIND_TEXT.iter().any(|w| w.id == i.equals)
                } else {
                    // `workload.*` knobs differ by kind: the condition's knob is the one of this knob's kind.
                    let of = find(i.path, k.workloads.first().copied()).unwrap_or_else(|| panic!("{}: inert names no knob {}", k.path, i.path));
                    of.options.contains(&i.equals) || (of.kind == Kind::Bool && ["true", "false"].contains(&i.equals)) || i.equals.parse::<f64>().is_ok()
                };
                assert!(holds, "{}: {} can never equal {}", k.path, i.path, i.equals);
                // An id is one reason (the page translates it by id): knobs and conditions
                // may share one only with the same words.
                assert!(!i.reason.is_empty(), "{}: {}", k.path, i.id);
                if let Some((_, reason)) = ids.iter().find(|(id, _)| *id == i.id) {
                    assert_eq!(*reason, i.reason, "{}: {} has two reasons", k.path, i.id);
                }
                ids.push((i.id, i.reason));
            }
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 24);
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
