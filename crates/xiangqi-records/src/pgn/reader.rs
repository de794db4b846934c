//! Splits a stream of bytes into games and hands each to the lexer: one game in memory at a
//! time, whatever the file's size.

use std::io::BufRead;

use crate::pgn::lexer::parse_game;
use crate::pgn::visitor::Visitor;
use crate::text::{Encoding, decode};
use crate::{ErrorKind, Place, RecordError};

/// Reads the games of a PGN stream one at a time (see [`Visitor`]).
///
/// Games are separated where a tag line (`[Name "…"]` at the start of a line) follows
/// movetext, or where a `[Game "…"]` tag follows other tags. Each game's bytes are decoded on
/// their own, UTF-8 or GBK (see [`crate::decode`]), so files mixing the two still read.
/// A syntax error spoils only its own game: the next call reads the next one.
pub struct PgnReader<R> {
    src: R,
    /// The line read ahead that starts the next game, if any.
    pending: Vec<u8>,
    has_pending: bool,
    game: Vec<u8>,
    /// File line of the next line to be read (1-based).
    next_line: u64,
    games: usize,
    encoding: Encoding,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over a buffered byte source (a `&[u8]`, or a `BufReader<File>`).
    pub fn new(src: R) -> PgnReader<R> {
        PgnReader {
            src,
            pending: Vec::new(),
            has_pending: false,
            game: Vec::new(),
            next_line: 1,
            games: 0,
            encoding: Encoding::Utf8,
            done: false,
        }
    }

    /// The encoding of the last game read.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// How many games have been read so far (including ones that failed).
    pub fn games_read(&self) -> usize {
        self.games
    }

    /// Reads the next game into the visitor. `None` at the end of the stream; `Some(Err)`
    /// for a game with a syntax error (the reader is then ready for the next game) or an I/O
    /// error (after which the stream ends).
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> Option<Result<V::Output, RecordError>> {
        let first_line = match self.fill_game() {
            Ok(Some(line)) => line,
            Ok(None) => return None,
            Err(e) => {
                self.done = true;
                self.games += 1;
                return Some(Err(RecordError {
                    game: self.games,
                    ply: None,
                    place: Place::Text {
                        line: self.next_line,
                        column: 1,
                    },
                    kind: ErrorKind::Io(e.to_string()),
                }));
            }
        };
        self.games += 1;
        let (text, encoding) = decode(&self.game);
        self.encoding = encoding;
        Some(parse_game(&text, first_line, self.games, v))
    }

    /// The games as checked records, one at a time (see [`crate::pgn::GameBuilder`]).
    ///
    /// ```
    /// use xiangqi_records::pgn::PgnReader;
    /// let pgn = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n\n[Game \"Chinese Chess\"]\n1. b2e2 1-0\n";
    /// let plies: Vec<usize> = PgnReader::new(pgn.as_bytes())
    ///     .records()
    ///     .map(|g| g.unwrap().mainline().len())
    ///     .collect();
    /// assert_eq!(plies, [2, 1]);
    /// ```
    pub fn records(mut self) -> impl Iterator<Item = Result<crate::GameRecord, RecordError>> {
        let mut builder = crate::pgn::GameBuilder::new();
        std::iter::from_fn(move || self.read_game(&mut builder).map(Result::flatten))
    }

    /// Collects the next game's lines into `self.game`; returns its first line number, or
    /// `None` when only blank text is left.
    fn fill_game(&mut self) -> std::io::Result<Option<u64>> {
        self.game.clear();
        if self.done {
            return Ok(None);
        }
        let mut first_line = self.next_line;
        let mut has_tags = false;
        let mut has_movetext = false;
        let mut line = std::mem::take(&mut self.pending);
        loop {
            if self.has_pending {
                self.has_pending = false;
                first_line = self.next_line - 1;
            } else {
                line.clear();
                if self.src.read_until(b'\n', &mut line)? == 0 {
                    self.done = true;
                    break;
                }
                if self.next_line == 1 && line.starts_with(b"\xEF\xBB\xBF") {
                    line.drain(..3);
                }
                self.next_line += 1;
            }
            let trimmed = trim_start(&line);
            let blank = trimmed.iter().all(|b| b.is_ascii_whitespace());
            if !has_tags && !has_movetext && blank {
                first_line = self.next_line;
                continue;
            }
            let tag = is_tag_line(trimmed);
            if tag && (has_movetext || (has_tags && is_game_tag(trimmed))) {
                self.has_pending = true;
                break;
            }
            if tag {
                has_tags = true;
            } else if !blank {
                has_movetext = true;
            }
            self.game.extend_from_slice(&line);
        }
        self.pending = line;
        Ok((has_tags || has_movetext).then_some(first_line))
    }
}

fn trim_start(line: &[u8]) -> &[u8] {
    let n = line
        .iter()
        .take_while(|b| **b == b' ' || **b == b'\t')
        .count();
    &line[n..]
}

fn is_tag_line(line: &[u8]) -> bool {
    line.len() >= 2 && line[0] == b'[' && line[1].is_ascii_alphabetic()
}

fn is_game_tag(line: &[u8]) -> bool {
    // `_` continues a tag name too: `[Game_No "3"]` is no `Game` tag.
    line.len() >= 6
        && line[1..5].eq_ignore_ascii_case(b"game")
        && !(line[5].is_ascii_alphanumeric() || line[5] == b'_')
}
