//! The PGN syntax of one game's text: tags, movetext tokens, comments, variations, the result.
//!
//! Lenient where real files need it (the xqbase/ElephantEye dialect and those seen in the
//! wild): move numbers in any form (`1.`, `1...`, `1.h2e2`, `1. ………… 马８进７`), Chinese moves run
//! together without spaces (`车四平五炮6平5`), `,`/`，`/`、` as separators, annotation marks (`!?`),
//! NAGs (`$1`), Chinese result words (红胜, 黑胜, 和棋); everything after the result token is ignored
//! (advert footers).

use crate::pgn::visitor::Visitor;
use crate::{ErrorKind, GameResult, Place, RecordError};

/// Reads one game from its text and tells the visitor about it. `first_line` is the file
/// line of the text's first line; `game` the game's number, for errors.
pub(crate) fn parse_game<V: Visitor>(
    text: &str,
    first_line: u64,
    game: usize,
    v: &mut V,
) -> Result<V::Output, RecordError> {
    let mut lx = Lexer {
        text,
        pos: 0,
        first_line,
        line: first_line,
        line_start: 0,
        col_pos: 0,
        col: 1,
        game,
    };
    v.begin_game();
    lx.tags(v)?;
    if v.end_tags().0 {
        return Ok(v.end_game());
    }
    lx.movetext(v)?;
    Ok(v.end_game())
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    first_line: u64,
    line: u64,
    line_start: usize,
    /// A cached (byte position, column) on the current line, so columns cost O(line).
    col_pos: usize,
    col: u64,
    game: usize,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、' | '；')
}

fn is_token_end(c: char) -> bool {
    is_separator(c) || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';')
}

impl<'a> Lexer<'a> {
    fn place_at(&mut self, pos: usize) -> Place {
        if pos < self.line_start {
            // An earlier line (an error found after reading past its start): count afresh.
            let before = &self.text[..pos];
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            return Place::Text {
                line: self.first_line + before.matches('\n').count() as u64,
                column: before[start..].chars().count() as u64 + 1,
            };
        }
        if self.col_pos < self.line_start || self.col_pos > pos {
            self.col_pos = self.line_start;
            self.col = 1;
        }
        self.col += self.text[self.col_pos..pos].chars().count() as u64;
        self.col_pos = pos;
        Place::Text {
            line: self.line,
            column: self.col,
        }
    }

