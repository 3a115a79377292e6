//! The zoned drive's part of a run's summary: its write amplification measured from what it
//! programmed, its zones' states, the management work and the commands it refused, by
//! status. Counted from the workload's start (a host's data set laid down before it is not).

use super::{ZnsCounters, ZoneState, ZoneStatus, ZonedSsd, ZONE_STATUSES};
use crate::metrics::{MediaWrites, WindowCounters};
use crate::units::MAPPING_UNIT_BYTES;
use serde::Serialize;
use ts_rs::TS;

/// The zoned drive's counters when the workload started.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZnsBaseline {
    pub counters: ZnsCounters,
    pub buffered_units: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct ZnsSummary {
    pub zns_zones: f64,
    pub zns_zone_size_bytes: f64,
    pub zns_zone_capacity_bytes: f64,
    /// NAND units programmed (data still in the write buffer counted as the page it will
    /// fill) over host units written: 1 unless a finish padded a program operation.
    pub zns_device_write_amplification: f64,
    pub zns_nand_written_bytes: f64,
    /// Of those, padding a finish wrote to close a zone's last program operation.
    pub zns_pad_bytes: f64,
    pub zns_zone_resets: f64,
    pub zns_zones_finished: f64,
    /// Zone Append commands taken, and the host's explicit Zone Management Send Open and
    /// Close commands taken (resets and finishes are counted above).
    pub zns_append_commands: f64,
    pub zns_open_commands: f64,
    pub zns_close_commands: f64,
    /// Implicitly opened zones the drive closed to open another (the open limit).
    pub zns_implicit_closes: f64,
    /// Units read past a write pointer, answered with zeroes.
    pub zns_unwritten_read_bytes: f64,
    /// Zones in each state at the end of the run.
    pub zns_zones_empty: f64,
    pub zns_zones_open: f64,
    pub zns_zones_closed: f64,
    pub zns_zones_full: f64,
    pub zns_zones_read_only: f64,
    pub zns_zones_offline: f64,
    /// Commands refused, every status together, then by status.
    pub zns_errors: f64,
    pub zns_errors_boundary: f64,
    pub zns_errors_zone_full: f64,
    pub zns_errors_read_only: f64,
    pub zns_errors_offline: f64,
    pub zns_errors_invalid_write: f64,
    pub zns_errors_too_many_active: f64,
    pub zns_errors_too_many_open: f64,
    pub zns_errors_invalid_transition: f64,
    pub zns_errors_unwritten_read: f64,
    /// The zone of the first refused command, -1 if none was.
    pub zns_first_error_zone: f64,
    /// Zones that refused at least one command.
    pub zns_zones_with_errors: f64,
    /// Highest erase count of a zone's blocks, since the drive was new.
    pub zns_erase_count_max: f64,
}

/// One zone at the end of a run, as `ssdsim run` lists them.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct ZoneLine {
    pub zone: u32,
    pub state: ZoneState,
    /// Bytes written since its last reset (its write pointer).
    pub written_bytes: f64,
    pub capacity_bytes: f64,
    pub erase_count: u32,
    /// Commands it refused, and the status of the drive's first refusal if it was this zone's.
    pub errors: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_error: Option<&'static str>,
}

impl ZonedSsd {
    /// Every zone's state, write pointer, wear and refusals.
    pub fn zone_lines(&self) -> Vec<ZoneLine> {
        (0..self.layout.zones)
            .map(|k| ZoneLine {
                zone: k,
                state: self.zones.state[k as usize],
                written_bytes: (self.zones.wp[k as usize] as u64 * MAPPING_UNIT_BYTES) as f64,
                capacity_bytes: (self.layout.capacity_units as u64 * MAPPING_UNIT_BYTES) as f64,
                erase_count: self.erase_counts[k as usize],
                errors: self.zone_errors[k as usize],
                first_error: self.first_error.filter(|e| e.zone == k).map(|e| e.status.name()),
            })
            .collect()
    }

    pub fn baseline(&self) -> ZnsBaseline {
        ZnsBaseline { counters: self.counters, buffered_units: self.buffered_units() }
    }

