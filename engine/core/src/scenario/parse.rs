//! Reading a scenario from JSON text, with every refusal naming a field that exists.
//!
//! serde alone is not enough here: an internally tagged enum (`workload.kind`) buffers its
//! content, so errors inside it lose their path (`workload` instead of `workload.iodepth`);
//! derived structs accept a JSON array in place of an object; and `u64` fields take integers
//! that JavaScript cannot hold. So the text is read as a `Value` first, checked for shape and
//! integer range against the default scenario of the same workload kind, and the workload body
//! is deserialised on its own, under its own path.

use super::error::{ErrorCode, ScenarioError};
use super::workload::WORKLOAD_KINDS;
use super::{catalogue, knobs, Scenario, Workload, MAX_SEED};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

pub(crate) fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ScenarioError::new("", ErrorCode::Syntax, format!("not a valid scenario JSON: {e}")))?;
    let Value::Object(mut root) = value else {
        return Err(ScenarioError::new("", ErrorCode::NotAnObject, format!("a scenario must be a JSON object (got {})", json_type(&value))));
    };
    let workload = root.remove("workload");
    let kind = match &workload {
        None => "job".to_string(),
        Some(Value::Object(w)) => kind_of(w)?,
        Some(other) => return Err(not_an_object("workload", other)),
    };
    let default_workload = Workload::default_of(&kind).expect("kind_of returns a known kind");
    let shape = serde_json::to_value(Scenario { workload: default_workload.clone(), ..Scenario::default() }).expect("a scenario serialises");
    let mut scenario: Scenario = deserialize("", check_shape(Value::Object(root), &shape, "")?)?;
    if let Some(Value::Object(mut body)) = workload {
        body.remove("kind");
        let body = check_shape(Value::Object(body), &shape["workload"], "workload")?;
        scenario.workload = workload_of(&kind, body)?;
    } else {
        scenario.workload = default_workload;
    }
    Ok(scenario)
}

fn kind_of(w: &Map<String, Value>) -> Result<String, ScenarioError> {
    let refuse = |got: String| ScenarioError::new("workload.kind", ErrorCode::InvalidOption, format!("must be {} (got {got})", knobs::one_of(&WORKLOAD_KINDS)));
    match w.get("kind") {
        Some(Value::String(k)) if WORKLOAD_KINDS.contains(&k.as_str()) => Ok(k.clone()),
        Some(Value::String(k)) => Err(refuse(k.chars().take(40).collect())),
        Some(other) => Err(refuse(json_type(other).to_string())),
        None => Err(refuse("nothing".to_string())),
    }
}

fn workload_of(kind: &str, body: Value) -> Result<Workload, ScenarioError> {
    let at = "workload";
    Ok(match kind {
        "job" => Workload::Job(deserialize(at, body)?),
        "span_sweep" => Workload::SpanSweep(deserialize(at, body)?),
        "whole_drive_write" => Workload::WholeDriveWrite(deserialize(at, body)?),
        "latency_trace" => Workload::LatencyTrace(deserialize(at, body)?),
        "steady_state" => Workload::SteadyState(deserialize(at, body)?),
        "transfer_size_sweep" => Workload::TransferSizeSweep(deserialize(at, body)?),
        "crystal_disk_mark" => Workload::CrystalDiskMark(deserialize(at, body)?),
        "file_copy" => Workload::FileCopy(deserialize(at, body)?),
        "application_load" => Workload::ApplicationLoad(deserialize(at, body)?),
        "trace" => Workload::Trace(deserialize(at, body)?),
        "cache" => Workload::Cache(deserialize(at, body)?),
        "zoned_log" => Workload::ZonedLog(deserialize(at, body)?),
        "tenants" => Workload::Tenants(deserialize(at, body)?),
        _ => unreachable!("kind_of checked the kind"),
    })
}

/// Refuses a non-object where the scenario has a group, and integers past 2^53 - 1, before
/// serde sees the value. `shape` is the default scenario's value at the same place (null for
/// a group that is off by default, such as NAND timing overrides: anything goes to serde).
fn check_shape(value: Value, shape: &Value, path: &str) -> Result<Value, ScenarioError> {
    match (&value, shape) {
        (Value::Object(_), _) | (Value::Null, Value::Null) => {}
        (_, Value::Object(_)) => return Err(not_an_object(path, &value)),
        _ => {}
    }
    match value {
        Value::Object(map) => {
            let mut out = Map::new();
            for (key, v) in map {
                let inner = shape.get(&key).unwrap_or(&Value::Null);
                let v = check_shape(v, inner, &join(path, &key))?;
                out.insert(key, v);
            }
            Ok(Value::Object(out))
        }
        Value::Array(items) => {
            let inner = shape.get(0).unwrap_or(&Value::Null);
            let items = items.into_iter().enumerate().map(|(i, v)| check_shape(v, inner, &format!("{path}[{i}]"))).collect::<Result<_, _>>()?;
            Ok(Value::Array(items))
        }
        Value::Number(n) => {
            let unsafe_int = n.as_u64().is_some_and(|u| u > MAX_SEED) || n.as_i64().is_some_and(|i| i < -(MAX_SEED as i64));
            if unsafe_int {
                return Err(ScenarioError::new(
                    path,
                    ErrorCode::UnsafeInteger,
                    format!("{n} is past 2^53 - 1 = {MAX_SEED}, the largest integer a share link or JavaScript holds exactly"),
                ));
            }
            Ok(Value::Number(n))
        }
        other => Ok(other),
    }
}

pub(crate) fn deserialize<T: DeserializeOwned>(prefix: &str, value: Value) -> Result<T, ScenarioError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let inner = e.path().to_string();
        let path = if inner == "." { prefix.to_string() } else { join(prefix, &inner) };
        classify(&path, &e.into_inner().to_string())
    })
}

/// serde's error text, turned into a code and a field that exists. serde does not expose a
/// structured error kind, so its stable message prefixes are read here, inside the engine;
/// the page only ever sees the code.
fn classify(path: &str, message: &str) -> ScenarioError {
    if message.starts_with("unknown field") {
        // Name the group the stray key sits in: that field exists, the key does not.
        let parent = path.rsplit_once('.').map_or("", |(p, _)| p);
        return ScenarioError::new(parent, ErrorCode::UnknownField, message);
    }
    let knob = catalogue::find(&strip_index(path), None);
    let sized = knob.is_some_and(|k| matches!(k.kind, knobs::Kind::Bytes | knobs::Kind::BytesList));
    let code = if message.starts_with("unknown variant") {
        ErrorCode::InvalidOption
    } else if sized {
        ErrorCode::NotWholeBytes
    } else if message.starts_with("invalid value") {
        ErrorCode::OutOfRange
    } else {
        ErrorCode::InvalidType
    };
    let message = match (code, knob) {
        (ErrorCode::OutOfRange, Some(k)) => format!("{} ({message})", k.range_text()),
        _ => message.to_string(),
    };
    ScenarioError::new(path, code, message)
}

fn not_an_object(path: &str, value: &Value) -> ScenarioError {
    ScenarioError::new(path, ErrorCode::NotAnObject, format!("must be a JSON object of settings (got {})", json_type(value)))
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// `workload.spans[2]` → `workload.spans`, the knob's path.
pub(crate) fn strip_index(path: &str) -> String {
    match path.find('[') {
        Some(i) => path[..i].to_string(),
        None => path.to_string(),
    }
}
