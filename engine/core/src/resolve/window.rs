//! The width of the throughput-over-time windows, and how many points a time series can
//! reach: both decided before the run, so a series' memory is bounded whatever the user
//! typed (a 0.001 ms window over an hour would otherwise be 3.6 billion points).
//!
//! A run whose duration is known (every phase limited by `runtime`) gets one width for
//! the whole run: the requested one, or a wider one that fits `MAX_TIME_WINDOWS`. A run
//! limited by bytes cannot know its duration; if it outlasts `MAX_TIME_WINDOWS` windows,
//! the recorder doubles the width of the windows still to come each time another
//! `MAX_TIME_WINDOWS / 2` have been drawn, so the points grow with the logarithm of the
//! duration. Either way the summary reports the width in force at the end and whether the
//! requested width was widened. A time series never passes `MAX_TIME_POINTS`: a run that
//! would draw more stops there (`sim/ceiling.rs`), so its memory is known before it starts.

use crate::host::plan::Plan;
use crate::host::TraceExtent;
use crate::media::Geometry;
use crate::scenario::{Device, DeviceKind, ReplayMode, Rw, ScenarioError, TraceReplay};
use crate::units::{Nanos, MAPPING_UNIT_BYTES};

/// Points per time series at the requested width; a chart a few thousand pixels wide has
/// no use for more.
pub const MAX_TIME_WINDOWS: u64 = 20_000;

/// Points a time series may hold: `MAX_TIME_WINDOWS` at the first width, then three
/// doublings (a run 16 times longer than that width's windows cover). Windows sized for a
/// run at the hardware's best cover 800 times its duration before a run reaches it.
pub const MAX_TIME_POINTS: u64 = MAX_TIME_WINDOWS + 3 * (MAX_TIME_WINDOWS / 2) + 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeWindow {
    pub width_ns: Nanos,
    /// The requested (or automatic) width was widened to fit `MAX_TIME_WINDOWS`.
    pub widened: bool,
    /// Points a time series may hold in this run: `MAX_TIME_POINTS`, or for a run whose
    /// duration is known (every phase limited by `runtime`) what that duration draws with a
    /// generous tail for the commands still in flight at its end. The run stops there.
    pub max_points: u64,
}

/// Simulated time of the phases limited by `runtime`, if every phase is.
pub(crate) fn known_duration_ns(plan: &Plan) -> Option<Nanos> {
    plan.phases.iter().map(|p| (p.job.runtime > 0.0).then_some(((p.job.startdelay + p.job.ramp_time + p.job.runtime) * 1e9) as Nanos)).sum()
}

/// Width of the time windows: `log_avg_msec` if the job sets it, else about 200 points
/// over the run, and never less than a few of a disk's operations. Runs limited by bytes
/// are estimated from the fastest the hardware could go, so there are at least 200.
pub(crate) fn time_window(plan: &Plan, device: &Device, geo: Option<&Geometry>) -> Result<TimeWindow, ScenarioError> {
    let requested = requested_width_ns(plan, device, geo)?.max(1);
    let known = known_duration_ns(plan);
    let (width_ns, widened) = match known {
        Some(duration) if duration / requested > MAX_TIME_WINDOWS => (duration.div_ceil(MAX_TIME_WINDOWS), true),
        _ => (requested, false),
    };
    // Commands in flight when the runtime ends complete after it: a quarter of the run more,
    // and a second, is far more than any queue of them takes.
    let max_points = known.map_or(MAX_TIME_POINTS, |d| time_points_bound(width_ns, d.saturating_add(d / 4).saturating_add(1_000_000_000)).min(MAX_TIME_POINTS));
    Ok(TimeWindow { width_ns, widened, max_points })
}

fn requested_width_ns(plan: &Plan, device: &Device, geo: Option<&Geometry>) -> Result<Nanos, ScenarioError> {
    if let Some(ms) = plan.phases.iter().map(|p| p.job.log_avg_msec).find(|&ms| ms > 0.0) {
        return Ok((ms * 1e6) as Nanos);
    }
    let (read_rate, write_rate) = media_bytes_per_s(device, geo)?;
    let link = device.host_interface.bytes_per_s() as f64;
    let mut total_s = 0.0;
    for p in &plan.phases {
        total_s += p.job.startdelay;
        if p.job.runtime > 0.0 {
            total_s += p.job.ramp_time + p.job.runtime;
            continue;
        }
        let media = if matches!(p.job.rw, Rw::Read | Rw::Randread) { read_rate } else { write_rate };
        total_s += p.job.io_size.0 as f64 / media.min(link);
    }
    Ok(automatic_width_ns(total_s, narrowest_ns(device)))
}

