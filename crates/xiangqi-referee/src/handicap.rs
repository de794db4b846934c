//! Handicap games (让先, 让子): piece odds and move odds, 1960 rules §7.2, 1956 rules ch. 3.

use std::fmt;

use xiangqi::{Color, Position, Role, Setup, Square};

use crate::articles::{piece_en, side_en};

/// How a game is handicapped.
///
/// * Piece odds (让子) need no special play: the stronger side's pieces are simply missing
///   from the start position, which any FEN can say and [`Position`] accepts (see
///   [`piece_odds`] for building it from the standard start).
/// * Move odds (让先, 两先, 三先): the weaker side opens with `n` moves in a row (`n` = 1, 2 or
///   3; 1 is an ordinary game with that side to move first). 1960 §7.2: whoever plays two or
///   three moves in a row must move two or three *different* pieces, may not capture and may
///   not give check. (The 1956 text forbade capture and check on "the first two moves" only;
///   the later 1960 text covers all of them, and so do we.)
///
/// ```
/// use xiangqi_referee::Handicap;
/// assert_eq!(Handicap::MoveOdds(2).opening_moves(), 2);
/// assert_eq!(Handicap::None.opening_moves(), 1);
/// assert!(Handicap::MoveOdds(4).validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// An even game (or piece odds, which live in the start position).
    #[default]
    None,
    /// The side to move in the start position opens with this many moves in a row (1–3).
    MoveOdds(u8),
}

impl Handicap {
    /// How many moves the first player makes before the other side's first reply.
    pub const fn opening_moves(self) -> u8 {
        match self {
            Handicap::None => 1,
            Handicap::MoveOdds(n) => n,
        }
    }

    /// The books know 让先 (1), 两先 (2) and 三先 (3) only.
    pub fn validate(self) -> Result<(), HandicapError> {
        match self {
            Handicap::MoveOdds(n) if !(1..=3).contains(&n) => Err(HandicapError::OddsOutOfRange(n)),
            _ => Ok(()),
        }
    }
}

/// A handicap that the books do not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Move odds of this many moves: the books give one, two or three (1960 §7.2).
    OddsOutOfRange(u8),
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::OddsOutOfRange(n) => write!(
                f,
                "move odds of {n} moves: the rule books give 1 (让先), 2 (两先) or 3 (三先)"
            ),
        }
    }
}

impl std::error::Error for HandicapError {}

/// How one of the consecutive opening moves of a move-odds game broke 1960 §7.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OddsViolation {
    /// The piece already moved once in this series (不许一子连动).
    SamePiece,
    /// The move captures (不准吃子).
    Capture,
    /// The move gives check (不准将军).
    Check,
}

impl OddsViolation {
    /// The Chinese wording.
    pub const fn chinese(self) -> &'static str {
        match self {
            OddsViolation::SamePiece => "连走的几着必须分别走不同的棋子，不许一子连动",
            OddsViolation::Capture => "连走的几着不准吃子",
            OddsViolation::Check => "连走的几着不准将军",
        }
    }
}

impl fmt::Display for OddsViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OddsViolation::SamePiece => {
                "each of the consecutive opening moves must move a different piece"
            }
            OddsViolation::Capture => "the consecutive opening moves may not capture",
            OddsViolation::Check => "the consecutive opening moves may not give check",
        })
    }
}

/// The same position with `turn` to move, for the passes of a move-odds opening. The mover's
/// series forbids checks, so the position stays legal; anything else is reported.
pub(crate) fn with_turn(pos: &Position, turn: Color) -> Result<Position, xiangqi::PositionError> {
    let setup = Setup {
        turn,
        ..pos.to_setup()
    };
    Position::from_setup(setup)
}

/// The standard start position with some of one side's pieces taken off: piece odds (让子,
/// 1960 §7.2). Each square must hold a piece of `giver` other than the king.
///
/// ```
/// use xiangqi::{Color, Square};
/// use xiangqi_referee::piece_odds;
/// // 让单马: Red gives a horse (b0).
/// let pos = piece_odds(Color::Red, &["b0".parse().unwrap()]).unwrap();
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
/// assert!(piece_odds(Color::Red, &["e0".parse().unwrap()]).is_err());
/// ```
pub fn piece_odds(giver: Color, removed: &[Square]) -> Result<Position, PieceOddsError> {
    let mut setup = Setup::start();
    for &sq in removed {
        match setup.piece_at(sq) {
            Some(p) if p.color == giver && p.role != Role::King => {
                setup.board[sq.index() as usize] = None;
            }
            Some(p) if p.role == Role::King => return Err(PieceOddsError::King(sq)),
            Some(p) => {
                return Err(PieceOddsError::NotGiversPiece {
                    square: sq,
                    found: piece_en(p),
                    giver,
                });
            }
            None => return Err(PieceOddsError::Empty(sq)),
        }
    }
    Position::from_setup(setup).map_err(|e| PieceOddsError::Position(e.to_string()))
}

/// Why [`piece_odds`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceOddsError {
    /// The square is empty in the start position (or was named twice).
    Empty(Square),
    /// The king cannot be given.
    King(Square),
    /// The square holds the other side's piece.
    NotGiversPiece {
        /// The square.
        square: Square,
        /// What stands there.
        found: String,
        /// The side giving odds.
        giver: Color,
    },
    /// The resulting position is not legal (cannot happen from the start position, kept so
    /// no error is ever swallowed).
    Position(String),
}

impl fmt::Display for PieceOddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceOddsError::Empty(sq) => write!(f, "piece odds: no piece on {sq} to remove"),
            PieceOddsError::King(sq) => write!(f, "piece odds: the king on {sq} cannot be given"),
            PieceOddsError::NotGiversPiece {
                square,
                found,
                giver,
            } => write!(
                f,
                "piece odds: {square} holds {found}, not one of {}'s pieces",
                side_en(*giver)
            ),
            PieceOddsError::Position(e) => write!(f, "piece odds: {e}"),
        }
    }
}

impl std::error::Error for PieceOddsError {}
