//! Figures: several presets drawn on one chart, the way an article compares drives. A figure
//! names its members (a preset each, with a label) and an optional patch merged over every
//! member's scenario, e.g. to swap the workload from random reads to random writes.

use super::articles::{self, ArticleValue};
use super::{find, FIGURE_FILES};
use crate::scenario::{Scenario, ScenarioError};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FigureFile {
    title: String,
    description: String,
    article: String,
    members: Vec<MemberFile>,
    #[serde(default)]
    patch: Value,
    /// The series the figure's chart and its values read (an id such as `waf_window`); the
    /// members' headline when absent.
    #[serde(default)]
    series: Option<String>,
    /// What the article measured, beside the engine's measure of the same thing.
    #[serde(default)]
    article_values: Vec<ArticleValue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberFile {
    label: String,
    preset: String,
}

pub struct Figure {
    pub name: &'static str,
    pub title: String,
    pub description: String,
    pub article: String,
    /// The series the values are measured on; the headline (series 0) when `None`.
    pub series: Option<String>,
    /// (preset name, English label, scenario): the preset name is the member's id.
    pub members: Vec<(String, String, Scenario)>,
    pub article_values: Vec<ArticleValue>,
}

/// Merges `patch` into `base` (JSON merge patch semantics without deletion).
pub fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                merge(b.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (b, p) if !p.is_null() => *b = p.clone(),
        _ => {}
    }
}

fn load(name: &'static str, json: &str) -> Result<Figure, ScenarioError> {
    let bad = |m: String| ScenarioError::new(format!("figure {name}"), crate::scenario::ErrorCode::Internal, m);
    let file: FigureFile = serde_json::from_str(json).map_err(|e| bad(e.to_string()))?;
    let mut members = Vec::new();
    for m in file.members {
        let preset = find(&m.preset).ok_or_else(|| bad(format!("names preset {} which does not exist", m.preset)))?;
        let mut v: Value = serde_json::from_str(preset.json).map_err(|e| bad(e.to_string()))?;
        if let Some(w) = file.patch.get("workload") {
            // A new workload replaces the preset's whole: fields of another kind must not mix.
            v["workload"] = w.clone();
        }
        merge(&mut v, &file.patch);
        let scenario = Scenario::from_json(&v.to_string()).map_err(|e| bad(format!("member {}: {e}", m.label)))?;
        members.push((m.preset, m.label, scenario));
    }
    let ids: Vec<&str> = members.iter().map(|(id, _, _)| id.as_str()).collect();
    articles::check(&ids, &file.article_values).map_err(bad)?;
    Ok(Figure {
        name,
        title: file.title,
        description: file.description,
        article: file.article,
        series: file.series,
        members,
        article_values: file.article_values,
    })
}

pub fn all() -> Result<Vec<Figure>, ScenarioError> {
    FIGURE_FILES.iter().map(|&(name, json)| load(name, json)).collect()
}

pub fn find_figure(name: &str) -> Option<Result<Figure, ScenarioError>> {
    FIGURE_FILES.iter().find(|f| f.0 == name).map(|&(n, json)| load(n, json))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_figure_loads_and_patches_its_members() {
        let figures = super::all().unwrap();
        assert!(figures.len() >= 2);
        let write = figures.iter().find(|f| f.name == "article-000-random-write").unwrap();
        for (_, _, s) in &write.members {
            let crate::scenario::Workload::SpanSweep(w) = &s.workload else { panic!("span sweep") };
            assert_eq!(w.rw, crate::scenario::Rw::Randwrite);
        }
    }
}
