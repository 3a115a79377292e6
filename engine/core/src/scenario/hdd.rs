//! A hard disk (article 004's platters): an actuator that seeks across the stroke, platters
//! spinning at `rpm`, zoned recording (outer tracks hold more sectors, so they pass under
//! the head faster), and an on-board DRAM cache for read look-ahead and write-back.
//!
//! Seek time against distance follows the usual shape (Ruemmler and Wilkes, "An introduction
//! to disk drive modeling", 1994): the square root of the distance while the arm accelerates
//! and decelerates, linear once it coasts. With `x` the share of the full stroke,
//! `t(x) = t2t + a·√x + b·x`, where `a` and `b` are fixed by the three figures a spec sheet
//! quotes: track-to-track (`x` → 0), full stroke (`x` = 1) and the average over random
//! pairs of positions (E[√x] = 8/15, E[x] = 1/3 for two uniform points).

use super::error::{Check, ErrorCode, ScenarioError};
use super::knobs::{doc, gib, Knobs, HDD};
use crate::units::{Bytes, MAPPING_UNIT_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "hdd", devices = HDD)]
pub struct Hdd {
    /// Capacity the host sees.
    #[knob(doc("Capacity", "Capacity the host sees").range(gib(1.0), 16e12))]
    pub capacity_bytes: Bytes,
    /// Spindle speed: a revolution takes 60 / rpm seconds, the mean rotational wait half that.
    #[knob(doc("Spindle speed", "A revolution takes 60 / rpm seconds; the mean wait for a sector is half of it").unit("rpm").range(3600.0, 15_000.0))]
    pub rpm: u32,
    /// Seek to the next track, the mean over random positions, and across the whole stroke.
    #[knob(doc("Track-to-track seek", "Moving the arm to the next track").unit("ms").range(0.1, 10.0))]
    pub track_to_track_ms: f64,
    #[knob(doc("Average seek", "The mean seek between two random positions, as spec sheets quote it").unit("ms").range(1.0, 50.0))]
    pub average_seek_ms: f64,
    #[knob(doc("Full-stroke seek", "From the outermost track to the innermost").unit("ms").range(1.0, 100.0))]
    pub full_stroke_ms: f64,
    /// Media transfer rate on the outermost and innermost zone, MB/s (10^6 bytes per second).
    #[knob(doc("Outer-zone rate", "Media rate on the outer tracks, where logical block 0 is: they are longest").unit("MB/s").range(10.0, 1000.0))]
    pub outer_mb_per_s: f64,
    #[knob(doc("Inner-zone rate", "Media rate on the inner tracks, at the end of the capacity").unit("MB/s").range(5.0, 1000.0))]
    pub inner_mb_per_s: f64,
    /// Recording zones from the outer edge in: each reads at one rate, stepping from outer
    /// to inner.
    #[knob(doc("Recording zones", "Bands of tracks with the same sectors per track, stepping from the outer rate to the inner").range(1.0, 64.0))]
    pub zones: u32,
    /// On-board DRAM: read look-ahead keeps reading after a request while the head is free;
    /// written data waits here for the platters.
    #[knob(doc("DRAM cache", "Holds data read ahead after a request and written data on its way to the platters").range(0.0, gib(1.0)))]
    pub cache_bytes: Bytes,
    /// Write-back: a write completes when its data is in the cache (off: on the platters).
    #[knob(doc("Write cache", "Write-back: a write completes when its data is in DRAM; off, when it is on the platters"))]
    pub write_cache: bool,
    /// Set by `Scenario::scaled`: this disk is 1/N of the one described. Its tracks hold
    /// what the whole disk's do, so it has 1/N as many, and a request lands on the track
    /// under the head as often as on the whole disk only if "the same track" means
    /// within 1/N of a track's capacity.
    #[serde(skip)]
    #[ts(skip)]
    pub scale: u32,
}

impl Default for Hdd {
    fn default() -> Self {
        // A 2.5" 7,200 rpm 500 GB drive of the Momentus XT's class (see hdd-7200-like).
        Self {
            capacity_bytes: Bytes(500_107_862_016),
            rpm: 7200,
            track_to_track_ms: 1.0,
            average_seek_ms: 12.0,
            full_stroke_ms: 22.0,
            outer_mb_per_s: 115.0,
            inner_mb_per_s: 60.0,
            zones: 16,
            cache_bytes: Bytes(32 << 20),
            write_cache: true,
            scale: 1,
        }
    }
}

/// `t(x) = t2t + a·√x + b·x` in milliseconds, `x` the share of the full stroke.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeekCurve {
    pub t2t_ms: f64,
    pub a_ms: f64,
    pub b_ms: f64,
}

