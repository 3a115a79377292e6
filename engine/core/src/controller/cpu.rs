//! The controller's firmware as a resource: it works through commands one after another.

use crate::units::Nanos;

/// The controller's firmware: commands it can take per second, shared by reads and writes.
pub(crate) struct CommandCpu {
    free_at: Nanos,
    read_ns: Nanos,
    write_ns: Nanos,
}

impl CommandCpu {
    pub fn of(c: &crate::scenario::Controller) -> CommandCpu {
        CommandCpu { free_at: 0, read_ns: per_command_ns(c.read_iops_limit), write_ns: per_command_ns(c.write_iops_limit) }
    }

    /// When a command arriving at `issue` may start its media work: after the firmware's
    /// `latency`, and after the controller has worked through the commands before it.
    #[inline]
    pub fn start(&mut self, issue: Nanos, latency: Nanos, write: bool) -> Nanos {
        let cost = if write { self.write_ns } else { self.read_ns };
        (issue + latency).max(self.take(issue, cost))
    }

    /// When a command arriving at `at` is through the firmware, `cost` after it is free.
    #[inline]
    fn take(&mut self, at: Nanos, cost: Nanos) -> Nanos {
        if cost == 0 {
            return at;
        }
        self.free_at = self.free_at.max(at) + cost;
        self.free_at
    }
}

fn per_command_ns(iops: u32) -> Nanos {
    if iops == 0 {
        0
    } else {
        1_000_000_000 / iops as Nanos
    }
}
