//! Every number of the five articles beside the engine's, as `ssdsim articles` prints it and
//! docs/articles.md holds it: each follows its article within its band, or is stated - on
//! screen and in the docs - to differ, and lies outside its band (so a difference that closes
//! must be restated).

use ssd_core::presets::{article_lines, articles};

#[test]
fn every_article_value_follows_its_article_or_says_why_not_and_the_docs_say_so() {
    let rows = article_lines::measure_all().unwrap();
    let table = articles::markdown(&rows);
    println!("{table}");
    for r in &rows {
        assert!(
            r.as_stated(),
            "{} {}: engine {:.3} against the article's {:?} (band {:?}; {})",
            r.figure,
            r.value.id,
            r.engine,
            r.value.article,
            r.value.band,
            r.value.differs.as_deref().unwrap_or("stated to follow")
        );
    }
    // Every article has values, and each headline figure of the five is covered.
    for a in ["000", "001", "002", "003", "004"] {
        assert!(rows.iter().any(|r| r.article == a), "article {a} has no values");
    }
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/articles.md")).unwrap();
    let inside = docs.split("<!-- articles:begin -->\n").nth(1).and_then(|d| d.split("<!-- articles:end -->").next()).unwrap();
    assert_eq!(inside, table, "docs/articles.md is out of date: rerun `ssdsim articles` and paste its table");
}
