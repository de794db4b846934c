//! Repetition cycles and the 棋例 rulings: the classification of every move of a
//! repeated cycle and the verdict under the Chinese (CXA 2020), Asian (AXF) or 1960 rules.
//!
//! The model, in short:
//!
//! * Every move of the cycle is classified ([`classify_cycle`]): a check (将), a mate threat
//!   (杀: a forced mate by checks if the mover could move again), a chase (捉: a *new* threat
//!   to win material, judged per rule set), or an idle move (闲, with its kind: 兑, 献, 拦,
//!   跟, or the general's answer to a check).
//! * Each side's moves are summed up: all checks (长将), all attacking moves (a forbidden
//!   pattern, heavy or light), or allowed.
//! * The verdict combines both sides per rule set ([`rule_cycle`]). Pieces are followed by
//!   identity through the cycle ([`PieceId`]).
//!
//! ```
//! use xiangqi::{Color, Position};
//! use xiangqi_referee::{Reason, RuleSet, cycle::rule_cycle};
//!
//! // 1960 rules, 图四 (§4 二(一)): a rook checking back and forth is 长将.
//! let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4R4/3K5 w").unwrap();
//! let moves: Vec<_> = ["e1f1", "f9e9", "f1e1", "e9f9"].iter().map(|m| m.parse().unwrap()).collect();
//! let v = rule_cycle(&pos, &moves, RuleSet::Chinese);
//! assert_eq!(v.loser, Some(Color::Red));
//! assert_eq!(v.reason, Reason::PerpetualCheck);
//! ```

// The concepts in the order of the chapter, each file using only those above it (checked
// by tests/layout.rs).
// The terms: the vocabulary types.
mod terms;
// The bounds of the searches.
mod bounds;
// Attacks and legal captures.
mod board;
// The general's and the pawns' own attacks, and the pawn's capture that checks (26.1, 26.8).
mod own_chase;
// Lines of checks, every answer met, as long as the position allows.
mod forcing;
// Mates by checks.
mod mate;
// Protection: real and false roots, roots made of checks.
mod protection;
// Material values and exchanges.
mod material;
// The special chases whose complete exchange breaks even (26.5).
mod mutual;
// Offers of exchange (兑): same-kind pairs in mutual attack.
mod offer;
// Mate threats (杀).
mod mate_threat;
// How a line of checks ends: the captures that count against it, the answer to a check back.
mod line_end;
// Which checks a line of checks plays on with.
mod line_checks;
// Who wins by checks: one piece, or several together (联合捉).
mod joint_checks;
// Material won by checks (抽).
mod checks;
// The threats of one position (捉), per rule set.
mod threats;
// Whether a move changed a capture's result, or only restored it.
mod restored;
// The cannon's screen guarded against its target: a joint chase (2020 art. 24.3).
mod screen;
// A piece its own side's check left capturable: no chase of the answer (自己造成的被捉状态).
mod own_check;
// A piece held where it stands (不能离线): pinned, or with no safe way out.
mod held;
// What a move created: the threats after it less those that stood.
mod created;
// What an answer to a check finds standing: the threats from before the check (26.1.4).
mod answer;
// The kinds of 闲 and what each rests on.
mod idle;
// The 1960 book's moves: what it counts as a chase, its articles.
mod moves1960;
// The label of a move.
mod classify;
// A side's pattern and the verdict per rule set.
mod verdict;
// The words: each rule set's terms for the moves (CXA, AXF).
mod wording;
// The words of a verdict: labels, patterns, sides, pieces, the chase named.
mod phrases;
// The verdict in words.
mod explain;
// The 1960 book's verdict and its words.
mod book1960;
// The chased pieces as the report shows them.
mod targets;
// What each label rests on, as the report shows it.
mod grounds;
// The move-by-move report.
mod report;

use xiangqi::{Color, Move, Position};

