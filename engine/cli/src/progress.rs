//! A progress line on standard error while a long run works (a 512 GiB drive's
//! preconditioning takes a minute), only when standard error is a terminal: scripts and
//! pipes get nothing but the result.

use ssd_core::Simulation;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Events per step between looks at the clock: a step of the costliest events (64 MiB
/// commands) still takes well under a second, so the wall-time ceiling is met on time.
const STEP_EVENTS: u64 = 1 << 16;
const EVERY: Duration = Duration::from_millis(500);

/// Runs `sim` to the end, showing its progress if standard error is a terminal. A run that
/// works longer than the wall-time ceiling (`WALL_TIME_LIMIT_S`) stops there with its
/// partial results (a run without a work ceiling has none in time either).
pub fn run_to_end(sim: &mut Simulation) {
    run_within(sim, ssd_core::sim::WALL_TIME_LIMIT_S);
}

/// `run_to_end` with a wall-time ceiling of `max_seconds`.
pub fn run_within(sim: &mut Simulation, max_seconds: f64) {
    let show = std::io::stderr().is_terminal();
    let start = Instant::now();
    let mut last = start;
    let mut shown = false;
    while !sim.run(STEP_EVENTS) {
        if start.elapsed().as_secs_f64() >= max_seconds {
            sim.stop_at_wall_time(max_seconds);
            if sim.is_finished() {
                break;
            }
        }
        if show && last.elapsed() >= EVERY {
            last = Instant::now();
            shown = true;
            eprint!("\r{}", line(sim.preconditioning(), sim.progress()));
            let _ = std::io::stderr().flush();
        }
    }
    if shown {
        eprint!("\r{:width$}\r", "", width = line(true, 1.0).len());
    }
}

fn line(preconditioning: bool, progress: f64) -> String {
    let what = if preconditioning { "preconditioning" } else { "running" };
    format!("ssdsim: {what:<15} {:>3.0} %", progress * 100.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_line_keeps_its_width() {
        assert_eq!(super::line(true, 0.374), "ssdsim: preconditioning  37 %");
        assert_eq!(super::line(false, 1.0).len(), super::line(true, 0.0).len());
    }
}
