//! Result series: what every chart, CSV export and CLI output is made of.
//!
//! Everything a consumer decides on is an id defined here (the contract between engine and page): the page picks
//! charts by `role`, translates by `label_id`, and formats by `Unit`. English names and
//! labels are only the English text (the CLI and CSV use them as they are).

use serde::Serialize;
use ts_rs::TS;

/// What a series is for, so the page can place it without knowing every id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SeriesRole {
    /// The workload's own chart (span sweep, whole-drive write, steady state, transfer-size
    /// sweep, CrystalDiskMark, latency trace).
    Headline,
    /// Host MB/s over time.
    Throughput,
    LatencyCdf,
    /// Share of operations per latency bin (log-spaced bins), beside the CDF.
    LatencyHistogram,
    /// Write amplification over time, cumulative and per window.
    Waf,
    /// Garbage collection's copy rate over time.
    Gc,
    /// Which tier answered the table lookups, over time.
    Mapping,
    /// The SLC cache: its size and the data in it, over time.
    SlcCache,
    /// A hybrid drive's cache tier: hit ratio, promotions and data cached, over time.
    Tier,
    /// One cause's part of each latency-trace point (`latency_cause.<cause id>`): the
    /// causes of a point add up to it.
    LatencyCause,
}

/// The text of a series' legend entry, translated by the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum LabelId {
    Read,
    Write,
    RandomRead,
    RandomWrite,
    WriteSpeedPerRound,
    /// One CrystalDiskMark test's write speed per round; the series' `label` is the test's
    /// name (SEQ1M Q1T1), the same in every language.
    CdmTest,
    WriteSpeedPerCopy,
    /// An application load's read speed, one point per run.
    ReadSpeedPerRun,
    Throughput,
    GcCopies,
    Sram,
    Dram,
    Hmb,
    NandMiss,
    LatencyPerOperation,
    WriteAmplification,
    WriteAmplificationWindow,
    /// Data moved out of the SLC cache into native blocks.
    Folding,
    SlcCacheData,
    SlcCacheSize,
    /// A hybrid's tier: share of units read from the cache, promotion rate, data cached.
    CacheHits,
    Promotions,
    CachedData,
    /// A latency cause; the series' id names which (`latency_cause.behind_erase`).
    LatencyCause,
    /// One NVMe FDP reclaim unit handle's write amplification since the run started; the
    /// series' id names which (`placement_waf.1`), its `label` is "handle 1".
    PlacementHandle,
}

/// What an axis measures, translated by the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum AxisId {
    Time,
    AccessSpan,
    DataWritten,
    Operation,
    Latency,
    Round,
    Copy,
    TransferSize,
    Test,
    Throughput,
    Waf,
    GcCopyRate,
    TableLookups,
    OperationsAtOrBelow,
    /// Share of the operations whose latency falls in a histogram bin.
    OperationsInBin,
    SlcCache,
    Run,
    /// Share of the units read that came from a hybrid's cache tier.
    ReadsFromCache,
    PromotionRate,
    CacheTier,
}

/// The unit a number is in; the page keeps the display strings, keyed by this.
///
/// Beyond the axis units, the summary catalogue needs `bytes` (byte
/// counts and capacities), `iops` (operations per second) and `tb` (10^12 bytes, the
/// endurance rating's unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Unit {
    S,
    Ms,
    Us,
    Gib,
    Gb,
    Kib,
    MbPerS,
    Percent,
    /// A dimensionless ratio, shown as "×".
    Ratio,
    Count,
    None,
    Bytes,
    Iops,
    Tb,
}

impl Unit {
    /// The English symbol, for the CLI and tests; the page has its own per language.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::S => "s",
            Unit::Ms => "ms",
            Unit::Us => "µs",
            Unit::Gib => "GiB",
            Unit::Gb => "GB",
            Unit::Kib => "KiB",
            Unit::MbPerS => "MB/s",
            Unit::Percent => "%",
            Unit::Ratio => "×",
            Unit::Count => "",
            Unit::None => "",
            Unit::Bytes => "B",
            Unit::Iops => "IOPS",
            Unit::Tb => "TB",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Axis {
    pub id: AxisId,
    pub unit: Unit,
    /// English name of the axis.
    pub name: String,
    /// Names of the x positions 0, 1, 2, ... when the axis is categorical (e.g. the
    /// CrystalDiskMark tests); empty for a numeric axis.
    pub categories: Vec<String>,
}

impl Axis {
    pub fn new(id: AxisId, unit: Unit) -> Axis {
        Axis { id, unit, name: id.english().into(), categories: Vec::new() }
    }

