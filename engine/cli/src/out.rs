//! Standard output for every command. A reader that stops early (`ssdsim run x | head`)
//! closes the pipe: that ends the output, it is not an error, and `println!` would panic
//! on it. Other write failures (a full disk) are reported like any other error.

use std::io::{ErrorKind, Write};

/// Writes `text` and a newline to standard output.
pub fn line(text: impl std::fmt::Display) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write standard output: {e}")),
        _ => Ok(()),
    }
}

/// Where the latency went (`ssdsim causes`): a row per cause with any time, per operation
/// kind the mean µs and share, overall and above p99.
pub fn causes_table(d: &ssd_core::sim::LatencyCauses) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for (name, op) in [("read", &d.read), ("write", &d.write)] {
        let Some(op) = op else { continue };
        let tail = &op.tail;
        let _ = writeln!(
            text,
            "{name}: {} commands, mean {:.1} µs; above p99 ({:.0} µs): {} commands, mean {:.1} µs",
            op.count, op.mean_us, tail.from_us, tail.count, tail.mean_us
        );
        let _ = writeln!(text, "  {:<24} {:>12} {:>7} {:>12} {:>7}", "cause", "mean µs", "share", "tail µs", "share");
        for (i, cause) in d.causes.iter().enumerate() {
            let (all, slow) = (op.causes_us[i], tail.causes_us[i]);
            if all == 0.0 && slow == 0.0 {
                continue;
            }
            let share = |part: f64, whole: f64| if whole > 0.0 { 100.0 * part / whole } else { 0.0 };
            let _ = writeln!(text, "  {:<24} {all:>12.2} {:>6.1}% {slow:>12.2} {:>6.1}%", cause.english(), share(all, op.mean_us), share(slow, tail.mean_us));
        }
    }
    if text.is_empty() {
        text.push_str("no reads or writes: no latency to split");
    }
    text.trim_end().to_string()
}
