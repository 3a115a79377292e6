//! The four comma-separated formats. Field names in errors are the ones each dataset's README
//! uses (snake_case), so the message points at the column the user sees.

use super::error::{FieldResult, Problem};
use super::fields::{parse_seconds_ns, parse_u32, parse_u64, scaled, Fields};
use super::format::{DeviceKey, Op, Parsed, RawCommand};

/// Sectors in SPC, Tencent and blkparse are 512 bytes whatever the device's own block size.
pub(crate) const SECTOR_BYTES: u64 = 512;

/// The largest single command accepted. Block layers split far below this (Linux caps a
/// request at a few MiB); a bigger one is a corrupt line, and refusing it keeps the
/// footprint and skew work per line bounded.
pub const MAX_COMMAND_BYTES: u64 = 1 << 30;

/// A command's length checked against `MAX_COMMAND_BYTES`, and its end against u64.
pub(crate) fn extent(offset_bytes: u64, len_bytes: u64, offset_name: &'static str, len_name: &'static str) -> FieldResult<(u64, u64)> {
    if len_bytes > MAX_COMMAND_BYTES {
        return Err((len_name, Problem::TooLarge));
    }
    offset_bytes.checked_add(len_bytes).ok_or((offset_name, Problem::TooLarge))?;
    Ok((offset_bytes, len_bytes))
}

/// Fields past the format's last are allowed only where the format says so (SPC).
fn no_more(fields: &mut Fields, after: &'static str) -> FieldResult<()> {
    match fields.next() {
        Some(_) => Err((after, Problem::Unexpected)),
        None => Ok(()),
    }
}

/// `128166372003061629,hm,0,Read,3154280448,4096,29633`: filetime (100 ns ticks),
/// hostname, disk number, Read/Write, byte offset, byte size, response time (ticks).
pub(crate) fn msr(line: &[u8]) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::csv(line);
    let ticks = parse_u64(f.next_field("timestamp")?, "timestamp")?;
    let host = f.next_field("hostname")?;
    if host.is_empty() {
        return Err(("hostname", Problem::Missing));
    }
    let disk = f.next_field("disk_number")?;
    parse_u32(disk, "disk_number")?;
    let op = match f.next_field("type")? {
        t if t.eq_ignore_ascii_case(b"read") => Op::Read,
        t if t.eq_ignore_ascii_case(b"write") => Op::Write,
        _ => return Err(("type", Problem::UnknownOp)),
    };
    let offset = parse_u64(f.next_field("offset")?, "offset")?;
    let size = parse_u64(f.next_field("size")?, "size")?;
    parse_u64(f.next_field("response_time")?, "response_time")?;
    no_more(&mut f, "response_time")?;
    let (offset_bytes, len_bytes) = extent(offset, size, "offset", "size")?;
    // Hostname and disk are adjacent in the line: their span is the device's name.
    let name_start = host.as_ptr() as usize - line.as_ptr() as usize;
    let name_end = disk.as_ptr() as usize - line.as_ptr() as usize + disk.len();
    let time_ns = scaled(ticks, 100, "timestamp")?;
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device: DeviceKey::Name(&line[name_start..name_end]), durable: false }))
}

/// `0,303567,3584,w,0.000000`: ASU, LBA (512 B), size in bytes, r/w, seconds; the SPC
/// specification allows further optional fields, which are ignored.
pub(crate) fn spc(line: &[u8]) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::csv(line);
    let asu = parse_u32(f.next_field("asu")?, "asu")?;
    let lba = parse_u64(f.next_field("lba")?, "lba")?;
    let size = parse_u64(f.next_field("size")?, "size")?;
    let op = match f.next_field("opcode")? {
        b"r" | b"R" => Op::Read,
        b"w" | b"W" => Op::Write,
        o if o.eq_ignore_ascii_case(b"read") => Op::Read,
        o if o.eq_ignore_ascii_case(b"write") => Op::Write,
        _ => return Err(("opcode", Problem::UnknownOp)),
    };
    let time_ns = parse_seconds_ns(f.next_field("timestamp")?, "timestamp")?;
    let (offset_bytes, len_bytes) = extent(scaled(lba, SECTOR_BYTES, "lba")?, size, "lba", "size")?;
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device: DeviceKey::Number(asu), durable: false }))
}

/// `3,W,1808744448,4096,1577808000000010`: device id, R/W, byte offset, byte length, µs.
pub(crate) fn alibaba(line: &[u8]) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::csv(line);
    let device = parse_u32(f.next_field("device_id")?, "device_id")?;
    let op = match f.next_field("opcode")? {
        b"R" | b"r" => Op::Read,
        b"W" | b"w" => Op::Write,
        _ => return Err(("opcode", Problem::UnknownOp)),
    };
    let offset = parse_u64(f.next_field("offset")?, "offset")?;
    let length = parse_u64(f.next_field("length")?, "length")?;
    let time_ns = scaled(parse_u64(f.next_field("timestamp")?, "timestamp")?, 1_000, "timestamp")?;
    no_more(&mut f, "timestamp")?;
    let (offset_bytes, len_bytes) = extent(offset, length, "offset", "length")?;
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device: DeviceKey::Number(device), durable: false }))
}

/// `1538323200,1290000,16,1,1283`: Unix seconds, offset and size in 512 B sectors,
/// 0 read / 1 write, volume id.
pub(crate) fn tencent(line: &[u8]) -> FieldResult<Parsed<'_>> {
    let mut f = Fields::csv(line);
    let time_ns = scaled(parse_u64(f.next_field("timestamp")?, "timestamp")?, 1_000_000_000, "timestamp")?;
    let offset = scaled(parse_u64(f.next_field("offset")?, "offset")?, SECTOR_BYTES, "offset")?;
    let size = scaled(parse_u64(f.next_field("size")?, "size")?, SECTOR_BYTES, "size")?;
    let op = match f.next_field("io_type")? {
        b"0" => Op::Read,
        b"1" => Op::Write,
        _ => return Err(("io_type", Problem::UnknownOp)),
    };
    let volume = parse_u32(f.next_field("volume_id")?, "volume_id")?;
    no_more(&mut f, "volume_id")?;
    let (offset_bytes, len_bytes) = extent(offset, size, "offset", "size")?;
    Ok(Parsed::Command(RawCommand { time_ns, op, offset_bytes, len_bytes, device: DeviceKey::Number(volume), durable: false }))
}
