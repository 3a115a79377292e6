//! fio's `random_distribution` as a scenario writes it: `random`, `zipf:θ`, `pareto:h` or
//! `zoned:a/r…`. What each form means for the blocks a job draws is `host::distribution`.

/// Most zones a `zoned:` distribution may have.
pub const MAX_ZONES: usize = 16;

/// A parsed `random_distribution`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RandomDistribution {
    Uniform,
    Zipf(f64),
    Pareto(f64),
    /// (access percent, range percent) per zone, `count` of them.
    Zoned {
        zones: [(u8, u8); MAX_ZONES],
        count: u8,
    },
}

/// The forms `random_distribution` accepts, for messages.
pub const FORMS: &str =
    "random, zipf:θ (θ > 0), pareto:h (0 < h < 1) or zoned:a/r[:a/r...] (a % of accesses to r % of the range; what the zones leave goes to the rest)";

impl RandomDistribution {
    /// Reads fio's syntax; the error says what is wrong (the caller names the field).
    pub fn parse(text: &str) -> Result<RandomDistribution, String> {
        let text = text.trim();
        if text.is_empty() || text == "random" {
            return Ok(RandomDistribution::Uniform);
        }
        let (name, arg) = text.split_once(':').ok_or_else(|| format!("must be {FORMS} (got {})", short(text)))?;
        let number = |what: &str| -> Result<f64, String> {
            arg.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| format!("{name}: {what} must be a number (got {})", short(arg)))
        };
        match name {
            "zipf" => {
                let theta = number("θ")?;
                // Past 100 every access is rank 0 anyway; the bound keeps the maths finite.
                if !(theta > 0.0 && theta <= 100.0) {
                    return Err(format!("zipf:θ needs 0 < θ ≤ 100 (got {theta})"));
                }
                Ok(RandomDistribution::Zipf(theta))
            }
            "pareto" => {
                let h = number("h")?;
                if !(h > 0.0 && h < 1.0) {
                    return Err(format!("pareto:h needs 0 < h < 1 (got {h})"));
                }
                Ok(RandomDistribution::Pareto(h))
            }
            "zoned" => {
                let mut zones = [(0u8, 0u8); MAX_ZONES];
                let mut count = 0usize;
                let (mut accesses, mut range) = (0u32, 0u32);
                for part in arg.split(':') {
                    if count == MAX_ZONES {
                        return Err(format!("zoned: at most {MAX_ZONES} zones"));
                    }
                    let pair = part.split_once('/').and_then(|(a, r)| Some((a.trim().parse::<u8>().ok()?, r.trim().parse::<u8>().ok()?)));
                    let Some((a, r)) = pair.filter(|&(a, r)| a <= 100 && r <= 100) else {
                        return Err(format!("zoned: each zone is a/r, whole percents 0 to 100 (got {})", short(part)));
                    };
                    zones[count] = (a, r);
                    count += 1;
                    accesses += a as u32;
                    range += r as u32;
                }
                if accesses > 100 || range > 100 {
                    return Err(format!("zoned: access percents and range percents must each sum to 100 (got {accesses} and {range})"));
                }
                if accesses < 100 || range < 100 {
                    // The short form: `zoned:80/20` leaves the other 20 % of accesses to the
                    // other 80 % of the range.
                    if count == MAX_ZONES {
                        return Err(format!("zoned: at most {MAX_ZONES} zones"));
                    }
                    zones[count] = ((100 - accesses) as u8, (100 - range) as u8);
                    count += 1;
                }
                if zones[..count].iter().any(|&(a, r)| a > 0 && r == 0) {
                    return Err("zoned: a zone that gets accesses needs some of the range (r > 0)".to_string());
                }
                Ok(RandomDistribution::Zoned { zones, count: count as u8 })
            }
            _ => Err(format!("must be {FORMS} (got {})", short(text))),
        }
    }
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}
