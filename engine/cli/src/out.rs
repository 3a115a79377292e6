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
