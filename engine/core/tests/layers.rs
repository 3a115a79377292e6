//! The engine's structure, held: its modules stand in layers and import only from layers below
//! (so the scenario format at the bottom never learns of the run loop above it), and no two
//! files import each other, directly or around a loop. A change that adds an import running
//! back up, or a circle of files, fails here naming the files and the names that tie them.
//!
//! The source is read as text: `crate::…`, `super::…` and `self::…` paths (in `use` items and
//! inline), each name resolved to the file that defines it, following `pub use` re-exports.
//! A module's own file (`mod.rs`) may use its submodules, which it declares and composes;
//! every other import counts, a submodule's use of its parent's items included. Test code
//! (`#[cfg(test)]` modules, `tests.rs` files) may reach anywhere and is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Bottom to top. A module imports only from layers below its own.
const LAYERS: &[&[&str]] = &[
    &["units", "rng", "theory", "trace"],
    &["scenario"],
    &["media", "metrics", "fio"],
    &["host", "ftl"],
    &["controller", "lab"],
    &["device"],
    &["resolve"],
    &["sim"],
    &["report"],
    &["bench", "presets"],
];

/// What the crate root re-exports, by name: the module each comes from.
const ROOT_NAMES: &[(&str, &str)] =
    &[("Simulation", "sim"), ("Report", "report"), ("Summary", "report"), ("Scenario", "scenario"), ("ScenarioError", "scenario")];

struct Source {
    /// Module path of each file (`["device", "tier"]`), and its text without comments,
    /// strings and test code.
    files: BTreeMap<PathBuf, (Vec<String>, String)>,
    modules: BTreeMap<Vec<String>, PathBuf>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The text with comments, string and char literals blanked and `#[cfg(test)]` items cut.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'r' && (b.get(i + 1) == Some(&b'#') || b.get(i + 1) == Some(&b'"')) && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            // A raw string: r"…" or r#"…"#.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            i += 2 + hashes;
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
        } else {
            out.push(if b[i].is_ascii() { b[i] as char } else { ' ' });
            i += 1;
        }
    }
    out
}

fn read_source() -> Source {
    let root = src_dir();
    let mut files = BTreeMap::new();
    let mut modules = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.file_name().unwrap() == "tests.rs" {
                continue;
            }
            let rel = path.strip_prefix(&root).unwrap();
            let mut module: Vec<String> = rel.iter().map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let code = code_of(&std::fs::read_to_string(&path).unwrap());
            modules.insert(module.clone(), rel.to_path_buf());
            files.insert(rel.to_path_buf(), (module, code));
        }
    }
    // `use child::X` names a child module of the file's own (declared with `mod child;`):
    // written out as `self::child::X`, so every path starts from crate, self or super.
    let children: BTreeMap<Vec<String>, Vec<String>> = modules.keys().filter(|m| !m.is_empty()).fold(BTreeMap::new(), |mut acc, m| {
        acc.entry(m[..m.len() - 1].to_vec()).or_insert_with(Vec::new).push(m[m.len() - 1].clone());
        acc
    });
    for (module, code) in files.values_mut() {
        for child in children.get(module).into_iter().flatten() {
            *code = code
                .replace(&format!(" use {child}::"), &format!(" use self::{child}::"))
                .replace(&format!("\nuse {child}::"), &format!("\nuse self::{child}::"));
        }
    }
    Source { files, modules }
}

