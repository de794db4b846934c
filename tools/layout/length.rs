//! The length of functions: a function reads in one sitting when it is at most
//! [`MAX_FUNCTION_LINES`] lines, counted from its `fn` to its closing brace. Code compiled for
//! tests only (`#[cfg(test)]` modules and items) is not counted.

use super::lex::{Token, is_ident};
use super::tree::{File, test_regions};

/// The most lines a function may take outside tests.
pub const MAX_FUNCTION_LINES: usize = 80;

/// A function over the limit: where (`src/` path and name) and its length in lines.
#[derive(Debug, PartialEq, Eq)]
pub struct Long {
    pub at: String,
    pub line: usize,
    pub lines: usize,
}

/// The functions of `files` longer than `max` lines, outside tests, each named
/// `path/under/src.rs fn_name`.
pub fn long_functions(files: &[File], max: usize) -> Vec<Long> {
    let mut out = Vec::new();
    for file in files.iter().filter(|f| !f.test) {
        let tests = test_regions(&file.tokens);
        let in_test = |i: usize| tests.iter().any(|r| r.contains(&i));
        for (i, t) in file.tokens.iter().enumerate() {
            let Some(name) = file.tokens.get(i + 1).map(|n| n.text.as_str()) else {
                continue;
            };
            if t.text != "fn" || !is_ident(name) || in_test(i) {
                continue;
            }
            let Some(end) = body_end(&file.tokens, i + 2) else {
                continue;
            };
            let lines = file.tokens[end].line - t.line + 1;
            if lines > max {
                out.push(Long {
                    at: format!("{} {name}", file.rel),
                    line: t.line,
                    lines,
                });
            }
        }
    }
    out
}

/// The closing brace of the body of the function whose signature starts at `from`, or `None`
/// for a declaration without a body (`fn f();` in a trait).
fn body_end(tokens: &[Token], from: usize) -> Option<usize> {
    // A `;` inside the signature's brackets (`-> [u8; 4]`) does not end it.
    let mut nesting = 0usize;
    let mut i = from;
    loop {
        match tokens.get(i)?.text.as_str() {
            "(" | "[" => nesting += 1,
            ")" | "]" => nesting = nesting.saturating_sub(1),
            ";" if nesting == 0 => return None,
            "{" if nesting == 0 => break,
            _ => {}
        }
        i += 1;
    }
    let mut depth = 0usize;
    while let Some(t) = tokens.get(i) {
        match t.text.as_str() {
            "{" => depth += 1,
            "}" if depth == 1 => return Some(i),
            "}" => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}
