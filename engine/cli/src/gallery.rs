//! `ssdsim gallery`: every real drive's public values beside the engine's, each run on its
//! preset under the reviewer's protocol, as the Markdown table docs/gallery.md holds.

use crate::out;
use ssd_core::presets::gallery;

pub fn run() -> Result<(), String> {
    let drives = gallery::measure_all().map_err(|e| e.to_string())?;
    out::line(gallery::markdown(&drives).trim_end())
}