    fn error(&mut self, pos: usize, kind: ErrorKind) -> RecordError {
        RecordError {
            game: self.game,
            ply: None,
            place: self.place_at(pos),
            kind,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Moves to `to`, counting the lines passed.
    fn advance_to(&mut self, to: usize) {
        let bytes = self.text.as_bytes();
        for (i, &b) in bytes[self.pos..to].iter().enumerate() {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos + i + 1;
            }
        }
        self.pos = to;
    }

    fn skip_separators(&mut self) {
        let rest = &self.text[self.pos..];
        let skip = rest
            .char_indices()
            .find(|&(_, c)| !is_separator(c))
            .map_or(rest.len(), |(i, _)| i);
        self.advance_to(self.pos + skip);
    }

    fn rest_of_line(&self) -> usize {
        self.text[self.pos..]
            .find('\n')
            .map_or(self.text.len(), |i| self.pos + i)
    }

    fn tags<V: Visitor>(&mut self, v: &mut V) -> Result<(), RecordError> {
        loop {
            self.skip_separators();
            match self.peek() {
                Some('[') => {}
                Some('%') if self.pos == self.line_start => {
                    let end = self.rest_of_line();
                    self.advance_to(end);
                    continue;
                }
                _ => return Ok(()),
            }
            let start = self.pos;
            let end = self.rest_of_line();
            let line = &self.text[start..end];
            match parse_tag(line) {
                Some((name, value, used)) => {
                    v.tag(name, &value);
                    self.advance_to(start + used);
                }
                None => {
                    let shown: String = line.trim_end().chars().take(60).collect();
                    return Err(self.error(start, ErrorKind::BadTag(shown)));
                }
            }
        }
    }

    fn movetext<V: Visitor>(&mut self, v: &mut V) -> Result<(), RecordError> {
        // Open variations: where each began, for the error if one is never closed.
        let mut open: Vec<usize> = Vec::new();
        loop {
            self.skip_separators();
            let Some(c) = self.peek() else { break };
            let start = self.pos;
            match c {
                '{' => {
                    let Some(close) = self.text[start + 1..].find('}') else {
                        return Err(self.error(start, ErrorKind::UnterminatedComment));
                    };
                    let at = self.place_at(start);
                    v.comment(&self.text[start + 1..start + 1 + close], at);
                    self.advance_to(start + close + 2);
                }
                ';' => {
                    let end = self.rest_of_line();
                    let at = self.place_at(start);
                    v.comment(self.text[start + 1..end].trim(), at);
                    self.advance_to(end);
                }
                '%' if start == self.line_start => {
                    let end = self.rest_of_line();
                    self.advance_to(end);
                }
                '[' => {
                    // Stray bracketed text in movetext (e.g. `[%clk …]`): skip it.
                    let end = self.text[start..]
                        .find(']')
                        .map_or(self.rest_of_line(), |i| start + i + 1);
                    self.advance_to(end);
                }
                '(' => {
                    let at = self.place_at(start);
                    self.advance_to(start + 1);
                    if v.begin_variation(at).0 {
                        self.skip_variation(start)?;
                    } else {
                        open.push(start);
                    }
                }
                ')' => {
                    if open.pop().is_none() {
                        return Err(self.error(start, ErrorKind::UnbalancedVariation));
                    }
                    v.end_variation();
                    self.advance_to(start + 1);
                }
                '}' | ']' => self.advance_to(start + 1),
                _ => {
                    let len = self.text[start..]
                        .char_indices()
                        .find(|&(_, c)| is_token_end(c))
                        .map_or(self.text.len() - start, |(i, _)| i);
                    let token = &self.text[start..start + len];
                    if let Some(outcome) = result_token(token) {
                        if open.is_empty() {
                            v.outcome(outcome);
                            return Ok(());
                        }
                    } else {
                        self.token(token, start, v);
                    }
                    self.advance_to(start + len);
                }
            }
        }
        if let Some(&start) = open.first() {
            return Err(self.error(start, ErrorKind::UnbalancedVariation));
        }
        Ok(())
    }

    /// Skips a variation whose `(` was at `open`, with everything nested in it.
    fn skip_variation(&mut self, open: usize) -> Result<(), RecordError> {
        let mut depth = 1usize;
        while depth > 0 {
            let rest = &self.text[self.pos..];
            let Some(i) = rest.find(['(', ')', '{']) else {
                return Err(self.error(open, ErrorKind::UnbalancedVariation));
            };
            let at = self.pos + i;
            match rest.as_bytes()[i] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {
                    let Some(close) = self.text[at + 1..].find('}') else {
                        return Err(self.error(at, ErrorKind::UnterminatedComment));
                    };
                    self.advance_to(at + close + 2);
                    continue;
                }
            }
            self.advance_to(at + 1);
        }
        Ok(())
    }

    /// A token that is not a result: a move number, a NAG, a move or several run together.
    fn token<V: Visitor>(&mut self, token: &str, start: usize, v: &mut V) {
        if token.starts_with('$') {
            return;
        }
        let (offset, mv) = strip_move_number(token);
        let mv = mv.trim_end_matches(['!', '?']);
        let mv = if mv.len() > 5 && mv.is_ascii() {
            mv.trim_end_matches(['+', '#'])
        } else {
            mv
        };
        if mv.is_empty() {
            return;
        }
        let chars = mv.chars().count();
        let first_wide = mv.chars().next().is_some_and(|c| !c.is_ascii());
        if chars > 4 && chars % 4 == 0 && first_wide {
            // Chinese moves written without separators: four characters each.
            let mut rest = mv;
            let mut at = start + offset;
            while !rest.is_empty() {
                let cut = rest.char_indices().nth(4).map_or(rest.len(), |(i, _)| i);
                let place = self.place_at(at);
                v.mv(&rest[..cut], place);
                at += cut;
                rest = &rest[cut..];
            }
        } else {
            let place = self.place_at(start + offset);
            v.mv(mv, place);
        }
    }
}

