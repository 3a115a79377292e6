//! The articles' own numbers beside the engine's. Each figure file lists what its article
//! measured (`article_values`): the number, the engine's measure of the same thing on the
//! figure's lines (a point, a mean of samples the way the article's tool averages, a ratio
//! of two points), and the band the engine must land in for the figure to follow the article.
//! Where the engine is known to differ, the value says why (`differs`), and the page and
//! `docs/articles.md` say so beside the number. `ssdsim articles` prints the table the docs
//! hold (measured by `article_lines::measure_all`); a test keeps the two in step and holds
//! every value to its band - or, for a stated difference, outside it, so a difference that
//! closes cannot go unnoticed.

use super::table_number as num;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One number an article states, as a figure file lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct ArticleValue {
    /// Stable within its figure: the page translates and links by it.
    pub id: String,
    /// What the article measured, in English.
    pub label: String,
    /// The article's number, in the unit of the measure (the figure's axis, or a ratio);
    /// absent where the article states a direction but no number ("slower", "faster").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub article: Option<f64>,
    pub measure: Measure,
    /// The engine's value follows the article when it lies in `[band[0], band[1]]`.
    pub band: [f64; 2],
    /// Why the engine does not follow the article here, when it is known not to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub differs: Option<String>,
}

/// A point of a member's headline line: the sample nearest `x`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, rename = "ArticlePoint")]
#[serde(deny_unknown_fields)]
pub struct Point {
    pub member: String,
    pub x: f64,
}

/// A member's samples with `from <= x <= to`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, rename = "ArticleRange")]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub member: String,
    pub from: f64,
    pub to: f64,
}

/// A member's headline line as a measure reads it: the member's id and its points `[x, y]`.
pub type Line<'a> = (&'a str, &'a [[f64; 2]]);

/// The axis a measure's number is in, so the page writes it in the unit of the chart beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "ArticleMeasureAxis")]
#[serde(rename_all = "snake_case")]
pub enum MeasureAxis {
    X,
    Y,
    Ratio,
}

/// How the engine's number is taken from the figure's lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, rename = "ArticleMeasure")]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    At(Point),
    /// The mean of the samples, as a benchmark averaging its readings reports.
    Mean(Range),
    Min(Range),
    Max(Range),
    /// The value 90 % of the samples lie under: the level a line recovers to between dips.
    P90(Range),
    /// The highest sample above the median: how far a spike rises over the usual.
    Rise(Range),
    /// The value 90 % of the samples lie under, above the median: near 0 when spikes are
    /// occasional (fewer than 1 sample in 10), as large as the spikes when most samples rise.
    P90Rise(Range),
    /// The mean of the samples in the last `share` of the line's x range: the level a line
    /// settles at (steady state), wherever each member's run ends.
    TailMean {
        member: String,
        share: f64,
    },
    /// The first `x` whose value falls below `below`: where a knee or a cliff is.
    FirstBelow {
        member: String,
        below: f64,
    },
    /// The first point over the second.
    Ratio([Point; 2]),
    /// The first point minus the second.
    Difference([Point; 2]),
}

impl Measure {
    /// The members the measure reads, to check they exist.
    pub fn members(&self) -> Vec<&str> {
        match self {
            Measure::At(p) => vec![&p.member],
            Measure::Mean(r) | Measure::Min(r) | Measure::Max(r) | Measure::P90(r) | Measure::Rise(r) | Measure::P90Rise(r) => vec![&r.member],
            Measure::FirstBelow { member, .. } | Measure::TailMean { member, .. } => vec![member],
            Measure::Ratio([a, b]) | Measure::Difference([a, b]) => vec![&a.member, &b.member],
        }
    }

    /// Which axis the measure's number is in: a point, a mean or a spike is a value of the
    /// line (y); where a line falls below a level is a place on it (x); a ratio has no unit.
    pub fn axis(&self) -> MeasureAxis {
        match self {
            Measure::FirstBelow { .. } => MeasureAxis::X,
            Measure::Ratio(_) => MeasureAxis::Ratio,
            _ => MeasureAxis::Y,
        }
    }

