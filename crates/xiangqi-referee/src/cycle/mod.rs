//! Repetition cycles and the 棋例 rulings (issue 4): the classification of every move of a
//! repeated cycle and the verdict under the Chinese (CXA) or Asian (AXF) rules.
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

mod chase;
mod checks;
mod classify;
mod explain;
mod material;
mod report;
mod threat;
mod verdict;

use xiangqi::{Color, Move, Piece, Position, Square};

use crate::Reason;
pub use crate::RuleSet;
pub use report::{CycleMove, CycleReport, Target};
pub use threat::MATE_DEPTH;

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

/// A piece followed through the cycle, named by the square it stood on when the cycle began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub Square);

/// Why a threatened piece counts as chased.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChaseKind {
    /// 无根子: no legal recapture after the capture (fake roots — pinned protectors, a king
    /// that cannot step there, a recapture leaving the kings facing — do not count).
    Unprotected,
    /// A stronger piece attacked by a weaker one (捉车: a rook by a horse or cannon), won by
    /// the exchange even though protected.
    Outranked,
    /// Chinese only: protected, but the complete exchange still wins material (少根子 or a
    /// joint chase, 联合捉): the light level of 2020 art. 26.9.
    Exchange,
    /// Chinese only: won by a check or discovered check and the capture that follows (抽).
    ByChecks,
    /// Asian only: a rook held by a horse (it stands on the horse's leg towards its own king),
    /// which may not be chased (AXF rule 19, D39–41), the heaviest chase.
    HeldRook,
}

impl ChaseKind {
    /// Heavy chases outrank light ones (2020 art. 26.9).
    pub fn is_heavy(self) -> bool {
        self != ChaseKind::Exchange
    }

    pub(crate) fn weight(self) -> u8 {
        match self {
            ChaseKind::Exchange => 0,
            ChaseKind::ByChecks => 1,
            ChaseKind::Outranked => 2,
            ChaseKind::Unprotected => 3,
            ChaseKind::HeldRook => 4,
        }
    }
}

/// One chased piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chase {
    /// Where the attacker stands after the move.
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// The attacker's identity in the cycle.
    pub attacker_id: PieceId,
    /// Where the chased piece stands.
    pub target: Square,
    /// The chased piece.
    pub target_piece: Piece,
    /// The chased piece's identity in the cycle.
    pub target_id: PieceId,
    /// Why it counts.
    pub kind: ChaseKind,
    /// Whether the other side's next move answered the chase (moved the piece away,
    /// protected it or cut the attack). The Asian rules count only answered chases towards a
    /// perpetual chase (AXF terms, 长捉; appendix).
    pub answered: bool,
}

/// The kinds of idle move (闲, 2020 art. 24.4–24.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdleKind {
    /// A plain idle move.
    Plain,
    /// 兑: offering an exchange of same-type pieces.
    Exchange,
    /// 献: offering a piece for capture.
    Sacrifice,
    /// 拦: blocking an enemy piece's path.
    Block,
    /// 跟: shadowing a protected enemy piece.
    Follow,
    /// The general's move answering a check (Chinese 2020 art. 26.1.2–26.1.3: always 闲).
    AnswerCheck,
}

/// The ruling class of a move: the heaviest of its effects, per rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// 将.
    Check,
    /// 杀.
    MateThreat,
    /// 捉.
    Chase,
    /// 闲.
    Idle(IdleKind),
}

impl MoveKind {
    /// Whether the move is an attacking move (打: 将, 杀 or 捉).
    pub fn is_attack(self) -> bool {
        !matches!(self, MoveKind::Idle(_))
    }

    /// The book's word for the move: 将, 杀, 捉, 兑, 献, 拦, 跟 or 闲.
    ///
    /// ```
    /// use xiangqi_referee::cycle::{IdleKind, MoveKind};
    /// assert_eq!(MoveKind::Chase.label(), "捉");
    /// assert_eq!(MoveKind::Idle(IdleKind::AnswerCheck).label(), "闲");
    /// ```
    pub fn label(self) -> &'static str {
        explain::label_zh(self)
    }
}

/// The classification of one move of a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveClass {
    /// The move's index in the cycle.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The piece moved.
    pub piece: Piece,
    /// The pieces giving check after the move (empty if none).
    pub checkers: Vec<Square>,
    /// Whether the mover was in check before the move.
    pub answers_check: bool,
    /// Whether the move threatens mate by checks.
    pub mate_threat: bool,
    /// The pieces newly chased by the move (empty for checks).
    pub chases: Vec<Chase>,
    /// The ruling class.
    pub kind: MoveKind,
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
    classify::classify(start, period(moves), rules)
}

/// Rules on a repetition cycle.
///
/// `start`: the position at the first occurrence of the repeated position; `moves`: the plies
/// from it to the latest occurrence (playing them on `start` returns to the same position with
/// the same side to move; ≥ 2 plies). Several turns of the same cycle are ruled as one.
pub fn rule_cycle(start: &Position, moves: &[Move], rules: RuleSet) -> CycleVerdict {
    let classes = classify_cycle(start, moves, rules);
    verdict::rule(&classes, rules)
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
    (verdict::rule(&classes, rules), report)
}

/// The shortest prefix of which `moves` is a repetition.
fn period(moves: &[Move]) -> &[Move] {
    let n = moves.len();
    for p in 1..n {
        if n.is_multiple_of(p) && moves.iter().enumerate().all(|(i, m)| *m == moves[i % p]) {
            return &moves[..p];
        }
    }
    moves
}

/// The threats the side to move has in `pos` (attacker, target, kind), for debugging the
/// classification.
#[doc(hidden)]
pub fn debug_threats(pos: &Position, rules: RuleSet) -> Vec<String> {
    chase::threats(pos, rules)
        .iter()
        .map(|t| {
            format!(
                "{}{}x{}{}:{:?}",
                t.attacker_piece, t.attacker, t.target_piece, t.target, t.kind
            )
        })
        .collect()
}
