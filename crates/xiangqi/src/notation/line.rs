//! Splitting a line of moves into move texts.
//!
//! A line is what people paste: moves separated by blanks or commas (`,` `，` `、` `;`),
//! with move numbers (`1.`, `1...`, `12、`), comments in brackets (`（捉）`, `(check)`,
//! `{…}`), and Chinese moves run together without separators as the 1956 rule book prints
//! them (`车四平五炮6平5`). A result (`1-0`, `0-1`, `1/2-1/2`, `*`) ends the line.

use super::chinese::tables;

/// One move text and its byte offset in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub text: &'a str,
    pub offset: usize,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';' | '；' | '。' | '：' | ':')
}

/// The closing brackets of an opening one. Half- and full-width round brackets close each
/// other: the 2020 rule book prints `（将)`.
fn closing(c: char) -> Option<[char; 2]> {
    Some(match c {
        '(' | '（' => [')', '）'],
        '{' => ['}', '}'],
        '[' => [']', ']'],
        '【' => ['】', '】'],
        _ => return None,
    })
}

/// Drops a leading move number (`1.`, `12...`, `3、`); `None` when the whole token is one.
fn strip_move_number(token: &str) -> Option<(usize, &str)> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Some((0, token));
    }
    let rest = &token[digits..];
    let dots = rest
        .char_indices()
        .take_while(|&(_, c)| c == '.' || c == '…')
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    if dots == 0 {
        return Some((0, token));
    }
    let after = &rest[dots..];
    if after.is_empty() {
        None
    } else if after.chars().count() >= 3 {
        Some((digits + dots, after))
    } else {
        // `33.4` is a WXF move, not move 33.
        Some((0, token))
    }
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// The move texts of a line, in order.
pub(crate) fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start: Option<usize> = None;
    let mut close: Option<[char; 2]> = None;
    let mut comment_at = 0;
    for (i, c) in line.char_indices() {
        if let Some(end) = close {
            if end.contains(&c) {
                close = None;
            }
            continue;
        }
        let opens = closing(c);
        if opens.is_some() || is_separator(c) {
            if let Some(s) = start.take() {
                words.push((s, &line[s..i]));
            }
            if opens.is_some() {
                close = opens;
                comment_at = i;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        words.push((s, &line[s..]));
    }
    if close.is_some() {
        // A comment never closed would swallow the rest of the line: make it an error instead.
        words.push((comment_at, &line[comment_at..]));
    }
    for (offset, word) in words {
        if is_result(word) {
            break;
        }
        let Some((skip, word)) = strip_move_number(word) else {
            continue;
        };
        if word.bytes().all(|b| b.is_ascii_digit()) {
            continue; // `1、炮二平五`: a move number with a Chinese separator
        }
        let offset = offset + skip;
        if word.chars().any(tables::is_notation_char) {
            split_chinese(word, offset, &mut out);
        } else {
            out.push(Token { text: word, offset });
        }
    }
    out
}

/// Splits Chinese moves run together: each ends one character after its direction (进退平上下).
fn split_chinese<'a>(word: &'a str, offset: usize, out: &mut Vec<Token<'a>>) {
    let mut start = 0;
    let mut chars = word.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if tables::direction(c).is_some()
            && i > start
            && let Some((j, v)) = chars.next()
        {
            let end = j + v.len_utf8();
            out.push(Token {
                text: &word[start..end],
                offset: offset + start,
            });
            start = end;
        }
    }
    if start < word.len() {
        out.push(Token {
            text: &word[start..],
            offset: offset + start,
        });
    }
}
