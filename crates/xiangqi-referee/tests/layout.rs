//! The cycle code reads like the chapter: `src/cycle/mod.rs` declares its
//! files in order, and each file uses only files declared before it — no circles, concepts
//! layered downwards.

use std::path::Path;

#[test]
fn cycle_files_import_only_files_declared_before_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cycle");
    let root = std::fs::read_to_string(dir.join("mod.rs")).expect("src/cycle/mod.rs");
    let order: Vec<&str> = root
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    assert!(order.len() >= 10, "{order:?}");
    let mut wrong = Vec::new();
    for (i, name) in order.iter().enumerate() {
        let text = std::fs::read_to_string(dir.join(format!("{name}.rs"))).expect("a file");
        for (j, other) in order.iter().enumerate() {
            let uses = text.contains(&format!("super::{other}::"))
                || text.contains(&format!("super::{other}}}"))
                || text.contains(&format!("super::{other};"));
            if uses && j >= i {
                wrong.push(format!("{name} uses {other}, declared after it"));
            }
        }
        // Nothing below the root may reach back into it.
        for l in text
            .lines()
            .filter(|l| l.trim_start().starts_with("use super::{"))
        {
            wrong.push(format!("{name} imports from the module root: {l}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[path = "../../../tools/layout/mod.rs"]
mod crate_layout;

/// The whole crate, not only the cycle module: no two files use each other, directly or
/// round a circle (the check every crate of the workspace runs).
#[test]
fn files_use_one_another_without_a_circle() {
    crate_layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[]);
}

/// The most lines a function may have, from `fn` to its closing brace (the project's style).
const MOST_LINES: usize = 80;

/// Every function of the crate's sources outside tests reads as one step of its article: none
/// is longer than [`MOST_LINES`].
#[test]
fn no_function_is_longer_than_80_lines_outside_tests() {
    let mut long = Vec::new();
    let mut read = 0;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                read += 1;
                for (line, name, lines) in long_functions(&text, MOST_LINES) {
                    let file = path.strip_prefix(root).unwrap_or(&path).display();
                    long.push(format!("{file}:{line} {name}: {lines} lines"));
                }
            }
        }
    }
    assert!(read >= 40, "read only {read} files");
    assert!(long.is_empty(), "over {MOST_LINES} lines: {long:#?}");
}

/// The checker itself: a function one line too long is found, one at the limit is not, nor
/// one inside a `#[cfg(test)]` item; braces inside strings, characters and comments do not
/// count, and a body-less declaration is no function.
#[test]
fn the_length_check_counts_from_fn_to_the_closing_brace() {
    let body = |name: &str, lines: usize| {
        let inner: String = (0..lines - 2)
            .map(|_| "    let _ = \"}\"; // }\n")
            .collect();
        format!("pub(crate) fn {name}() {{\n{inner}}}\n")
    };
    let text = format!(
        "trait T {{\n    fn declared(&self);\n}}\nconst R: &str = r#\"{{\"#;\n{}{}#[cfg(test)]\nmod tests {{\n{}}}\nconst C: char = '{{';\n{}",
        body("at_limit", 80),
        body("over", 81),
        body("in_tests", 200),
        body("after_tests", 81),
    );
    let found: Vec<(String, usize)> = long_functions(&text, 80)
        .into_iter()
        .map(|(_, name, lines)| (name, lines))
        .collect();
    assert_eq!(
        found,
        [("over".to_owned(), 81), ("after_tests".to_owned(), 81)]
    );
}

/// The functions of `text` longer than `most` lines, from the line of `fn` to the line of the
/// closing brace, outside `#[cfg(test)]` items: (line of `fn`, name, lines).
fn long_functions(text: &str, most: usize) -> Vec<(usize, String, usize)> {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            i = item_end(&lines, i).map_or(lines.len(), |end| end + 1);
            continue;
        }
        if let Some(name) = fn_name(trimmed)
            && let Some(end) = item_end(&lines, i)
        {
            let length = end - i + 1;
            if length > most {
                out.push((i + 1, name, length));
            }
        }
        i += 1;
    }
    out
}

/// The name of the function a line declares, if it declares one.
fn fn_name(line: &str) -> Option<String> {
    let (before, after) = line.split_once("fn ")?;
    let qualifiers = [
        "pub",
        "pub(crate)",
        "pub(super)",
        "const",
        "async",
        "unsafe",
    ];
    if !before.split_whitespace().all(|w| qualifiers.contains(&w)) {
        return None;
    }
    let name: String = after
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The line of the closing brace of the item that starts at line `start`, or `None` if it
/// ends with `;` before any brace (a declaration without a body).
fn item_end(lines: &[&str], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, line) in lines.iter().enumerate().skip(start) {
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                ';' if depth == 0 => return None,
                _ => {}
            }
        }
    }
    None
}

/// `text` with the insides of comments, strings and character literals blanked (newlines
/// kept), so that only the code's own braces remain.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                out.push(blank(chars[i]));
                i += 1;
            }
            i += 2;
        } else if let Some(hashes) = raw_string(&chars, i) {
            i += 2 + hashes;
            let closes = |i: usize| {
                chars[i] == '"'
                    && chars
                        .get(i + 1..i + 1 + hashes)
                        .is_some_and(|s| s.iter().all(|&h| h == '#'))
            };
            while i < chars.len() && !closes(i) {
                out.push(blank(chars[i]));
                i += 1;
            }
            i += 1 + hashes;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                out.push(blank(chars.get(i).copied().unwrap_or(' ')));
                i += 1;
            }
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // An escaped character: '\n', '\'', '\u{4e00}'.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The number of `#` of the raw string (`r"…"`, `r#"…"#`) whose `r` is at `i`, if one opens
/// there (and the `r` does not end a name).
fn raw_string(chars: &[char], i: usize) -> Option<usize> {
    let starts_token = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    if chars[i] != 'r' || !starts_token {
        return None;
    }
    let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
    (chars.get(i + 1 + hashes) == Some(&'"')).then_some(hashes)
}

/// No file over 400 lines outside tests: one concept a file, read in a sitting.
#[test]
fn files_are_at_most_400_lines() {
    crate_layout::assert_short_files(env!("CARGO_MANIFEST_DIR"), &[]);
}

/// The README's map names every file of the cycle module and every test file of its concepts,
/// so a new file cannot land without its row (a maintainer finds a concept there first).
#[test]
fn the_readme_map_names_every_cycle_file_and_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let start = readme.find("## The map").expect("a section named The map");
    let map = &readme[start..];
    let map = &map[..map[3..].find("\n## ").map_or(map.len(), |end| end + 3)];
    let named = |dir: &str, keep: &dyn Fn(&str) -> bool| -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(root.join(dir))
            .expect("a folder")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".rs") && keep(n))
            .collect();
        files.sort();
        files
    };
    let sources = named("src/cycle", &|n| n != "mod.rs");
    let tests = named("tests", &|n| n.starts_with("cycle_"));
    assert!(
        sources.len() >= 30 && tests.len() >= 25,
        "{sources:?} {tests:?}"
    );
    let missing: Vec<&String> = sources
        .iter()
        .chain(&tests)
        .filter(|f| !map.contains(&format!("`{f}")))
        .collect();
    assert!(missing.is_empty(), "not in the README's map: {missing:?}");
}
