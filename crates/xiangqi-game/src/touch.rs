//! Touch-move at the arbiter's desk (摸子动子, 1960 rules §7 四; current text 5.1–5.5) and the
//! binding a correction leaves (纠正错误, 1960 §7 五).
//!
//! The arbiter records the pieces the player to move touched, in the order touched; the
//! referee crate's [`touch_obligation`] rules what that binds him to, and the game refuses any
//! other move until he has moved (or the arbiter withdraws the record: a piece adjusted with
//! 「我来摆正」, 1960 §7 四 and current 5.6). A correction binds the replay the same way: "重走时，
//! 仍应走那个已动的棋子，只有在那个棋子根本不能走动的条件下（即一动就违例），才可以改走别的棋子"
//! — which is 5.1's rule for one touched own piece, so it is ruled by the same function.

use serde::{Deserialize, Serialize};
use std::fmt;
use xiangqi::Color;
use xiangqi::{Move, Position, Square};
use xiangqi_referee::{TouchError, TouchRuling, touch_obligation};

/// Why a touch cannot be recorded: a square that does not read, or what the referee's touch
/// rule refuses (no square, an empty one).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_game::{Binding, BindingCause, BindingError};
/// let e = Binding::rule(&Position::start(), &["z9".into()], BindingCause::Touch).unwrap_err();
/// assert_eq!(e, BindingError::Square("z9".into()));
/// assert_eq!(e.to_string(), r#"square "z9": expected a square like e3"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BindingError {
    /// This text is not a square.
    Square(String),
    /// The referee's touch rule refuses the squares.
    Touch(TouchError),
}

impl fmt::Display for BindingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BindingError::Square(s) => write!(f, "square {s:?}: expected a square like e3"),
            BindingError::Touch(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BindingError {}

/// Why the player to move is bound, and to which moves.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BindingCause {
    /// Pieces touched (1960 §7 四, current 5.1–5.5).
    Touch,
    /// A correction: the piece that moved must move again (1960 §7 五).
    Correction,
}

/// The moves the player to move is bound to.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi::Color;
/// use xiangqi_game::{Binding, BindingCause};
/// let b = Binding::rule(&Position::start(), &["b0".into()], BindingCause::Touch).unwrap();
/// assert_eq!(b.side, Color::Red);
/// assert_eq!(b.moves, ["b0a2", "b0c2"]);
/// assert!(b.allows("b0c2") && !b.allows("h2e2"));
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// Who is bound.
    pub side: Color,
    /// Why.
    pub cause: BindingCause,
    /// The squares touched, in order (for a correction: the piece's square).
    pub squares: Vec<String>,
    /// The moves allowed, ICCS; empty: any legal move (the touched pieces cannot move or be
    /// taken).
    pub moves: Vec<String>,
    /// The article applied.
    pub rule: String,
    /// Why, in English.
    pub explanation: String,
    /// Why, in Chinese.
    pub explanation_zh: String,
}

impl Binding {
    /// The binding of touching `squares` (ICCS, in order) in `pos`, for the side to move.
    ///
    /// # Errors
    ///
    /// A square that does not read, an empty square, or none at all ([`BindingError`]).
    pub fn rule(
        pos: &Position,
        squares: &[String],
        cause: BindingCause,
    ) -> Result<Binding, BindingError> {
        let read: Result<Vec<Square>, BindingError> = squares
            .iter()
            .map(|s| {
                s.parse::<Square>()
                    .map_err(|_| BindingError::Square(s.clone()))
            })
            .collect();
        let ruling: TouchRuling = touch_obligation(pos, &read?).map_err(BindingError::Touch)?;
        let (rule, explanation, explanation_zh) = match cause {
            BindingCause::Touch => (ruling.rule, ruling.explanation, ruling.explanation_zh),
            BindingCause::Correction => (
                "1960 rules §7 五 (重走时，仍应走那个已动的棋子)".to_owned(),
                "After the correction the piece that moved must move again, unless it cannot."
                    .to_owned(),
                "纠正错误后重走，仍应走那个已动的棋子，除非该子根本不能走动。".to_owned(),
            ),
        };
        Ok(Binding {
            side: pos.turn(),
            cause,
            squares: squares.to_vec(),
            moves: ruling.bound_moves.iter().map(Move::to_string).collect(),
            rule,
            explanation,
            explanation_zh,
        })
    }

    /// Whether the move (ICCS) keeps to the binding.
    pub fn allows(&self, iccs: &str) -> bool {
        self.moves.is_empty() || self.moves.iter().any(|m| m == iccs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn own_then_opponent_must_capture_with_the_touched_piece_either_colour() {
        // 5.3(1): Red touches its cannon h2, then Black's horse h9.
        let start = Position::start();
        let b = Binding::rule(&start, &["h2".into(), "h9".into()], BindingCause::Touch).unwrap();
        assert_eq!(b.moves, ["h2h9"]);
        // Colour-swapped and mirrored: after Red's first move, Black's cannon b7 and horse b0.
        let mut after = start.clone();
        after.play("h2e2".parse().unwrap()).unwrap();
        let b = Binding::rule(&after, &["b7".into(), "b0".into()], BindingCause::Touch).unwrap();
        assert_eq!(
            (b.side, b.moves.as_slice()),
            (Color::Black, &["b7b0".to_string()][..])
        );
    }

    #[test]
    fn a_touched_piece_that_cannot_move_binds_to_nothing() {
        // Red's horse on e1 is pinned by Black's rook on e2: any move.
        let pinned = pos("4k4/9/9/9/9/9/9/4r4/4N4/4K4 w");
        let b = Binding::rule(&pinned, &["e1".into()], BindingCause::Touch).unwrap();
        assert!(b.moves.is_empty() && b.allows("e0d0"));
        // Colour-swapped: Black's horse on e8 pinned by Red's rook on e7.
        let pinned = pos("4k4/4n4/4R4/9/9/9/9/9/9/3K5 b");
        let b = Binding::rule(&pinned, &["e8".into()], BindingCause::Touch).unwrap();
        assert!(b.moves.is_empty());
        // A bad square is refused with the reason.
        let e = Binding::rule(&Position::start(), &["e5".into()], BindingCause::Touch);
        assert!(e.unwrap_err().to_string().contains("e5"));
        assert!(Binding::rule(&Position::start(), &["z9".into()], BindingCause::Touch).is_err());
    }

    #[test]
    fn a_correction_binds_the_piece_that_moved_unless_it_cannot_move() {
        let b = Binding::rule(
            &pos("4k4/9/9/9/9/9/9/9/4A4/3K5 w"),
            &["e1".into()],
            BindingCause::Correction,
        )
        .unwrap();
        assert_eq!(b.moves, ["e1f0", "e1d2", "e1f2"]);
        assert!(b.rule.contains("§7 五"));
    }
}
