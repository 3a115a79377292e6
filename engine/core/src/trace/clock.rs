//! A trace's times made relative to its first kept command and never going backwards.
//!
//! Unsorted times are clamped, not refused: a replay issues commands in file order, and
//! real public traces are not always sorted (blkparse merges per-CPU streams; MSR files
//! are sorted per disk, so several disks concatenated step back at each seam). Refusing
//! them would turn away real traces; clamping keeps the file's order, which is the order
//! of issue, and gives a step back zero gap. How often and how far is counted, so a
//! badly merged trace is visible in its summary.

use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "TraceClock")]
pub struct Clock {
    /// The first kept command's time in the format's own clock (ns).
    #[serde(skip)]
    base_ns: Option<u64>,
    /// The latest relative time handed out.
    #[ts(type = "number")]
    pub last_ns: u64,
    /// Commands whose time was earlier than the one before them.
    #[ts(type = "number")]
    pub times_clamped: u64,
    /// The largest such step back.
    #[ts(type = "number")]
    pub largest_step_back_ns: u64,
}

impl Clock {
    /// `time_ns` (absolute) as time since the first command, clamped to be no earlier
    /// than the previous command's.
    pub fn relative(&mut self, time_ns: u64) -> u64 {
        let base = *self.base_ns.get_or_insert(time_ns);
        let previous = base.saturating_add(self.last_ns);
        if time_ns < previous {
            self.times_clamped += 1;
            self.largest_step_back_ns = self.largest_step_back_ns.max(previous - time_ns);
            return self.last_ns;
        }
        self.last_ns = time_ns - base;
        self.last_ns
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn times_start_at_zero_and_never_go_back() {
        let mut c = Clock::default();
        let got: Vec<u64> = [1_000, 1_500, 1_200, 2_000, 900].into_iter().map(|t| c.relative(t)).collect();
        assert_eq!(got, vec![0, 500, 500, 1_000, 1_000]);
        assert_eq!((c.times_clamped, c.largest_step_back_ns), (2, 1_100));
    }
}
