//! Units shared by the scenario format and the engine.
//!
//! Sizes are bytes (`u64`), times are nanoseconds (`Nanos`). Scenario files may write sizes as
//! numbers or as strings with a suffix, the way fio does: `4k`, `64g`, `1.5m` are binary
//! (1024-based, fio's default `kb_base`), `KiB`/`MiB`/`GiB`/`TiB` are binary too, and
//! `KB`/`MB`/`GB`/`TB` are decimal (SI) so that drive capacities can be written as printed on
//! the box.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use ts_rs::TS;

/// Simulated time in nanoseconds since the start of the run.
pub type Nanos = u64;

pub const KIB: u64 = 1024;
pub const MIB: u64 = 1024 * KIB;
pub const GIB: u64 = 1024 * MIB;

/// The FTL's mapping unit: one L2P entry covers 4 KiB of logical space.
pub const MAPPING_UNIT_BYTES: u64 = 4 * KIB;

/// A size in bytes. Serialises as a plain number; deserialises from a number or a string such
/// as `"4k"` or `"512GB"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, TS)]
#[ts(type = "number | string")]
pub struct Bytes(pub u64);

impl Bytes {
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

/// The largest size a scenario may hold: 2^53 - 1, the largest integer JavaScript (and so a
/// share link) holds exactly.
pub const MAX_SIZE_BYTES: u64 = (1 << 53) - 1;

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a size in bytes: a whole number, or a string like \"4k\", \"64GiB\" or \"512GB\"")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Bytes, E> {
                if v > MAX_SIZE_BYTES {
                    return Err(E::custom(format!("a size must be at most 2^53 - 1 = {MAX_SIZE_BYTES} bytes (got {v})")));
                }
                Ok(Bytes(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Bytes, E> {
                u64::try_from(v).map_err(|_| E::custom(format!("a size cannot be negative (got {v})"))).and_then(|v| self.visit_u64(v))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Bytes, E> {
                if v >= 0.0 && v.fract() == 0.0 && v <= MAX_SIZE_BYTES as f64 {
                    Ok(Bytes(v as u64))
                } else {
                    Err(E::custom(format!("a size must be a whole number of bytes from 0 to 2^53 - 1 (got {v})")))
                }
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Bytes, E> {
                parse_size(v).map(Bytes).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A size as the page shows it in messages, in binary units: "0 B", "64 GiB", "1.5 MiB", or
/// where no unit states it in a few digits, rounded with the exact bytes after it
/// ("476.94 GiB (512110190592 bytes)").
pub fn size_text(bytes: f64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = bytes;
    let mut i = 0;
    while v.abs() >= 1024.0 && i < UNITS.len() - 1 {
        v /= 1024.0;
        i += 1;
    }
    if (v * 4.0).fract() == 0.0 {
        format!("{v} {}", UNITS[i])
    } else if bytes.fract() == 0.0 && bytes.abs() < 2f64.powi(53) {
        format!("{:.2} {} ({bytes} bytes)", v, UNITS[i])
    } else {
        format!("{:.2} {}", v, UNITS[i])
    }
}

/// Parses a size the way people and fio write it: `"4096"`, `"4k"`, `"1.5GiB"`, `"512GB"`.
/// Suffixes are case-insensitive: none or `b` = bytes; `k m g t p` and `kib … pib` binary;
/// `kb … pb` decimal (as printed on the box). The value must be a whole number of bytes, at
/// most 2^53 - 1; it is computed exactly from the decimal digits, never through a float.
/// The web app's `parseBytes` implements the same grammar; both are tested against
/// `tests/fixtures/size-grammar.json`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let not_a_size = || format!("\"{text}\" is not a size: expected a number with an optional suffix like 4k, 64GiB or 512GB");
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, suffix) = t.split_at(split);
    let suffix = suffix.trim_start();
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits_only(whole) || !digits_only(fraction) || !suffix.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(not_a_size());
    }
    let multiplier: u128 = match suffix.to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" => 1 << 10,
        "m" | "mib" => 1 << 20,
        "g" | "gib" => 1 << 30,
        "t" | "tib" => 1 << 40,
        "p" | "pib" => 1 << 50,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        "tb" => 1_000_000_000_000,
        "pb" => 1_000_000_000_000_000,
        _ => return Err(format!("unknown size suffix \"{suffix}\" in \"{text}\": use k, m, g, t, p (binary), KiB … PiB (binary) or KB … PB (decimal)")),
    };
    // value = digits / 10^fraction_len × multiplier, exactly; too many digits is simply too big.
    let too_big = || format!("\"{text}\" is more than 2^53 - 1 = {MAX_SIZE_BYTES} bytes");
    let fraction = fraction.trim_end_matches('0');
    let whole = whole.trim_start_matches('0');
    if whole.len() > 16 {
        return Err(too_big());
    }
    if fraction.len() > 22 {
        return Err(format!("\"{text}\" has more decimal places than a size needs (at most 22)"));
    }
    let scaled: u128 = format!("{whole}{fraction}").parse::<u128>().unwrap_or(0);
    let denominator = 10u128.pow(fraction.len() as u32);
    // Past u128 the quotient is past 2^53 too, whatever the denominator (at most 10^22).
    let Some(numerator) = scaled.checked_mul(multiplier) else {
        return Err(too_big());
    };
    if numerator % denominator != 0 {
        return Err(format!("\"{text}\" is not a whole number of bytes"));
    }
    let bytes = numerator / denominator;
    if bytes > MAX_SIZE_BYTES as u128 {
        return Err(too_big());
    }
    Ok(bytes as u64)
}

/// Time for `bytes` to cross a link of `bytes_per_s`, rounded up to a whole nanosecond.
/// Integer arithmetic keeps native and wasm results identical.
#[inline]
pub fn transfer_ns(bytes: u64, bytes_per_s: u64) -> Nanos {
    let bytes_per_s = bytes_per_s.max(1);
    (bytes as u128 * 1_000_000_000).div_ceil(bytes_per_s as u128) as Nanos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_like_fio_and_like_the_box() {
        assert_eq!(parse_size("4096").unwrap(), 4096);
        assert_eq!(parse_size("4k").unwrap(), 4096);
        assert_eq!(parse_size("64g").unwrap(), 64 * GIB);
        assert_eq!(parse_size("1.5MiB").unwrap(), 1_572_864);
        assert_eq!(parse_size("512GB").unwrap(), 512_000_000_000);
        assert_eq!(parse_size("1PiB").unwrap(), 1 << 50);
        assert_eq!(parse_size("1.5 gb").unwrap(), 1_500_000_000);
        assert!(parse_size("4q").unwrap_err().contains("unknown size suffix"));
        assert!(parse_size("1.0001k").is_err());
        assert!(parse_size("8p").unwrap_err().contains("2^53"));
        assert!(parse_size("abc").is_err());
        assert!(parse_size("0.3").is_err());
    }

    #[test]
    fn sizes_deserialise_from_numbers_and_strings() {
        let b: Bytes = serde_json::from_str("\"16k\"").unwrap();
        assert_eq!(b, Bytes(16384));
        let b: Bytes = serde_json::from_str("8192").unwrap();
        assert_eq!(b, Bytes(8192));
        assert!(serde_json::from_str::<Bytes>("-1").is_err());
        assert_eq!(serde_json::to_string(&Bytes(4096)).unwrap(), "4096");
    }

    #[test]
    fn transfer_time_rounds_up() {
        assert_eq!(transfer_ns(4096, 1_000_000_000), 4096);
        assert_eq!(transfer_ns(1, 3), 333_333_334);
    }
}
