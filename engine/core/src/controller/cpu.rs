//! The controller's firmware as a resource: it works through commands one after another.

use crate::units::Nanos;

/// The controller's firmware: how long it takes with each command (a latency every command
/// has, and a read's or a write's extra), and the commands it can take per second, shared by
/// reads and writes.
pub(crate) struct CommandCpu {
    free_at: Nanos,
    read_ns: Nanos,
    write_ns: Nanos,
    command_latency_ns: Nanos,
    read_latency_ns: Nanos,
    write_latency_ns: Nanos,
}

impl CommandCpu {
    pub fn of(c: &crate::scenario::Controller) -> CommandCpu {
        let ns = |us: f64| (us * 1000.0) as Nanos;
        CommandCpu {
            free_at: 0,
            read_ns: per_command_ns(c.read_iops_limit),
            write_ns: per_command_ns(c.write_iops_limit),
            command_latency_ns: ns(c.command_latency_us),
            read_latency_ns: ns(c.read_latency_us),
            write_latency_ns: ns(c.write_latency_us),
        }
    }

    /// When a command arriving at `issue` may start its media work: after the firmware's
    /// latency for it, and after the controller has worked through the commands before it.
    #[inline]
    pub fn start(&mut self, issue: Nanos, write: bool) -> Nanos {
        let (cost, extra) = if write { (self.write_ns, self.write_latency_ns) } else { (self.read_ns, self.read_latency_ns) };
        (issue + self.command_latency_ns + extra).max(self.take(issue, cost))
    }

    /// When a command only the firmware handles (a trim with nothing to free) completes.
    pub fn firmware_only(&self, issue: Nanos) -> Nanos {
        issue + self.command_latency_ns
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
