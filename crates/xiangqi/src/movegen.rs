//! Legal move generation, check detection and attacks (1960 rules §2–§3; current text 2.2).
//!
//! Moves are generated per piece on the padded board. A move is kept if it does not leave the
//! mover's king attacked, including by the facing king (将帅不能对面). Testing that for every
//! move is the slow part, so when the side to move is not in check only the moves that *could*
//! expose the king are tested: king moves; moves from or to a line through the king on which
//! an enemy rook, cannon or (on the file) king stands, since only those can open a line, take
//! away a cannon's second screen or become its screen; and moves of a piece standing on the leg
//! of an enemy horse that aims at the king. Every other move leaves every attack on the king as
//! it was, and there was none.
//!
//! In check every move kept is tested, but most moves cannot answer the check (应将, 1960
//! rules §3) and are dropped untested. A move other than the king's leaves the king where it
//! is, so it answers a checker only by changing what that checker sees (§2's moves): by taking
//! the checker; by standing between the king and a rook, a cannon or the facing king (§2.3) —
//! for a cannon a second screen, though not on its screen's square, where what takes the
//! screen becomes the screen; by standing on the leg of a checking horse; or, when a cannon's
//! screen is ours, by moving that screen away. So each checker names the squares a move must
//! land on (a pawn its own only), and a move must answer every checker, so it must land in
//! each set (our screen of a cannon, in the sets of the other checkers). A move that misses is
//! dropped; the rest, and every king move, are tested as before: a pinned piece, a discovered
//! attack, a double check or the facing kings are the test's to find. The checkers are found
//! the way the attack test finds them, so none is missed (`movegen/evasion.rs`).

mod attacks;
mod check;
mod evasion;
mod filter;
mod men;
mod pseudo;

use crate::geometry::{BLACK_BIT, CELLS, EMPTY, FROM_PADDED, OFF, TO_PADDED, W};
use crate::position::bit;
use crate::{Color, Move, MoveList, Position, Role, Square, SquareSet};

const KING: u8 = Role::King as u8;
const ADVISOR: u8 = Role::Advisor as u8;
const ELEPHANT: u8 = Role::Elephant as u8;
const HORSE: u8 = Role::Horse as u8;
const ROOK: u8 = Role::Rook as u8;
const CANNON: u8 = Role::Cannon as u8;
const PAWN: u8 = Role::Pawn as u8;

/// Horse jumps as (leg, destination) offsets.
const HORSE_JUMPS: [(i32, i32); 8] = [
    (W, 2 * W + 1),
    (W, 2 * W - 1),
    (-W, -2 * W + 1),
    (-W, -2 * W - 1),
    (1, W + 2),
    (1, -W + 2),
    (-1, W - 2),
    (-1, -W - 2),
];

#[inline]
fn color_bit(c: Color) -> u8 {
    if c == Color::Black { BLACK_BIT } else { 0 }
}

/// Whether a cell holds a piece of `us` (false for empty and off-board cells).
#[inline]
fn is_own(cell: u8, us: Color) -> bool {
    cell != EMPTY && cell != OFF && (cell & BLACK_BIT) == color_bit(us)
}

