//! Mate threats (杀): a forced mate by a check or a series of checks.
//!
//! 2020 art. 24.2 (and 1999 art. 28.2, 1960 §4 二(二) 要杀): 杀 is a move after which the
//! mover, if it were to move again, would mate by a check or by continuous checks. The AXF
//! terms (杀着, "threatening to checkmate") use the same definition. We search checks only, up
//! to [`MATE_DEPTH`] checking moves, every evasion answered.

use xiangqi::{Color, Move, MoveList, Position, Square};

/// How many checking moves a mate threat may take (3: check, evade, check, evade, mate).
pub const MATE_DEPTH: u8 = 4;

/// The same position with `turn` to move ("a null move"), or `None` if that side could
/// capture the enemy king (the position would not be legal).
pub(crate) fn with_turn(pos: &Position, turn: Color) -> Option<Position> {
    if pos.turn() == turn {
        return Some(pos.clone());
    }
    let mut setup = pos.to_setup();
    setup.turn = turn;
    match Position::from_setup(setup) {
        Ok(p) => Some(p),
        Err(e) => e.ignore_placement().ok(),
    }
}

/// A cheap necessary condition for `m` to give check to the king on `king`: every check
/// comes from a rook, cannon or pawn on the king's file or rank, or from a horse, so the move
/// must land on or leave the king's lines, leave a horse's leg (diagonally next to the king),
/// or put a horse or pawn where it attacks the king.
pub(crate) fn may_check(pos: &Position, m: Move, king: Square) -> bool {
    let (kf, kr) = (king.file().index() as i32, king.rank().index() as i32);
    let on_lines = |s: Square| s.file().index() as i32 == kf || s.rank().index() as i32 == kr;
    let (from, to) = (m.from(), m.to());
    if on_lines(from) || on_lines(to) {
        return true;
    }
    let (df, dr) = (
        (from.file().index() as i32 - kf).abs(),
        (from.rank().index() as i32 - kr).abs(),
    );
    if df == 1 && dr == 1 {
        return true;
    }
    let (tf, tr) = (
        (to.file().index() as i32 - kf).abs(),
        (to.rank().index() as i32 - kr).abs(),
    );
    matches!(
        pos.piece_at(from).map(|p| p.role),
        Some(xiangqi::Role::Horse)
    ) && ((tf == 1 && tr == 2) || (tf == 2 && tr == 1))
}

/// Whether the side to move gives check with `m` (which must be legal).
pub(crate) fn gives_check(pos: &mut Position, m: Move) -> bool {
    if !may_check(pos, m, pos.king(!pos.turn())) {
        return false;
    }
    let undo = pos.play_unchecked(m);
    let check = pos.is_check();
    pos.undo(m, undo);
    check
}

/// Whether the side to move can mate at once.
pub(crate) fn has_mate_in_one(pos: &mut Position) -> bool {
    let moves = pos.legal_moves();
    let king = pos.king(!pos.turn());
    moves.iter().any(|&m| {
        if !may_check(pos, m, king) {
            return false;
        }
        let undo = pos.play_unchecked(m);
        let mate = pos.is_check() && pos.has_no_moves();
        pos.undo(m, undo);
        mate
    })
}

/// Whether the side to move forces mate with at most `depth` checking moves, every one of
/// them a check and every evasion answered, never playing a move in `skip`.
pub(crate) fn mates_by_checks_except(pos: &mut Position, depth: u8, skip: &[Move]) -> bool {
    if depth == 0 {
        return false;
    }
    let moves: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !skip.contains(m))
        .collect();
    let mut evasions = MoveList::new();
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        let mut forced = false;
        if pos.is_check() {
            pos.legal_moves_into(&mut evasions);
            forced = evasions.is_empty()
                || (depth > 1 && {
                    let list = evasions.clone();
                    list.iter().all(|&e| {
                        let u = pos.play_unchecked(e);
                        let r = mates_by_checks_except(pos, depth - 1, skip);
                        pos.undo(e, u);
                        r
                    })
                });
        }
        pos.undo(m, undo);
        if forced {
            return true;
        }
    }
    false
}

/// Whether `side`, given the move in `pos` (a null move if it is not its turn), would force
/// mate by checks: the test for 杀. A mate that would begin by taking a piece standing in an
/// offer of exchange does not count: the opponent may simply accept the exchange, and the
/// move is 兑 (2020 图29: 长兑 against 长杀; the same offer is 杀 when the enemy piece cannot
/// leave its line to accept it).
pub(crate) fn threatens_mate(pos: &Position, side: Color, depth: u8) -> bool {
    let Some(mut p) = with_turn(pos, side) else {
        return false;
    };
    let mut them = pos.clone();
    let skip: Vec<Move> = crate::cycle::material::all_captures(&p)
        .into_iter()
        .filter(|&m| crate::cycle::chase::is_exchange_offer(&p, Some(&mut them), m))
        .collect();
    mates_by_checks_except(&mut p, depth, &skip)
}
