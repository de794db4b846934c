//! The endings that need no repetition: no legal move (mate, stalemate) and no attacking
//! material.

use xiangqi::{Color, Move, Piece, Position, Role};

use crate::articles::{self, is_attacker, piece_en, piece_zh, side_en, side_zh};
use crate::{GameResult, Reason, RuleSet, Ruling};

/// Whether the side to move has a legal move ([`Position::has_legal_moves`], which stops at
/// the first one).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::has_legal_move;
/// assert!(has_legal_move(&Position::start()));
/// // Black is stalemated: d8 is the rook's, e9 faces Red's king.
/// let pos = Position::from_fen("3k5/2R6/9/9/9/9/9/9/9/4K4 b").unwrap();
/// assert!(!has_legal_move(&pos));
/// ```
pub fn has_legal_move(pos: &Position) -> bool {
    pos.has_legal_moves()
}

/// Whether a side still has a piece that can cross the river: a rook, horse, cannon or pawn.
///
/// Only these can ever give check: advisors and elephants stay at home, and the kings may
/// never face each other (1960 §2.1 and §2.3). When neither side has one, no mate is possible
/// and the referee rules the game drawn (see [`crate::Reason::InsufficientMaterial`]).
///
/// ```
/// use xiangqi::{Color, Position};
/// use xiangqi_referee::has_attacking_material;
/// let pos = Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK4 w").unwrap();
/// assert!(!has_attacking_material(&pos, Color::Red));
/// assert!(has_attacking_material(&Position::start(), Color::Black));
/// ```
pub fn has_attacking_material(pos: &Position, color: Color) -> bool {
    Role::ALL
        .into_iter()
        .filter(|&r| is_attacker(r))
        .any(|r| !pos.squares_of(Piece::new(color, r)).is_empty())
}

/// Mate or stalemate of the side to move: with no legal move it loses, checkmated if in
/// check, stalemated (困毙) if not.
pub(crate) fn no_moves(pos: &Position, rules: RuleSet, ply: u32, last: Option<Move>) -> Ruling {
    let at = moment(pos, ply, last);
    if pos.is_check() {
        checkmate(pos, rules, ply, at)
    } else {
        stalemate(pos, rules, ply, at)
    }
}

/// When the game ended, in English and Chinese: the start position, or the ply and the
/// piece and move that ended it.
fn moment(pos: &Position, ply: u32, last: Option<Move>) -> (String, String) {
    if ply == 0 {
        return ("In the start position".to_owned(), "开始局面".to_owned());
    }
    let by = match last {
        Some(m) => {
            let p = pos.piece_at(m.to());
            (
                p.map_or_else(String::new, |p| format!(" {} {m}", piece_en(p))),
                p.map_or_else(String::new, |p| format!("{}{m}", piece_zh(p))),
            )
        }
        None => (String::new(), String::new()),
    };
    (
        format!("After ply {ply}{}", by.0),
        format!("第{ply}着{}后", by.1),
    )
}

/// The side to move is in check and has no legal move: checkmate, naming the checking
/// pieces.
fn checkmate(pos: &Position, rules: RuleSet, ply: u32, at: (String, String)) -> Ruling {
    let loser = pos.turn();
    let winner = !loser;
    let checkers: Vec<_> = pos
        .checkers()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .collect();
    let en: Vec<String> = checkers
        .iter()
        .map(|(sq, p)| format!("{} on {sq}", piece_en(*p)))
        .collect();
    let zh: Vec<String> = checkers
        .iter()
        .map(|(sq, p)| format!("{}({sq})", piece_zh(*p)))
        .collect();
    let en_by = if en.is_empty() {
        String::new()
    } else {
        format!(" by {}", en.join(" and "))
    };
    Ruling::new(
        GameResult::win_for(winner),
        Some(Reason::Checkmate),
        ply,
        None,
        articles::checkmate(rules).to_owned(),
        (
            format!(
                "{}, {} is in check{en_by} and has no legal move: checkmate; {} wins.",
                at.0,
                side_en(loser),
                side_en(winner)
            ),
            format!(
                "{}，{}将军，{}无法应将，被将死，{}胜。",
                at.1,
                zh.join("、"),
                side_zh(loser),
                side_zh(winner)
            ),
        ),
    )
}

/// The side to move is not in check and has no legal move: stalemate (困毙), which loses.
fn stalemate(pos: &Position, rules: RuleSet, ply: u32, at: (String, String)) -> Ruling {
    let loser = pos.turn();
    let winner = !loser;
    Ruling::new(
        GameResult::win_for(winner),
        Some(Reason::Stalemate),
        ply,
        None,
        articles::stalemate(rules).to_owned(),
        (
            format!(
                "{}, {} is not in check but has no legal move: stalemate (困毙), which loses; {} wins.",
                at.0,
                side_en(loser),
                side_en(winner)
            ),
            format!(
                "{}，{}无子可走，被困毙，{}胜。",
                at.1,
                side_zh(loser),
                side_zh(winner)
            ),
        ),
    )
}

/// Neither side has a piece that can cross the river: no mate is possible, draw.
pub(crate) fn insufficient(rules: RuleSet, ply: u32) -> Ruling {
    Ruling::new(
        GameResult::Draw,
        Some(Reason::InsufficientMaterial),
        ply,
        None,
        articles::insufficient_material(rules).to_owned(),
        (
            format!(
                "After ply {ply} neither side has a rook, horse, cannon or pawn left; advisors, elephants and kings can never give check, so neither side can win: draw."
            ),
            format!(
                "第{ply}着后双方均无车、马、炮、兵(卒)，士、相(象)、帅(将)无法将军，双方均无取胜可能，判和。"
            ),
        ),
    )
}