    pub fn categories(id: AxisId, categories: &[String]) -> Axis {
        Axis { categories: categories.to_vec(), ..Axis::new(id, Unit::None) }
    }
}

impl AxisId {
    pub fn english(self) -> &'static str {
        match self {
            AxisId::Time => "Time",
            AxisId::AccessSpan => "Access span",
            AxisId::DataWritten => "Data written",
            AxisId::Operation => "Operation",
            AxisId::Latency => "Latency",
            AxisId::Round => "Round",
            AxisId::Copy => "Copy",
            AxisId::TransferSize => "Transfer size",
            AxisId::Test => "Test",
            AxisId::Throughput => "Throughput",
            AxisId::Waf => "WAF",
            AxisId::GcCopyRate => "GC copy rate",
            AxisId::TableLookups => "Table lookups",
            AxisId::OperationsAtOrBelow => "Operations at or below",
            AxisId::OperationsInBin => "Operations in the bin",
            AxisId::SlcCache => "SLC cache",
            AxisId::Run => "Run",
            AxisId::ReadsFromCache => "Reads from the cache",
            AxisId::PromotionRate => "Promotion rate",
            AxisId::CacheTier => "Cache tier",
        }
    }
}

impl LabelId {
    pub fn english(self) -> &'static str {
        match self {
            LabelId::Read => "Read",
            LabelId::Write => "Write",
            LabelId::RandomRead => "Random read",
            LabelId::RandomWrite => "Random write",
            LabelId::WriteSpeedPerRound => "Write speed per round",
            LabelId::CdmTest => "CrystalDiskMark test",
            LabelId::WriteSpeedPerCopy => "Write speed per copy",
            LabelId::ReadSpeedPerRun => "Read speed per run",
            LabelId::Throughput => "Throughput",
            LabelId::GcCopies => "GC copies",
            LabelId::Sram => "SRAM",
            LabelId::Dram => "DRAM",
            LabelId::Hmb => "HMB",
            LabelId::NandMiss => "NAND (miss)",
            LabelId::LatencyPerOperation => "Latency per operation",
            LabelId::WriteAmplification => "Write amplification (cumulative)",
            LabelId::WriteAmplificationWindow => "Write amplification (per window)",
            LabelId::Folding => "Folding (SLC to native)",
            LabelId::SlcCacheData => "Data in the SLC cache",
            LabelId::SlcCacheSize => "SLC cache size",
            LabelId::CacheHits => "Reads from the cache",
            LabelId::Promotions => "Promoted into the cache",
            LabelId::CachedData => "Data in the cache",
            LabelId::LatencyCause => "Latency cause",
            LabelId::PlacementHandle => "Reclaim unit handle (FDP)",
        }
    }
}

/// One line on a chart. Points grow while the simulation runs; consumers read the new tail.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Series {
    /// Stable and unique within a run (`read_throughput`, `waf`, `span_sweep`, ...).
    pub id: String,
    pub role: SeriesRole,
    pub label_id: LabelId,
    /// English text of `label_id`.
    pub label: String,
    pub x: Axis,
    pub y: Axis,
    pub points: Vec<[f64; 2]>,
}

impl Series {
    pub fn new(id: &str, role: SeriesRole, label_id: LabelId, x: Axis, y: Axis) -> Series {
        Series { id: id.into(), role, label_id, label: label_id.english().into(), x, y, points: Vec::new() }
    }

    /// With room for `points` reserved up front, so the run never grows the vector.
    pub fn with_capacity(mut self, points: usize) -> Series {
        self.points.reserve_exact(points);
        self
    }
}
