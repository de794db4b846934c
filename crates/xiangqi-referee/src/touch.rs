//! Touch-move (摸子动子): the moves a player is bound to after touching pieces.
//!
//! The books (1960 rules §7.4; current text 5.1–5.5, the same order in both):
//!
//! * 5.1 A player who touches one of their own pieces must move it, unless it has no legal
//!   move at all; then any move may be made.
//! * 5.2 A player who touches an opponent's piece must capture it, unless none of their
//!   pieces can; then any move may be made.
//! * 5.3 Own piece first, then the opponent's: (1) the own piece captures the other;
//!   (2) if it cannot, the own piece must move; (3) if it cannot move at all, another piece
//!   must capture the opponent's piece; (4) if none can, any move.
//! * 5.4 Opponent's piece first, then own: (1) the own piece captures the other; (2) if it
//!   cannot, another piece must capture it; (3) if none can, the own piece must move; (4) if
//!   it cannot move, any move.
//! * 5.5 Both touched at once: as 5.4.
//!
//! "Cannot move" and "cannot capture" mean no *legal* move: a pinned piece, or one that does
//! not answer a check, cannot move (行棋规定根本不能走).
//!
//! The books speak of one own piece and one opponent's piece. Where more are touched, we take
//! the first of each kind as the books' pair; if the pair binds to nothing, the obligation
//! passes to the next touched pieces, in order, judged the same way (a touch never stops
//! binding just because an earlier touched piece was stuck).

use std::fmt;

use xiangqi::{Move, Position, Square};

use crate::articles::{piece_en, piece_zh};

/// What touching binds the player to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// Move the touched own piece on this square (any of its legal moves).
    MoveTouched(Square),
    /// Capture the touched opponent's piece on `target` with the touched own piece on
    /// `with`.
    CaptureWithTouched {
        /// The opponent's piece.
        target: Square,
        /// The own piece that must take it.
        with: Square,
    },
    /// Capture the touched opponent's piece on this square, with any piece that can.
    Capture(Square),
    /// No obligation: none of the touched pieces can move or be taken.
    Free,
}

/// The ruling on what a touch obliges.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{touch_obligation, Obligation};
/// // Red touches the horse on b0: it must move (to a2 or c2).
/// let r = touch_obligation(&Position::start(), &["b0".parse().unwrap()]).unwrap();
/// assert_eq!(r.obligation, Obligation::MoveTouched("b0".parse().unwrap()));
/// let moves: Vec<String> = r.bound_moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["b0a2", "b0c2"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TouchRuling {
    /// Which obligation applies.
    pub obligation: Obligation,
    /// The moves the player may now make, sorted; empty when the player is free to make any
    /// legal move ([`Obligation::Free`]).
    pub bound_moves: Vec<Move>,
    /// The article applied.
    pub rule: String,
    /// Why, in English.
    pub explanation: String,
    /// Why, in Chinese.
    pub explanation_zh: String,
}

/// A touch that cannot be ruled on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchError {
    /// No square was given.
    NothingTouched,
    /// The square is empty: there is no piece to touch.
    EmptySquare(Square),
}

impl fmt::Display for TouchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchError::NothingTouched => f.write_str("no touched piece given"),
            TouchError::EmptySquare(sq) => write!(f, "there is no piece on {sq} to touch"),
        }
    }
}

impl std::error::Error for TouchError {}

