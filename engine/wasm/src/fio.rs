//! fio job files and fio's own results (`ssd_core::fio`, docs/fio.md): a job read and written,
//! a result and its logs read, a result held against a run, and the search that fits a drive's
//! headline knobs to one result, stepped from the page (each candidate runs on a worker as any
//! run does, between steps).

use crate::js_error;
use ssd_core::fio::FioFit;
use ssd_core::Scenario;
use wasm_bindgen::prelude::*;

/// A fio job file read into a job workload (`job`: the section to import; the first job
/// section when absent), as JSON `{workload, name, jobs, unmodelled}` (ts-rs `FioImport`).
/// Throws `{field, code, message}` like every refusal, the message starting with the line,
/// section and option (`line 3: [a] iodepth: must be between 1 and 1024 (got 0)`).
#[wasm_bindgen]
pub fn fio_import(text: &str, job: Option<String>) -> Result<String, JsValue> {
    ssd_core::fio::import(text, job.as_deref()).map(|i| i.to_json()).map_err(|e| js_error(e.to_scenario_error()))
}

/// A scenario whose workload is a job, as a fio job file. Throws `{field, code, message}`
/// (`workload.kind` for other workloads).
#[wasm_bindgen]
pub fn fio_export(scenario_json: &str) -> Result<String, JsValue> {
    let scenario = Scenario::parse(scenario_json).map_err(js_error)?;
    ssd_core::fio::export(&scenario).map_err(js_error)
}

/// fio's own JSON result (`--output-format=json`) as JSON `MeasuredResult`. Throws
/// `{field, code, message}` naming the field's path (`jobs[0].read.clat_ns.percentile`).
#[wasm_bindgen]
pub fn fio_result(text: &str) -> Result<String, JsValue> {
    ssd_core::fio::parse_result(text).map(|r| r.to_json()).map_err(js_error)
}

/// A fio bandwidth or latency log (`kind`: "bandwidth" | "latency"; absent: from the file
/// name) as JSON `MeasuredLog`. Throws naming the line and column.
#[wasm_bindgen]
pub fn fio_log(text: &str, file_name: &str, kind: Option<String>) -> Result<String, JsValue> {
    let kind = ssd_core::fio::FioLogKind::named(kind.as_deref(), file_name).map_err(js_error)?;
    ssd_core::fio::parse_log(text, kind).map(|l| l.to_json()).map_err(js_error)
}

/// fio's JSON result (its job `job`, or its only job) against a run's summary (the JSON of
/// `Summary`), as JSON `FioComparison`.
#[wasm_bindgen]
pub fn fio_compare(result_text: &str, job: Option<String>, summary_json: &str) -> Result<String, JsValue> {
    let measured = ssd_core::fio::parse_result(result_text).map_err(js_error)?;
    ssd_core::fio::compare_with_summary(&measured, job.as_deref(), summary_json).map(|c| c.to_json()).map_err(js_error)
}

/// A fit of the scenario's drive to a fio result begun: the scenario (its workload the
/// measured job) normalised, and the first step, JSON `FitStep` whose `run` is the drive as it
/// is. Throws `{field, code, message}` for a scenario the engine refuses.
#[wasm_bindgen]
pub fn fio_fit_start(scenario_json: &str) -> Result<String, JsValue> {
    let scenario = Scenario::from_json(scenario_json).map_err(js_error)?;
    let start = serde_json::to_value(&scenario).map_err(|e| JsValue::from_str(&e.to_string()))?;
    Ok(FioFit::new(start).step().to_json())
}

/// The fit's next step: its `state` (as the last step gave it) told how the drive it proposed
/// compared (a `FioComparison`'s JSON; null when the run was refused or stopped at a ceiling).
/// Throws when the drive as it is does not compare: there is nothing to fit from.
#[wasm_bindgen]
pub fn fio_fit_next(state_json: &str, comparison_json: Option<String>) -> Result<String, JsValue> {
    FioFit::resume(state_json, comparison_json.as_deref()).map(|s| s.to_json()).map_err(js_error)
}