    /// The engine's number from each member's headline line (`lines`: member id, its points).
    /// The one implementation: `ssdsim articles` measures the native runs with it, and the page
    /// the lines it drew (through the wasm build), so the two cannot read a figure differently.
    pub fn take(&self, lines: &[Line]) -> Result<f64, String> {
        let line = |m: &str| lines.iter().find(|(id, _)| *id == m).map(|(_, points)| *points).ok_or_else(|| format!("no member {m}"));
        let at = |p: &Point| -> Result<f64, String> {
            line(&p.member)?
                .iter()
                .min_by(|a, b| (a[0] - p.x).abs().total_cmp(&(b[0] - p.x).abs()))
                .map(|q| q[1])
                .ok_or_else(|| format!("{} drew no points", p.member))
        };
        let within = |r: &Range| -> Result<Vec<f64>, String> {
            let ys: Vec<f64> = line(&r.member)?.iter().filter(|q| q[0] >= r.from && q[0] <= r.to).map(|q| q[1]).collect();
            if ys.is_empty() {
                return Err(format!("{} has no points from {} to {}", r.member, r.from, r.to));
            }
            Ok(ys)
        };
        Ok(match self {
            Measure::At(p) => at(p)?,
            Measure::Mean(r) => {
                let ys = within(r)?;
                ys.iter().sum::<f64>() / ys.len() as f64
            }
            Measure::Min(r) => within(r)?.into_iter().fold(f64::INFINITY, f64::min),
            Measure::Max(r) => within(r)?.into_iter().fold(f64::NEG_INFINITY, f64::max),
            Measure::P90(r) => quantile(within(r)?, 0.9),
            Measure::Rise(r) => {
                let ys = within(r)?;
                let max = ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                max - quantile(ys, 0.5)
            }
            Measure::P90Rise(r) => {
                let ys = within(r)?;
                quantile(ys.clone(), 0.9) - quantile(ys, 0.5)
            }
            Measure::TailMean { member, share } => {
                let points = line(member)?;
                let (Some(first), Some(last)) = (points.first(), points.last()) else { return Err(format!("{member} drew no points")) };
                if !(*share > 0.0 && *share <= 1.0) {
                    return Err(format!("share {share} is outside (0, 1]"));
                }
                let from = last[0] - (last[0] - first[0]) * share;
                let ys: Vec<f64> = points.iter().filter(|q| q[0] >= from && q[1].is_finite()).map(|q| q[1]).collect();
                if ys.is_empty() {
                    return Err(format!("{member} has no numbers in its last {share}"));
                }
                ys.iter().sum::<f64>() / ys.len() as f64
            }
            Measure::FirstBelow { member, below } => {
                line(member)?.iter().find(|q| q[1] < *below).map(|q| q[0]).ok_or_else(|| format!("{member} never falls below {below}"))?
            }
            Measure::Ratio([a, b]) => at(a)? / at(b)?,
            Measure::Difference([a, b]) => at(a)? - at(b)?,
        })
    }
}

fn quantile(mut ys: Vec<f64>, q: f64) -> f64 {
    ys.sort_by(f64::total_cmp);
    ys[((ys.len() - 1) as f64 * q).round() as usize]
}

/// One line of the table: an article's number beside the engine's.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub article: String,
    pub figure: &'static str,
    pub value: ArticleValue,
    pub engine: f64,
}

impl ArticleValue {
    /// The engine's number follows the article's.
    pub fn in_band(&self, engine: f64) -> bool {
        engine >= self.band[0] && engine <= self.band[1]
    }
}

impl Row {
    pub fn in_band(&self) -> bool {
        self.value.in_band(self.engine)
    }

    /// In its band, or outside it where the figure says the engine differs.
    pub fn as_stated(&self) -> bool {
        self.in_band() == self.value.differs.is_none()
    }
}

/// A figure's values name only its members and each id once (checked when figures load).
pub(super) fn check(figure_members: &[&str], values: &[ArticleValue]) -> Result<(), String> {
    for (i, v) in values.iter().enumerate() {
        if values[..i].iter().any(|w| w.id == v.id) {
            return Err(format!("article value {} is listed twice", v.id));
        }
        if let Some(m) = v.measure.members().into_iter().find(|m| !figure_members.contains(m)) {
            return Err(format!("article value {} reads member {m}, which the figure does not have", v.id));
        }
        if v.band[0].is_nan() || v.band[1].is_nan() || v.band[0] > v.band[1] {
            return Err(format!("article value {}: band {:?} is empty", v.id, v.band));
        }
    }
    Ok(())
}

/// A band's upper end at or above this has none ("at least").
pub const UNBOUNDED: f64 = 1e6;