/// Every path a file names: `(segments after crate::/super::/self:: made absolute, names)`.
fn references(module: &[String], code: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let starts = ["crate::", "super::", "self::"];
    let mut i = 0;
    while i < b.len() {
        let Some(start) = starts.iter().find(|s| code[i..].starts_with(**s)) else {
            i += 1;
            continue;
        };
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b':') {
            i += 1;
            continue;
        }
        // `self` is the file's module; `super` its parent (for `a/b.rs` and `a/mod.rs` alike).
        let mut path: Vec<String> = match *start {
            "crate::" => Vec::new(),
            "self::" => module.to_vec(),
            _ => module[..module.len().saturating_sub(1)].to_vec(),
        };
        i += start.len();
        loop {
            // Further `super::` segments climb.
            if code[i..].starts_with("super::") {
                path.pop();
                i += 7;
                continue;
            }
            let ident: String = code[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if ident.is_empty() {
                if code[i..].starts_with('{') {
                    let end = i + code[i..].find('}').unwrap_or(code.len() - i);
                    let names = code[i + 1..end]
                        .split(',')
                        .map(|n| n.split(" as ").next().unwrap().trim().split("::").next().unwrap().trim().to_string())
                        .filter(|n| !n.is_empty() && n != "*" && n != "self")
                        .collect();
                    out.push((path, names));
                    i = end;
                } else if code[i..].starts_with('*') {
                    out.push((path, vec!["*".to_string()]));
                }
                break;
            }
            i += ident.len();
            if code[i..].starts_with("::") {
                path.push(ident);
                i += 2;
            } else {
                out.push((path, vec![ident]));
                break;
            }
        }
    }
    out
}

