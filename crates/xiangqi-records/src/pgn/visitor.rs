//! The streaming interface: a [`Visitor`] is told about each piece of a game as the reader
//! meets it, pgn-reader style. The reader knows only the syntax; what the moves mean (which
//! notation, whether they are legal) is the visitor's business.

use crate::{GameResult, Place};

/// Whether to skip what follows (the movetext, or a variation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Skip(pub bool);

/// Receives the parts of one game in file order. Every method but [`Visitor::end_game`] has
/// an empty default.
///
/// A syntax error ends the game early: the reader then returns the error instead of calling
/// `end_game`, so a visitor should reset its state in [`Visitor::begin_game`].
///
/// ```
/// use xiangqi_records::pgn::{PgnReader, Visitor};
/// use xiangqi_records::Place;
///
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn mv(&mut self, _text: &str, _at: Place) { self.0 += 1; }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let pgn = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 (1... b9c7) 2. h0g2 *\n[Game \"Chinese Chess\"]\n1. b2e2 *\n";
/// let mut reader = PgnReader::new(pgn.as_bytes());
/// let mut visitor = CountMoves(0);
/// assert_eq!(reader.read_game(&mut visitor).unwrap().unwrap(), 4);
/// assert_eq!(reader.read_game(&mut visitor).unwrap().unwrap(), 1);
/// assert!(reader.read_game(&mut visitor).is_none());
/// ```
pub trait Visitor {
    /// What a game turns into.
    type Output;

    /// A new game starts.
    fn begin_game(&mut self) {}

    /// A tag pair, `[Name "value"]`, with the value unescaped.
    fn tag(&mut self, _name: &str, _value: &str) {}

    /// The tags are over; return `Skip(true)` to skip the movetext.
    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }

    /// A move as written (move numbers and annotation marks removed), and where.
    fn mv(&mut self, _text: &str, _at: Place) {}

    /// A comment: the text between `{` and `}` as it is, or after `;` trimmed.
    fn comment(&mut self, _text: &str, _at: Place) {}

    /// A variation starts: an alternative to the last move seen. Return `Skip(true)` to skip it.
    fn begin_variation(&mut self, _at: Place) -> Skip {
        Skip(false)
    }

    /// The current variation ends.
    fn end_variation(&mut self) {}

    /// The result token that ends the movetext.
    fn outcome(&mut self, _outcome: GameResult) {}

    /// The game is over; produce the output.
    fn end_game(&mut self) -> Self::Output;
}