/// The Markdown table `docs/articles.md` holds between its markers.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| Article | Figure | What the article measured | Article | Engine | Engine / article | Accepted | Follows |\n|---|---|---|---:|---:|---:|---|---|\n",
    );
    for r in rows {
        let article = r.value.article.map_or("-".into(), num);
        let ratio = r.value.article.filter(|a| *a != 0.0).map_or("-".into(), |a| format!("{:.2}", r.engine / a));
        let [lo, hi] = r.value.band;
        let band = if lo == hi {
            num(lo)
        } else if hi >= UNBOUNDED {
            format!("at least {}", num(lo))
        } else if lo <= 0.0 {
            format!("at most {}", num(hi))
        } else {
            format!("{} to {}", num(lo), num(hi))
        };
        let follows = match (&r.value.differs, r.in_band()) {
            (None, true) => "yes".to_string(),
            (Some(why), false) => format!("no: {why}"),
            (None, false) => "NO (outside its band)".to_string(),
            (Some(_), true) => "yes, though stated to differ".to_string(),
        };
        out.push_str(&format!("| {} | {} | {} | {} | {} | {} | {} | {} |\n", r.article, r.figure, r.value.label, article, num(r.engine), ratio, band, follows));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure(json: &str) -> Measure {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn each_measure_reads_the_lines_as_its_name_says() {
        let lines: [Line; 2] = [("a", &[[1.0, 100.0], [2.0, 90.0], [4.0, 20.0], [8.0, 30.0], [16.0, 10.0]]), ("b", &[[1.0, 50.0], [4.0, 10.0]])];
        let take = |j: &str| measure(j).take(&lines).unwrap();
        assert_eq!(take(r#"{"at":{"member":"a","x":3.1}}"#), 20.0, "the nearest sample");
        assert_eq!(take(r#"{"mean":{"member":"a","from":2,"to":8}}"#), 140.0 / 3.0);
        assert_eq!(take(r#"{"min":{"member":"a","from":0,"to":8}}"#), 20.0);
        assert_eq!(take(r#"{"max":{"member":"a","from":2,"to":16}}"#), 90.0);
        assert_eq!(take(r#"{"p90":{"member":"a","from":0,"to":100}}"#), 100.0);
        assert_eq!(take(r#"{"rise":{"member":"a","from":0,"to":100}}"#), 70.0, "max 100 over the median 30");
        // One spike in eleven samples: it rises, but 9 in 10 samples sit at the median.
        let spiky: Vec<[f64; 2]> = (0..11).map(|i| [i as f64, if i == 5 { 9.0 } else { 1.0 }]).collect();
        let once: [Line; 1] = [("c", &spiky)];
        assert_eq!(measure(r#"{"rise":{"member":"c","from":0,"to":100}}"#).take(&once).unwrap(), 8.0);
        assert_eq!(measure(r#"{"p90_rise":{"member":"c","from":0,"to":100}}"#).take(&once).unwrap(), 0.0, "occasional");
        assert_eq!(take(r#"{"p90_rise":{"member":"a","from":0,"to":100}}"#), 70.0, "p90 100 over the median 30");
        assert_eq!(take(r#"{"first_below":{"member":"a","below":50}}"#), 4.0);
        assert_eq!(take(r#"{"tail_mean":{"member":"a","share":0.5}}"#), 10.0, "x from 8.5 on");
        assert_eq!(take(r#"{"tail_mean":{"member":"a","share":0.95}}"#), 37.5, "x from 1.75 on");
        assert!(measure(r#"{"tail_mean":{"member":"a","share":0}}"#).take(&lines).unwrap_err().contains("outside"));
        assert_eq!(take(r#"{"ratio":[{"member":"a","x":1},{"member":"b","x":1}]}"#), 2.0);
        assert_eq!(take(r#"{"difference":[{"member":"a","x":4},{"member":"b","x":4}]}"#), 10.0);
        assert!(measure(r#"{"mean":{"member":"a","from":32,"to":64}}"#).take(&lines).unwrap_err().contains("no points"));
        assert!(measure(r#"{"first_below":{"member":"b","below":1}}"#).take(&lines).unwrap_err().contains("never falls"));
    }

    #[test]
    fn a_figure_may_name_only_its_members_and_each_value_once() {
        let v = |id: &str, member: &str| ArticleValue {
            id: id.into(),
            label: String::new(),
            article: None,
            measure: Measure::At(Point { member: member.into(), x: 1.0 }),
            band: [0.0, 1.0],
            differs: None,
        };
        assert!(check(&["a"], &[v("x", "a")]).is_ok());
        assert!(check(&["a"], &[v("x", "c")]).unwrap_err().contains("member c"));
        assert!(check(&["a"], &[v("x", "a"), v("x", "a")]).unwrap_err().contains("twice"));
        let mut empty = v("x", "a");
        empty.band = [2.0, 1.0];
        assert!(check(&["a"], &[empty]).unwrap_err().contains("empty"));
    }
}