/// The moves the side to move is bound to after touching the pieces on `touched`, in the
/// order touched (for pieces touched at once, list the opponent's first: 5.5 rules them as
/// 5.4). See the module documentation for the books' order of obligations.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{touch_obligation, Obligation};
/// // Red touches its cannon on h2, then Black's horse on h9: the cannon must take it (5.3(1)).
/// let r = touch_obligation(&Position::start(), &["h2".parse().unwrap(), "h9".parse().unwrap()]).unwrap();
/// assert_eq!(r.bound_moves, ["h2h9".parse().unwrap()]);
/// assert!(r.rule.contains("5.3"));
/// ```
pub fn touch_obligation(pos: &Position, touched: &[Square]) -> Result<TouchRuling, TouchError> {
    if touched.is_empty() {
        return Err(TouchError::NothingTouched);
    }
    let us = pos.turn();
    let mut own = Vec::new();
    let mut theirs = Vec::new();
    let mut order = Vec::new();
    for &sq in touched {
        let piece = pos.piece_at(sq).ok_or(TouchError::EmptySquare(sq))?;
        let list = if piece.color == us {
            &mut own
        } else {
            &mut theirs
        };
        if !list.contains(&sq) {
            list.push(sq);
            order.push(sq);
        }
    }
    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let moves_of =
        |sq: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.from() == sq).collect() };
    let captures_of =
        |sq: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.to() == sq).collect() };
    let own_first = |o: Square, t: Square| {
        order.iter().position(|&s| s == o) < order.iter().position(|&s| s == t)
    };

    let pairs = own.len().max(theirs.len());
    for i in 0..pairs {
        let steps: Vec<(Obligation, &str)> = match (own.get(i), theirs.get(i)) {
            (Some(&o), None) => vec![(Obligation::MoveTouched(o), "5.1")],
            (None, Some(&t)) => vec![(Obligation::Capture(t), "5.2")],
            (Some(&o), Some(&t)) if own_first(o, t) => vec![
                (Obligation::CaptureWithTouched { target: t, with: o }, "5.3"),
                (Obligation::MoveTouched(o), "5.3"),
                (Obligation::Capture(t), "5.3"),
            ],
            (Some(&o), Some(&t)) => vec![
                (Obligation::CaptureWithTouched { target: t, with: o }, "5.4"),
                (Obligation::Capture(t), "5.4"),
                (Obligation::MoveTouched(o), "5.4"),
            ],
            (None, None) => Vec::new(),
        };
        for (step, (obligation, article)) in steps.into_iter().enumerate() {
            let mut bound = match obligation {
                Obligation::MoveTouched(o) => moves_of(o),
                Obligation::CaptureWithTouched { target, with } => moves_of(with)
                    .into_iter()
                    .filter(|m| m.to() == target)
                    .collect(),
                Obligation::Capture(t) => captures_of(t),
                Obligation::Free => Vec::new(),
            };
            if !bound.is_empty() {
                bound.sort();
                return Ok(bound_ruling(pos, obligation, bound, article, step));
            }
        }
    }
    Ok(free_ruling(pos, &order, own.len(), theirs.len()))
}

fn rule_text(article: &str) -> String {
    let old = match article {
        "5.1" => "(一)",
        "5.2" => "(二)",
        "5.3" => "(三)",
        _ => "(四)",
    };
    format!("中国象棋竞赛规则 {article} 摸子动子 (1960 第七节 四{old})")
}

fn bound_ruling(
    pos: &Position,
    obligation: Obligation,
    bound_moves: Vec<Move>,
    article: &str,
    step: usize,
) -> TouchRuling {
    let name = |sq: Square| {
        pos.piece_at(sq).map_or_else(
            || (sq.to_string(), sq.to_string()),
            |p| {
                (
                    format!("{} on {sq}", piece_en(p)),
                    format!("{}({sq})", piece_zh(p)),
                )
            },
        )
    };
    let fallback = if step == 0 {
        (String::new(), String::new())
    } else {
        (
            format!(
                " (obligation {} of {article}: the earlier ones cannot be met)",
                step + 1
            ),
            format!("（按{article}第{}项，前项无法执行）", step + 1),
        )
    };
    let (explanation, explanation_zh) = match obligation {
        Obligation::MoveTouched(o) => {
            let (en, zh) = name(o);
            (
                format!("The touched {en} must be moved{}.", fallback.0),
                format!("摸了{zh}，必须走动该子{}。", fallback.1),
            )
        }
        Obligation::CaptureWithTouched { target, with } => {
            let ((w_en, w_zh), (t_en, t_zh)) = (name(with), name(target));
            (
                format!("The touched {w_en} must capture the touched {t_en}."),
                format!("所摸的{w_zh}必须吃掉所摸的{t_zh}。"),
            )
        }
        Obligation::Capture(t) => {
            let (en, zh) = name(t);
            (
                format!("The touched {en} must be captured{}.", fallback.0),
                format!("摸了{zh}，必须吃掉该子{}。", fallback.1),
            )
        }
        Obligation::Free => (String::new(), String::new()),
    };
    TouchRuling {
        obligation,
        bound_moves,
        rule: rule_text(article),
        explanation,
        explanation_zh,
    }
}

fn free_ruling(pos: &Position, order: &[Square], own: usize, theirs: usize) -> TouchRuling {
    let article = match (own, theirs) {
        (_, 0) => "5.1",
        (0, _) => "5.2",
        _ if order
            .first()
            .and_then(|&s| pos.piece_at(s))
            .is_some_and(|p| p.color == pos.turn()) =>
        {
            "5.3"
        }
        _ => "5.4",
    };
    let list: Vec<String> = order.iter().map(|s| s.to_string()).collect();
    TouchRuling {
        obligation: Obligation::Free,
        bound_moves: Vec::new(),
        rule: rule_text(article),
        explanation: format!(
            "None of the touched pieces ({}) can move or be captured: the player may make any legal move.",
            list.join(", ")
        ),
        explanation_zh: format!(
            "所摸的棋子（{}）既不能走动也不能被吃，可以另行走子。",
            list.join("、")
        ),
    }
}