impl Source {
    /// The file that defines `name` as seen from module `module`, following re-exports.
    fn defining_file(&self, module: &[String], name: &str, depth: u32) -> Option<PathBuf> {
        let file = self.modules.get(module)?;
        let mut child = module.to_vec();
        child.push(name.to_string());
        if let Some(f) = self.modules.get(&child) {
            return Some(f.clone());
        }
        let code = &self.files[file].1;
        let defines = ["struct", "enum", "fn", "trait", "type", "const", "static", "union", "macro_rules!"].iter().any(|kw| {
            code.split(kw)
                .skip(1)
                .any(|rest| rest.trim_start().starts_with(name) && !rest.trim_start()[name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        });
        if defines || depth > 8 {
            return Some(file.clone());
        }
        for (path, names) in references(module, &reexports(code)) {
            if names.iter().any(|n| n == name || n == "*") {
                if let Some(f) = self.defining_file(&path, name, depth + 1) {
                    return Some(f);
                }
            }
        }
        Some(file.clone())
    }

    /// Resolves a path and its names to the files they come from.
    fn targets(&self, path: &[String], names: &[String]) -> BTreeSet<PathBuf> {
        let mut out = BTreeSet::new();
        let mut module = path.to_vec();
        let mut rest = Vec::new();
        while !module.is_empty() && !self.modules.contains_key(&module) {
            rest.insert(0, module.pop().unwrap());
        }
        if module.is_empty() {
            // A root re-export such as `crate::Simulation`.
            for n in rest.first().into_iter().chain(names) {
                if let Some((_, m)) = ROOT_NAMES.iter().find(|(k, _)| k == n) {
                    if let Some(f) = self.defining_file(&[m.to_string()], n, 0) {
                        out.insert(f);
                    }
                }
            }
            return out;
        }
        let names: Vec<String> = match rest.first() {
            Some(first) => vec![first.clone()],
            None => names.to_vec(),
        };
        for n in names.iter().filter(|n| *n != "*") {
            if let Some(f) = self.defining_file(&module, n, 0) {
                out.insert(f);
            }
        }
        if names.iter().any(|n| n == "*") {
            out.insert(self.modules[&module].clone());
        }
        out
    }

    fn edges(&self) -> BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>> {
        let mut edges: BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>> = BTreeMap::new();
        for (file, (module, code)) in &self.files {
            let is_mod_file = file.ends_with("mod.rs") || file.ends_with("lib.rs");
            for (path, names) in references(module, code) {
                for target in self.targets(&path, &names) {
                    // A module's own file declares its submodules and composes them: using
                    // what they define is ownership, not an import across the house.
                    let child = self.files[&target].0.starts_with(module) && self.files[&target].0.len() > module.len();
                    if &target != file && !(is_mod_file && child) {
                        edges.entry(file.clone()).or_default().entry(target).or_default().insert(names.join(", "));
                    }
                }
            }
        }
        edges
    }
}

/// Only the `pub use` items of a file, which is what its re-exports are made of.
fn reexports(code: &str) -> String {
    code.split(';').filter(|item| item.trim_start().starts_with("pub") && item.contains(" use ")).map(|item| format!("{item};")).collect::<Vec<_>>().join("\n")
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn every_module_imports_only_from_layers_below() {
    let source = read_source();
    let mut wrong = Vec::new();
    for (file, targets) in source.edges() {
        let from = &source.files[&file].0;
        let Some(from_top) = from.first() else { continue };
        let from_layer = layer_of(from_top).unwrap_or_else(|| panic!("module {from_top} ({}) has no layer in LAYERS", file.display()));
        for (target, names) in targets {
            let Some(to_top) = source.files[&target].0.first().cloned() else { continue };
            let to_layer = layer_of(&to_top).unwrap_or_else(|| panic!("module {to_top} has no layer in LAYERS"));
            if to_top != *from_top && to_layer >= from_layer {
                wrong.push(format!("{} -> {} ({})", file.display(), target.display(), names.into_iter().collect::<Vec<_>>().join("; ")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports running up or across the layers:\n{}", wrong.join("\n"));
}

#[test]
fn no_files_import_each_other_around_a_circle() {
    let source = read_source();
    let edges = source.edges();
    // Tarjan's strongly connected components.
    struct State<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>>,
        index: BTreeMap<PathBuf, usize>,
        low: BTreeMap<PathBuf, usize>,
        stack: Vec<PathBuf>,
        on_stack: BTreeSet<PathBuf>,
        circles: Vec<Vec<PathBuf>>,
    }
    fn visit(s: &mut State, v: &PathBuf) {
        let n = s.index.len();
        s.index.insert(v.clone(), n);
        s.low.insert(v.clone(), n);
        s.stack.push(v.clone());
        s.on_stack.insert(v.clone());
        let next: Vec<PathBuf> = s.edges.get(v).map(|m| m.keys().cloned().collect()).unwrap_or_default();
        for w in next {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.clone(), low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.clone(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                let done = &w == v;
                component.push(w);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                s.circles.push(component);
            }
        }
    }
    let mut state = State { edges: &edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on_stack: BTreeSet::new(), circles: Vec::new() };
    for file in source.files.keys() {
        if !state.index.contains_key(file) {
            visit(&mut state, file);
        }
    }
    let edges = &edges;
    let described: Vec<String> = state
        .circles
        .iter()
        .map(|c| {
            let ties: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    c.iter().filter_map(move |b| {
                        edges
                            .get(a)
                            .and_then(|m| m.get(b))
                            .map(|n| format!("  {} -> {}: {}", a.display(), b.display(), n.iter().cloned().collect::<Vec<_>>().join("; ")))
                    })
                })
                .collect();
            format!("circle of {} files:\n{}", c.len(), ties.join("\n"))
        })
        .collect();
    assert!(described.is_empty(), "{}", described.join("\n"));
}

#[test]
fn the_reader_sees_imports_that_are_there() {
    // The test above can fail: a file that names a type from a layer above is caught.
    let module = vec!["scenario".to_string(), "device".to_string()];
    let refs = references(&module, &code_of("use crate::sim::Simulation;\nfn f() { let _ = super::Device::default(); } // crate::report::X"));
    assert_eq!(
        refs,
        vec![(vec!["sim".to_string()], vec!["Simulation".to_string()]), (vec!["scenario".to_string(), "Device".to_string()], vec!["default".to_string()])]
    );
    let source = read_source();
    assert!(source.edges()[Path::new("sim/mod.rs")].keys().any(|f| f.starts_with("device")), "the run loop imports the device seam");
    assert_eq!(layer_of("scenario"), Some(1));
}
