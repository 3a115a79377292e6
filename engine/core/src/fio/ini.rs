//! fio's job-file syntax: `[name]` sections of `key=value` or bare `key` lines. As fio
//! reads it: a line whose first non-blank character is `#` or `;` is a comment, and so is
//! whatever follows a `#` or `;` on an option line; an option before any section is refused.

use super::FioError;
use crate::scenario::ErrorCode;

/// One `[name]` section and its options in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub name: String,
    pub line: usize,
    pub options: Vec<Entry>,
}

/// One option line; `value` is None for a bare flag such as `time_based`.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub line: usize,
    pub key: String,
    pub value: Option<String>,
}

impl Section {
    /// fio treats every section whose name starts with `global` as a global one.
    pub fn is_global(&self) -> bool {
        self.name.starts_with("global")
    }
}

/// Longest line fio reads (its `OPT_LEN_MAX`); longer ones are refused rather than cut.
const MAX_LINE: usize = 8192;

pub fn sections(text: &str) -> Result<Vec<Section>, FioError> {
    let mut out: Vec<Section> = Vec::new();
    // A file saved by a Windows editor may start with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let fail = |section: &str, message: String| FioError {
            line,
            section: section.to_string(),
            option: String::new(),
            field: String::new(),
            code: ErrorCode::Syntax,
            message,
        };
        let current = out.last().map(|s| s.name.clone()).unwrap_or_default();
        if raw.len() > MAX_LINE {
            return Err(fail(&current, format!("a line may hold at most {MAX_LINE} bytes (got {})", raw.len())));
        }
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            let Some(name) = header.trim_end().strip_suffix(']') else {
                return Err(fail(&current, "a section header is [name], closed by ] at the end of the line".to_string()));
            };
            if name.trim().is_empty() || name.contains(']') {
                return Err(fail(&current, "a section needs a name without ] (such as [global] or [randread-4k])".to_string()));
            }
            out.push(Section { name: name.to_string(), line, options: Vec::new() });
            continue;
        }
        let code = trimmed.split(['#', ';']).next().unwrap_or("").trim_end();
        let (key, value) = match code.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim().to_string())),
            None => (code, None),
        };
        let Some(section) = out.last_mut() else {
            return Err(fail("", format!("option {} is outside of a [section]: fio reads options only inside [global] or a [job] section", short(key))));
        };
        if key.is_empty() {
            return Err(fail(&current, "an option needs a name before its =".to_string()));
        }
        if key == "include" || key.starts_with("include ") {
            return Err(fail(&current, "include is not read here: paste the included file's options into this file".to_string()));
        }
        section.options.push(Entry { line, key: key.to_string(), value });
    }
    Ok(out)
}

/// At most 40 characters of a value, for messages.
pub fn short(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