/// About 200 windows over a run of `total_s`, never narrower than `narrowest_ns`.
fn automatic_width_ns(total_s: f64, narrowest_ns: Nanos) -> Nanos {
    ((total_s * 1e9 / 200.0) as Nanos).max(narrowest_ns)
}

/// The narrowest automatic window: 1 µs, and a few of the device's operations.
fn narrowest_ns(device: &Device) -> Nanos {
    OPS_PER_WINDOW.saturating_mul(operation_ns(device, device.kind)).max(1_000)
}

/// The widest automatic window: `log_avg_msec`'s largest value, 1 h.
const WIDEST_AUTOMATIC_NS: Nanos = 3_600_000 * 1_000_000;

/// A trace replay's automatic windows, sized once the pass before the replay has measured
/// the trace (`host::TraceExtent`): about 200 over the replay, as a job's. Open loop lasts
/// the recorded duration at `speed`, or longer when the media cannot keep up; closed loop
/// the time the media take for its bytes.
#[derive(Clone, Debug)]
pub struct TraceWindowRule {
    read_rate: f64,
    write_rate: f64,
    narrowest_ns: Nanos,
}

impl TraceWindowRule {
    pub(crate) fn new(device: &Device, geo: Option<&Geometry>) -> Result<TraceWindowRule, ScenarioError> {
        let (read, write) = media_bytes_per_s(device, geo)?;
        let link = device.host_interface.bytes_per_s() as f64;
        Ok(TraceWindowRule { read_rate: read.min(link), write_rate: write.min(link), narrowest_ns: narrowest_ns(device) })
    }

    pub fn width_ns(&self, extent: &TraceExtent, replay: &TraceReplay) -> Nanos {
        let passes = replay.loops.max(1) as f64;
        let media_s = passes * (extent.read_bytes as f64 / self.read_rate + extent.written_bytes as f64 / self.write_rate);
        let recorded_s = match replay.mode {
            ReplayMode::Open => passes * extent.duration_ns as f64 / 1e9 / replay.speed,
            ReplayMode::Closed => 0.0,
        };
        // At most the widest a scenario may type (1 h): a trace's clock runs to u64::MAX ns and
        // `speed` down to 0.001, and a width near u64::MAX would leave no window to close.
        automatic_width_ns(media_s.max(recorded_s), self.narrowest_ns).min(WIDEST_AUTOMATIC_NS)
    }
}

/// Disk operations an automatic window holds at least. A window shorter than one random
/// operation of a hard disk sees either none or one finish: the throughput line becomes a
/// comb of zeros and spikes (issue 27). Five keep the line readable and still leave the
/// shortest preset's windows (article 004's 100 ms) as they were.
const OPS_PER_WINDOW: Nanos = 5;

/// A random operation's time on the slowest of the device's media: an average seek and half
/// a turn for a disk; the solid-state media's are microseconds, which the 1 µs floor covers.
fn operation_ns(device: &Device, kind: DeviceKind) -> Nanos {
    match kind {
        DeviceKind::Hdd => {
            let half_turn_ms = 30_000.0 / device.hdd.rpm.max(1) as f64;
            ((device.hdd.average_seek_ms + half_turn_ms) * 1e6) as Nanos
        }
        DeviceKind::Hybrid => operation_ns(device, device.tier.cache).max(operation_ns(device, device.tier.backing)),
        DeviceKind::NandSsd | DeviceKind::XpointSsd => 0,
    }
}

/// The fastest the media reads and writes, bytes per second, so a run that slows down later
/// still starts with narrow windows.
pub(crate) fn media_bytes_per_s(device: &Device, geo: Option<&Geometry>) -> Result<(f64, f64), ScenarioError> {
    media_bytes_per_s_of(device, device.kind, geo)
}

