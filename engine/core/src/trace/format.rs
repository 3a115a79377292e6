//! The trace formats by name, and what one parsed line is before the reader gives it a
//! device id and a relative time.

use serde::Serialize;
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, rename = "TraceFormatId")]
pub enum TraceFormat {
    /// MSR Cambridge (SNIA IOTTA): `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`.
    Msr,
    /// SPC trace format (UMass Financial, WebSearch): `ASU,LBA,Size,Opcode,Timestamp[,…]`.
    Spc,
    /// Alibaba block traces: `device_id,opcode,offset,length,timestamp`.
    Alibaba,
    /// Tencent CBS: `Timestamp,Offset,Size,IOType,VolumeID`.
    Tencent,
    /// `blkparse` default text output.
    Blkparse,
    /// fio `write_iolog` version 2 (no timestamps).
    FioV2,
    /// fio `write_iolog` version 3 (a timestamp in µs leads each line).
    FioV3,
}

impl TraceFormat {
    pub const ALL: [TraceFormat; 7] =
        [TraceFormat::Msr, TraceFormat::Spc, TraceFormat::Alibaba, TraceFormat::Tencent, TraceFormat::Blkparse, TraceFormat::FioV2, TraceFormat::FioV3];

    /// The name `--format` takes and the summary shows.
    pub fn id(self) -> &'static str {
        match self {
            TraceFormat::Msr => "msr",
            TraceFormat::Spc => "spc",
            TraceFormat::Alibaba => "alibaba",
            TraceFormat::Tencent => "tencent",
            TraceFormat::Blkparse => "blkparse",
            TraceFormat::FioV2 => "fio_v2",
            TraceFormat::FioV3 => "fio_v3",
        }
    }

    pub fn from_id(name: &str) -> Option<TraceFormat> {
        let name = name.trim().to_ascii_lowercase().replace('-', "_");
        TraceFormat::ALL.into_iter().find(|f| f.id() == name)
    }

    /// The file's first line is a fixed header these formats require.
    pub(crate) fn header(self) -> Option<&'static [u8]> {
        match self {
            TraceFormat::FioV2 => Some(b"fio version 2 iolog"),
            TraceFormat::FioV3 => Some(b"fio version 3 iolog"),
            _ => None,
        }
    }

    pub(crate) fn is_csv(self) -> bool {
        matches!(self, TraceFormat::Msr | TraceFormat::Spc | TraceFormat::Alibaba | TraceFormat::Tencent)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Read,
    Write,
    Trim,
}

/// Which blkparse event stands for a command: queued (`Q`, what the application asked for,
/// the default) or completed (`C`, what the device finished, after merging).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlkparseEvent {
    #[default]
    Queue,
    Complete,
}

/// How a line names its device, before the reader turns it into a `u32` id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeviceKey<'a> {
    /// A number the format gives (SPC ASU, Alibaba device, Tencent volume): the id itself.
    Number(u32),
    /// A Linux `major,minor` pair as blkparse prints it, kept as `major << 20 | minor`.
    BlockDev(u32),
    /// A name (MSR `hostname,disk`, a fio file name): ids count up in order of first sight.
    Name(&'a [u8]),
}

/// A line that is a command, its time still absolute in the format's clock (ns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawCommand<'a> {
    pub time_ns: u64,
    pub op: Op,
    pub offset_bytes: u64,
    pub len_bytes: u64,
    pub device: DeviceKey<'a>,
    /// A write the host wants durable when it completes: blkparse's RWBS holds `F` beside
    /// `W` (FUA after it, a preflush before it).
    pub durable: bool,
}

/// Why a line that parsed is not a command. Each is counted in the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Skip {
    /// A blkparse event other than the one chosen (G, I, D, M, …), or a v2 `wait`.
    OtherEvent,
    /// fio's add/open/close of a file.
    FileAction,
    /// blkparse's closing per-CPU and total statistics.
    Trailer,
}

pub(crate) enum Parsed<'a> {
    Command(RawCommand<'a>),
    /// An empty flush (blkparse's `F` without a sector, fio's `sync` / `datasync`) on a
    /// device: no data moves; the device's next write carries it (`TraceCommand::durable`).
    Flush(DeviceKey<'a>),
    Skip(Skip),
}
