//! wasm-bindgen bindings for the browser's worker. Bindings only: every number comes from
//! `ssd-core`, so the browser and `ssdsim` agree bit for bit.

use ssd_core::resolve::Resolved;
use ssd_core::scenario::ScenarioError;
use ssd_core::{presets, Scenario, Simulation as CoreSimulation};
use wasm_bindgen::prelude::*;

mod fio;
mod trace;
pub use fio::{fio_compare, fio_export, fio_fit_next, fio_fit_start, fio_import, fio_log, fio_result};
pub use trace::TraceScan;

/// Bytes of a pushed trace the engine holds at most: what the worker feeds ahead of the run.
const PUSHED_TRACE_BYTES: usize = 4 << 20;

/// A refusal crosses to JavaScript as a plain object `{field, code, message}` (the ts-rs type
/// `ScenarioError`), so the page keys on `field` and `code` and never parses the message.
pub(crate) fn js_error(e: ScenarioError) -> JsValue {
    js_sys::JSON::parse(&e.to_json()).unwrap_or_else(|_| JsValue::from_str(&e.message))
}

/// The scenario the app opens with, as pretty JSON.
#[wasm_bindgen]
pub fn default_scenario() -> String {
    presets::default_scenario().to_json()
}

/// Parses and validates a scenario; returns it normalised (every default filled in).
/// Throws `{field, code, message}` naming the field and the allowed range. To run it after,
/// compile it instead (`Compiled`): the run then needs no validation of its own.
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> Result<String, JsValue> {
    Scenario::from_json(json).map(|s| s.to_json()).map_err(js_error)
}

/// How many scenarios this engine instance has validated: the contract tests hold a run to
/// one validation (`Compiled` then `Simulation.from_compiled`, or `new Simulation(json)`).
#[wasm_bindgen]
pub fn validations() -> f64 {
    ssd_core::resolve::compilations() as f64
}

/// A scenario validated once and compiled for its run (`ssd_core::resolve::Resolved`): the
/// worker keeps it from the validation the page asks for to the run that follows.
#[wasm_bindgen]
pub struct Compiled {
    inner: Resolved,
}

#[wasm_bindgen]
impl Compiled {
    /// Throws `{field, code, message}` naming the field and the allowed range.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str) -> Result<Compiled, JsValue> {
        let scenario = Scenario::parse(json).map_err(js_error)?;
        Ok(Compiled { inner: Resolved::compile(&scenario).map_err(js_error)? })
    }

    /// The scenario normalised (every default filled in), as pretty JSON.
    pub fn scenario_json(&self) -> String {
        self.inner.scenario.to_json()
    }

    /// What the scenario runs, after every default, override and derivation, as a 64-bit
    /// fingerprint (16 hex digits, `Resolved::fingerprint`): two scenarios with the same one run
    /// the same drive on the same workload. A knob whose move keeps it is dead there.
    pub fn fingerprint(&self) -> String {
        self.inner.fingerprint()
    }
}

/// Every preset as a JSON array of `{ name, description, scenario }`.
#[wasm_bindgen]
pub fn presets() -> Result<String, JsValue> {
    presets::catalogue_json().map_err(js_error)
}

/// Every knob the UI may turn: JSON array of `{ path, group, kind, unit, min?, max?,
/// options?, option_labels?, label, help, workloads? }`, gathered from the scenario's types;
/// validation checks every value against the same knobs.
#[wasm_bindgen]
pub fn knobs() -> String {
    ssd_core::scenario::catalogue::knobs_json()
}

/// The NAND lab's knobs (`lab.blocks`, `lab.pages_per_block`, `lab.op_percent`, …), the same
/// shape as `knobs()`: what a lab may be given, and what `NandLab::new` accepts.
#[wasm_bindgen]
pub fn lab_knobs() -> String {
    ssd_core::lab::lab_knobs_json()
}

/// The lab a config that says nothing builds: `{blocks, pages_per_block, op_percent,
/// gc_policy, seed}` (ts-rs `LabConfig`), so the page's lab card starts where the engine does.
#[wasm_bindgen]
pub fn lab_defaults() -> String {
    ssd_core::lab::lab_defaults_json()
}