    /// NAND units over host units since `b` (see `ZnsSummary::zns_device_write_amplification`).
    pub fn write_amplification_since(&self, b: &ZnsBaseline) -> f64 {
        let host = self.counters.host_units_written - b.counters.host_units_written;
        if host == 0 {
            return 0.0;
        }
        let nand = (self.counters.units_programmed + self.buffered_units()) as f64 - (b.counters.units_programmed + b.buffered_units) as f64;
        nand / host as f64
    }

    pub fn summary(&self, b: &ZnsBaseline) -> ZnsSummary {
        let c = &self.counters;
        let bytes = |units: u64| (units * MAPPING_UNIT_BYTES) as f64;
        let states = self.zones.state_counts();
        let errors: [f64; ZONE_STATUSES] = std::array::from_fn(|k| (c.errors[k] - b.counters.errors[k]) as f64);
        let s = |st: ZoneState| states[st as usize] as f64;
        ZnsSummary {
            zns_zones: self.layout.zones as f64,
            zns_zone_size_bytes: bytes(self.layout.zone_units as u64),
            zns_zone_capacity_bytes: bytes(self.layout.capacity_units as u64),
            zns_device_write_amplification: self.write_amplification_since(b),
            zns_nand_written_bytes: bytes(c.units_programmed - b.counters.units_programmed),
            zns_pad_bytes: bytes(c.pad_units - b.counters.pad_units),
            zns_zone_resets: (c.resets - b.counters.resets) as f64,
            zns_zones_finished: (c.finishes - b.counters.finishes) as f64,
            zns_append_commands: (c.appends - b.counters.appends) as f64,
            zns_open_commands: (c.opens - b.counters.opens) as f64,
            zns_close_commands: (c.closes - b.counters.closes) as f64,
            zns_implicit_closes: self.zones.implicit_closes as f64,
            zns_unwritten_read_bytes: bytes(c.unwritten_units_read - b.counters.unwritten_units_read),
            zns_zones_empty: s(ZoneState::Empty),
            zns_zones_open: s(ZoneState::ImplicitOpen) + s(ZoneState::ExplicitOpen),
            zns_zones_closed: s(ZoneState::Closed),
            zns_zones_full: s(ZoneState::Full),
            zns_zones_read_only: s(ZoneState::ReadOnly),
            zns_zones_offline: s(ZoneState::Offline),
            zns_errors: errors.iter().sum(),
            zns_errors_boundary: errors[ZoneStatus::Boundary as usize],
            zns_errors_zone_full: errors[ZoneStatus::ZoneIsFull as usize],
            zns_errors_read_only: errors[ZoneStatus::ZoneIsReadOnly as usize],
            zns_errors_offline: errors[ZoneStatus::ZoneIsOffline as usize],
            zns_errors_invalid_write: errors[ZoneStatus::InvalidWrite as usize],
            zns_errors_too_many_active: errors[ZoneStatus::TooManyActive as usize],
            zns_errors_too_many_open: errors[ZoneStatus::TooManyOpen as usize],
            zns_errors_invalid_transition: errors[ZoneStatus::InvalidTransition as usize],
            zns_errors_unwritten_read: errors[ZoneStatus::UnwrittenRead as usize],
            zns_first_error_zone: self.first_error.map_or(-1.0, |e| e.zone as f64),
            zns_zones_with_errors: self.zone_errors.iter().filter(|&&e| e > 0).count() as f64,
            zns_erase_count_max: self.erase_counts.iter().copied().max().unwrap_or(0) as f64,
        }
    }

    /// The counters rates over time come from: host units, and NAND units as data sectors
    /// (one sector per unit: a zoned drive does not compress), so the WAF series is the
    /// drive's own measure.
    pub fn window_counters(&self) -> WindowCounters {
        let c = &self.counters;
        WindowCounters {
            writes: MediaWrites { host_units: c.host_units_written, data_sectors: c.units_programmed + self.buffered_units(), translation_pages: 0 },
            ..Default::default()
        }
    }
}
