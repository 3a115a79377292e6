//! Compiles every `engine/presets/*.json` (scenarios), `engine/presets/figures/*.json`
//! (overlays of presets that redraw an article's chart) and `engine/presets/spec-sheets/*.json`
//! (the public figures a "-like" preset is checked against) and `engine/presets/gallery/*.json`
//! (public measurements of real drives, repeated on their presets) into the crate, sorted by name.

use std::{env, fs, path::Path};

fn collect(dir: &Path, table: &str, out: &mut String) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} must exist: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    *out += &format!("pub static {table}: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_stem().unwrap().to_string_lossy();
        let path = fs::canonicalize(f).unwrap();
        *out += &format!("    ({name:?}, include_str!({:?})),\n", path.display().to_string());
    }
    *out += "];\n";
}

fn main() {
    let presets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../presets");
    let mut out = String::new();
    collect(&presets, "PRESET_FILES", &mut out);
    collect(&presets.join("figures"), "FIGURE_FILES", &mut out);
    collect(&presets.join("spec-sheets"), "SPEC_SHEET_FILES", &mut out);
    collect(&presets.join("gallery"), "GALLERY_FILES", &mut out);
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("presets.rs"), out).unwrap();
}