/// Whether a piece of `us` may land on the cell: on the board, and empty or an enemy.
#[inline]
fn can_land(cell: u8, us: Color) -> bool {
    cell == EMPTY || (cell != OFF && (cell & BLACK_BIT) != color_bit(us))
}

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use xiangqi::Position;
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    /// // The king may not step onto the d-file, where it would face Black's king.
    /// assert_eq!(pos.legal_moves().len(), 2);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Writes the legal moves into `list`, replacing what it held.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let us = self.turn;
        let k = self.kings[us.index()] as usize;
        if self.king_attacked(&self.cells, k, !us) {
            self.for_each_evasion(k, |m| {
                list.push(m);
                true
            });
            return;
        }
        let (danger_from, hot) = self.danger(k, us);
        let mut scratch = Scratch::empty();
        for man in self.men(self.by_color[us.index()]) {
            let from_hot = man.is_king || danger_from & bit(man.f90) != 0;
            self.pseudo_moves_from(man.from, man.code, |to| {
                let t90 = FROM_PADDED[to];
                if (from_hot || hot & bit(t90) != 0)
                    && !self.safe_after(&mut scratch, man.from, to, man.is_king)
                {
                    return;
                }
                list.push(Move::from_index(man.f90, t90));
            });
        }
    }

    /// Whether the side to move has any legal move: [`Position::legal_moves`] with an early
    /// exit, for referees that ask after every ply. Pieces away from the king's lines usually
    /// answer at their first move, with no attack test at all.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert!(Position::start().has_legal_moves());
    /// assert!(!Position::from_fen("3k5/2R6/9/9/9/9/9/9/9/4K4 b").unwrap().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        let us = self.turn;
        let k = self.kings[us.index()] as usize;
        if self.king_attacked(&self.cells, k, !us) {
            let mut found = false;
            self.for_each_evasion(k, |_| {
                found = true;
                false
            });
            return found;
        }
        let (danger_from, hot) = self.danger(k, us);
        let mut scratch = Scratch::empty();
        // Quiet pieces first: their moves need no test unless they land on a hot line.
        let order = [
            self.by_color[us.index()] & !danger_from,
            self.by_color[us.index()] & danger_from,
        ];
        for pieces in order {
            for man in self.men(pieces) {
                let from_hot = man.is_king || danger_from & bit(man.f90) != 0;
                let mut found = false;
                self.pseudo_moves_from(man.from, man.code, |to| {
                    if found {
                        return;
                    }
                    let t90 = FROM_PADDED[to];
                    found = !(from_hot || hot & bit(t90) != 0)
                        || self.safe_after(&mut scratch, man.from, to, man.is_king);
                });
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Writes the legal moves that give check into `list`, replacing what it held: what a
    /// search for mates by checks (the referee's 杀) needs, without generating and testing
    /// every other move.
    ///
    /// ```
    /// use xiangqi::{MoveList, Position};
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K2R1 w").unwrap();
    /// let mut checks = MoveList::new();
    /// pos.checking_moves_into(&mut checks);
    /// let all = pos.legal_moves();
    /// let expected: Vec<_> = all.iter().filter(|&&m| pos.gives_check(m)).collect();
    /// assert_eq!(checks.iter().collect::<Vec<_>>(), expected);
    /// assert_eq!(checks.len(), 1); // h0h9 (h0d0 would check, but the red king is in the way)
    /// ```
    pub fn checking_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_checking_move(|m| {
            list.push(m);
            true
        });
    }

    /// Whether the side to move has a legal move that gives check:
    /// [`Position::checking_moves_into`] with an early exit, for searches that only ask
    /// whether a line of checks could go on.
    ///
    /// ```
    /// use xiangqi::Position;
    /// assert!(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K2R1 w").unwrap().has_checking_move());
    /// assert!(!Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap().has_checking_move());
    /// ```
    pub fn has_checking_move(&self) -> bool {
        let mut found = false;
        self.for_each_checking_move(|_| {
            found = true;
            false
        });
        found
    }

    /// Calls `each` with every legal move that gives check, while it returns true. A move is
    /// tested for legality only when it could expose its own king, and dropped untested when
    /// it cannot answer a check the king is in (as in [`Position::legal_moves_into`]).
    fn for_each_checking_move(&self, mut each: impl FnMut(Move) -> bool) {
        let us = self.turn;
        // Most positions have few checking moves: which squares need the legality test is
        // found only once a first one turns up.
        let mut tested = None;
        let mut scratch = Scratch::empty();
        let mut go_on = true;
        for man in self.men(self.by_color[us.index()]) {
            if !go_on {
                break;
            }
            self.pseudo_moves_from(man.from, man.code, |to| {
                if !go_on {
                    return;
                }
                let t90 = FROM_PADDED[to];
                let m = Move::from_index(man.f90, t90);
                if !self.gives_check(m) {
                    return;
                }
                let tests = tested.get_or_insert_with(|| self.tested_squares(us));
                let (from_hot, lands) = tests.piece(man.f90, man.is_king);
                let t = bit(t90);
                if lands & t == 0 {
                    return;
                }
                let needs_test = from_hot || tests.hot & t != 0;
                if !needs_test || self.safe_after(&mut scratch, man.from, to, man.is_king) {
                    go_on = each(m);
                }
            });
        }
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = TO_PADDED[m.from().index() as usize] as usize;
        let to = TO_PADDED[m.to().index() as usize] as usize;
        let code = self.cells[from];
        if !is_own(code, self.turn) {
            return false;
        }
        let mut found = false;
        self.pseudo_moves_from(from, code, |t| found |= t == to);
        if !found {
            return false;
        }
        let mut scratch = Scratch {
            cells: [0; CELLS],
            ready: false,
        };
        self.safe_after(&mut scratch, from, to, code & 7 == KING)
    }

    /// Whether the side to move is in check (including by the facing king).
    pub fn is_check(&self) -> bool {
        let us = self.turn;
        self.king_attacked(&self.cells, self.kings[us.index()] as usize, !us)
    }

    /// The enemy pieces giving check to the side to move. The facing king is not listed: a
    /// legal position never has the kings facing.
    pub fn checkers(&self) -> SquareSet {
        let us = self.turn;
        SquareSet(self.attackers_mask(self.kings[us.index()] as usize, !us))
    }

    /// Whether the side to move has no legal move. Under every rule book that side has lost:
    /// checkmated (将死) if in check, stalemated (困毙) if not (1960 rules §3–§4.1; current
    /// text 4.1.1–4.1.3).
    pub fn has_no_moves(&self) -> bool {
        !self.has_legal_moves()
    }

    /// Checkmate (将死): in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.has_no_moves()
    }

    /// Stalemate (困毙): not in check but no legal move; in xiangqi this loses (1960 rules §3,
    /// §4.1(二)).
    ///
    /// ```
    /// use xiangqi::Position;
    /// // Black's king on d9 may go neither to e9 (facing Red's king), nor to d8 (Red's rook).
    /// let pos = Position::from_fen("3k5/2R6/9/9/9/9/9/9/9/4K4 b").unwrap();
    /// assert!(pos.is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.has_no_moves()
    }

    /// Whether a piece of `by` attacks the square: could capture on it next move if the piece
    /// there were the other side's, ignoring whether that capture would expose its own king.
    /// Kings count for their palace steps only, not along the open file.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_mask(TO_PADDED[sq.index() as usize] as usize, by) != 0
    }

    /// The pieces of `by` attacking a square, in the sense of [`Position::is_attacked`].
    ///
    /// ```
    /// use xiangqi::{Position, Square};
    /// let pos = Position::start();
    /// let e3: Square = "e3".parse().unwrap();
    /// // Black's cannons on b7 and h7 have no screen on rank 7 towards e3; nothing attacks e3.
    /// assert!(pos.attackers(e3, xiangqi::Color::Black).is_empty());
    /// ```
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        SquareSet(self.attackers_mask(TO_PADDED[sq.index() as usize] as usize, by))
    }

    /// Whether the mover's king is safe after moving the piece on `from` to `to`.
    #[inline]
    fn safe_after(&self, scratch: &mut Scratch, from: usize, to: usize, is_king: bool) -> bool {
        if !scratch.ready {
            scratch.cells = self.cells;
            scratch.ready = true;
        }
        let us = self.turn;
        let cells = &mut scratch.cells;
        let captured = cells[to];
        cells[to] = cells[from];
        cells[from] = EMPTY;
        let k = if is_king {
            to
        } else {
            self.kings[us.index()] as usize
        };
        let attacked = self.king_attacked(cells, k, !us);
        cells[from] = cells[to];
        cells[to] = captured;
        !attacked
    }
}

/// A copy of the board, made only when some move needs testing.
struct Scratch {
    cells: [u8; CELLS],
    ready: bool,
}

impl Scratch {
    #[inline(always)]
    fn empty() -> Self {
        Scratch {
            cells: [0; CELLS],
            ready: false,
        }
    }
}
