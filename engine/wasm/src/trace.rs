//! A trace file scanned in the worker: fed in chunks as the page reads it, so memory stays
//! bounded whatever the file's size, and summarised at its end (`ssd_core::trace`, the same
//! reader `ssdsim trace` uses).

use ssd_core::trace::{BlkparseEvent, FileDigest, TraceError, TraceFed, TraceFinished, TraceFormat, TraceOptions, TraceReader, TraceSummarizer};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct TraceScan {
    reader: TraceReader,
    summary: TraceSummarizer,
    digest: FileDigest,
    /// The refusal, once a line was refused: later chunks are not read.
    refused: Option<TraceError>,
}

#[wasm_bindgen]
impl TraceScan {
    /// `options_json`: `{format: "auto" | id, devices: [label…], complete: bool}`; throws a
    /// message naming the option it cannot take.
    #[wasm_bindgen(constructor)]
    pub fn new(options_json: &str) -> Result<TraceScan, JsValue> {
        let v: serde_json::Value = serde_json::from_str(options_json).map_err(|e| JsValue::from_str(&format!("trace options: {e}")))?;
        let format = match v["format"].as_str().unwrap_or("auto") {
            "auto" => None,
            id => Some(TraceFormat::from_id(id).ok_or_else(|| JsValue::from_str(&format!("trace options: format: unknown {id:?}")))?),
        };
        let devices = v["devices"].as_array().map(|a| a.iter().filter_map(|d| d.as_str().map(str::to_string)).collect()).unwrap_or_default();
        let blkparse_event = if v["complete"].as_bool().unwrap_or(false) { BlkparseEvent::Complete } else { BlkparseEvent::Queue };
        let options = TraceOptions { format, devices, blkparse_event };
        Ok(TraceScan { reader: TraceReader::new(&options), summary: TraceSummarizer::new(), digest: FileDigest::default(), refused: None })
    }

    /// The next bytes of the file; JSON `TraceFed`, `{error, commands, lines}` so far.
    pub fn feed(&mut self, chunk: &[u8]) -> String {
        if self.refused.is_none() {
            self.digest.update(chunk);
            let summary = &mut self.summary;
            self.refused = self.reader.feed(chunk, &mut |c| summary.add(&c)).err();
        }
        self.progress()
    }

    /// The file has ended: JSON `TraceFinished`, `{error, summary}` (`TraceSummary`, null if
    /// refused): a refused line is data the page translates by its problem code.
    pub fn finish(&mut self) -> String {
        if self.refused.is_none() {
            let summary = &mut self.summary;
            self.refused = self.reader.finish(&mut |c| summary.add(&c)).err();
        }
        let digest = std::mem::take(&mut self.digest).hex();
        let summary = if self.refused.is_none() { self.summary.finish(&self.reader, digest) } else { None };
        serde_json::to_string(&TraceFinished { error: self.refused.clone(), summary }).expect("a trace's end serialises")
    }

    fn progress(&self) -> String {
        let counts = self.reader.counts();
        let fed = TraceFed { error: self.refused.clone(), commands: counts.commands, lines: counts.lines };
        serde_json::to_string(&fed).expect("a trace chunk's progress serialises")
    }
}
