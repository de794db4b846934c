//! The length of files: a file reads in a sitting when it is at most [`MAX_FILE_LINES`] lines,
//! all of them, comments and blank lines too. Code compiled for tests only is not counted: a
//! file that is a test module, nor the lines of the `#[cfg(test)]` items of a file (its
//! `mod tests { … }`), from the attribute to the item's last line.

use super::tree::{File, test_regions};

/// The most lines a file under `src/` may have outside tests.
pub const MAX_FILE_LINES: usize = 400;

/// A file over the limit: its path under `src/` and its length outside tests.
#[derive(Debug, PartialEq, Eq)]
pub struct LongFile {
    pub rel: String,
    pub lines: usize,
}

/// The files of `files` longer than `max` lines outside tests.
pub fn long_files(files: &[File], max: usize) -> Vec<LongFile> {
    files
        .iter()
        .filter(|f| !f.test)
        .filter_map(|f| {
            let lines = f.lines - test_lines(f);
            (lines > max).then(|| LongFile {
                rel: f.rel.clone(),
                lines,
            })
        })
        .collect()
}

/// The lines the `#[cfg(test)]` items of a file take, each from its attribute's line to the
/// line of its last token.
fn test_lines(file: &File) -> usize {
    let tokens = &file.tokens;
    test_regions(tokens)
        .into_iter()
        .filter_map(|r| {
            let first = tokens.get(r.start)?.line;
            let last = tokens.get(r.end.min(tokens.len()).checked_sub(1)?)?.line;
            Some(last - first + 1)
        })
        .sum()
}
