//! Field splitting and number parsing straight from the line's bytes: no `String`, no
//! allocation per line, which is what lets the reader keep up with a million lines a second.

use super::error::{FieldResult, Problem};

/// Fields of a line split on one separator byte (CSV) or on runs of spaces and tabs.
pub(crate) struct Fields<'a> {
    rest: &'a [u8],
    comma: bool,
    done: bool,
}

impl<'a> Fields<'a> {
    pub fn csv(line: &'a [u8]) -> Self {
        Fields { rest: line, comma: true, done: false }
    }

    pub fn words(line: &'a [u8]) -> Self {
        Fields { rest: line, comma: false, done: false }
    }

    /// The next field, trimmed; `name` is what the error calls it if the line has ended.
    pub fn next_field(&mut self, name: &'static str) -> FieldResult<&'a [u8]> {
        self.next().ok_or((name, Problem::Missing))
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.comma {
            if self.done {
                return None;
            }
            match self.rest.iter().position(|&b| b == b',') {
                Some(i) => {
                    let field = &self.rest[..i];
                    self.rest = &self.rest[i + 1..];
                    Some(trim(field))
                }
                None => {
                    self.done = true;
                    Some(trim(self.rest))
                }
            }
        } else {
            let start = self.rest.iter().position(|&b| b != b' ' && b != b'\t')?;
            let rest = &self.rest[start..];
            let end = rest.iter().position(|&b| b == b' ' || b == b'\t').unwrap_or(rest.len());
            self.rest = &rest[end..];
            Some(&rest[..end])
        }
    }
}

pub(crate) fn trim(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b'\r', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t' | b'\r'] = s {
        s = rest;
    }
    s
}

/// A non-negative decimal integer. A leading minus is named as such (`size: negative`)
/// because that is the mistake a user can fix; anything else non-digit is not a number.
pub(crate) fn parse_u64(field: &[u8], name: &'static str) -> FieldResult<u64> {
    let digits = match field {
        [] => return Err((name, Problem::Missing)),
        [b'-', rest @ ..] if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) => return Err((name, Problem::Negative)),
        [b'+', rest @ ..] => rest,
        _ => field,
    };
    if digits.is_empty() {
        return Err((name, Problem::NotANumber));
    }
    let mut value: u64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return Err((name, Problem::NotANumber));
        }
        value = value.checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0'))).ok_or((name, Problem::TooLarge))?;
    }
    Ok(value)
}

pub(crate) fn parse_u32(field: &[u8], name: &'static str) -> FieldResult<u32> {
    u32::try_from(parse_u64(field, name)?).map_err(|_| (name, Problem::TooLarge))
}

/// Seconds written as `123.456789` to whole nanoseconds, exactly: no float, so the same
/// text gives the same time on every platform. Digits past the ninth decimal are dropped.
pub(crate) fn parse_seconds_ns(field: &[u8], name: &'static str) -> FieldResult<u64> {
    let (whole, fraction) = match field.iter().position(|&b| b == b'.') {
        Some(i) => (&field[..i], &field[i + 1..]),
        None => (field, &[][..]),
    };
    let seconds = if whole.is_empty() && !fraction.is_empty() { 0 } else { parse_u64(whole, name)? };
    let mut nanos: u64 = 0;
    for (i, &b) in fraction.iter().enumerate() {
        if !b.is_ascii_digit() {
            return Err((name, Problem::NotANumber));
        }
        if i < 9 {
            nanos = nanos * 10 + u64::from(b - b'0');
        }
    }
    for _ in fraction.len()..9 {
        nanos *= 10;
    }
    seconds.checked_mul(1_000_000_000).and_then(|ns| ns.checked_add(nanos)).ok_or((name, Problem::TooLarge))
}

/// `value * factor`, refused as too large rather than wrapped.
pub(crate) fn scaled(value: u64, factor: u64, name: &'static str) -> FieldResult<u64> {
    value.checked_mul(factor).ok_or((name, Problem::TooLarge))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_their_refusals() {
        assert_eq!(parse_u64(b"4096", "size"), Ok(4096));
        assert_eq!(parse_u64(b"-8", "size"), Err(("size", Problem::Negative)));
        assert_eq!(parse_u64(b"4k", "size"), Err(("size", Problem::NotANumber)));
        assert_eq!(parse_u64(b"", "size"), Err(("size", Problem::Missing)));
        assert_eq!(parse_u64(b"99999999999999999999", "size"), Err(("size", Problem::TooLarge)));
        assert_eq!(parse_seconds_ns(b"1.5", "t"), Ok(1_500_000_000));
        assert_eq!(parse_seconds_ns(b"0.000044392", "t"), Ok(44_392));
        assert_eq!(parse_seconds_ns(b"2.1234567891", "t"), Ok(2_123_456_789));
        assert_eq!(parse_seconds_ns(b"1.2.3", "t"), Err(("t", Problem::NotANumber)));
    }

    #[test]
    fn fields_split_and_trim() {
        let v: Vec<&[u8]> = Fields::csv(b" a, b ,,c").collect();
        assert_eq!(v, vec![&b"a"[..], b"b", b"", b"c"]);
        let v: Vec<&[u8]> = Fields::words(b"  8,0   3  1 ").collect();
        assert_eq!(v, vec![&b"8,0"[..], b"3", b"1"]);
    }
}
