//! When a job's writes must be durable (fio's `fsync`, `fdatasync`, `write_barrier`, `sync`).
//! fio counts a job's writes and, every N of them, issues a sync that completes once the
//! drive holds everything written before it; `sync=1` opens the target O_SYNC, so every write
//! is durable when it completes (FUA). A barrier write is ordered after, and durable with,
//! everything before it. On a raw block device `fsync` and `fdatasync` both become one flush
//! (there is no file metadata), so all four come to the same thing at the drive: the write
//! completes, then a flush, on the same queue slot.

use crate::scenario::Job;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SyncCadence {
    /// fsync, fdatasync and write_barrier's N (0: never).
    every: [u64; 3],
    /// Every write is FUA (`sync`).
    fua: bool,
    writes: u64,
}

impl SyncCadence {
    pub fn of(job: &Job) -> Self {
        Self { every: [job.fsync as u64, job.fdatasync as u64, job.write_barrier as u64], fua: job.sync, writes: 0 }
    }

    /// Whether any of the job's writes is made durable.
    pub fn flushes(&self) -> bool {
        self.fua || self.every.iter().any(|&n| n > 0)
    }

    /// One more write: must it be durable before it completes?
    #[inline]
    pub fn after_write(&mut self) -> bool {
        self.writes += 1;
        self.fua || self.every.iter().any(|&n| n > 0 && self.writes.is_multiple_of(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_nth_write_or_all_of_them() {
        let job = Job { fsync: 3, ..Job::default() };
        let mut c = SyncCadence::of(&job);
        let flushed: Vec<bool> = (0..7).map(|_| c.after_write()).collect();
        assert_eq!(flushed, [false, false, true, false, false, true, false]);
        let mut fua = SyncCadence::of(&Job { sync: true, ..Job::default() });
        assert!((0..5).all(|_| fua.after_write()));
        let mut none = SyncCadence::of(&Job::default());
        assert!(!none.flushes() && (0..100).all(|_| !none.after_write()));
        assert!(SyncCadence::of(&Job { write_barrier: 2, ..Job::default() }).flushes());
        // Two cadences: either one's turn flushes.
        let mut both = SyncCadence::of(&Job { fsync: 4, write_barrier: 6, ..Job::default() });
        let turns: Vec<u64> = (1..=12).filter(|_| both.after_write()).collect();
        assert_eq!(turns, [4, 6, 8, 12]);
    }
}