/// The outcome a result token stands for.
fn result_token(token: &str) -> Option<GameResult> {
    match token {
        "1-0" => Some(GameResult::RedWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" | "1/2" => Some(GameResult::Draw),
        "*" => Some(GameResult::Ongoing),
        _ if !token.is_ascii() => {
            GameResult::from_text(token).filter(|_| token.chars().count() == 2)
        }
        _ => None,
    }
}

/// Splits a move-number prefix (`12.`, `12...`, `1．`, `……`) from a token: the byte offset
/// where the move starts, and the move.
fn strip_move_number(token: &str) -> (usize, &str) {
    let b = token.as_bytes();
    // WXF tandem-pawn forms like `33.4` or `77.6` look like a move number: keep them.
    if b.len() == 4
        && matches!(b[0], b'1'..=b'9')
        && matches!(b[1], b'1'..=b'9' | b'+' | b'-')
        && matches!(b[2], b'.' | b'=' | b'+' | b'-')
        && matches!(b[3], b'1'..=b'9')
    {
        return (0, token);
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let after = &token[digits..];
    let dots = after
        .char_indices()
        .find(|&(_, c)| !matches!(c, '.' | '．' | '…' | '。'))
        .map_or(after.len(), |(i, _)| i);
    if digits > 0 && dots == 0 {
        // Digits not followed by a dot: part of a move (a WXF form like `3+.4`) or junk.
        return (0, token);
    }
    let offset = digits + dots;
    (offset, &token[offset..])
}

/// Parses `[Name "value"]` at the start of `line`: the name, the unescaped value, and the
/// bytes used. Lenient with unescaped quotes inside the value.
fn parse_tag(line: &str) -> Option<(&str, String, usize)> {
    let b = line.as_bytes();
    let name_len = b[1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    let name = &line[1..1 + name_len];
    // The one rule of the writer and the game splitter: a line `[10Game "…"]` is neither
    // taken as a tag here nor split on there (it is refused as a bad tag instead).
    if !crate::pgn::write::is_tag_name(name) {
        return None;
    }
    let mut i = 1 + name_len;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if i >= b.len() || b[i] != b'"' {
        return None;
    }
    let open = i;
    // Strict: the first unescaped quote closes the value, then `]`.
    let mut value = String::new();
    let mut j = open + 1;
    let mut escaped = false;
    let mut close = None;
    for (k, c) in line[j..].char_indices() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            close = Some(j + k);
            break;
        } else {
            value.push(c);
        }
    }
    if let Some(q) = close {
        j = q + 1;
        while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
            j += 1;
        }
        if j < b.len() && b[j] == b']' {
            return Some((name, value, j + 1));
        }
    }
    // Lenient: the last `"` followed by `]` on the line closes the value.
    let tail = line.trim_end();
    let body = tail.strip_suffix(']')?.trim_end();
    let value_end = body
        .len()
        .checked_sub(1)
        .filter(|&e| e > open && b[e] == b'"')?;
    Some((name, line[open + 1..value_end].to_owned(), tail.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_come_off_and_wxf_tandem_forms_stay() {
        assert_eq!(strip_move_number("12.h2e2"), (3, "h2e2"));
        assert_eq!(strip_move_number("1..."), (4, ""));
        assert_eq!(strip_move_number("…………"), (12, ""));
        assert_eq!(strip_move_number("33.4"), (0, "33.4"));
        assert_eq!(strip_move_number("3+.4"), (0, "3+.4"));
        assert_eq!(strip_move_number("C2.5"), (0, "C2.5"));
    }

    #[test]
    fn tags_strict_and_lenient() {
        let (n, v, used) = parse_tag("[Event \"a \\\"b\\\" c\"] [Site \"x\"]").unwrap();
        assert_eq!((n, v.as_str(), used), ("Event", "a \"b\" c", 19));
        let (n, v, _) = parse_tag("[Event \"第一届\"五羊杯\"\"]").unwrap();
        assert_eq!((n, v.as_str()), ("Event", "第一届\"五羊杯\""));
        assert!(parse_tag("[Event x]").is_none());
        assert!(parse_tag("[ \"x\"]").is_none());
    }

    #[test]
    fn result_words() {
        assert_eq!(result_token("红胜"), Some(GameResult::RedWins));
        assert_eq!(result_token("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(result_token("炮二平五"), None);
    }
}
