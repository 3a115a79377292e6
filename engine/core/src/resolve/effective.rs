//! What a compiled scenario runs, as one fingerprint: the scenario the engine simulates after
//! every default, override and derivation, with every field that cannot change the run set to
//! one value. Two scenarios with the same fingerprint run the same drive on the same workload;
//! a knob whose move leaves it unchanged is dead there (the page then says why, from the
//! catalogue's `Knob::inert`, or the knob is not shown).
//!
//! Fields that cannot change the run: a scenario's name and description; a knob the drive
//! does not have (its device kinds) or that does not apply (its `when`) or does nothing (its
//! `inert`); over-provisioning once the user capacity is stated (the geometry's user and raw
//! capacity stand for both); every HMB field when the host grants none.

use super::Resolved;
use crate::scenario::catalogue::KNOBS;
use crate::scenario::knobs::Knob;
use crate::scenario::{Hmb, Scenario, Workload};
use serde_json::{json, Value};

impl Resolved {
    /// What this scenario runs, as JSON (see the module comment).
    pub fn effective(&self) -> Value {
        let typed = serde_json::to_value(&self.scenario).expect("a scenario serialises");
        let mut v = serde_json::to_value(&self.simulated).expect("a scenario serialises");
        let kind = v["workload"]["kind"].as_str().unwrap_or("job").to_string();
        let workload = Workload::default_of(&kind).unwrap_or_default();
        let defaults = serde_json::to_value(Scenario { workload, ..Scenario::default() }).expect("a scenario serialises");
        let obj = v.as_object_mut().expect("a scenario is an object");
        obj.remove("name");
        obj.remove("description");
        for knob in KNOBS.iter().filter(|k| k.workloads.is_empty() || k.workloads.contains(&kind.as_str())) {
            if !acts(knob, &typed) {
                if let (Some(at), Some(default)) = (pointer_mut(&mut v, knob.path), pointer(&defaults, knob.path)) {
                    *at = default.clone();
                }
            }
        }
        if self.simulated.device.mapping.hmb.granted_bytes() == 0 {
            if let Some(at) = pointer_mut(&mut v, "device.mapping.hmb") {
                *at = serde_json::to_value(Hmb::default()).expect("the HMB serialises");
            }
        }
        let capacity = |g: &Option<crate::media::Geometry>| {
            g.map(|g| json!({ "raw_units": g.raw_units, "user_units": g.user_units, "blocks_per_plane": g.blocks_per_plane }))
        };
        if let (Some(g), Some(at)) = (self.geometry, pointer_mut(&mut v, "device.capacity")) {
            at["op_percent"] = json!(0);
            at["user_bytes"] = json!(g.user_bytes());
        }
        json!({ "simulated": v, "geometry": capacity(&self.geometry), "full_geometry": capacity(&self.full_geometry), "user_bytes": self.user_bytes })
    }

    /// A 64-bit fingerprint of `effective` (16 hex digits): equal for two scenarios that run the
    /// same drive on the same workload.
    pub fn fingerprint(&self) -> String {
        let text = serde_json::to_string(&self.effective()).expect("JSON serialises");
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.as_bytes() {
            h = (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    }
}

/// True when a knob the catalogue lists can change this scenario's run: the drive has it (its
/// device kinds), its `when` holds and none of its `inert` conditions does.
pub fn acts(knob: &Knob, scenario: &Value) -> bool {
    let text = |path: &str| pointer(scenario, path).map(option_text);
    let kinds = ["device.kind", "device.tier.cache", "device.tier.backing"];
    let kind = text("device.kind");
    let in_use: Vec<String> = if kind.as_deref() == Some("hybrid") { kinds.iter().filter_map(|p| text(p)).collect() } else { kind.into_iter().collect() };
    let has = knob.devices.is_empty() || knob.devices.iter().any(|d| in_use.iter().any(|k| k == d));
    let when = knob.when.is_none_or(|w| text(w.path).is_none_or(|t| t == w.equals));
    let inert = knob.inert.iter().any(|i| text(i.path).is_some_and(|t| t == i.equals));
    has && when && !inert
}

/// A JSON value as a knob's option text: strings as they are, numbers as Rust prints them.
fn option_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), |f| format!("{f}")),
        other => other.to_string(),
    }
}

fn pointer<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    v.pointer(&format!("/{}", path.replace('.', "/")))
}

fn pointer_mut<'a>(v: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    v.pointer_mut(&format!("/{}", path.replace('.', "/")))
}
