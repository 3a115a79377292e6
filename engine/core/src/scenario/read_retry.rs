//! Read retry (article 002's read spikes): when a page read comes back with more raw bit errors
//! than the ECC corrects, the controller sets the die to the next entry of its read-retry table
//! (shifted read reference voltages) and reads the page again, each attempt costing another tR
//! and another transfer of the data to the decoder. Worn cells drift further, so more reads need
//! retries. What the engine draws from these knobs is `media::read_retry`.

use super::error::{Check, ErrorCode, ScenarioError};
use super::knobs::{doc, Knobs, NAND};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, Knobs)]
#[serde(default, deny_unknown_fields)]
#[ts(export)]
#[knobs(group = "media", devices = NAND)]
pub struct ReadRetry {
    /// Off, every page read decodes at the first attempt (every drive before this knob).
    #[knob(doc(
        "Read retry",
        "A page read whose bit errors exceed the ECC's reach is read again with shifted read voltages, another tR each time: rare reads take longer"
    ))]
    pub enabled: bool,
    /// Share of native page reads that need at least one retry on a block with no wear.
    #[knob(doc("Retries when fresh", "Share of page reads that need a retry on an unworn block").unit("%").range(0.0, 100.0).when("enabled", "true"))]
    pub fresh_percent: f64,
    /// The same share at the cell type's rated P/E cycles; in between (and past it) it rises
    /// in proportion to the block's erase count, up to 100 %.
    #[knob(doc("Retries at rated wear", "Share of page reads that need a retry on a block at its rated P/E cycles (it rises in proportion to wear)").unit("%").range(0.0, 100.0).when("enabled", "true"))]
    pub rated_percent: f64,
    /// Entries in the read-retry table: the most extra reads one page read makes. A read
    /// that needs a retry takes 1..=max_steps of them, each as likely.
    #[knob(doc("Retry table entries", "Most extra reads of one page (read-retry modes); a retried read takes 1 to this many").unit("reads").range(1.0, 64.0).when("enabled", "true"))]
    pub max_steps: u32,
    /// The drive's age: P/E cycles every block had before this run, added to the erase
    /// counts the run makes (only read retry reads it).
    #[knob(doc("Prior wear", "P/E cycles every block had before this run (the drive's age), for read retry").unit("P/E").range(0.0, 1_000_000.0).when("enabled", "true"))]
    pub prior_pe_cycles: u32,
}

impl Default for ReadRetry {
    fn default() -> Self {
        // Micron's MLC parts (MT29F32G08CBADA) list 8 read-retry modes (Linux MTD, 2014).
        Self { enabled: false, fresh_percent: 0.01, rated_percent: 1.0, max_steps: 8, prior_pe_cycles: 0 }
    }
}

impl ReadRetry {
    /// Retries rise with wear: a drive whose rated share is below its fresh share is a typo.
    pub(crate) fn validate(&self) -> Result<(), ScenarioError> {
        if self.enabled && self.rated_percent < self.fresh_percent {
            let c = Check::at("device.nand.read_retry");
            let message = format!("must be at least fresh_percent ({}): retries rise with wear (got {})", self.fresh_percent, self.rated_percent);
            return Err(c.fail("rated_percent", ErrorCode::OutOfRange, message));
        }
        Ok(())
    }
}