/// Where the page lays the knobs out (`KnobLayout`): its panels' groups in order and the
/// workload kinds in the order its menu lists them.
#[wasm_bindgen]
pub fn knob_layout() -> String {
    ssd_core::scenario::catalogue::layout_json()
}

/// Every number of the run summary: `[{ id, unit, group, label }]` (ts-rs `SummaryField`), so
/// the page lays out, formats and translates the summary by id.
#[wasm_bindgen]
pub fn summary_fields() -> String {
    ssd_core::report::summary_fields_json()
}

/// The engine's bench cases as JSON `[{id, name, scenario, browser}]`: the browser bench runs the
/// same scenarios as `ssdsim bench`.
#[wasm_bindgen]
pub fn bench_cases() -> String {
    ssd_core::bench::cases_json()
}

/// Every figure (presets overlaid as in an article) as a JSON array of
/// `{ name, title, description, article, members: [{ id, label, scenario }], article_values }`.
#[wasm_bindgen]
pub fn figures() -> Result<String, JsValue> {
    presets::figures_json().map_err(js_error)
}

/// The article values of figure `name` measured on the lines the page drew: `lines_json` is
/// `[{ member, points: [x0, y0, …] }]` (ts-rs `ArticleLine`), the result
/// `[{ id, engine?, error?, in_band, axis }]` (`ArticleEngineValue`), in the figure's order. The
/// measures are `ssdsim articles`' own, so the page and the docs' table read a line alike.
#[wasm_bindgen]
pub fn article_values(name: &str, lines_json: &str) -> Result<String, JsValue> {
    presets::article_lines::measure_lines_json(name, lines_json).map_err(js_error)
}

/// The gallery of real drives as JSON `GalleryEntry[]`: each drive's source, the runs that
/// repeat its reviewer's protocol (scenarios the playground can open) and its public values.
#[wasm_bindgen]
pub fn gallery() -> Result<String, JsValue> {
    presets::gallery::entries_json().map_err(js_error)
}

/// One gallery drive's runs, run to their end and measured as `ssdsim gallery` measures them:
/// `GalleryMeasured[]` in the drive's value order.
#[wasm_bindgen]
pub fn gallery_measure(preset: &str) -> Result<String, JsValue> {
    presets::gallery::measure_json(preset).map_err(js_error)
}

/// The wall time a page's run may take before it stops with its partial results (seconds).
#[wasm_bindgen]
pub fn wall_time_limit_s() -> f64 {
    ssd_core::sim::WALL_TIME_LIMIT_S
}

#[wasm_bindgen]
pub struct Simulation {
    inner: CoreSimulation,
    /// How many points of each series have been handed to JavaScript already.
    sent: Vec<usize>,
    /// Wall-clock milliseconds spent in `run` so far, by JavaScript's clock: the wall-time
    /// ceiling counts the engine's own work, not the time the page takes between chunks.
    worked_ms: f64,
    /// The wall-time ceiling, if the caller asked for one (`limit_wall_time`): the page's runs
    /// do; a run that must give the same numbers however busy the machine is (a test, a bench)
    /// does not.
    wall_limit_ms: Option<f64>,
}

impl Simulation {
    fn of(inner: CoreSimulation) -> Simulation {
        let sent = vec![0; inner.series().len()];
        Simulation { inner, sent, worked_ms: 0.0, wall_limit_ms: None }
    }
}

