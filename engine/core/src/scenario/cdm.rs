//! CrystalDiskMark's tests: its named test sets, and tests set by hand the way its Settings
//! dialog does (type, block size, queues, threads), written as CrystalDiskMark names them:
//! `SEQ1M Q8T1`, `RND4K Q32T4`. Vendors measure their spec sheets' random IOPS at QD32 with
//! several threads (Samsung: 4), which only a custom set can reproduce.

use super::knobs::KnobValue;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// CrystalDiskMark's test sets (its Settings menu).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, KnobValue)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum CdmProfile {
    /// SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1.
    #[option("Default")]
    Default,
    /// "NVMe SSD": SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1.
    #[option("NVMe SSD")]
    Nvme,
    /// The tests listed in `tests`.
    #[option("Custom tests")]
    Custom,
}

/// One test: sequential or random, block size, queue depth and threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CdmTest {
    pub name: String,
    pub random: bool,
    pub bs: u64,
    pub queues: u32,
    pub threads: u32,
}

/// Most tests a custom set may have (CrystalDiskMark shows four; more are allowed here).
pub const MAX_CDM_TESTS: usize = 8;

const DEFAULT: &str = "SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1";
const NVME: &str = "SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1";

impl CdmProfile {
    /// The profile's tests; `custom` is the text of a custom set.
    pub fn tests(self, custom: &str) -> Result<Vec<CdmTest>, String> {
        match self {
            CdmProfile::Default => parse_tests(DEFAULT),
            CdmProfile::Nvme => parse_tests(NVME),
            CdmProfile::Custom => parse_tests(custom),
        }
    }
}

/// "SEQ1M Q8T1, RND4K Q32T4": tests separated by commas.
pub fn parse_tests(text: &str) -> Result<Vec<CdmTest>, String> {
    let tests: Vec<CdmTest> = text.split(',').map(str::trim).filter(|t| !t.is_empty()).map(parse_test).collect::<Result<_, _>>()?;
    if tests.is_empty() || tests.len() > MAX_CDM_TESTS {
        return Err(format!("must list 1 to {MAX_CDM_TESTS} tests such as \"SEQ1M Q8T1, RND4K Q32T4\" (got {})", tests.len()));
    }
    Ok(tests)
}

fn parse_test(text: &str) -> Result<CdmTest, String> {
    let bad = || format!("\"{text}\" is not a test such as SEQ1M Q8T1 or RND4K Q32T4 (SEQ or RND, a block size in K or M, Q1-512, T1-64)");
    let (kind, rest) = text.split_once(char::is_whitespace).ok_or_else(bad)?;
    let upper = kind.to_ascii_uppercase();
    let (random, size) = if let Some(size) = upper.strip_prefix("SEQ") {
        (false, size)
    } else if let Some(size) = upper.strip_prefix("RND") {
        (true, size)
    } else {
        return Err(bad());
    };
    let (digits, unit) = size.split_at(size.len().saturating_sub(1));
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let bs = match unit {
        "K" => n * 1024,
        "M" => n * 1024 * 1024,
        _ => return Err(bad()),
    };
    if !(4096..=64 << 20).contains(&bs) || !bs.is_multiple_of(4096) {
        return Err(format!("\"{text}\": the block size must be a multiple of 4K from 4K to 64M"));
    }
    let qt = rest.trim().to_ascii_uppercase();
    let (q, t) = qt.strip_prefix('Q').and_then(|r| r.split_once('T')).ok_or_else(bad)?;
    let queues: u32 = q.parse().map_err(|_| bad())?;
    let threads: u32 = t.parse().map_err(|_| bad())?;
    if !(1..=512).contains(&queues) || !(1..=64).contains(&threads) {
        return Err(bad());
    }
    Ok(CdmTest { name: format!("{} Q{queues}T{threads}", kind.to_ascii_uppercase()), random, bs, queues, threads })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_parse_as_crystaldiskmark_names_them() {
        let t = parse_tests("SEQ1M Q8T1, rnd4k q32t4").unwrap();
        assert_eq!(t[0], CdmTest { name: "SEQ1M Q8T1".into(), random: false, bs: 1 << 20, queues: 8, threads: 1 });
        assert_eq!(t[1], CdmTest { name: "RND4K Q32T4".into(), random: true, bs: 4096, queues: 32, threads: 4 });
        assert_eq!(CdmProfile::Nvme.tests("").unwrap()[2].threads, 16);
        for bad in [
            "",
            "SEQ1M",
            "SEQ1G Q1T1",
            "RND3K Q1T1",
            "RND4K Q0T1",
            "RND4K Q1T65",
            "XYZ4K Q1T1",
            "SEQ1M Q8T1,,,,,,,,,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1,SEQ1M Q8T1",
        ] {
            assert!(parse_tests(bad).is_err(), "{bad}");
        }
    }
}
