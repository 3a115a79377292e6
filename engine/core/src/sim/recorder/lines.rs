//! Which series a run draws, added in the report's order: the workload's own first, then
//! rates over time, then the translation layer's and a hybrid tier's lines.

use super::BytesWindow;
use crate::metrics::{Axis, AxisId, FtlLines, LabelId, Series, SeriesRole, Unit};

/// A run's series as they are added: `add` returns the new one's index.
pub(super) struct Lines(pub(super) Vec<Series>);

impl Lines {
    pub(super) fn add(&mut self, s: Series) -> usize {
        self.0.push(s);
        self.0.len() - 1
    }
}

pub(super) fn throughput() -> Axis {
    Axis::new(AxisId::Throughput, Unit::MbPerS)
}

pub(super) fn over_time(id: &str, role: SeriesRole, label: LabelId, y: Axis) -> Series {
    Series::new(id, role, label, Axis::new(AxisId::Time, Unit::S), y)
}

impl BytesWindow {
    /// Throughput against data written, and the SLC cache against it when the drive has one:
    /// how the cache fills, then shrinks as the drive does.
    pub(super) fn new(lines: &mut Lines, window: u64, slc_cache: bool, scale: f64) -> BytesWindow {
        let written = || Axis::new(AxisId::DataWritten, Unit::Gb);
        let series = lines.add(Series::new("throughput_vs_written", SeriesRole::Headline, LabelId::Write, written(), throughput()));
        let slc_series = slc_cache.then(|| {
            let y = || Axis::new(AxisId::SlcCache, Unit::Gb);
            [
                lines.add(Series::new("slc_cache_data_vs_written", SeriesRole::SlcCache, LabelId::SlcCacheData, written(), y())),
                lines.add(Series::new("slc_cache_size_vs_written", SeriesRole::SlcCache, LabelId::SlcCacheSize, written(), y())),
            ]
        });
        BytesWindow { series, slc_series, slc_units: [0; 2], window, written: 0, next_edge: window, edge_time: 0, scale }
    }
}

/// The lines of a NAND drive's translation layer over time: write amplification, GC and
/// folding rates, the SLC cache, and the table's hit ratios per tier.
pub(super) struct FtlSeries {
    pub(super) waf: Option<usize>,
    pub(super) waf_window: Option<usize>,
    pub(super) gc: Option<usize>,
    pub(super) fold: Option<usize>,
    pub(super) slc: Option<[usize; 2]>,
    pub(super) map: [Option<usize>; 4],
    /// NVMe FDP: the first of the handles' WAF lines, and how many (one per handle).
    pub(super) placement: Option<(usize, u32)>,
}

impl FtlSeries {
    pub(super) fn new(lines: &mut Lines, ftl: Option<FtlLines>, writes: bool) -> FtlSeries {
        let map_tiers = ftl.map_or([false; 3], |f| f.map_tiers);
        let slc_cache = ftl.is_some_and(|f| f.slc_cache);
        let translated_writes = writes && ftl.is_some();
        let waf = || Axis::new(AxisId::Waf, Unit::Ratio);
        let waf_series = translated_writes.then(|| lines.add(over_time("waf", SeriesRole::Waf, LabelId::WriteAmplification, waf())));
        let waf_window = translated_writes.then(|| lines.add(over_time("waf_window", SeriesRole::Waf, LabelId::WriteAmplificationWindow, waf())));
        let handles = ftl.map_or(0, |f| f.placement_handles);
        let placement = (translated_writes && handles > 0).then(|| {
            let lines: Vec<usize> = (0..handles)
                .map(|h| {
                    let mut s = over_time(&format!("placement_waf.{h}"), SeriesRole::Waf, LabelId::PlacementHandle, waf());
                    s.label = format!("handle {h}");
                    lines.add(s)
                })
                .collect();
            (lines[0], handles)
        });
        let gc_y = Axis::new(AxisId::GcCopyRate, Unit::MbPerS);
        let gc = translated_writes.then(|| lines.add(over_time("gc_throughput", SeriesRole::Gc, LabelId::GcCopies, gc_y.clone())));
        let fold = (writes && slc_cache).then(|| lines.add(over_time("fold_throughput", SeriesRole::Gc, LabelId::Folding, gc_y)));
        let slc_y = || Axis::new(AxisId::SlcCache, Unit::Gb);
        let slc = slc_cache.then(|| {
            [
                lines.add(over_time("slc_cache_data", SeriesRole::SlcCache, LabelId::SlcCacheData, slc_y())),
                lines.add(over_time("slc_cache_size", SeriesRole::SlcCache, LabelId::SlcCacheSize, slc_y())),
            ]
        });
        let hits = || Axis::new(AxisId::TableLookups, Unit::Percent);
        let mut map = [None; 4];
        let tiers = [("map_hit_sram", LabelId::Sram), ("map_hit_dram", LabelId::Dram), ("map_hit_hmb", LabelId::Hmb), ("map_miss", LabelId::NandMiss)];
        for (i, (id, label)) in tiers.into_iter().enumerate() {
            // A tier the drive lacks gets no line; a drive whose DRAM holds the whole table
            // never misses, and its line is flat at 100 %, which is the point.
            let drawn = if i == 3 { ftl.is_some() } else { map_tiers[i] };
            if drawn {
                map[i] = Some(lines.add(over_time(id, SeriesRole::Mapping, label, hits())));
            }
        }
        FtlSeries { waf: waf_series, waf_window, gc, fold, slc, map, placement }
    }
}