#[wasm_bindgen]
impl Simulation {
    /// Parses, compiles (one validation) and builds the run.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsValue> {
        let scenario = Scenario::parse(scenario_json).map_err(js_error)?;
        Ok(Simulation::of(CoreSimulation::new(&scenario).map_err(js_error)?))
    }

    /// The run of a scenario compiled before: nothing is validated again.
    pub fn from_compiled(compiled: &Compiled) -> Result<Simulation, JsValue> {
        Ok(Simulation::of(CoreSimulation::from_resolved(compiled.inner.clone()).map_err(js_error)?))
    }

    /// `from_compiled` for a run that books no latency causes: faster, every other number
    /// the same, `latency_causes` empty (a compare variant keeps only its headline).
    pub fn without_causes(compiled: &Compiled) -> Result<Simulation, JsValue> {
        Ok(Simulation::of(CoreSimulation::with_causes(compiled.inner.clone(), false).map_err(js_error)?))
    }

    /// Stops the run once its calls to `run` have taken `seconds` of wall time in all, with
    /// what it measured (`stopped()`: code `too_much_time`); `WALL_TIME_LIMIT_S` is the page's.
    /// Off unless asked for: a run that stops by the clock gives numbers that depend on the
    /// machine, which only a runaway run the reader is waiting on may.
    pub fn limit_wall_time(&mut self, seconds: f64) {
        self.wall_limit_ms = Some(seconds * 1000.0);
    }

    /// Advances by at most `max_events` events (preconditioning writes first, then host
    /// commands); true once the run is finished. Call it until it says so. The clock is read
    /// here, and only with a wall-time limit, not in the engine (which has none on wasm32 and
    /// keeps its numbers free of one): see `WALL_TIME_LIMIT_S`.
    pub fn run(&mut self, max_events: u32) -> bool {
        let Some(limit_ms) = self.wall_limit_ms else { return self.inner.run(max_events as u64) };
        let started = js_sys::Date::now();
        let done = self.inner.run(max_events as u64);
        self.worked_ms += js_sys::Date::now() - started;
        if !done && self.worked_ms >= limit_ms {
            self.inner.stop_at_wall_time(limit_ms / 1000.0);
            return self.inner.is_finished();
        }
        done
    }

    pub fn progress(&self) -> f64 {
        self.inner.progress()
    }

    /// What the run was admitted under and typically takes, as JSON (`Budget`: its memory
    /// bound and typical memory, its work ceiling and typical work, seconds typically and at
    /// most, preconditioning's share): known before it starts, so the page can say how much
    /// memory and time it will take.
    pub fn budget(&self) -> String {
        serde_json::to_string(self.inner.budget()).expect("a budget always serialises")
    }

    /// True until preconditioning is done and the workload has started (the benches time
    /// the two apart).
    pub fn preconditioning(&self) -> bool {
        self.inner.preconditioning()
    }

    /// Every NAND read, program and erase so far, preconditioning included (see
    /// `ssd_core::bench`). A float: JavaScript numbers hold it exactly.
    pub fn flash_ops_done(&self) -> f64 {
        self.inner.flash_ops_done() as f64
    }

    /// JSON array of `{ id, role, label_id, label, x: {id, unit, name, categories}, y }`, one
    /// per series (ids from the engine; `label` and `name` are only the English text). Series
    /// can be added at the end when the run finishes (the latency CDFs).
    pub fn series_meta(&self) -> String {
        ssd_core::report::series_meta_json(self.inner.series())
    }

    /// The points of series `index` made final since the last call, flat: x0, y0, x1, y1, ...
    /// A point the run may still revise (its last time window, stretched over a final
    /// sliver when the run ends) is held back until it is final (`final_points`), so the
    /// points taken over every chunk are the report's series bit for bit, wherever the
    /// chunks end, and each is sent once.
    pub fn take_points(&mut self, index: usize) -> Vec<f64> {
        let points = self.inner.final_points(index);
        // Some series (latency CDFs) appear only when the run finishes.
        if index >= self.sent.len() {
            self.sent.resize(index + 1, 0);
        }
        let from = self.sent[index].min(points.len());
        self.sent[index] = points.len();
        points[from..].iter().flatten().copied().collect()
    }

    /// The ceiling the run stopped at (`ScenarioError`: the field to change, its code and a
    /// message) as JSON, or `null` if it ran to its end.
    pub fn stopped(&self) -> String {
        serde_json::to_string(&self.inner.stopped()).expect("a notice always serialises")
    }

    /// A trace workload takes its trace pushed in chunks (the worker reads the file as the
    /// run asks): `total_bytes` is the file's size, for progress. Throws `{field, code,
    /// message}` when the scenario is not a trace workload. Before the first `run`.
    pub fn attach_pushed_trace(&mut self, total_bytes: f64) -> Result<(), JsValue> {
        // Another kind has no trace options; `attach_trace` refuses it, naming the field.
        let options = self.inner.trace_options().unwrap_or_default();
        let source = ssd_core::host::PushSource::new(&options, PUSHED_TRACE_BYTES, Some(total_bytes as u64));
        self.inner.attach_trace(Box::new(source)).map_err(js_error)
    }

    /// Feeds the pushed trace what its buffer has room for; returns the bytes it took (the
    /// rest is fed again later).
    pub fn feed_trace(&mut self, chunk: &[u8]) -> usize {
        self.inner.feed_trace(chunk)
    }

    /// The pushed trace's file has ended.
    pub fn finish_trace_input(&mut self) {
        self.inner.finish_trace_input()
    }

    /// `run` returned early: it waits for more of the pushed trace.
    pub fn needs_trace_data(&self) -> bool {
        self.inner.needs_trace_data()
    }

    /// The trace loops: feed it again from the file's first byte.
    pub fn trace_wants_restart(&mut self) -> bool {
        self.inner.trace_wants_restart()
    }

    /// The summary numbers as a JSON object.
    pub fn summary(&self) -> String {
        serde_json::to_string(&self.inner.summary()).expect("a summary always serialises")
    }

    /// Per block, valid mapping units (block order: plane-major; see `block_map_layout`).
    /// Media without blocks (3D XPoint) has none.
    pub fn block_valid_units(&self) -> Vec<u32> {
        self.inner.block_map().map(|m| m.valid_units).unwrap_or_default()
    }

    pub fn block_erase_counts(&self) -> Vec<u32> {
        self.inner.block_map().map(|m| m.erase_counts).unwrap_or_default()
    }

    /// Per block: 0 free, 1 open, 2 closed (full), 3 being collected by GC.
    pub fn block_states(&self) -> Vec<u8> {
        self.inner.block_map().map(|m| m.states).unwrap_or_default()
    }

    /// Per block with NVMe FDP on: the reclaim unit handle whose unit it is (255: none, a
    /// free block or GC's shared destination); empty without FDP.
    pub fn block_handles(&self) -> Vec<u8> {
        self.inner.block_map().map(|m| m.handles).unwrap_or_default()
    }

    /// Per block of a zoned drive: its zone's state (0 empty, 1 implicitly open, 2 explicitly
    /// open, 3 closed, 4 full, 5 read-only, 6 offline; 255 in no zone); empty on a block drive.
    pub fn block_zone_states(&self) -> Vec<u8> {
        self.inner.block_map().map(|m| m.zone_states).unwrap_or_default()
    }

    /// NVMe FDP's results per reclaim unit handle as JSON (`PlacementSummary`), or `null`
    /// without FDP.
    pub fn placement(&self) -> String {
        serde_json::to_string(&self.inner.placement_summary()).expect("the placement results serialise")
    }

    /// Each tenant's results as JSON (`TenantSummary[]`, `report.tenants`), or `null` unless
    /// the workload's kind is tenants.
    pub fn tenants(&self) -> String {
        serde_json::to_string(&self.inner.tenant_summaries()).expect("the tenants' results serialise")
    }

    /// What a power cut left as JSON (`PowerCutSummary`, `report.power_cut`), or `null` unless
    /// the job has one on a NAND drive.
    pub fn power_cut(&self) -> String {
        serde_json::to_string(&self.inner.power_cut()).expect("the power cut's results serialise")
    }

    /// JSON `{ planes, blocks_per_plane, units_per_block }` to lay the block map out; all 0
    /// for media without blocks.
    pub fn block_map_layout(&self) -> String {
        serde_json::to_string(&self.inner.block_map_layout()).expect("the block map layout serialises")
    }

    /// The drive's state at points along the run, as JSON (`DriveSnapshots` in
    /// web/src/engine/generated, without the cells): read once the run has finished.
    pub fn snapshots(&self) -> String {
        self.inner.snapshots_json()
    }

    /// Where the run's latency went, by cause, as JSON (`LatencyCauses` in
    /// web/src/engine/generated): read once the run has finished.
    pub fn latency_causes(&self) -> String {
        self.inner.latency_causes_json()
    }

    /// Every snapshot's block map cells, snapshot after snapshot, one byte per cell.
    pub fn snapshot_cells(&self) -> Vec<u8> {
        self.inner.snapshot_cells().to_vec()
    }

    /// The whole result, exactly as `ssdsim run` prints it.
    pub fn report(&self) -> String {
        self.inner.report().to_json()
    }
}

