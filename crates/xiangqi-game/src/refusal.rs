//! Why a game refused an action.

use std::fmt;

use xiangqi::IllegalMove;

/// An action the game would not take, and why. Illegal and unreadable moves map to HTTP 422,
/// the rest to 409 (the server's `ApiError::status`).
///
/// ```
/// use xiangqi_game::Refusal;
/// assert_eq!(Refusal::NotYourTurn.name(), "not_your_turn");
/// assert!(Refusal::Unreadable("x".into()).is_illegal_move());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The player's flag fell before the move arrived; the game is over.
    OutOfTime,
    /// It is the other side's move.
    NotYourTurn,
    /// The game is adjourned: both players must resume it first.
    Adjourned,
    /// An adjournment was agreed: the side to move must seal its move, not play it.
    SealRequired,
    /// Sealing needs an agreed adjournment and the player to move.
    CannotSeal,
    /// There is no offer or proposal from the opponent to answer.
    NothingToAnswer,
    /// The game is not adjourned.
    NotAdjourned,
    /// Adjournment before the first move makes no sense.
    NotStarted,
    /// The arbiter has stopped the clocks.
    Paused,
    /// The clocks are not stopped by the arbiter.
    NotPaused,
    /// The clocks are not running (before the first move or the scheduled start).
    ClockNotRunning,
    /// A takeback to a ply that is not behind the game.
    NothingToTakeBack,
    /// A scheduled game before its start time.
    Scheduled,
    /// In an alternating pairs game, the partner's move.
    PartnersTurn,
    /// A draw may be offered only on one's own turn (1960 §5 二).
    OfferOnOwnTurn,
    /// The side offered again right after its offer was declined (2.8(1)): recorded as a foul.
    RepeatedDrawOffer,
    /// The action belongs to someone else (a player's action for the arbiter's token, an
    /// arbiter's action for a player's).
    NotYours,
    /// The move breaks a move-odds condition (1960 §7 二).
    Odds(String),
    /// A claim of a repetition draw the referee refused (recorded for the arbiter).
    FalseClaim(xiangqi_referee::ClaimError),
    /// The move text could not be read.
    Unreadable(String),
    /// The move is not legal here.
    Illegal(IllegalMove),
    /// A procedure of the arbiter's desk does not allow it.
    Desk(DeskRefusal),
}

/// Why a procedure of the arbiter's desk refused an action (its own stable code and its
/// words in both languages, like the referee's claim errors).
///
/// ```
/// use xiangqi_game::DeskRefusal;
/// assert_eq!(DeskRefusal::NoMoveLimit.code(), "no_move_limit");
/// assert!(DeskRefusal::NoMoveLimit.chinese().contains("限着"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeskRefusal {
    /// The move breaks a touch-move or correction binding.
    Bound(Box<crate::touch::Binding>),
    /// A limit ran out and awaits the arbiter's judgment (1960 §12 四).
    LimitToJudge,
    /// No expired limit to judge.
    NoLimitToJudge,
    /// No limit in force to lift.
    NoMoveLimit,
    /// A limit is already in force or awaits judgment.
    LimitInForce,
    /// The ruling goes against the criteria and the arbiter gave no reason.
    RulingNeedsNote {
        /// Whether the criteria found a new change.
        changed: bool,
    },
    /// The touch record could not be ruled (a bad or empty square).
    BadTouch(String),
    /// No touch recorded this turn.
    NothingTouched,
    /// The correction's ply is not behind the game.
    NothingToCorrect,
    /// No sealed move to rule on (1960 §4 一(六)).
    NoSealedMove,
    /// The move meant is not legal in the sealed position.
    MeantIllegal(String),
    /// The player asked for a move limit already, and the arbiter has not acted on it yet.
    LimitAsked,
}

