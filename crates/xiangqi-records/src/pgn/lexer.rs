//! The PGN syntax of one game's text: tags, movetext tokens, comments, variations, the result.
//!
//! Lenient where real files need it (the xqbase/ElephantEye dialect and those seen in the
//! wild): move numbers in any form (`1.`, `1...`, `1.h2e2`, `1. ………… 马８进７`), Chinese moves run
//! together without spaces (`车四平五炮6平5`), `,`/`，`/`、` as separators, annotation marks (`!?`),
//! NAGs (`$1`), Chinese result words (红胜, 黑胜, 和棋); everything after the result token is ignored
//! (advert footers).

mod tokens;

use crate::pgn::visitor::Visitor;
use crate::{ErrorKind, Place, RecordError};
use tokens::{parse_tag, result_token, strip_move_number};

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
