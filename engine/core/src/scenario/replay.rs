//! The `trace` workload kind: a block trace replayed on the drive (docs/traces.md). The
//! scenario names how to read and place the trace; the commands themselves come from a file
//! attached to the run (`Simulation::attach_trace`), streamed, never held whole.

use super::error::{Check, ErrorCode, ScenarioError};
use super::gather::Knobs;
use super::knobs::{doc, KnobValue, Knobs};
use crate::trace::{BlkparseEvent, TraceFormat, TraceOptions};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The trace's format, or `auto` to detect it from the first line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum TraceFormatChoice {
    #[default]
    #[option("Detect")]
    Auto,
    #[option("MSR Cambridge")]
    Msr,
    #[option("SPC")]
    Spc,
    #[option("Alibaba")]
    Alibaba,
    #[option("Tencent CBS")]
    Tencent,
    #[option("blkparse text")]
    Blkparse,
    #[serde(rename = "fio_v2")]
    #[option("fio iolog v2")]
    FioV2,
    #[serde(rename = "fio_v3")]
    #[option("fio iolog v3")]
    FioV3,
}

impl TraceFormatChoice {
    pub fn of(format: TraceFormat) -> TraceFormatChoice {
        match format {
            TraceFormat::Msr => TraceFormatChoice::Msr,
            TraceFormat::Spc => TraceFormatChoice::Spc,
            TraceFormat::Alibaba => TraceFormatChoice::Alibaba,
            TraceFormat::Tencent => TraceFormatChoice::Tencent,
            TraceFormat::Blkparse => TraceFormatChoice::Blkparse,
            TraceFormat::FioV2 => TraceFormatChoice::FioV2,
            TraceFormat::FioV3 => TraceFormatChoice::FioV3,
        }
    }

    pub fn format(self) -> Option<TraceFormat> {
        match self {
            TraceFormatChoice::Auto => None,
            TraceFormatChoice::Msr => Some(TraceFormat::Msr),
            TraceFormatChoice::Spc => Some(TraceFormat::Spc),
            TraceFormatChoice::Alibaba => Some(TraceFormat::Alibaba),
            TraceFormatChoice::Tencent => Some(TraceFormat::Tencent),
            TraceFormatChoice::Blkparse => Some(TraceFormat::Blkparse),
            TraceFormatChoice::FioV2 => Some(TraceFormat::FioV2),
            TraceFormatChoice::FioV3 => Some(TraceFormat::FioV3),
        }
    }
}

/// When a command is issued: as soon as a queue slot is free, or at its recorded time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReplayMode {
    #[default]
    #[option("Closed loop (as fast as the drive takes them)")]
    Closed,
    #[option("Open loop (at the recorded times)")]
    Open,
}

/// What to do with a command past the drive's user capacity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum TraceFit {
    #[default]
    #[option("Refuse the run")]
    Refuse,
    #[option("Wrap around")]
    Wrap,
    #[option("Scale to the drive")]
    Scale,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum TraceEvent {
    #[default]
    #[option("Queued (Q)")]
    Queue,
    #[option("Completed (C)")]
    Complete,
}

/// Where the trace's addresses land on the drive.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TraceMap {
    /// Added to every address, a multiple of 4 KiB.
    #[knob(doc("Address offset", "Bytes added to every trace address (a multiple of 4 KiB)").at_least(0.0))]
    pub offset: Bytes,
    #[knob(doc(
        "Past the drive's end",
        "A command past the user capacity: refuse the run, wrap the address around, or scale the trace's address space to the drive"
    ))]
    pub fit: TraceFit,
    /// The trace's address space, for `fit: scale` (a streamed trace's extent is not known
    /// before its end).
    #[knob(doc("Trace address space", "Bytes the trace addresses, for scale: addresses are multiplied by capacity / this").at_least(0.0))]
    pub source_bytes: Bytes,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
