//! The two whitespace-separated formats: blkparse's default output and fio's iolog.

use super::csv::{extent, SECTOR_BYTES};
use super::error::{FieldResult, Problem};
use super::fields::{parse_seconds_ns, parse_u32, parse_u64, scaled, Fields};
use super::format::{BlkparseEvent, DeviceKey, Op, Parsed, RawCommand, Skip};

/// Linux's dev_t split (MKDEV): 12 bits of major, 20 of minor.
const MINOR_BITS: u32 = 20;

/// `  8,0    3        1     0.000000000   697  Q  WS 223490 + 8 [kjournald]`: device,
/// CPU, sequence, seconds, pid, action, RWBS, then for I/O events `sector + sectors`.
/// Lines not starting with a digit are blkparse's closing statistics (`CPU0 (8,0):`,
/// `Total (8,0):`, `Throughput (R/W): …`), skipped.
pub(crate) fn blkparse(line: &[u8], wanted: BlkparseEvent) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::words(line);
    let device = f.next_field("device")?;
    if !device.first().is_some_and(u8::is_ascii_digit) {
        return Ok(Parsed::Skip(Skip::Trailer));
    }
    let device = block_dev(device)?;
    parse_u32(f.next_field("cpu")?, "cpu")?;
    parse_u64(f.next_field("sequence")?, "sequence")?;
    let time_ns = parse_seconds_ns(f.next_field("time")?, "time")?;
    parse_u64(f.next_field("pid")?, "pid")?;
    let action = f.next_field("action")?;
    let wanted = match wanted {
        BlkparseEvent::Queue => b"Q",
        BlkparseEvent::Complete => b"C",
    };
    if action != wanted {
        return Ok(Parsed::Skip(Skip::OtherEvent));
    }
    let rwbs = f.next_field("rwbs")?;
    let device = DeviceKey::BlockDev(device);
    let op = match rwbs_op(rwbs)? {
        Some(op) => op,
        None => return Ok(Parsed::Flush(device)),
    };
    // A request without a sector (`Q FWS [jbd2/sda1-8]`) is an empty flush: no data moves.
    let sector = match f.next() {
        None => return Ok(Parsed::Flush(device)),
        Some(field) if field.starts_with(b"[") => return Ok(Parsed::Flush(device)),
        Some(field) => parse_u64(field, "sector")?,
    };
    if f.next_field("sectors")? != b"+" {
        return Err(("sectors", Problem::Missing));
    }
    let sectors = parse_u64(f.next_field("sectors")?, "sectors")?;
    let (offset_bytes, len_bytes) = extent(scaled(sector, SECTOR_BYTES, "sector")?, scaled(sectors, SECTOR_BYTES, "sectors")?, "sector", "sectors")?;
    // Linux's blk_fill_rwbs writes `F` before the op for a preflush and after it for FUA:
    // either way the write is durable when it completes.
    let durable = op == Op::Write && rwbs.contains(&b'F');
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device, durable }))
}

/// `8,0` as `8 << 20 | 0`.
fn block_dev(field: &[u8]) -> FieldResult<u32> {
    let comma = field.iter().position(|&b| b == b',').ok_or(("device", Problem::NotANumber))?;
    let major = parse_u32(&field[..comma], "device")?;
    let minor = parse_u32(&field[comma + 1..], "device")?;
    if major >= 1 << (32 - MINOR_BITS) || minor >= 1 << MINOR_BITS {
        return Err(("device", Problem::TooLarge));
    }
    Ok(major << MINOR_BITS | minor)
}

/// RWBS (blkparse(1)): D discard wins over W (a discard is flagged as a write by older
/// kernels), then W, then R; a field with none of them (`N`, `FN`, `F`) moves no data.
fn rwbs_op(rwbs: &[u8]) -> FieldResult<Option<Op>> {
    if rwbs.is_empty() || !rwbs.iter().all(|b| b"RWDBSFMAEN".contains(b)) {
        return Err(("rwbs", Problem::UnknownOp));
    }
    Ok(if rwbs.contains(&b'D') || rwbs.contains(&b'E') {
        Some(Op::Trim)
    } else if rwbs.contains(&b'W') {
        Some(Op::Write)
    } else if rwbs.contains(&b'R') {
        Some(Op::Read)
    } else {
        None
    })
}

/// fio iolog, after its header line. Version 2: `filename action [offset length]`;
/// version 3 puts a timestamp (µs since the job started) first. `timestamp_us` is None
/// for version 2, whose commands all get time 0 (a v2 log records order, not time).
pub(crate) fn fio(line: &[u8], timed: bool) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::words(line);
    let time_ns = if timed { scaled(parse_u64(f.next_field("timestamp")?, "timestamp")?, 1_000, "timestamp")? } else { 0 };
    let file = f.next_field("filename")?;
    let op = match f.next_field("action")? {
        b"read" => Op::Read,
        b"write" => Op::Write,
        b"trim" => Op::Trim,
        b"sync" | b"datasync" => return Ok(Parsed::Flush(DeviceKey::Name(file))),
        b"add" | b"open" | b"close" => return Ok(Parsed::Skip(Skip::FileAction)),
        // fio's own reader treats `wait`'s value inconsistently (µs by its HOWTO, ms since
        // start by iolog.c) and ignores it in version 3: skipped, counted.
        b"wait" => return Ok(Parsed::Skip(Skip::OtherEvent)),
        _ => return Err(("action", Problem::UnknownOp)),
    };
    let offset = parse_u64(f.next_field("offset")?, "offset")?;
    let length = parse_u64(f.next_field("length")?, "length")?;
    if f.next().is_some() {
        return Err(("length", Problem::Unexpected));
    }
    let (offset_bytes, len_bytes) = extent(offset, length, "offset", "length")?;
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device: DeviceKey::Name(file), durable: false }))
}
