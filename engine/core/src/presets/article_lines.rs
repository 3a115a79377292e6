//! The articles' values measured on a figure's lines: on the native runs (`measure_all`, what
//! `ssdsim articles` prints), and on the lines a page drew. The page runs a figure's members in
//! its workers and draws their headline lines; to set the article's numbers beside the engine's
//! it hands those lines back here, so the measures (`Measure::take`) and the bands have one
//! implementation. (Apart from `articles`, which `figures` reads its values' types from.)

use super::articles::{Line, MeasureAxis, Row};
use super::figures::{self, find_figure, Figure};
use crate::metrics::Series;
use crate::scenario::{ErrorCode, ScenarioError};
use crate::Simulation;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Every member's line of `figure` (its headline, or the series the figure names), run to its end.
fn lines(figure: &Figure) -> Result<Vec<(String, Series)>, ScenarioError> {
    let mut out = Vec::new();
    for (id, _, scenario) in &figure.members {
        let mut report = Simulation::run_to_end(scenario)?;
        let at = match &figure.series {
            None => 0,
            Some(want) => report
                .series
                .iter()
                .position(|s| &s.id == want)
                .ok_or_else(|| ScenarioError::new(format!("figure {}", figure.name), ErrorCode::Internal, format!("member {id} draws no series {want}")))?,
        };
        out.push((id.clone(), report.series.swap_remove(at)));
    }
    Ok(out)
}

/// Every figure's article values against the engine, running each figure that has some.
pub fn measure_all() -> Result<Vec<Row>, ScenarioError> {
    let mut rows = Vec::new();
    for figure in figures::all()? {
        if figure.article_values.is_empty() {
            continue;
        }
        let bad = |m: String| ScenarioError::new(format!("figure {}", figure.name), ErrorCode::Internal, m);
        let series = lines(&figure)?;
        let lines: Vec<Line> = series.iter().map(|(id, s)| (id.as_str(), s.points.as_slice())).collect();
        for v in &figure.article_values {
            let engine = v.measure.take(&lines).map_err(|e| bad(format!("{}: {e}", v.id)))?;
            rows.push(Row { article: figure.article.clone(), figure: figure.name, value: v.clone(), engine });
        }
    }
    Ok(rows)
}

/// A figure member's headline line as the page holds it.
#[derive(Clone, Debug, PartialEq, Deserialize, TS)]
#[ts(export, rename = "ArticleLine")]
#[serde(deny_unknown_fields)]
pub struct MemberLine {
    /// The member's id (its preset's name).
    pub member: String,
    /// Flat `x0, y0, x1, y1, …`, as the run streams them; a missing value (JSON null) reads as NaN.
    pub points: Vec<Option<f64>>,
}

/// One article value's engine number, from the lines given.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export, rename = "ArticleEngineValue")]
pub struct EngineValue {
    /// The value's id within its figure.
    pub id: String,
    /// The engine's number; absent when it could not be taken (`error` says why).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine: Option<f64>,
    /// Why there is no number: a member not given, or a line without the points the measure reads.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// The number lies in the value's band (the engine follows the article); false without one.
    pub in_band: bool,
    /// The axis the article's and the engine's numbers are in.
    pub axis: MeasureAxis,
}

/// Every article value of figure `name`, measured on `lines` (one per member; a member not
/// given leaves the values that read it without a number). Errors only for a figure that does
/// not exist or fails to load.
pub fn measure_lines(name: &str, lines: &[MemberLine]) -> Result<Vec<EngineValue>, ScenarioError> {
    let figure = find_figure(name).ok_or_else(|| ScenarioError::new("figure", ErrorCode::InvalidOption, format!("no figure named {name}")))??;
    let pairs: Vec<(&str, Vec<[f64; 2]>)> = lines.iter().map(|l| (l.member.as_str(), pairs(&l.points))).collect();
    let lines: Vec<Line> = pairs.iter().map(|(id, p)| (*id, p.as_slice())).collect();
    Ok(figure
        .article_values
        .iter()
        .map(|v| {
            let taken = v.measure.take(&lines);
            let in_band = taken.as_ref().is_ok_and(|e| v.in_band(*e));
            let (engine, error) = match taken {
                Ok(e) => (Some(e), None),
                Err(e) => (None, Some(e)),
            };
            EngineValue { id: v.id.clone(), engine, error, in_band, axis: v.measure.axis() }
        })
        .collect())
}

