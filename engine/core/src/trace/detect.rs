//! Which format a file is, from its first non-empty line. One line is enough: the fio logs
//! carry a header, blkparse lines have a shape no CSV has, and the four CSV formats differ
//! in where their opcode sits and what it looks like.

use super::error::Problem;
use super::fields::{trim, Fields};
use super::format::TraceFormat;

/// The format of a file whose first non-empty line is `line`.
pub(crate) fn detect(line: &[u8]) -> Result<TraceFormat, Problem> {
    let line = trim(line);
    for format in [TraceFormat::FioV2, TraceFormat::FioV3] {
        if format.header().is_some_and(|h| line == h) {
            return Ok(format);
        }
    }
    if looks_like_blkparse(line) {
        return Ok(TraceFormat::Blkparse);
    }
    if !line.contains(&b',') {
        return Err(Problem::Unrecognised);
    }
    if is_header(line) {
        return from_header(line).ok_or(Problem::Unrecognised);
    }
    let fields: [&[u8]; 8] = first_fields(line);
    let count = Fields::csv(line).count();
    let numeric = |f: &[u8]| !f.is_empty() && f.iter().all(u8::is_ascii_digit);
    let letter = |f: &[u8], set: &[u8]| f.len() == 1 && set.contains(&f[0]);
    let word = |f: &[u8]| f.eq_ignore_ascii_case(b"read") || f.eq_ignore_ascii_case(b"write");
    if count == 7 && numeric(fields[0]) && word(fields[3]) {
        Ok(TraceFormat::Msr)
    } else if count == 5 && numeric(fields[0]) && letter(fields[1], b"RWrw") {
        Ok(TraceFormat::Alibaba)
    } else if count >= 5 && numeric(fields[0]) && (letter(fields[3], b"RWrw") || word(fields[3])) {
        Ok(TraceFormat::Spc)
    } else if count == 5 && fields.iter().take(5).all(|f| numeric(f)) && letter(fields[3], b"01") {
        Ok(TraceFormat::Tencent)
    } else {
        Err(Problem::Unrecognised)
    }
}

/// A CSV column header: its first field starts with a letter where every format's first
/// field is a number. Only the first non-empty line may be one.
pub(crate) fn is_header(line: &[u8]) -> bool {
    Fields::csv(line).next().and_then(|f| f.first()).is_some_and(u8::is_ascii_alphabetic)
}

/// The format a header's column names belong to (as the datasets' READMEs name them).
fn from_header(line: &[u8]) -> Option<TraceFormat> {
    let has = |name: &[u8]| Fields::csv(line).any(|f| f.eq_ignore_ascii_case(name));
    if has(b"hostname") {
        Some(TraceFormat::Msr)
    } else if has(b"device_id") {
        Some(TraceFormat::Alibaba)
    } else if has(b"volumeid") || has(b"volume_id") || has(b"iotype") {
        Some(TraceFormat::Tencent)
    } else if has(b"asu") {
        Some(TraceFormat::Spc)
    } else {
        None
    }
}

/// `8,0 3 1 0.000000000 697 Q WS …`: `major,minor`, then numbers, a decimal time, a pid
/// and an action, separated by blanks.
fn looks_like_blkparse(line: &[u8]) -> bool {
    let mut words = Fields::words(line);
    let (Some(dev), Some(cpu), Some(seq), Some(time), Some(pid), Some(action)) =
        (words.next(), words.next(), words.next(), words.next(), words.next(), words.next())
    else {
        return false;
    };
    let digits = |f: &[u8]| !f.is_empty() && f.iter().all(u8::is_ascii_digit);
    let dev_ok = dev.iter().filter(|&&b| b == b',').count() == 1 && dev.iter().all(|&b| b == b',' || b.is_ascii_digit());
    let time_ok = time.contains(&b'.') && time.iter().all(|&b| b == b'.' || b.is_ascii_digit());
    dev_ok && digits(cpu) && digits(seq) && time_ok && digits(pid) && action.iter().all(u8::is_ascii_alphabetic)
}

fn first_fields(line: &[u8]) -> [&[u8]; 8] {
    let mut out: [&[u8]; 8] = [&[]; 8];
    for (slot, field) in out.iter_mut().zip(Fields::csv(line)) {
        *slot = field;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_from_one_line() {
        assert_eq!(detect(b"128166372003061629,hm,0,Read,3154280448,4096,29633"), Ok(TraceFormat::Msr));
        assert_eq!(detect(b"0,303567,3584,w,0.000000"), Ok(TraceFormat::Spc));
        assert_eq!(detect(b"3,W,1808744448,4096,1577808000000010"), Ok(TraceFormat::Alibaba));
        assert_eq!(detect(b"1538323200,1290000,16,1,1283"), Ok(TraceFormat::Tencent));
        assert_eq!(detect(b"  8,0    3        1     0.000000000   697  Q  WS 223490 + 8 [kjournald]"), Ok(TraceFormat::Blkparse));
        assert_eq!(detect(b"fio version 2 iolog"), Ok(TraceFormat::FioV2));
        assert_eq!(detect(b"fio version 3 iolog\r"), Ok(TraceFormat::FioV3));
        assert_eq!(detect(b"Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime"), Ok(TraceFormat::Msr));
        assert_eq!(detect(b"hello world"), Err(Problem::Unrecognised));
    }
}