/// The animated NAND view's drive: a few blocks of a few pages run through the engine's own
/// FTL one host command at a time. Each command returns its events as `u32` quadruples
/// `[kind | stream << 8, block, page, unit]` (kinds: 0 lookup, 1 read, 2 program,
/// 3 invalidate, 4 victim (page = its valid pages), 5 erase; streams: 0 host, 1 GC).
#[wasm_bindgen]
pub struct NandLab {
    inner: ssd_core::lab::NandLab,
}

#[wasm_bindgen]
impl NandLab {
    /// `config_json`: `{blocks, pages_per_block, op_percent, gc_policy, seed}` (all optional).
    /// Throws `{field, code, message}` (fields `lab.*`).
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<NandLab, JsValue> {
        let config = ssd_core::lab::LabConfig::from_json(config_json).map_err(js_error)?;
        Ok(NandLab { inner: ssd_core::lab::NandLab::new(&config).map_err(js_error)? })
    }

    /// `{blocks, pages_per_block, logical_pages, working_blocks, op_percent}`.
    pub fn layout(&self) -> String {
        serde_json::to_string(&self.inner.layout()).unwrap_or_default()
    }

    pub fn write(&mut self, unit: u32) -> Result<Vec<u32>, JsValue> {
        self.inner.write(unit).map(<[u32]>::to_vec).map_err(js_error)
    }