/// `measure_lines` from and to JSON, for the wasm build: `lines_json` is `[ArticleLine]`.
pub fn measure_lines_json(name: &str, lines_json: &str) -> Result<String, ScenarioError> {
    let lines: Vec<MemberLine> = serde_json::from_str(lines_json).map_err(|e| ScenarioError::new("lines", ErrorCode::InvalidType, format!("lines: {e}")))?;
    let values = measure_lines(name, &lines)?;
    Ok(serde_json::to_string(&values).expect("engine values always serialise"))
}

fn pairs(flat: &[Option<f64>]) -> Vec<[f64; 2]> {
    flat.chunks_exact(2).map(|c| [c[0].unwrap_or(f64::NAN), c[1].unwrap_or(f64::NAN)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(member: &str, points: &[f64]) -> MemberLine {
        MemberLine { member: member.into(), points: points.iter().map(|&v| Some(v)).collect() }
    }

    /// Article 004's values on made-up lines: each measure as `ssdsim articles` takes it.
    #[test]
    fn measures_a_figures_values_on_the_lines_given() {
        let cached = line("momentus-xt-like", &[4.0, 5.3, 256.0, 55.0, 512.0, 60.0, 768.0, 62.0, 1024.0, 63.0]);
        let not = line("momentus-xt-like-not-cached", &[4.0, 0.8, 256.0, 30.0, 512.0, 50.0, 768.0, 62.0, 1024.0, 73.0]);
        let laptop = line("hdd-5400-like", &[4.0, 0.8, 256.0, 25.0, 512.0, 40.0, 768.0, 50.0, 1024.0, 57.0]);
        let values = measure_lines("article-004-cached-vs-not", &[cached.clone(), not, laptop]).unwrap();
        let by = |id: &str| values.iter().find(|v| v.id == id).unwrap();
        assert_eq!(by("cached-4k"), &EngineValue { id: "cached-4k".into(), engine: Some(5.3), error: None, in_band: true, axis: MeasureAxis::Y });
        // 5.3 over the laptop disk's 0.8 is 6.6x: outside the article's "about 10x" band.
        let ratio = by("cached-over-uncached");
        assert_eq!((ratio.engine, ratio.in_band, ratio.axis), (Some(5.3 / 0.8), false, MeasureAxis::Ratio));
        assert_eq!(by("cached-60").engine, Some(60.0), "mean of 55, 60, 62, 63");
        assert_eq!(values.len(), 5, "every value, in the figure's order");

        // A member the page did not draw: its values say so, the others still measure.
        let alone = measure_lines("article-004-cached-vs-not", &[cached]).unwrap();
        assert_eq!(alone[0].engine, Some(5.3));
        assert!(alone[1].engine.is_none() && !alone[1].in_band);
        assert!(alone[1].error.as_deref().unwrap().contains("no member hdd-5400-like"));

        // A knee is a place on the x axis.
        let knee = measure_lines("article-001-whole-drive-write", &[line("660p-like", &[10.0, 1000.0, 76.0, 150.0])]).unwrap();
        assert_eq!((knee[0].engine, knee[0].axis), (Some(76.0), MeasureAxis::X));
    }

    #[test]
    fn json_in_and_out_and_a_clear_refusal() {
        let out = measure_lines_json("article-004-cached-vs-not", r#"[{"member":"momentus-xt-like","points":[4,5.3,8,null]}]"#).unwrap();
        assert!(out.starts_with(r#"[{"id":"cached-4k","engine":5.3,"in_band":true,"axis":"y"},{"id":"cached-over-uncached","error":"no member"#), "{out}");
        let e = measure_lines_json("no-such-figure", "[]").unwrap_err();
        assert_eq!((e.field.as_str(), e.code), ("figure", ErrorCode::InvalidOption));
        assert!(measure_lines_json("article-004-cached-vs-not", r#"[{"member":1}]"#).unwrap_err().message.starts_with("lines:"));
    }
}