impl DeskRefusal {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            DeskRefusal::Bound(_) => "touch_move",
            DeskRefusal::LimitToJudge => "limit_to_judge",
            DeskRefusal::NoLimitToJudge => "no_limit_to_judge",
            DeskRefusal::NoMoveLimit => "no_move_limit",
            DeskRefusal::LimitInForce => "limit_in_force",
            DeskRefusal::RulingNeedsNote { .. } => "ruling_needs_note",
            DeskRefusal::BadTouch(_) => "bad_touch",
            DeskRefusal::NothingTouched => "nothing_touched",
            DeskRefusal::NothingToCorrect => "nothing_to_correct",
            DeskRefusal::NoSealedMove => "no_sealed_move",
            DeskRefusal::MeantIllegal(_) => "meant_move_illegal",
            DeskRefusal::LimitAsked => "limit_asked",
        }
    }

    /// In Chinese.
    pub fn chinese(&self) -> String {
        match self {
            DeskRefusal::Bound(b) => format!("{}（{}）", b.explanation_zh, b.rule),
            DeskRefusal::LimitToJudge => {
                "限着已届满，须等裁判员裁定（1960年规则第十二节四）".into()
            }
            DeskRefusal::NoLimitToJudge => "没有届满待裁定的限着".into(),
            DeskRefusal::NoMoveLimit => "现在没有限着".into(),
            DeskRefusal::LimitInForce => "已有限着在执行或待裁定".into(),
            DeskRefusal::RulingNeedsNote { changed: true } => {
                "局势已出现新的变化，判和须写明理由（1960年规则第十二节四）".into()
            }
            DeskRefusal::RulingNeedsNote { changed: false } => {
                "局势无新的变化应判和；重限着数或继续比赛须写明理由（1960年规则第十二节四）".into()
            }
            DeskRefusal::BadTouch(_) => {
                "摸子记录有误：所记的点上没有棋子，或不是棋盘上的点（如e3）".into()
            }
            DeskRefusal::NothingTouched => "本着没有摸子记录".into(),
            DeskRefusal::NothingToCorrect => "纠正的着数须在已走的着数之内".into(),
            DeskRefusal::NoSealedMove => "对局没有封棋，无封着可裁定".into(),
            DeskRefusal::MeantIllegal(_) => "所称着法无法识别或不合规则".into(),
            DeskRefusal::LimitAsked => {
                "你已提出限着，由裁判员决定是否宣布（1960年规则第十二节二）".into()
            }
        }
    }
}

impl fmt::Display for DeskRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeskRefusal::Bound(b) => write!(
                f,
                "{} Allowed: {} ({})",
                b.explanation,
                b.moves.join(", "),
                b.rule
            ),
            DeskRefusal::LimitToJudge => {
                f.write_str("the move limit ran out: the arbiter must rule first (1960 rules §12 四)")
            }
            DeskRefusal::NoLimitToJudge => f.write_str("no expired move limit awaits a ruling"),
            DeskRefusal::NoMoveLimit => f.write_str("no move limit is in force"),
            DeskRefusal::LimitInForce => {
                f.write_str("a move limit is in force or awaits a ruling")
            }
            DeskRefusal::RulingNeedsNote { changed: true } => f.write_str(
                "a new change appeared: a draw needs the arbiter's reason in the note (1960 rules §12 四)",
            ),
            DeskRefusal::RulingNeedsNote { changed: false } => f.write_str(
                "no new change appeared, which is a draw: a new limit or play on needs the arbiter's reason in the note (1960 rules §12 四)",
            ),
            DeskRefusal::BadTouch(m) => write!(f, "touch record: {m}"),
            DeskRefusal::NothingTouched => f.write_str("no touch is recorded this turn"),
            DeskRefusal::NothingToCorrect => {
                f.write_str("from_ply must be less than the number of moves played")
            }
            DeskRefusal::NoSealedMove => f.write_str("the game has no sealed move to rule on"),
            DeskRefusal::MeantIllegal(m) => write!(f, "the move meant is not legal: {m}"),
            DeskRefusal::LimitAsked => f.write_str(
                "you asked for a move limit already: the arbiter decides whether to declare it (1960 rules §12 二)",
            ),
        }
    }
}

