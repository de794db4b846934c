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
        }
    }

    /// Whether the move itself was at fault (HTTP 422) rather than the moment (409).
    pub fn is_illegal_move(&self) -> bool {
        matches!(
            self,
            Refusal::Unreadable(_) | Refusal::Illegal(_) | Refusal::Odds(_)
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
        }
    }
}

impl std::error::Error for Refusal {}
