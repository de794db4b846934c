//! An unchecked arrangement of pieces, and the reasons it may not be a legal position.

use std::fmt;

use crate::geometry::{advisor_square, elephant_square};
use crate::{Color, Piece, Role, Square};

/// A board as written, not yet checked: pieces on squares, the side to move and the counters.
/// It becomes a [`crate::Position`] only through [`crate::Position::from_setup`], which refuses
/// anything that could not arise in a game.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN's fifth field).
    pub halfmoves: u32,
    /// The move number, starting at 1 and counting up after Black moves (FEN's sixth field).
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard starting arrangement (1960 rules §1.3, 图一).
    ///
    /// ```
    /// use xiangqi::{Setup, Square};
    /// let s = Setup::start();
    /// assert_eq!(s.board.iter().flatten().count(), 32);
    /// ```
    pub fn start() -> Setup {
        use Role::*;
        let mut s = Setup::empty();
        let back = [
            Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook,
        ];
        for (f, role) in back.into_iter().enumerate() {
            s.board[f] = Some(Piece::new(Color::Red, role));
            s.board[81 + f] = Some(Piece::new(Color::Black, role));
        }
        for f in [1, 7] {
            s.board[18 + f] = Some(Piece::new(Color::Red, Cannon));
            s.board[63 + f] = Some(Piece::new(Color::Black, Cannon));
        }
        for f in [0, 2, 4, 6, 8] {
            s.board[27 + f] = Some(Piece::new(Color::Red, Pawn));
            s.board[54 + f] = Some(Piece::new(Color::Black, Pawn));
        }
        s
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index() as usize]
    }

    /// Every reason this arrangement could not occur in a game under the rules of movement
    /// (1960 rules §1–§3; current text 2.2), except the check on the side not to move, which
    /// needs attack generation and is added by `Position::from_setup`.
    pub(crate) fn static_problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut counts = [[0u8; 8]; 2];
        let mut pawn_files = [[0u8; 9]; 2];
        for sq in Square::all() {
            let Some(p) = self.piece_at(sq) else { continue };
            counts[p.color.index()][p.role as usize] += 1;
            let s = sq.index();
            match p.role {
                Role::King if !sq.in_palace(p.color) => problems.push(Problem::KingOutsidePalace {
                    square: sq,
                    color: p.color,
                }),
                Role::Advisor if !advisor_square(s, p.color) => {
                    problems.push(Problem::UnreachableSquare {
                        square: sq,
                        piece: p,
                    })
                }
                Role::Elephant if !elephant_square(s, p.color) => {
                    problems.push(Problem::UnreachableSquare {
                        square: sq,
                        piece: p,
                    })
                }
                Role::Pawn => {
                    let rel = sq.rank().relative_to(p.color);
                    if rel < 3 {
                        problems.push(Problem::PawnBehindStart {
                            square: sq,
                            color: p.color,
                        });
                    } else if rel < 5 {
                        if sq.file().index() % 2 == 1 {
                            problems.push(Problem::PawnSidewaysBeforeRiver {
                                square: sq,
                                color: p.color,
                            });
                        } else {
                            pawn_files[p.color.index()][sq.file().index() as usize] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        for color in Color::ALL {
            let kings = counts[color.index()][Role::King as usize];
            if kings != 1 {
                problems.push(Problem::KingCount {
                    color,
                    count: kings,
                });
            }
            for role in Role::ALL.into_iter().skip(1) {
                let count = counts[color.index()][role as usize];
                if count > role.start_count() {
                    problems.push(Problem::TooMany { color, role, count });
                }
            }
            for (f, &n) in pawn_files[color.index()].iter().enumerate() {
                if n > 1 {
                    problems.push(Problem::UncrossedPawnsShareFile {
                        color,
                        file: crate::File::new(f as u8).unwrap_or_else(|| unreachable!()),
                    });
                }
            }
        }
        if let Some((a, b)) = self.facing_kings() {
            problems.push(Problem::KingsFacing { red: a, black: b });
        }
        problems
    }

    fn king_square(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::King)))
    }

    /// The two kings' squares if they stand on one file with nothing between.
    fn facing_kings(&self) -> Option<(Square, Square)> {
        let red = self.king_square(Color::Red)?;
        let black = self.king_square(Color::Black)?;
        if red.file() != black.file() {
            return None;
        }
        let (lo, hi) = if red.index() < black.index() {
            (red, black)
        } else {
            (black, red)
        };
        let open = (lo.index() + 9..hi.index())
            .step_by(9)
            .all(|i| self.board[i as usize].is_none());
        open.then_some((red, black))
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Each side has exactly one king (1960 rules §1.2).
    KingCount {
        /// The side concerned.
        color: Color,
        /// How many it has.
        count: u8,
    },
    /// The king never leaves its palace (1960 rules §2.1).
    KingOutsidePalace {
        /// Where it stands.
        square: Square,
        /// Whose king.
        color: Color,
    },
    /// An advisor or elephant stands where its moves could never take it (1960 rules §2.1).
    UnreachableSquare {
        /// Where it stands.
        square: Square,
        /// Which piece.
        piece: Piece,
    },
    /// A pawn stands behind its starting rank; pawns never retreat (1960 rules §2.1).
    PawnBehindStart {
        /// Where it stands.
        square: Square,
        /// Whose pawn.
        color: Color,
    },
    /// A pawn that has not crossed the river stands off the five pawn files; it could only get
    /// there by moving sideways, which pawns may do only after the river (1960 rules §2.1).
    PawnSidewaysBeforeRiver {
        /// Where it stands.
        square: Square,
        /// Whose pawn.
        color: Color,
    },
    /// Two uncrossed pawns on one file: each file starts with one pawn and pawns cannot move
    /// sideways before the river.
    UncrossedPawnsShareFile {
        /// Whose pawns.
        color: Color,
        /// The file.
        file: crate::File,
    },
    /// More pieces of a kind than a side starts with (1960 rules §1.2); there are no
    /// promotions.
    TooMany {
        /// The side concerned.
        color: Color,
        /// The kind of piece.
        role: Role,
        /// How many it has.
        count: u8,
    },
    /// The kings face each other on an open file (将帅不能对面, 1960 rules §2.3).
    KingsFacing {
        /// Red's king.
        red: Square,
        /// Black's king.
        black: Square,
    },
    /// The side that has just moved is in check: its last move would have been illegal.
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::KingCount { color, count } => {
                write!(f, "{color} has {count} kings; each side has exactly one")
            }
            Problem::KingOutsidePalace { square, color } => {
                write!(f, "{color}'s king on {square} is outside its palace")
            }
            Problem::UnreachableSquare { square, piece } => write!(
                f,
                "{} {} on {square} stands where it can never move to",
                piece.color, piece.role
            ),
            Problem::PawnBehindStart { square, color } => {
                write!(f, "{color}'s pawn on {square} is behind its starting rank")
            }
            Problem::PawnSidewaysBeforeRiver { square, color } => write!(
                f,
                "{color}'s pawn on {square} has not crossed the river but is off the pawn files"
            ),
            Problem::UncrossedPawnsShareFile { color, file } => write!(
                f,
                "{color} has two pawns on file {} that have not crossed the river",
                file.char()
            ),
            Problem::TooMany { color, role, count } => write!(
                f,
                "{color} has {count} {role}s; at most {} are allowed",
                role.start_count()
            ),
            Problem::KingsFacing { red, black } => {
                write!(
                    f,
                    "the kings on {red} and {black} face each other on an open file"
                )
            }
            Problem::OppositeCheck { color } => {
                write!(f, "{color} is in check but it is not {color}'s turn")
            }
        }
    }
}

impl Problem {
    /// Whether the problem is only about where pieces stand or how many there are (too many
    /// of a kind, an advisor, elephant or pawn where it could never be). Such boards break no
    /// law of movement, and some published test positions have them (the second
    /// chessprogramming perft position has three red advisors), so
    /// [`PositionError::ignore_placement`] can accept them.
    pub fn is_placement(&self) -> bool {
        matches!(
            self,
            Problem::UnreachableSquare { .. }
                | Problem::PawnBehindStart { .. }
                | Problem::PawnSidewaysBeforeRiver { .. }
                | Problem::UncrossedPawnsShareFile { .. }
                | Problem::TooMany { .. }
        )
    }
}

/// Why a [`Setup`] was refused: every problem found, not just the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The problems, in board order, then per side.
    pub problems: Vec<Problem>,
    /// The setup that was refused.
    pub setup: Box<Setup>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}