impl Refusal {
    /// The machine-readable name.
    pub fn name(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game_over",
            Refusal::OutOfTime => "out_of_time",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::Adjourned => "adjourned",
            Refusal::SealRequired => "seal_required",
            Refusal::CannotSeal => "cannot_seal",
            Refusal::NothingToAnswer => "nothing_to_answer",
            Refusal::NotAdjourned => "not_adjourned",
            Refusal::NotStarted => "not_started",
            Refusal::Paused => "paused",
            Refusal::NotPaused => "not_paused",
            Refusal::ClockNotRunning => "clock_not_running",
            Refusal::NothingToTakeBack => "nothing_to_take_back",
            Refusal::Scheduled => "not_yet_started",
            Refusal::PartnersTurn => "partners_turn",
            Refusal::OfferOnOwnTurn => "offer_on_own_turn",
            Refusal::RepeatedDrawOffer => "repeated_draw_offer",
            Refusal::NotYours => "not_yours",
            Refusal::Odds(_) => "illegal_move",
            Refusal::FalseClaim(e) => e.code(),
            Refusal::Unreadable(_) => "unreadable_move",
            Refusal::Illegal(_) => "illegal_move",
            Refusal::Desk(d) => d.code(),
        }
    }

    /// Whether the move itself was at fault (HTTP 422) rather than the moment (409).
    pub fn is_illegal_move(&self) -> bool {
        matches!(
            self,
            Refusal::Unreadable(_)
                | Refusal::Illegal(_)
                | Refusal::Odds(_)
                | Refusal::Desk(DeskRefusal::Bound(_))
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::OutOfTime => {
                f.write_str("your flag fell before the move arrived: the game is over")
            }
            Refusal::NotYourTurn => f.write_str("it is not your move"),
            Refusal::Adjourned => f.write_str("the game is adjourned; both players must resume it"),
            Refusal::SealRequired => {
                f.write_str("an adjournment was agreed: seal your move instead of playing it")
            }
            Refusal::CannotSeal => {
                f.write_str("only the player to move may seal, after an adjournment is agreed")
            }
            Refusal::NothingToAnswer => f.write_str("the opponent has offered nothing to answer"),
            Refusal::NotAdjourned => f.write_str("the game is not adjourned"),
            Refusal::NotStarted => f.write_str("no move has been played yet"),
            Refusal::Paused => f.write_str("the arbiter has stopped the clocks"),
            Refusal::NotPaused => f.write_str("the arbiter has not stopped the clocks"),
            Refusal::ClockNotRunning => f.write_str("the clocks are not running"),
            Refusal::NothingToTakeBack => {
                f.write_str("to_ply must be less than the number of moves played")
            }
            Refusal::Scheduled => f.write_str("the game has not reached its starting time"),
            Refusal::PartnersTurn => {
                f.write_str("your partner plays this move (pairs without consulting, 1960 §8)")
            }
            Refusal::OfferOnOwnTurn => f.write_str(
                "a draw may be offered only on one's own turn (1960 rules §5 二: 轮到自己走棋的时候提议作和)",
            ),
            Refusal::RepeatedDrawOffer => f.write_str(
                "a draw offer repeated right after a decline is a foul (current rules 2.8(1) 连续提和); it was recorded",
            ),
            Refusal::NotYours => f.write_str("that token may not do this"),
            Refusal::Odds(m) => write!(f, "{m}"),
            Refusal::FalseClaim(e) => write!(f, "{e} / {}", e.chinese()),
            Refusal::Unreadable(m) => write!(f, "unreadable move: {m}"),
            Refusal::Illegal(m) => write!(f, "{m}"),
            Refusal::Desk(d) => write!(f, "{d}"),
        }
    }
}

impl std::error::Error for Refusal {}