impl SeekCurve {
    pub fn ms(&self, x: f64) -> f64 {
        if x <= 0.0 {
            return 0.0;
        }
        self.t2t_ms + self.a_ms * x.sqrt() + self.b_ms * x
    }
}

impl Hdd {
    pub(crate) fn validate(&self) -> Result<(), ScenarioError> {
        let c = Check::at("device.hdd");
        c.aligned("capacity_bytes", self.capacity_bytes.0, MAPPING_UNIT_BYTES)?;
        if self.full_stroke_ms <= self.track_to_track_ms {
            return Err(c.fail(
                "full_stroke_ms",
                ErrorCode::Inconsistent,
                format!("must be longer than track_to_track_ms ({} ms) (got {} ms)", self.track_to_track_ms, self.full_stroke_ms),
            ));
        }
        let (lo, hi) = self.average_seek_range();
        if !(lo..=hi).contains(&self.average_seek_ms) {
            return Err(c.fail(
                "average_seek_ms",
                ErrorCode::OutOfRange,
                format!(
                    "must be between {lo:.3} and {hi:.3} ms for a track-to-track seek of {} ms and a full stroke of {} ms: a seek curve can be no straighter than linear and no rounder than a square root (got {} ms)",
                    self.track_to_track_ms, self.full_stroke_ms, self.average_seek_ms
                ),
            ));
        }
        if self.inner_mb_per_s > self.outer_mb_per_s {
            return Err(c.fail(
                "inner_mb_per_s",
                ErrorCode::OutOfRange,
                format!("must be at most outer_mb_per_s ({} MB/s): inner tracks are shorter (got {} MB/s)", self.outer_mb_per_s, self.inner_mb_per_s),
            ));
        }
        c.aligned("cache_bytes", self.cache_bytes.0, MAPPING_UNIT_BYTES)
    }

    /// The average seeks a curve through the track-to-track and full-stroke times can have:
    /// all linear (`a` = 0) to all square root (`b` = 0).
    pub fn average_seek_range(&self) -> (f64, f64) {
        let span = self.full_stroke_ms - self.track_to_track_ms;
        (self.track_to_track_ms + span / 3.0, self.track_to_track_ms + span * 8.0 / 15.0)
    }

    /// The seek curve through the three quoted times (see the module comment).
    pub fn seek_curve(&self) -> SeekCurve {
        let span = self.full_stroke_ms - self.track_to_track_ms;
        // avg - t2t = a·8/15 + b/3 and a + b = span give a = 5 (avg - t2t - span / 3).
        let a = (5.0 * (self.average_seek_ms - self.track_to_track_ms - span / 3.0)).clamp(0.0, span);
        SeekCurve { t2t_ms: self.track_to_track_ms, a_ms: a, b_ms: span - a }
    }

    /// Logical 4 KiB units the host can address.
    pub fn user_units(&self) -> u32 {
        (self.capacity_bytes.0 / MAPPING_UNIT_BYTES) as u32
    }

    /// One revolution, nanoseconds.
    pub fn revolution_ns(&self) -> u64 {
        (60e9 / self.rpm as f64).round() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seek_curve_passes_through_the_three_quoted_times() {
        let h = Hdd::default();
        let s = h.seek_curve();
        assert_eq!((s.a_ms, s.b_ms), (20.0, 1.0));
        assert!((s.ms(1.0) - 22.0).abs() < 1e-12);
        assert!((s.ms(1e-12) - 1.0).abs() < 1e-4);
        // The mean over two uniform positions, numerically: 12 ms.
        let n = 2000;
        let mut sum = 0.0;
        for i in 0..n {
            for j in 0..n {
                let (u, v) = ((i as f64 + 0.5) / n as f64, (j as f64 + 0.5) / n as f64);
                sum += s.ms((u - v).abs());
            }
        }
        let mean = sum / (n * n) as f64;
        assert!((mean - 12.0).abs() < 0.01, "{mean}");
    }

    #[test]
    fn an_impossible_average_seek_is_refused_by_field() {
        let h = Hdd { average_seek_ms: 20.0, ..Hdd::default() };
        let e = h.validate().unwrap_err();
        assert_eq!(e.field, "device.hdd.average_seek_ms");
        assert!(e.message.contains("between 8.000 and 12.200"), "{}", e.message);
        let h = Hdd { inner_mb_per_s: 200.0, ..Hdd::default() };
        assert_eq!(h.validate().unwrap_err().field, "device.hdd.inner_mb_per_s");
        let h = Hdd { track_to_track_ms: 5.0, full_stroke_ms: 4.0, average_seek_ms: 4.5, ..Hdd::default() };
        assert_eq!(h.validate().unwrap_err().field, "device.hdd.full_stroke_ms");
    }
}
