//! The terms of the 棋例 chapter as types: the kinds of move (将, 杀, 捉, 闲 and the kinds of
//! 闲), the kinds of chase, and a classified move. The bottom of the cycle code: every other
//! file may use these; they use none of them.

use xiangqi::{Color, Move, Piece, Role, Square};

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
    /// Chinese only: protected, but the attackers outnumber the roots, so the complete series
    /// of captures still wins material (少根子 or a joint chase, 联合捉), or a root that another
    /// attacker of the piece keeps from taking back: the light level of 2020 art. 26.9.
    Outnumbered,
    /// Chinese only: won by a check or discovered check and the capture that follows (抽).
    ByChecks,
    /// Chinese only: won by checks that one piece gives, not given up, and a capture that
    /// another piece makes: two pieces together win it, a joint chase (联合捉, 24.3
    /// 「与其他子联合吃子」, 24.17), the light level of 2020 art. 26.9 (参考图41 「炮六平二为
    /// 联合捉子」; 图3: the rook that checks and takes alone is 长捉车).
    JointByChecks,
    /// Asian only: a rook held by a horse (it stands on the horse's leg towards its own king),
    /// which may not be chased (AXF rule 19, D39–41), the heaviest chase.
    HeldRook,
}

impl ChaseKind {
    /// Heavy chases outrank light ones (2020 art. 26.9), as far as the kind tells: a chase of
    /// a stronger piece is heavy only when that piece is a rook ([`Chase::is_heavy`]).
    pub fn is_heavy(self) -> bool {
        !matches!(self, ChaseKind::Outnumbered | ChaseKind::JointByChecks)
    }

    /// Won by a line of checks (抽), by one piece or jointly.
    pub fn by_checks(self) -> bool {
        matches!(self, ChaseKind::ByChecks | ChaseKind::JointByChecks)
    }

    pub(crate) fn weight(self) -> u8 {
        match self {
            ChaseKind::Outnumbered => 0,
            ChaseKind::JointByChecks => 1,
            ChaseKind::ByChecks => 2,
            ChaseKind::Outranked => 3,
            ChaseKind::Unprotected => 4,
            ChaseKind::HeldRook => 5,
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

impl Chase {
    /// Whether the chase is at the heavy level of 2020 art. 26.9.2–26.9.3, which names one
    /// piece's chase of a rook (捉车, protected or not; 图26, 图28) and of an unprotected piece
    /// (捉无根子). Joint and 少根 chases are light, and so is the chase of a protected horse or
    /// cannon that an advisor or elephant wins by the exchange: a chase of a protected piece
    /// (捉有根子), which the rules set on the lighter side with 少根 (《象棋竞赛规则》2007 试行本,
    /// 棋例细则 第9条: 「一方长捉无根子，另一方长捉或其中有一着捉有根子或少根子，应由长捉无根子
    /// 一方变着」).
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role, Square};
    /// use xiangqi_referee::cycle::{Chase, ChaseKind, PieceId};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let elephant = Piece { color: Color::Black, role: Role::Elephant };
    /// let on = |role, kind| Chase {
    ///     attacker: sq("e7"),
    ///     attacker_piece: elephant,
    ///     attacker_id: PieceId(sq("g9")),
    ///     target: sq("c5"),
    ///     target_piece: Piece { color: Color::Red, role },
    ///     target_id: PieceId(sq("c5")),
    ///     kind,
    ///     answered: true,
    /// };
    /// assert!(on(Role::Rook, ChaseKind::Outranked).is_heavy());
    /// assert!(!on(Role::Cannon, ChaseKind::Outranked).is_heavy());
    /// assert!(on(Role::Cannon, ChaseKind::Unprotected).is_heavy());
    /// assert!(!on(Role::Rook, ChaseKind::Outnumbered).is_heavy());
    /// ```
    pub fn is_heavy(&self) -> bool {
        match self.kind {
            ChaseKind::Outranked => self.target_piece.role == Role::Rook,
            kind => kind.is_heavy(),
        }
    }
}

/// The kinds of idle move (闲, 2020 art. 24.4–24.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdleKind {
    /// A plain idle move.
    Plain,
    /// 兑: offering a trade of same-type pieces.
    Trade,
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
    /// What an idle label (兑, 献, 拦, 跟) rests on, as the classification found it;
    /// [`Grounds::Nothing`] for the other labels and a plain 闲.
    pub grounds: Grounds,
    /// The mate the move threatens (when `mate_threat` was found, or found and set aside,
    /// see `mate_set_aside`): its first check and length.
    pub mate: Option<MateLine>,
    /// Why a mate the move threatens does not make it 杀 (2020 art. 26.1.2–26.1.4), if one
    /// was found and set aside.
    pub mate_set_aside: Option<Exemption>,
    /// Attacks the move created that the books exempt (not chases), with the reason.
    pub exempt: Vec<ExemptChase>,
}

impl MoveClass {
    /// The move `mv` of the cycle's `ply`, played by `mover`'s `piece`, giving check from
    /// `checkers` and answering a check if `answers_check`, before the classification has
    /// weighed it: a check (the first class of art. 24.1) with nothing found yet, no chase,
    /// no mate threat, no exemption.
    pub(crate) fn played(
        ply: usize,
        mv: Move,
        mover: Color,
        piece: Piece,
        checkers: Vec<Square>,
        answers_check: bool,
    ) -> MoveClass {
        MoveClass {
            ply,
            mv,
            mover,
            piece,
            checkers,
            answers_check,
            mate_threat: false,
            chases: Vec::new(),
            kind: MoveKind::Check,
            search_cut: false,
            grounds: Grounds::Nothing,
            mate: None,
            mate_set_aside: None,
            exempt: Vec::new(),
        }
    }
}

/// A piece where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Its square.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
}

