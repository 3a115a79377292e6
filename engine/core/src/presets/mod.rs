//! The presets: one scenario JSON file each under `engine/presets/`, compiled in so the CLI,
//! the wasm build and the tests share exactly the same files.

pub mod article_lines;
pub mod articles;
mod figures;
pub mod spec_sheets;

pub use figures::{all as figures_all, find_figure, merge, Figure};

use crate::scenario::{Scenario, ScenarioError};

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// The preset the app opens with.
pub const DEFAULT_PRESET: &str = "tlc-random-read";

pub struct Preset {
    pub name: &'static str,
    pub json: &'static str,
}

pub fn all() -> impl Iterator<Item = Preset> {
    PRESET_FILES.iter().map(|&(name, json)| Preset { name, json })
}

pub fn find(name: &str) -> Option<Preset> {
    all().find(|p| p.name == name)
}

impl Preset {
    pub fn scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.json).map_err(|e| ScenarioError::new(e.field, e.code, format!("{} (in preset {})", e.message, self.name)))
    }
}

/// Every preset as a JSON array of `{ name, description, scenario }` for the web app.
pub fn catalogue_json() -> Result<String, ScenarioError> {
    let mut entries = Vec::new();
    for p in all() {
        let scenario = p.scenario()?;
        entries.push(serde_json::json!({
            "name": p.name,
            "title": scenario.name,
            "description": scenario.description,
            "scenario": scenario,
        }));
    }
    Ok(serde_json::Value::Array(entries).to_string())
}

/// Every figure as a JSON array of `{ name, title, description, article, members: [{ id,
/// label, scenario }], article_values }` for the web app's compare view. A member's `id` is its preset's
/// name (stable, what translations key on); `label` is the English text.
pub fn figures_json() -> Result<String, ScenarioError> {
    let mut out = Vec::new();
    for f in figures::all()? {
        let members: Vec<_> = f.members.iter().map(|(id, label, s)| serde_json::json!({ "id": id, "label": label, "scenario": s })).collect();
        out.push(serde_json::json!({ "name": f.name, "title": f.title, "description": f.description, "article": f.article, "members": members, "article_values": f.article_values }));
    }
    Ok(serde_json::Value::Array(out).to_string())
}

pub fn default_scenario() -> Scenario {
    find(DEFAULT_PRESET).and_then(|p| p.scenario().ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_preset_is_valid_and_named_after_its_file() {
        let mut n = 0;
        for p in super::all() {
            let s = p.scenario().unwrap();
            assert!(!s.name.is_empty(), "{} has no name", p.name);
            assert!(!s.description.is_empty(), "{} has no description", p.name);
            n += 1;
        }
        assert!(n >= 1);
        assert!(super::find(super::DEFAULT_PRESET).is_some());
    }
}