pub struct TraceReplay {
    #[knob(doc("Trace format", "Detected from the first line unless named"))]
    pub format: TraceFormatChoice,
    #[knob(doc("Replay", "Closed loop: iodepth commands in flight, issued as the drive completes them. Open loop: at the recorded times / speed"))]
    pub mode: ReplayMode,
    /// Commands in flight (closed loop); in open loop the host's queue: past it, commands
    /// wait and their latency counts from the recorded time.
    #[knob(doc("Queue depth", "Commands in flight; in open loop the most outstanding, later ones wait and count from their recorded time").range(1.0, 1024.0))]
    pub iodepth: u32,
    #[knob(doc("Speed", "Open loop: recorded times are divided by this (2 = twice as fast)").range(0.001, 1000.0).when("mode", "open"))]
    pub speed: f64,
    #[knob(nested)]
    pub map: TraceMap,
    /// Comma-separated device labels as `ssdsim trace` lists them; empty keeps all.
    #[knob(doc("Devices", "Device or volume labels to keep, comma-separated (as ssdsim trace lists them); empty = all"))]
    pub devices: String,
    #[knob(doc("blkparse event", "Which blkparse event is the command: queued (what the application asked) or completed"))]
    pub blkparse_event: TraceEvent,
    #[knob(doc("Passes", "Replay the trace this many times, each pass after the previous one's last command").range(1.0, 1000.0))]
    pub loops: u32,
    #[knob(doc("Averaging window", "Width of each throughput-over-time point; 0 = automatic (about 200 over the replay, from the trace read before it)").unit("ms").range(0.0, 3_600_000.0))]
    pub log_avg_msec: f64,
    /// The trace file's identity, so a shared run can ask for the same file.
    #[knob(doc("Trace file", "The trace file's name (a shared link's page asks for the file by it)"))]
    pub name: String,
    #[knob(doc("Trace file size", "The trace file's size in bytes").at_least(0.0))]
    pub bytes: Bytes,
    #[knob(doc(
        "Trace file SHA-256",
        "The trace file's hash, 64 hex digits; when set, the file is checked against it before the replay and refused if it differs"
    ))]
    pub sha256: String,
    /// Each device's (volume's, ASU's) writes carry its own placement id.
    #[knob(doc(
        "Devices as placement ids",
        "Each device, volume or ASU of the trace tags its writes with its own placement id (0, 1, … in order of first appearance), as a host placing tenants on an FDP drive would"
    ))]
    pub device_placement: bool,
    /// The trace's flushes and durable writes (blkparse's `F`: FUA, preflush, an empty
    /// flush; fio's sync and datasync) make a write wait for NAND, as a job's `fsync` does
    /// (`host::replay`). Off, they are counted and skipped.
    #[knob(doc(
        "Replay flushes",
        "The trace's flushes and FUA writes (blkparse F, fio sync) make the write wait for NAND, as fsync does; off, they are counted and skipped"
    ).inert(&super::job::CACHE_NOT_VOLATILE))]
    pub flushes: bool,
}

impl Default for TraceReplay {
    fn default() -> Self {
        Self {
            format: TraceFormatChoice::Auto,
            mode: ReplayMode::Closed,
            iodepth: 32,
            speed: 1.0,
            map: TraceMap::default(),
            devices: String::new(),
            blkparse_event: TraceEvent::Queue,
            loops: 1,
            log_avg_msec: 0.0,
            name: String::new(),
            bytes: Bytes(0),
            sha256: String::new(),
            device_placement: false,
            flushes: false,
        }
    }
}

impl TraceReplay {
    /// How the trace reader reads the file.
    pub fn options(&self) -> TraceOptions {
        let devices = self.devices.split(',').map(str::trim).filter(|d| !d.is_empty()).map(String::from).collect();
        let blkparse_event = match self.blkparse_event {
            TraceEvent::Queue => BlkparseEvent::Queue,
            TraceEvent::Complete => BlkparseEvent::Complete,
        };
        TraceOptions { format: self.format.format(), devices, blkparse_event }
    }

    /// Refused when a trace is attached rather than by validation, so every `fit` option is
    /// a valid scenario on its own: scaling needs the trace's address space.
    pub fn check_scale(&self) -> Result<(), ScenarioError> {
        if self.map.fit == TraceFit::Scale && self.map.source_bytes.0 < MAPPING_UNIT_BYTES {
            let message = "must be at least 4096 with fit scale: the trace's address space (ssdsim trace prints its highest address)";
            return Err(Check::workload("trace").inner("map").fail("source_bytes", ErrorCode::OutOfRange, message));
        }
        Ok(())
    }

    /// The window until the pass before the replay has measured the trace and sized the
    /// automatic one (`resolve::window::TraceWindowRule`).
    pub fn window_ms(&self) -> f64 {
        if self.log_avg_msec > 0.0 {
            self.log_avg_msec
        } else {
            1.0
        }
    }

    pub(crate) fn validate(&self, c: &Check, user_bytes: u64) -> Result<(), ScenarioError> {
        self.check_knobs(c)?;
        let map = c.inner("map");
        map.aligned("offset", self.map.offset.0, MAPPING_UNIT_BYTES)?;
        map.within_size(
            "offset",
            self.map.offset.0,
            0,
            user_bytes - MAPPING_UNIT_BYTES,
            &format!(": inside the drive's {}", crate::units::size_text(user_bytes as f64)),
        )?;
        if !self.sha256.is_empty() && !crate::trace::is_sha256(&self.sha256) {
            return Err(c.fail("sha256", ErrorCode::InvalidType, "must be a SHA-256 in hex (64 digits 0-9 and a-f), or empty"));
        }
        if self.name.len() > 4096 || self.devices.len() > 4096 {
            let field = if self.name.len() > 4096 { "name" } else { "devices" };
            return Err(c.fail(field, ErrorCode::OutOfRange, "too long"));
        }
        Ok(())
    }
}