use crate::Reason;
pub use crate::RuleSet;
pub use bounds::{NODE_BUDGET, SearchBounds, with_bounds};
pub use grounds::{MateReport, OfferReport, PieceOn, PiecesReport};
pub use report::{CycleMove, CycleReport};
pub use targets::Target;
pub use terms::{
    Chase, ChaseKind, ExemptChase, Exemption, Grounds, IdleKind, MateLine, MoveClass, MoveKind,
    PieceId, Placed, TradeOffer,
};

/// The ruling on one repetition cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleVerdict {
    /// The side that must vary or lose; `None` when the cycle is an allowed draw.
    pub loser: Option<Color>,
    /// Why: [`Reason::PerpetualCheck`], [`Reason::PerpetualChase`], … or
    /// [`Reason::RepetitionDraw`].
    pub reason: Reason,
    /// The book and article or figure the ruling rests on.
    pub rule: String,
    /// The explanation in Chinese.
    pub explanation_zh: String,
    /// The explanation in English.
    pub explanation_en: String,
}

/// Classifies every move of a cycle under `rules`.
///
/// Moves that are not legal stop the classification: the result then has fewer entries than
/// `moves`.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{RuleSet, cycle::{classify_cycle, MoveKind}};
///
/// let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4R4/3K5 w").unwrap();
/// let moves: Vec<_> = ["e1f1", "f9e9", "f1e1", "e9f9"].iter().map(|m| m.parse().unwrap()).collect();
/// let classes = classify_cycle(&pos, &moves, RuleSet::Chinese);
/// assert_eq!(classes[0].kind, MoveKind::Check);
/// assert!(!classes[1].kind.is_attack());
/// ```
pub fn classify_cycle(start: &Position, moves: &[Move], rules: RuleSet) -> Vec<MoveClass> {
    classify::classify(start, moves, rules)
}

/// Rules on a repetition cycle.
///
/// `start`: the position at the first occurrence of the repeated position; `moves`: the plies
/// from it to the latest occurrence (playing them on `start` returns to the same position with
/// the same side to move; ≥ 2 plies). Several turns of the same cycle are ruled as one.
pub fn rule_cycle(start: &Position, moves: &[Move], rules: RuleSet) -> CycleVerdict {
    let classes = classify_cycle(start, moves, rules);
    rule(&classes, rules)
}

/// The verdict on classified moves, with its rule and explanation.
fn rule(classes: &[MoveClass], rules: RuleSet) -> CycleVerdict {
    if rules == RuleSet::Chinese1960 {
        let (loser, reason, rule, explanation_zh, explanation_en) = book1960::rule(classes);
        return CycleVerdict {
            loser,
            reason,
            rule,
            explanation_zh,
            explanation_en,
        };
    }
    let (outcome, loser, reason) = verdict::decide(classes, rules);
    let (explanation_zh, explanation_en) = explain::explain(classes, rules, outcome, loser);
    CycleVerdict {
        loser,
        reason,
        rule: explain::rule_text(classes, rules, outcome, reason),
        explanation_zh,
        explanation_en,
    }
}

/// [`rule_cycle`] and the cycle's [`CycleReport`] from one classification; `first_ply`: the
/// ply of the cycle's first move in the game.
pub(crate) fn rule_and_report(
    start: &Position,
    moves: &[Move],
    first_ply: u32,
    rules: RuleSet,
) -> (CycleVerdict, CycleReport) {
    let classes = classify_cycle(start, moves, rules);
    let report = CycleReport::from_classes(start, &classes, first_ply, rules);
    (rule(&classes, rules), report)
}

/// The threats the side to move has in `pos` (attacker, target, kind), for debugging the
/// classification.
#[doc(hidden)]
pub fn debug_threats(pos: &Position, rules: RuleSet) -> Vec<String> {
    threats::threats(pos, rules)
        .iter()
        .map(|t| {
            format!(
                "{}{}x{}{}:{:?}",
                t.attacker_piece, t.attacker, t.target_piece, t.target, t.kind
            )
        })
        .collect()
}
