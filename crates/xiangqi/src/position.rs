//! A validated position: the board, the side to move and the counters, with play and undo.

mod play;

use std::fmt;

use crate::fen::{self, FenError};
use crate::geometry::{CELLS, EMPTY, FROM_PADDED, OFF, TO_PADDED};
use crate::setup::{PositionError, Problem};
use crate::zobrist;
use crate::{Color, Piece, Role, Setup, Square, SquareSet};

/// A position that can occur in a game: built only from a [`Setup`] that passed validation,
/// and changed only by legal moves (or by [`Position::play_unchecked`], whose caller vouches
/// for legality).
///
/// ```
/// use xiangqi::Position;
/// let mut pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let m = "h2e2".parse().unwrap();
/// let undo = pos.play(m).unwrap();
/// pos.undo(m, undo);
/// assert_eq!(pos, Position::start());
/// ```
#[derive(Clone)]
pub struct Position {
    /// Piece codes on the padded board (see `geometry`).
    pub(crate) cells: [u8; CELLS],
    /// Squares (0..90 bits) per piece code.
    pub(crate) by_code: [u128; 16],
    /// Squares per colour.
    pub(crate) by_color: [u128; 2],
    /// Padded index of each king.
    pub(crate) kings: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    halfmoves: u32,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(self) -> Option<Piece> {
        (self.captured != EMPTY).then(|| Piece::from_code(self.captured))
    }
}

/// Why [`Position::from_fen`] failed: the text, or the position it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromFenError {
    /// The text is not a FEN.
    Fen(FenError),
    /// The FEN describes a position that cannot occur.
    Position(PositionError),
}

impl fmt::Display for FromFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromFenError::Fen(e) => e.fmt(f),
            FromFenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FromFenError {}

#[inline]
pub(crate) const fn bit(sq90: u8) -> u128 {
    1u128 << sq90
}

impl Position {
    /// The starting position.
    pub fn start() -> Position {
        Position::from_setup(Setup::start()).unwrap_or_else(|_| unreachable!())
    }

    /// Validates a setup. Every problem is listed (see [`Problem`]).
    ///
    /// ```
    /// use xiangqi::{fen::parse_fen, Position, Problem};
    /// let setup = parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert!(matches!(err.problems[0], Problem::KingsFacing { .. }));
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::build(setup, false)
    }

    pub(crate) fn build(setup: Setup, allow_placement: bool) -> Result<Position, PositionError> {
        let mut problems = setup.static_problems();
        if allow_placement {
            problems.retain(|p| !p.is_placement());
        }
        let kings_ok = !problems
            .iter()
            .any(|p| matches!(p, Problem::KingCount { .. }));
        let mut pos = Position {
            cells: [OFF; CELLS],
            by_code: [0; 16],
            by_color: [0; 2],
            kings: [0; 2],
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for i in 0..90u8 {
            let cell = TO_PADDED[i as usize] as usize;
            pos.cells[cell] = EMPTY;
            if let Some(p) = setup.board[i as usize] {
                let code = p.code();
                pos.cells[cell] = code;
                pos.by_code[code as usize] |= bit(i);
                pos.by_color[p.color.index()] |= bit(i);
                if p.role == Role::King {
                    pos.kings[p.color.index()] = cell as u8;
                }
            }
        }
        pos.hash = pos.compute_hash();
        let facing = problems
            .iter()
            .any(|p| matches!(p, Problem::KingsFacing { .. }));
        if kings_ok && !facing {
            let waiting = !setup.turn;
            if pos.king_attacked(&pos.cells, pos.kings[waiting.index()] as usize, setup.turn) {
                problems.push(Problem::OppositeCheck { color: waiting });
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError {
                problems,
                setup: Box::new(setup),
            })
        }
    }

    /// Reads and validates a FEN (leniently, see [`crate::fen`]).
    ///
    /// ```
    /// use xiangqi::{fen::START_FEN, Position};
    /// assert_eq!(Position::from_fen(START_FEN).unwrap(), Position::start());
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FromFenError> {
        let setup = fen::parse_fen(text).map_err(FromFenError::Fen)?;
        Position::from_setup(setup).map_err(FromFenError::Position)
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The standard FEN of the position.
    ///
    /// ```
    /// use xiangqi::{fen::START_FEN, Position};
    /// assert_eq!(Position::start().fen(), START_FEN);
    /// ```
    pub fn fen(&self) -> String {
        fen::write_setup(&self.to_setup())
    }

    /// The board as 90 optional pieces.
    pub fn board(&self) -> [Option<Piece>; 90] {
        let mut board = [None; 90];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = self.piece_at_index(i as u8);
        }
        board
    }

    #[inline]
    fn piece_at_index(&self, i: u8) -> Option<Piece> {
        let code = self.cells[TO_PADDED[i as usize] as usize];
        (code != EMPTY).then(|| Piece::from_code(code))
    }

    /// The piece on a square, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.piece_at_index(sq.index())
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares holding a given piece.
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        SquareSet(self.by_code[piece.code() as usize])
    }

    /// The squares holding the pieces of a colour.
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet(self.by_color[color.index()])
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Where a side's king stands.
    pub fn king(&self, color: Color) -> Square {
        Square::new(FROM_PADDED[self.kings[color.index()] as usize])
            .unwrap_or_else(|| unreachable!("a validated position has both kings"))
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, counting up after each Black move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The zobrist hash, kept incrementally by play and undo. Two positions with the same
    /// pieces on the same squares and the same side to move have the same hash; the counters
    /// do not enter it, so repetitions can be found by comparing hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The same position with the other side to move (a "null move"), or `None` if the side
    /// that would then wait is in check: the mover could take its general, which no legal
    /// position allows. The counters are kept. The referee asks "what would this side
    /// threaten if it could move again?" this way, many times per repetition cycle.
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// let pos = Position::start().passed().unwrap();
    /// assert_eq!(pos.turn(), Color::Black);
    /// assert_eq!(pos.hash(), pos.compute_hash());
    /// // Red to move and in check: Red may not hand the move to Black.
    /// let check = Position::from_fen("4k4/9/9/9/9/9/9/9/3r5/3K5 w").unwrap();
    /// assert!(check.passed().is_none());
    /// ```
    pub fn passed(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = !self.turn;
        p.hash ^= zobrist::BLACK_TO_MOVE;
        Some(p)
    }

    /// The zobrist hash computed from scratch (for checking the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for i in 0..90u8 {
            let code = self.cells[TO_PADDED[i as usize] as usize];
            if code != EMPTY {
                h ^= zobrist::PIECE_SQUARE[code as usize][i as usize];
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.turn == other.turn
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// A text diagram, Black at the top, as a person reads the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9u8 {
                let c = self
                    .piece_at_index(rank * 9 + file)
                    .map_or('.', |p| p.fen_char());
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")
    }
}

impl PositionError {
    /// Accepts the position anyway if every problem is a placement problem (see
    /// [`Problem::is_placement`]); otherwise the same error again.
    ///
    /// ```
    /// use xiangqi::{fen::parse_fen, Position};
    /// // Three red advisors: impossible in a game, harmless to the laws of movement.
    /// let fen = "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAKAB2 w - - 0 1";
    /// let err = Position::from_setup(parse_fen(fen).unwrap()).unwrap_err();
    /// let pos = err.ignore_placement().unwrap();
    /// assert_eq!(pos.legal_moves().len(), 55);
    /// ```
    pub fn ignore_placement(self) -> Result<Position, PositionError> {
        if self.problems.iter().all(Problem::is_placement) {
            Position::build(*self.setup, true)
        } else {
            Err(self)
        }
    }
}
