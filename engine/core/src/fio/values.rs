//! fio's value grammar for the options the engine models: sizes (`4k`, `1g`, `0x1000`,
//! `50%`), times (`10`, `500ms`, `1m`) and whole numbers. Stricter than fio where fio would
//! read something other than the writer meant: fio reads `1.5g` as 1 byte and `10sec` as
//! 10 µs; both are refused here with what to write instead.

use super::ini::short;
use crate::units::MAX_SIZE_BYTES;

/// A size as fio reads it, or a percentage (`size=50%`, of the device in fio).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    Bytes(u64),
    Percent(u64),
}

/// Splits `12k` into (12, "k"), reading `0x…` as hex as fio does.
fn number_and_suffix(text: &str) -> Result<(u64, &str), String> {
    let t = text.trim();
    let (digits, radix, rest) = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => {
            let end = hex.find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(hex.len());
            (&hex[..end], 16, &hex[end..])
        }
        None => {
            let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
            (&t[..end], 10, &t[end..])
        }
    };
    if digits.is_empty() {
        return Err(format!("expected a whole number (got \"{}\")", short(t)));
    }
    if rest.starts_with('.') {
        return Err(format!("fio reads whole numbers only: it would read \"{}\" as {digits}; write it in a smaller unit", short(t)));
    }
    let value = u64::from_str_radix(digits, radix).map_err(|_| format!("\"{}\" is too large", short(t)))?;
    Ok((value, rest.trim()))
}

/// A size under fio's `kb_base` (1024 by default: `k`/`KB` binary and, in fio's
/// compatibility mode, `KiB` decimal; 1000: the other way round, as SI and IEC write them).
pub fn size(text: &str, kb_base: u64) -> Result<Size, String> {
    let (value, suffix) = number_and_suffix(text)?;
    let lower = suffix.to_ascii_lowercase();
    if lower == "%" {
        return Ok(Size::Percent(value));
    }
    let other = if kb_base == 1000 { 1024 } else { 1000 };
    let (base, power) = match lower.as_str() {
        "" | "b" => (kb_base, 0),
        "k" | "kb" => (kb_base, 1),
        "m" | "mb" => (kb_base, 2),
        "g" | "gb" => (kb_base, 3),
        "t" | "tb" => (kb_base, 4),
        "p" | "pb" => (kb_base, 5),
        "kib" => (other, 1),
        "mib" => (other, 2),
        "gib" => (other, 3),
        "tib" => (other, 4),
        "pib" => (other, 5),
        _ => return Err(format!("unknown size suffix \"{}\": fio takes k, m, g, t, p (and KiB … PiB, KB … PB)", short(suffix))),
    };
    let bytes = (0..power).try_fold(value, |v, _| v.checked_mul(base)).filter(|&b| b <= MAX_SIZE_BYTES);
    bytes.map(Size::Bytes).ok_or_else(|| format!("\"{}\" is more than 2^53 - 1 = {MAX_SIZE_BYTES} bytes", short(text.trim())))
}

/// A time in microseconds; a bare number is in `default_us` units (1 s for `runtime`, 1 µs
/// for `thinktime`), as fio reads it.
pub fn time_us(text: &str, default_us: u64) -> Result<u64, String> {
    let (value, suffix) = number_and_suffix(text)?;
    let unit = match suffix.to_ascii_lowercase().as_str() {
        "" => default_us,
        "us" | "usec" => 1,
        "ms" | "msec" => 1_000,
        "s" => 1_000_000,
        "m" => 60_000_000,
        "h" => 3_600_000_000,
        "d" => 86_400_000_000,
        _ => return Err(format!("unknown time suffix \"{}\": fio takes us, ms, s, m (minutes), h or d", short(suffix))),
    };
    value.checked_mul(unit).ok_or_else(|| format!("\"{}\" is too long a time", short(text.trim())))
}

/// A whole number (fio's integer options take size suffixes too: `iodepth=1k` is 1024).
pub fn whole(text: &str, kb_base: u64) -> Result<u32, String> {
    match size(text, kb_base)? {
        Size::Bytes(v) => u32::try_from(v).map_err(|_| format!("{v} is too large: at most {}", u32::MAX)),
        Size::Percent(_) => Err(format!("expected a whole number, not a percentage (got \"{}\")", short(text.trim()))),
    }
}

/// A flag: bare (`time_based`) or `=1`/`=0`.
pub fn flag(value: Option<&str>) -> Result<bool, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(true),
        Some(v) => match number_and_suffix(v) {
            Ok((n, "")) => Ok(n != 0),
            _ => Err(format!("a flag takes no value, 1 or 0 (got \"{}\")", short(v))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_fio_reads_them() {
        assert_eq!(size("4k", 1024), Ok(Size::Bytes(4096)));
        assert_eq!(size("4K", 1024), Ok(Size::Bytes(4096)));
        assert_eq!(size("1g", 1024), Ok(Size::Bytes(1 << 30)));
        assert_eq!(size("4KiB", 1024), Ok(Size::Bytes(4000)));
        assert_eq!(size("4KiB", 1000), Ok(Size::Bytes(4096)));
        assert_eq!(size("4kB", 1000), Ok(Size::Bytes(4000)));
        assert_eq!(size("0x1000", 1024), Ok(Size::Bytes(4096)));
        assert_eq!(size("50%", 1024), Ok(Size::Percent(50)));
        assert!(size("1.5g", 1024).unwrap_err().contains("whole numbers"));
        assert!(size("4q", 1024).unwrap_err().contains("suffix"));
        assert!(size("99999999p", 1024).unwrap_err().contains("2^53"));
        assert!(size("", 1024).is_err());
    }

    #[test]
    fn times_take_fio_suffixes_and_default_units() {
        assert_eq!(time_us("10", 1_000_000), Ok(10_000_000));
        assert_eq!(time_us("10s", 1_000_000), Ok(10_000_000));
        assert_eq!(time_us("1m", 1_000_000), Ok(60_000_000));
        assert_eq!(time_us("500ms", 1_000_000), Ok(500_000));
        assert_eq!(time_us("250", 1), Ok(250));
        assert_eq!(time_us("3usec", 1_000_000), Ok(3));
        assert!(time_us("10sec", 1_000_000).is_err());
    }

    #[test]
    fn flags_and_whole_numbers() {
        assert_eq!(flag(None), Ok(true));
        assert_eq!(flag(Some("0")), Ok(false));
        assert!(flag(Some("yes")).is_err());
        assert_eq!(whole("32", 1024), Ok(32));
        assert_eq!(whole("1k", 1024), Ok(1024));
        assert!(whole("99999999999", 1024).is_err());
    }
}
