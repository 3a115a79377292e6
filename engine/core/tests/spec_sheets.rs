//! Every "-like" preset within ±20 % of its spec sheet under the spec sheet's own conditions,
//! and docs/spec-sheets.md showing exactly the table `ssdsim spec-sheets` prints.

use ssd_core::presets::spec_sheets;

#[test]
fn every_like_preset_is_within_20_percent_of_its_spec_sheet_and_the_docs_say_so() {
    let mut rows = Vec::new();
    for sheet in spec_sheets::all().unwrap() {
        rows.extend(sheet.measure().unwrap());
    }
    let table = spec_sheets::markdown(&rows);
    println!("{table}");
    for r in &rows {
        assert!(
            r.within_tolerance(),
            "{} {} {}: {:.0} {} against the spec sheet's {:.0} ({:.2})",
            r.preset,
            r.test,
            r.op,
            r.measured,
            r.unit,
            r.spec,
            r.ratio()
        );
    }
    // Every preset named after a real drive has a sheet.
    for p in ssd_core::presets::all() {
        let like = p.name.ends_with("-like") && !p.name.starts_with("ssd520-like-");
        assert!(!like || rows.iter().any(|r| r.preset == p.name), "{} has no spec sheet", p.name);
    }
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/spec-sheets.md")).unwrap();
    let inside = docs.split("<!-- spec-sheets:begin -->\n").nth(1).and_then(|d| d.split("<!-- spec-sheets:end -->").next()).unwrap();
    assert_eq!(inside, table, "docs/spec-sheets.md is out of date: rerun `ssdsim spec-sheets` and paste its table");
}
