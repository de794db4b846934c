//! The terms of the 棋例 chapter as types: the kinds of move (将, 杀, 捉, 闲 and the kinds of
//! 闲), the kinds of chase, and a classified move. The bottom of the cycle code: every other
//! file may use these; they use none of them.

use xiangqi::{Color, Move, Piece, Square};

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
        label_zh(self)
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
    /// Whether a search behind the class (a line of checks) stopped at its node budget
    /// (`SearchBounds::node_budget`) instead of running its course: the class may then miss
    /// a threat.
    pub search_cut: bool,
}

/// The book's word for a move (2020 art. 24.1–24.8).
fn label_zh(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Check => "将",
        MoveKind::MateThreat => "杀",
        MoveKind::Chase => "捉",
        MoveKind::Idle(IdleKind::Exchange) => "兑",
        MoveKind::Idle(IdleKind::Sacrifice) => "献",
        MoveKind::Idle(IdleKind::Block) => "拦",
        MoveKind::Idle(IdleKind::Follow) => "跟",
        MoveKind::Idle(_) => "闲",
    }
}