fn media_bytes_per_s_of(device: &Device, kind: DeviceKind, geo: Option<&Geometry>) -> Result<(f64, f64), ScenarioError> {
    Ok(match kind {
        DeviceKind::NandSsd => {
            // The planes' reads, and programs of a one-shot wordline or (into an SLC cache)
            // an SLC page.
            let geo = match geo {
                Some(g) => *g,
                None => Geometry::new(device)?,
            };
            let timing = crate::media::NandTiming::of(&device.nand);
            let page = geo.page_bytes as f64;
            let read_rate = page / (timing.read_ns.min(timing.slc_mode_read_ns) as f64 / 1e9);
            let native_rate = page * geo.pages_per_program as f64 / (timing.program_ns as f64 / 1e9);
            let slc_rate = if device.slc_cache.enabled() { page / (timing.slc_mode_program_ns as f64 / 1e9) } else { 0.0 };
            (geo.planes as f64 * read_rate, geo.planes as f64 * native_rate.max(slc_rate))
        }
        DeviceKind::XpointSsd => {
            let x = &device.xpoint;
            let ranks = x.dies_per_channel as f64 * MAPPING_UNIT_BYTES as f64;
            let channels = x.channels as f64 * x.channel_mb_per_s as f64 * 1e6;
            ((ranks / (x.read_us / 1e6)).min(channels), (ranks / (x.write_us / 1e6)).min(channels))
        }
        // The outer zone, for reads and writes alike.
        DeviceKind::Hdd => (device.hdd.outer_mb_per_s * 1e6, device.hdd.outer_mb_per_s * 1e6),
        // The faster tier's: hits and writes into the cache can run at its speed.
        DeviceKind::Hybrid => {
            let (cache, backing) = (media_bytes_per_s_of(device, device.tier.cache, geo)?, media_bytes_per_s_of(device, device.tier.backing, geo)?);
            (cache.0.max(backing.0), cache.1.max(backing.1))
        }
    })
}

/// Most windows a time series draws in `duration_ns` starting at `width_ns`, doubling as
/// the recorder does (see the module comment); the final partial window and the last
/// cumulative-WAF point included.
pub fn time_points_bound(width_ns: Nanos, duration_ns: Nanos) -> u64 {
    let mut width = width_ns.max(1) as u128;
    let mut covered: u128 = 0;
    let mut points = 0;
    let mut level = MAX_TIME_WINDOWS;
    while covered < duration_ns as u128 {
        let span = width * level as u128;
        if covered + span >= duration_ns as u128 {
            points += ((duration_ns as u128 - covered).div_ceil(width)) as u64;
            break;
        }
        covered += span;
        points += level;
        width *= 2;
        level = MAX_TIME_WINDOWS / 2;
    }
    points + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_grow_with_the_logarithm_of_a_long_run() {
        assert_eq!(time_points_bound(1_000, 1_000_000), 1_002);
        assert_eq!(time_points_bound(1_000, MAX_TIME_WINDOWS * 1_000), MAX_TIME_WINDOWS + 2);
        // 0.001 ms windows over an hour: 3.6e9 at the requested width; 20 doublings.
        let hour = time_points_bound(1_000, 3_600_000_000_000);
        assert!(hour < MAX_TIME_WINDOWS * 12, "{hour}");
        assert!(time_points_bound(1, u64::MAX) < MAX_TIME_WINDOWS * 40);
    }

    #[test]
    fn a_traces_automatic_window_follows_its_length_up_to_an_hour() {
        let device = Device::default();
        let rule = TraceWindowRule::new(&device, None).unwrap();
        let open = |speed: f64| TraceReplay { mode: ReplayMode::Open, speed, ..TraceReplay::default() };
        let day = TraceExtent { commands: 10, read_bytes: 40_960, written_bytes: 0, duration_ns: 86_400_000_000_000, ..TraceExtent::default() };
        assert_eq!(rule.width_ns(&day, &open(1.0)), 86_400_000_000_000 / 200);
        assert_eq!(rule.width_ns(&day, &open(2.0)), 86_400_000_000_000 / 400);
        // The longest clock at the slowest speed: an hour, not u64::MAX.
        let longest = TraceExtent { duration_ns: u64::MAX, ..day };
        assert_eq!(rule.width_ns(&longest, &open(0.001)), WIDEST_AUTOMATIC_NS);
        // Closed loop ignores the clock: the media's time for 40 KiB is under the 1 µs floor.
        assert_eq!(rule.width_ns(&longest, &TraceReplay::default()), 1_000);
    }
}
