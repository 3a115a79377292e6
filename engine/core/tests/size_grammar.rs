//! One size grammar for the engine and the page: `units::parse_size` against the test vectors
//! the web app's `parseSize` reads too (tests/fixtures/size-grammar.json).

use serde_json::Value;
use ssd_core::units::parse_size;

#[test]
fn rust_reads_sizes_exactly_as_the_page_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/size-grammar.json");
    let text = std::fs::read_to_string(path).expect("the shared size vectors exist");
    let vectors: Value = serde_json::from_str(&text).expect("the vectors are JSON");
    let valid = vectors["valid"].as_array().expect("a valid list");
    let invalid = vectors["invalid"].as_array().expect("an invalid list");
    assert!(valid.len() >= 20 && invalid.len() >= 20, "the vectors cover the grammar");
    for case in valid {
        let text = case[0].as_str().expect("text");
        let bytes = case[1].as_u64().expect("bytes");
        assert_eq!(parse_size(text), Ok(bytes), "{text:?}");
    }
    for case in invalid {
        let text = case.as_str().expect("text");
        assert!(parse_size(text).is_err(), "{text:?} must be refused");
    }
}