/// An offer of a trade (兑, 2020 art. 24.4): the mover's piece `offered`, which the enemy
/// piece of the same kind `partner` may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeOffer {
    /// The mover's piece offered.
    pub offered: Placed,
    /// The enemy piece of the same kind that may take it.
    pub partner: Placed,
    /// Whether accepting loses nothing (24.4's provisos). A move labelled 兑 offers fairly:
    /// an unfair offer is judged as a chase (2020 图17).
    pub fair: bool,
    /// The mover's pieces that may take back once the partner has taken.
    pub retakers: Vec<Placed>,
}

/// What an idle move rests on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Grounds {
    /// Nothing to show (a plain 闲, or a label that is not one of the idle kinds).
    #[default]
    Nothing,
    /// 兑 (24.4): the offers the move made, the first the one the report names.
    Offer(Vec<TradeOffer>),
    /// 献 (24.5): the piece given and the enemy pieces that may take it.
    Sacrifice {
        /// The piece given up.
        given: Placed,
        /// The enemy pieces that may take it without loss.
        takers: Vec<Placed>,
    },
    /// 拦 (24.6): the moved piece and the enemy pieces that could have gone to its square.
    Block {
        /// The moved piece, where it now stands.
        blocker: Placed,
        /// The enemy pieces whose path it cuts.
        cut: Vec<Placed>,
    },
    /// 跟 (24.7): the moved piece and the protected enemy pieces it now attacks.
    Follow {
        /// The moved piece, where it now stands.
        follower: Placed,
        /// The protected enemy pieces it newly attacks.
        targets: Vec<Placed>,
    },
}

/// A mate threatened by checks (杀, 2020 art. 24.2): the line's first check (the mover to
/// move again) and the number of checks of the shortest forced line the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateLine {
    /// The first check.
    pub first: Move,
    /// The mover's checks in the line (the line has `2 * checks - 1` plies).
    pub checks: u8,
}

/// Why an attack the move created is no chase (or a mate it threatens no 杀).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exemption {
    /// The general's or a pawn's own attack (2020 art. 26.1; AXF rules 28–29).
    OwnChase,
    /// The general answering a check (2020 art. 26.1.2–26.1.3).
    AnswerCheck,
    /// Another piece answering a check, whose threat (a capture, or a mate) stood before the
    /// answer (26.1.4).
    StoodBeforeCheck,
    /// The defending side's lone attacking piece on a drawing point attacks an advisor or
    /// elephant (26.2).
    KeyPoint,
    /// The target was left so by its own side's last move, the attacker standing where it
    /// stood (2020 art. 24.3, 参考图21).
    LeftByItsSide,
    /// 1960 rule set: the piece is protected and not stronger than its attacker; the 1960 book
    /// forbids chasing only unprotected pieces (第四节 二(四)) and lets a protected piece be
    /// followed (长跟, 第五节 五), so the current book's 少根子 and joint chases are none.
    Protected,
}

impl Exemption {
    /// The reason in snake_case, as the report names it.
    ///
    /// ```
    /// use xiangqi_referee::cycle::Exemption;
    /// assert_eq!(Exemption::KeyPoint.name(), "key_point");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Exemption::OwnChase => "own_chase",
            Exemption::AnswerCheck => "answer_check",
            Exemption::StoodBeforeCheck => "stood_before_check",
            Exemption::KeyPoint => "key_point",
            Exemption::LeftByItsSide => "left_by_its_side",
            Exemption::Protected => "protected",
        }
    }
}

/// An attack the move created that is not a chase, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExemptChase {
    /// The attack, as a chase would be.
    pub chase: Chase,
    /// Why it is none.
    pub reason: Exemption,
}

/// The book's word for a move (2020 art. 24.1–24.8).
fn label_zh(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Check => "将",
        MoveKind::MateThreat => "杀",
        MoveKind::Chase => "捉",
        MoveKind::Idle(IdleKind::Trade) => "兑",
        MoveKind::Idle(IdleKind::Sacrifice) => "献",
        MoveKind::Idle(IdleKind::Block) => "拦",
        MoveKind::Idle(IdleKind::Follow) => "跟",
        MoveKind::Idle(_) => "闲",
    }
}
