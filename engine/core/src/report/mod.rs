//! A run's result: the summary numbers and the series, as the CLI prints them and the web
//! app charts them.

mod fields;

pub use fields::{summary_fields, summary_fields_json, SummaryField, SummaryGroup};

mod section;

pub use section::Section;

use crate::device::{HddSummary, MediaSummary, NandSummary, PlacementSummary, TierSummary, ZnsSummary};
use crate::metrics::{LabelId, LatencySummary, Op, Series, SeriesRole};
use crate::scenario::{Scenario, ScenarioError};
use crate::sim::Simulation;
use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Report {
    pub summary: Summary,
    pub series: Vec<Series>,
    /// The ceiling the run stopped at before its workload's end, naming the field to change
    /// (`summary.truncated` says the same as a number would); null for a run that finished.
    pub stopped: Option<crate::scenario::ScenarioError>,
    /// NVMe FDP's results per reclaim unit handle (`device.fdp` on); absent otherwise. Kept
    /// out of the summary, whose values are one number per id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub placement: Option<PlacementSummary>,
    /// Each tenant's results (`workload.kind = "tenants"`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tenants: Option<Vec<crate::host::tenants::TenantSummary>>,
    /// What a power cut left (`workload.power_cut_s`, on a NAND drive); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub power_cut: Option<crate::sim::power_cut::PowerCutSummary>,
}

/// The run's numbers: what the host saw and the run itself, then a section per device kind
/// the run has (`device/summary.rs`), flattened so every value keeps its id
/// (`report/fields.rs`). A kind the run does not have adds nothing, not zeros. Every number
/// is an f64 so JavaScript reads it exactly (all stay below 2^53).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Summary {
    /// Simulated time the workload ran.
    pub duration_s: f64,
    pub read_mb_per_s: f64,
    pub write_mb_per_s: f64,
    pub read_iops: f64,
    pub write_iops: f64,
    pub read_latency: LatencySummary,
    pub write_latency: LatencySummary,
    pub host_read_bytes: f64,
    pub host_written_bytes: f64,
    pub host_trimmed_bytes: f64,
    /// Media written over host data written, this run: the NAND's (data, GC copies,
    /// wear-levelling moves and translation pages; the `waf` series ends on this value), 1
    /// for media written in place; 0 if the run wrote nothing.
    pub write_amplification: f64,
    /// 1/scale of the drive was simulated; capacities here are the full drive's.
    pub scale: f64,
    /// What the host can address on the full-size drive (a hybrid's backing tier).
    pub user_capacity_bytes: f64,
    /// Events the run loop processed (command completions and think-time wake-ups).
    pub events: f64,
    /// True if the run stopped at a ceiling before its workload's end (the report's
    /// `stopped` says which, naming the field to change).
    pub truncated: bool,
    /// Width of the throughput-over-time windows at the end of the run, milliseconds.
    pub time_window_ms: f64,
    /// The windows are wider than `log_avg_msec` (or the automatic width) asked for: a
    /// time series keeps at most `MAX_TIME_WINDOWS` points at one width (see
    /// `sim/window.rs`).
    pub time_window_widened: bool,
    /// A NAND drive's, or a hybrid's NAND tier's.
    #[serde(flatten)]
    pub nand: Section<NandSummary>,
    /// Media written in place: 3D XPoint and platters.
    #[serde(flatten)]
    pub media: Section<MediaSummary>,
    #[serde(flatten)]
    pub hdd: Section<HddSummary>,
    /// A hybrid drive's tier.
    #[serde(flatten)]
    pub tier: Section<TierSummary>,
    /// A trace workload's replay.
    #[serde(flatten)]
    pub trace: Section<ReplaySummary>,
    /// A zoned drive (`device.zns`).
    #[serde(flatten)]
    pub zns: Section<ZnsSummary>,
    /// The host's log-structured store (`workload.kind` zoned_log).
    #[serde(flatten)]
    pub zoned_log: Section<crate::host::zoned_log::ZonedLogSummary>,
}

/// What a trace replay issued, in the trace's own commands and bytes (every pass counted):
/// equal to `ssdsim trace`'s summary of the file for one pass. The footprint is where one
/// pass lands on the drive, from the pass over the trace before its replay.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct ReplaySummary {
    pub trace_commands: f64,
    pub trace_read_bytes: f64,
    pub trace_written_bytes: f64,
    pub trace_trimmed_bytes: f64,
    pub trace_footprint_bytes: f64,
}