    pub fn read(&mut self, unit: u32) -> Result<Vec<u32>, JsValue> {
        self.inner.read(unit).map(<[u32]>::to_vec).map_err(js_error)
    }

    pub fn trim(&mut self, unit: u32) -> Result<Vec<u32>, JsValue> {
        self.inner.trim(unit).map(<[u32]>::to_vec).map_err(js_error)
    }

    /// The next write of a workload: "sequential", "random" or "hot-cold".
    pub fn step(&mut self, workload: &str) -> Result<Vec<u32>, JsValue> {
        let w = serde_json::from_value(serde_json::Value::String(workload.into())).map_err(|_| {
            js_error(ScenarioError::new(
                "lab.workload",
                ssd_core::scenario::ErrorCode::InvalidOption,
                format!("workload must be sequential, random or hot-cold, got {workload}"),
            ))
        })?;
        Ok(self.inner.step(w).to_vec())
    }

    /// Per physical page: the logical page it holds, 4294967295 (free) or 4294967294 (stale).
    pub fn pages(&self) -> Vec<u32> {
        self.inner.pages()
    }

    pub fn erase_counts(&self) -> Vec<u32> {
        self.inner.erase_counts()
    }

    /// `{host_writes, nand_writes, gc_moves, erases, host_reads, waf}`.
    pub fn counters(&self) -> String {
        serde_json::to_string(&self.inner.counters()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    /// The export hands the page's lines to the engine's measures and their numbers back as JSON.
    #[test]
    fn article_values_measures_the_lines_the_page_drew() {
        let out = super::article_values("article-004-cached-vs-not", r#"[{"member":"momentus-xt-like","points":[4,5.3,1024,60]}]"#).unwrap();
        let values: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(values[0], serde_json::json!({ "id": "cached-4k", "engine": 5.3, "in_band": true, "axis": "y" }));
        assert_eq!(values[4]["engine"], 60.0);
        assert!(values[1]["error"].as_str().unwrap().starts_with("no member"));
    }
}
