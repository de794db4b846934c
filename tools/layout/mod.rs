//! The import-graph check each crate's `tests/layout.rs` runs: the files of a crate must not
//! use one another in a circle, so that each file reads knowing only the files below it.
//!
//! One source for every crate, included by path (`#[path = "../../../tools/layout/mod.rs"] mod
//! layout;`), so the check needs no crate and no dependency of its own.
//!
//! The graph is built from the crate's own text. The module tree is followed from `lib.rs` (or
//! `main.rs`) through `mod x;` declarations (and `#[path]`). A file uses another when it names
//! that file's module or an item defined there: through `use crate::…`, `use super::…`,
//! `use self::…`, a child module's name, or such a path written inline in code (also through a
//! module brought in by `use`). A name reached through a re-export (`pub use`, a glob) counts
//! as a use of the file that defines it, so a facade such as `lib.rs` re-exporting its children
//! makes no circle. Comments and string literals are ignored; a `mod x;` alone is not a use.
//!
//! The same source holds the other checks of the layout tests: no function of a crate over
//! [`length::MAX_FUNCTION_LINES`] lines outside tests ([`assert_short_functions`]), and no file
//! over [`file_length::MAX_FILE_LINES`] lines outside tests ([`assert_short_files`]).

mod circles;
mod file_length;
mod graph;
mod length;
mod lex;
mod tree;

#[cfg(test)]
mod file_length_tests;
#[cfg(test)]
mod length_tests;
#[cfg(test)]
mod tests;

use circles::circles;
use std::collections::BTreeSet;
use std::path::Path;
use tree::{File, tree};

/// Fails, naming each function of the crate whose manifest directory is `crate_dir` that is
/// longer than [`length::MAX_FUNCTION_LINES`] lines outside tests — except those listed in
/// `known` as `path/under/src.rs fn_name`. A known one that is gone or short now fails too,
/// so the list only ever shrinks.
pub fn assert_short_functions(crate_dir: &str, known: &[&str]) {
    let files = crate_files(crate_dir);
    let long = length::long_functions(&files, length::MAX_FUNCTION_LINES);
    let found: Vec<(&str, String)> = long
        .iter()
        .map(|l| {
            (
                l.at.as_str(),
                format!("{} (line {}): {} lines", l.at, l.line, l.lines),
            )
        })
        .collect();
    let wrong = off_the_list(&found, known);
    assert!(
        wrong.is_empty(),
        "functions of {crate_dir}/src over {} lines (split them into named steps):\n{}",
        length::MAX_FUNCTION_LINES,
        wrong.join("\n")
    );
}

/// Fails, naming each file of the crate whose manifest directory is `crate_dir` that is
/// longer than [`file_length::MAX_FILE_LINES`] lines outside tests — except those listed in
/// `known` as `path/under/src.rs`. A known one that is gone or short now fails too, so the list
/// only ever shrinks.
pub fn assert_short_files(crate_dir: &str, known: &[&str]) {
    let files = crate_files(crate_dir);
    let long = file_length::long_files(&files, file_length::MAX_FILE_LINES);
    let found: Vec<(&str, String)> = long
        .iter()
        .map(|l| (l.rel.as_str(), format!("{}: {} lines", l.rel, l.lines)))
        .collect();
    let wrong = off_the_list(&found, known);
    assert!(
        wrong.is_empty(),
        "files of {crate_dir}/src over {} lines outside tests (split them by concept):\n{}",
        file_length::MAX_FILE_LINES,
        wrong.join("\n")
    );
}

/// What disagrees with a list of known exceptions: each thing `found` (its name in the list,
/// and how to tell it) that is not listed, and each listed name not found.
fn off_the_list(found: &[(&str, String)], known: &[&str]) -> Vec<String> {
    let mut wrong: Vec<String> = found
        .iter()
        .filter(|(name, _)| !known.contains(name))
        .map(|(_, told)| told.clone())
        .collect();
    for k in known {
        if !found.iter().any(|(name, _)| name == k) {
            wrong.push(format!(
                "{k}: listed as long, but it is not: update the list"
            ));
        }
    }
    wrong
}

/// The files of the crate's module tree, from `src/lib.rs` (or `src/main.rs`).
fn crate_files(crate_dir: &str) -> Vec<File> {
    let src = Path::new(crate_dir).join("src");
    let root = if src.join("lib.rs").is_file() {
        "lib.rs"
    } else {
        "main.rs"
    };
    let files = tree(root, &|rel| std::fs::read_to_string(src.join(rel)).ok());
    assert!(files.len() > 1, "{}: no module tree found", src.display());
    files
}

/// Fails, naming every circle and the lines that make it, when the files of the crate whose
/// manifest directory is `crate_dir` use one another in a circle — except the circles listed
/// in `known`, each given as exactly the set of files in it (paths under `src/`). A known
/// circle that grows, or that is gone, fails too, so the list only ever shrinks.
pub fn assert_no_circles(crate_dir: &str, known: &[&[&str]]) {
    let files = crate_files(crate_dir);
    let wrong = unknown(&files, known);
    assert!(
        wrong.is_empty(),
        "files of {crate_dir}/src use one another in a circle:\n\n{}",
        wrong.join("\n\n")
    );
}

/// The circles not in `known`, and the known ones that are gone or changed.
fn unknown(files: &[File], known: &[&[&str]]) -> Vec<String> {
    let mut left: Vec<BTreeSet<&str>> = known.iter().map(|k| k.iter().copied().collect()).collect();
    let mut wrong = Vec::new();
    for (set, text) in circles(files) {
        let set: BTreeSet<&str> = set.iter().map(|&f| files[f].rel.as_str()).collect();
        match left.iter().position(|k| *k == set) {
            Some(n) => drop(left.remove(n)),
            None => wrong.push(text),
        }
    }
    for gone in left {
        wrong.push(format!(
            "the known circle {gone:?} is gone or changed: update the list"
        ));
    }
    wrong
}
