//! From move text to a legal move: the one place where the records meet the notations.

use xiangqi::notation::{self, Notation};
use xiangqi::{IllegalMove, Move, Position};

use crate::ErrorKind;

/// Reads the moves of one game. The notation is fixed by the record (PGN `Format`) or, when
/// the record does not say, detected from the first move and kept for the rest of the game
/// (a move that does not read in it is tried in every notation before giving up).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MoveReader {
    notation: Option<Notation>,
}

/// The notation a PGN `Format` tag names (vschess writes `Node` for `h2e2`).
pub(crate) fn notation_of_format(format: &str) -> Option<Notation> {
    let f = format.trim();
    if f.eq_ignore_ascii_case("iccs")
        || f.eq_ignore_ascii_case("node")
        || f.eq_ignore_ascii_case("ucci")
    {
        Some(Notation::Iccs)
    } else if f.eq_ignore_ascii_case("wxf") || f.eq_ignore_ascii_case("axf") {
        Some(Notation::Wxf)
    } else if f.eq_ignore_ascii_case("chinese") || f == "中文" {
        Some(Notation::Chinese)
    } else if f.eq_ignore_ascii_case("uci") {
        Some(Notation::Uci)
    } else {
        None
    }
}

impl MoveReader {
    pub(crate) fn new(notation: Option<Notation>) -> MoveReader {
        MoveReader { notation }
    }

    /// Reads `text` as a move of `pos` and checks that it is legal.
    pub(crate) fn read(&mut self, pos: &Position, text: &str) -> Result<Move, ErrorKind> {
        // The fast path: ICCS coordinates, checked by the move generator directly.
        if matches!(
            self.notation,
            None | Some(Notation::Iccs) | Some(Notation::Uci)
        ) && let Ok(m) = text.parse::<Move>()
        {
            if pos.is_legal(m) {
                self.notation.get_or_insert(Notation::Iccs);
                return Ok(m);
            }
            if self.notation.is_some() {
                return Err(illegal(text, pos, m));
            }
        }
        let result = match self.notation {
            Some(n) => notation::parse_move(pos, text, n)
                .or_else(|first| notation::parse_move_auto(pos, text).map_err(|_| first)),
            None => {
                let r = notation::parse_move_auto(pos, text);
                if r.is_ok() {
                    self.notation = notation::detect(text);
                }
                r
            }
        };
        match result {
            Ok(m) => Ok(m),
            Err(notation::NotationError::Illegal(IllegalMove { mv, reason })) => {
                Err(ErrorKind::IllegalMove {
                    text: text.to_owned(),
                    mv,
                    reason,
                })
            }
            Err(e) => Err(ErrorKind::UnreadableMove {
                text: text.to_owned(),
                why: e.to_string(),
            }),
        }
    }
}

/// The error for a move that reads but is illegal.
pub(crate) fn illegal(text: &str, pos: &Position, m: Move) -> ErrorKind {
    match pos.clone().play(m) {
        Err(e) => ErrorKind::IllegalMove {
            text: text.to_owned(),
            mv: m,
            reason: e.reason,
        },
        Ok(_) => ErrorKind::UnreadableMove {
            text: text.to_owned(),
            why: "the move generator disagrees with itself".to_owned(),
        },
    }
}