impl ReplaySummary {
    pub fn new(c: crate::host::ReplayCounters, extent: Option<crate::host::TraceExtent>) -> Self {
        // Refused while the pass before the replay read it: nothing reached the drive.
        let c = if extent.is_some() { c } else { Default::default() };
        ReplaySummary {
            trace_commands: c.commands as f64,
            trace_read_bytes: c.read_bytes as f64,
            trace_written_bytes: c.written_bytes as f64,
            trace_trimmed_bytes: c.trimmed_bytes as f64,
            trace_footprint_bytes: extent.map_or(0, |e| e.footprint_bytes) as f64,
        }
    }
}

impl Report {
    /// The CLI's output format; the browser's `report()` returns the same text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report always serialises")
    }
}

#[derive(Serialize)]
struct SeriesMeta<'a> {
    id: &'a str,
    role: SeriesRole,
    label_id: LabelId,
    label: &'a str,
    x: &'a crate::metrics::Axis,
    y: &'a crate::metrics::Axis,
}

/// Each series without its points, for a consumer that streams the points separately:
/// `[{ id, role, label_id, label, x: {id, unit, name, categories}, y: {...} }]`.
pub fn series_meta_json(series: &[Series]) -> String {
    let meta: Vec<_> = series.iter().map(|s| SeriesMeta { id: &s.id, role: s.role, label_id: s.label_id, label: &s.label, x: &s.x, y: &s.y }).collect();
    serde_json::to_string(&meta).expect("series metadata always serialises")
}

/// A run's result is read from the simulation; the run loop itself knows nothing of reports.
impl Simulation {
    pub fn summary(&self) -> Summary {
        Summary::collect(self)
    }

    /// Runs to the end and returns the whole result.
    pub fn run_to_end(scenario: &Scenario) -> Result<Report, ScenarioError> {
        let mut sim = Simulation::new(scenario)?;
        while !sim.run(1 << 20) {}
        match sim.replay_error() {
            Some(e) => Err(ScenarioError::new(e.field(), crate::scenario::ErrorCode::Inconsistent, e.to_string())),
            None => Ok(sim.report()),
        }
    }

    pub fn report(&self) -> Report {
        Report {
            summary: self.summary(),
            series: self.series().to_vec(),
            stopped: self.stopped().cloned(),
            placement: self.placement_summary(),
            tenants: self.tenant_summaries(),
            power_cut: self.power_cut(),
        }
    }

    /// NVMe FDP's per-handle results of the run so far; None without FDP.
    pub fn placement_summary(&self) -> Option<PlacementSummary> {
        let p = self.parts();
        p.drive.placement_summary(&p.base)
    }
}

impl Summary {
    pub(crate) fn collect(sim: &Simulation) -> Summary {
        let p = sim.parts();
        let seconds = p.frame.elapsed as f64 / 1e9;
        let per_s = |v: u64| if seconds > 0.0 { v as f64 / seconds } else { 0.0 };
        let r = p.recorder;
        let device = p.drive.summary(&p.base, &p.frame);
        Summary {
            duration_s: seconds,
            read_mb_per_s: per_s(r.bytes[Op::Read as usize]) / 1e6,
            write_mb_per_s: per_s(r.bytes[Op::Write as usize]) / 1e6,
            read_iops: per_s(r.ios[Op::Read as usize]),
            write_iops: per_s(r.ios[Op::Write as usize]),
            read_latency: r.latency(Op::Read),
            write_latency: r.latency(Op::Write),
            host_read_bytes: r.bytes[Op::Read as usize] as f64,
            host_written_bytes: r.bytes[Op::Write as usize] as f64,
            host_trimmed_bytes: r.bytes[Op::Trim as usize] as f64,
            write_amplification: device.write_amplification,
            scale: p.frame.scale as f64,
            user_capacity_bytes: p.full_user_bytes as f64,
            events: p.events as f64,
            truncated: p.truncated,
            time_window_ms: r.drawn_window_ns() as f64 / 1e6,
            time_window_widened: r.window_widened(),
            nand: Section(device.nand),
            media: Section(device.media),
            hdd: Section(device.hdd),
            tier: Section(device.tier),
            zns: Section(device.zns),
            zoned_log: Section(sim.zoned_log_summary(device.write_amplification)),
            trace: Section(sim.replay_counters().map(|c| ReplaySummary::new(c, sim.trace_extent()))),
        }
    }
}
