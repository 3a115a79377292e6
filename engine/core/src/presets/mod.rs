//! The presets: one scenario JSON file each under `engine/presets/`, compiled in so the CLI,
//! the wasm build and the tests share exactly the same files.

pub mod article_lines;
pub mod articles;
mod figures;
pub mod gallery;
pub mod spec_sheets;

pub use figures::{all as figures_all, find_figure, merge, Figure};

use crate::scenario::{Scenario, ScenarioError};
use articles::ArticleValue;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// The preset the app opens with.
pub const DEFAULT_PRESET: &str = "tlc-random-read";

/// A preset file: a scenario, plus what the page shows beside it (`blurb`, `identity`), which
/// is stripped before the scenario is read (`json` holds the scenario alone).
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    pub json: &'static str,
    /// The preset in plain words (one or two sentences, no part numbers or timings), in English;
    /// the page translates it by the preset's name. The expert text is the scenario's `description`.
    pub blurb: &'static str,
    /// Which drive it is, for the colour of its lines (a workload variant keeps the drive's).
    pub identity: Option<DriveIdentity>,
}

/// Who a drive preset is on a chart: its slot in the page's palette, one colour per drive
/// everywhere. Each figure's members have distinct slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DriveIdentity {
    pub slot: u8,
}

/// The preset files' keys that are not the scenario's.
const PRESET_KEYS: [&str; 2] = ["blurb", "identity"];

/// A scenario file's text without the keys a preset file carries beside its scenario (`blurb`,
/// `identity`), so `ssdsim run engine/presets/<name>.json` runs the preset's scenario; any other
/// text is returned as it is (and refused by the scenario's parser as it would be).
pub fn scenario_text(text: &str) -> std::borrow::Cow<'_, str> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(mut doc)) if PRESET_KEYS.iter().any(|k| doc.contains_key(*k)) => {
            for key in PRESET_KEYS {
                doc.remove(key);
            }
            std::borrow::Cow::Owned(serde_json::to_string_pretty(&doc).expect("a JSON object serialises"))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

static PRESETS: std::sync::LazyLock<Vec<Preset>> = std::sync::LazyLock::new(|| PRESET_FILES.iter().map(|&(name, text)| Preset::read(name, text)).collect());

pub fn all() -> impl Iterator<Item = Preset> {
    PRESETS.iter().copied()
}

pub fn find(name: &str) -> Option<Preset> {
    all().find(|p| p.name == name)
}

impl Preset {
    /// A preset file split into its scenario and the keys beside it. A file that is not a JSON
    /// object (or has no such keys) is kept whole, so `scenario()` names what is wrong with it.
    fn read(name: &'static str, text: &'static str) -> Preset {
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let mut preset = Preset { name, json: text, blurb: "", identity: None };
        let Ok(serde_json::Value::Object(mut doc)) = serde_json::from_str::<serde_json::Value>(text) else { return preset };
        if PRESET_KEYS.iter().all(|k| !doc.contains_key(*k)) {
            return preset;
        }
        if let Some(serde_json::Value::String(blurb)) = doc.remove("blurb") {
            preset.blurb = leak(blurb);
        }
        preset.identity = doc.remove("identity").and_then(|v| serde_json::from_value(v).ok());
        preset.json = leak(serde_json::to_string_pretty(&doc).expect("a JSON object serialises"));
        preset
    }

    pub fn scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.json).map_err(|e| ScenarioError::new(e.field, e.code, format!("{} (in preset {})", e.message, self.name)))
    }
}

/// One entry of `presets()`: the preset's name (its id), its scenario normalised, and what the
/// page shows beside it. `title` and `description` are the scenario's `name` and `description`.
#[derive(Serialize, TS)]
#[ts(export, rename = "Preset")]
pub struct PresetEntry {
    pub name: &'static str,
    pub title: String,
    pub description: String,
    pub blurb: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub identity: Option<DriveIdentity>,
    pub scenario: Scenario,
}

/// Every preset as a JSON array of `PresetEntry` for the web app.
pub fn catalogue_json() -> Result<String, ScenarioError> {
    let mut entries = Vec::new();
    for p in all() {
        let scenario = p.scenario()?;
        entries.push(PresetEntry {
            name: p.name,
            title: scenario.name.clone(),
            description: scenario.description.clone(),
            blurb: p.blurb,
            identity: p.identity,
            scenario,
        });
    }
    Ok(serde_json::to_string(&entries).expect("the presets serialise"))
}

/// One figure for the web app's compare view: presets overlaid as in an article's chart.
#[derive(Serialize, TS)]
#[ts(export, rename = "Figure")]
pub struct FigureEntry {
    pub name: &'static str,
    pub title: String,
    pub description: String,
    pub article: String,
    /// The series the chart and the values read; the headline when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub series: Option<String>,
    pub members: Vec<FigureMember>,
    /// What the article measured, how the engine's number is taken from the lines, and its band.
    pub article_values: Vec<ArticleValue>,
}

/// A figure's member: `id` is its preset's name (stable, what translations key on), `label`
/// the English text, `scenario` the full scenario.
#[derive(Serialize, TS)]
#[ts(export)]
pub struct FigureMember {
    pub id: String,
    pub label: String,
    pub scenario: Scenario,
}

/// Every figure as a JSON array of `FigureEntry` (ts-rs `Figure`).
pub fn figures_json() -> Result<String, ScenarioError> {
    let figures: Vec<FigureEntry> = figures::all()?
        .into_iter()
        .map(|f| FigureEntry {
            name: f.name,
            title: f.title,
            description: f.description,
            article: f.article,
            series: f.series,
            members: f.members.into_iter().map(|(id, label, scenario)| FigureMember { id, label, scenario }).collect(),
            article_values: f.article_values,
        })
        .collect();
    Ok(serde_json::to_string(&figures).expect("the figures serialise"))
}

pub fn default_scenario() -> Scenario {
    find(DEFAULT_PRESET).and_then(|p| p.scenario().ok()).unwrap_or_default()
}

/// A number as the articles' and the gallery's tables print it: three significant figures at
/// most, no more decimals than useful.
pub(crate) fn table_number(v: f64) -> String {
    let digits = if v.abs() >= 100.0 {
        0
    } else if v.abs() >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$}")
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
            assert!(!p.blurb.is_empty(), "{} has no blurb", p.name);
            n += 1;
        }
        assert!(n >= 1);
        assert!(super::find(super::DEFAULT_PRESET).is_some());
    }

    /// A preset file's `identity` is read, never dropped for a typo (`{"slot": "2"}`), and the
    /// scenario the page and the CLI get holds neither key beside it.
    #[test]
    fn every_identity_is_read_and_stripped_from_the_scenario() {
        for (p, &(_, text)) in super::all().zip(super::PRESET_FILES) {
            assert_eq!(p.identity.is_some(), text.contains("\"identity\""), "{}", p.name);
            assert!(!p.json.contains("\"identity\"") && !p.json.contains("\"blurb\""), "{}", p.name);
        }
    }
}
