//! What happens to a game, as stored in the `events` table and streamed to clients.

use serde::{Deserialize, Serialize};
use xiangqi::Color;
use xiangqi_referee::RuleSet;

use super::arbiter::Ruling;
use super::desk::FoulKind;
use super::limit::{LimitChanges, LimitGround, LimitVerdict};
use super::options::GameOptions;
use super::touch::Binding;
use xiangqi_referee::Signer;

mod sanction;

pub use sanction::Sanction;

/// One change to a game. A game *is* its events: replaying them through
/// [`Game::apply`](super::Game::apply) rebuilds it exactly, clocks included, because every
/// instant the clock saw is in the event (`at_ms`, milliseconds since the game was created).
///
/// ```
/// use xiangqi_game::Event;
/// use xiangqi::Color;
/// let e = Event::Move { side: Color::Red, mv: "h2e2".into(), at_ms: 1500, lag_ms: 20, seat: None, by_arbiter: false };
/// let json = serde_json::to_string(&e).unwrap();
/// assert_eq!(json, r#"{"kind":"move","side":"red","move":"h2e2","at_ms":1500,"lag_ms":20}"#);
/// assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The game was created.
    Created {
        /// The time control in the clock's text form.
        control: String,
        /// The rule set.
        rules: RuleSet,
        /// The start position.
        fen: String,
        /// When, in Unix milliseconds: the origin of every `at_ms`.
        created_unix_ms: u64,
        /// The options (names, odds, limits, schedule, pairs); absent in older games.
        #[serde(default, skip_serializing_if = "is_default_options")]
        options: Box<GameOptions>,
    },
    /// A move was played (ICCS), the clock pressed at `at_ms` after `lag_ms` of compensation.
    Move {
        /// Who moved.
        side: Color,
        /// The move, ICCS.
        #[serde(rename = "move")]
        mv: String,
        /// The clock instant of the move (arrival minus compensation).
        at_ms: u64,
        /// The lag compensation granted.
        lag_ms: u64,
        /// In a pairs game, which partner moved (0 or 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        /// Entered by the arbiter (over-the-board scoring).
        #[serde(default, skip_serializing_if = "is_false")]
        by_arbiter: bool,
    },
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        by: Color,
    },
    /// A draw offer was declined.
    DrawDeclined {
        /// By whom.
        by: Color,
    },
    /// An adjournment was proposed.
    AdjournmentProposed {
        /// By whom.
        by: Color,
    },
    /// An adjournment proposal was declined.
    AdjournmentDeclined {
        /// By whom.
        by: Color,
    },
    /// Both agreed to adjourn: the side to move must now seal its move.
    AdjournmentAgreed {
        /// Who agreed last.
        by: Color,
    },
    /// The side to move sealed its move (封棋); clocks stop. The move stays secret: it is
    /// stored, and removed from everything clients see.
    Sealed {
        /// The sealer.
        by: Color,
        /// When.
        at_ms: u64,
        /// The sealed move (ICCS). Never sent to clients.
        sealed: String,
    },
    /// A player is ready to resume an adjourned game.
    ResumeRequested {
        /// Who.
        by: Color,
    },
    /// Play resumed: the sealed move is revealed and played, the opponent's clock starts.
    Resumed {
        /// When.
        at_ms: u64,
        /// The revealed move (ICCS).
        #[serde(rename = "move")]
        mv: String,
    },
    /// The server stopped (crash or shutdown): the clock stood still from `at_ms`.
    ClockPaused {
        /// The last instant the server was known alive.
        at_ms: u64,
    },
    /// The server is back: the clock runs again.
    ClockResumed {
        /// When.
        at_ms: u64,
    },
    /// A player opened the game with their token (for late arrival, 4.1.5).
    Arrived {
        /// Whose token.
        side: Color,
        /// Which partner, in a pairs game.
        #[serde(default)]
        seat: u8,
    },
    /// A scheduled game's start time came: the first side's clock runs.
    ClockStarted {
        /// When.
        at_ms: u64,
    },
    /// The arbiter recorded a foul (犯规, current text 2.8, 7.1); the sanction's `count` is the
    /// side's total of fouls.
    Foul {
        /// The offender.
        side: Color,
        /// What kind.
        foul: FoulKind,
        /// The arbiter's words, the count, the ply and the official, written after `foul`.
        #[serde(flatten)]
        sanction: Sanction,
    },
    /// The arbiter declared a move limit (限着, 1960 §12 二): `rounds` moves by each side from
    /// `ply`, with the position noted (`fen`, its side to move `to_move`).
    MoveLimitDeclared {
        /// The rounds allowed.
        rounds: u32,
        /// The ply when declared.
        ply: u32,
        /// The position noted (1960 §12 二: 记下局势); empty in older games.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        fen: String,
        /// The side to move then (注明轮到何方走).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_move: Option<Color>,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// A declared limit ran out (1960 §12 四). With `changes`, the clocks stop and the
    /// arbiter must judge ([`Event::LimitJudged`]); without (older games), play went on.
    MoveLimitExpired {
        /// The ply.
        ply: u32,
        /// Captures since the declaration.
        captures: u32,
        /// The book's criteria of a new change, measured against the noted position.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        changes: Option<LimitChanges>,
    },
    /// A player asked for a move limit, or the arbiter sees the need (1960 §12 一).
    LimitRequested {
        /// The ground.
        ground: LimitGround,
        /// The player who asked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Color>,
        /// The ply.
        ply: u32,
        /// Who recorded it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter judged an expired limit (1960 §12 四); a draw is followed by the `ended`
    /// event, a new limit by its declaration.
    LimitJudged {
        /// The ruling.
        verdict: LimitVerdict,
        /// Whether the criteria had found a new change.
        changed: bool,
        /// The arbiter's words.
        #[serde(default)]
        note: String,
        /// The ply.
        ply: u32,
        /// Who judged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter lifted the limit in force.
    MoveLimitLifted {
        /// The ply.
        ply: u32,
        /// Why.
        #[serde(default)]
        note: String,
        /// Who.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter recorded pieces touched; the side to move is bound (1960 §7 四, 5.1–5.5).
    Touched {
        /// The binding: every square touched this turn, in order, and the moves allowed.
        binding: Binding,
        /// Who recorded it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter withdrew this turn's touch record (我来摆正, 1960 §7 四; 5.6).
    Untouched {
        /// Whose.
        side: Color,
        /// Why.
        #[serde(default)]
        note: String,
        /// Who.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// A correction (1960 §7 五): the moves from `to_ply` taken back, the replay bound to the
    /// piece that moved (`binding`).
    Corrected {
        /// The moves that stand.
        to_ply: u32,
        /// The moves taken back, ICCS.
        moves: Vec<String>,
        /// The replay's binding.
        binding: Binding,
        /// Why.
        #[serde(default)]
        note: String,
        /// When.
        at_ms: u64,
        /// Who.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// A warning (警告, 1960 §18 九; current 8.8); the sanction's `count` is the side's total
    /// of warnings.
    Warned {
        /// Who.
        side: Color,
        /// The arbiter's words, the count, the ply and the official.
        #[serde(flatten)]
        sanction: Sanction,
    },
    /// The sealer explained a wrong sealed move and the move he meant replaces it (1960 §4
    /// 一(六), read the other way: explained, it does not lose). Secret like the seal.
    SealCorrected {
        /// The move meant, ICCS. Never sent to clients.
        sealed: String,
        /// Why.
        #[serde(default)]
        note: String,
        /// Who.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter stopped both clocks.
    ArbiterPaused {
        /// When.
        at_ms: u64,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter restarted them.
    ArbiterResumed {
        /// When.
        at_ms: u64,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter gave (`ms` > 0) or took time.
    TimeAdjusted {
        /// Whose clock.
        side: Color,
        /// Milliseconds added (negative: taken).
        ms: i64,
        /// Why.
        #[serde(default)]
        note: String,
        /// When.
        at_ms: u64,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter ordered the adjournment (1960 §11 四): the side to move must seal.
    AdjournmentOrdered {
        /// The ply.
        ply: u32,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// The arbiter took moves back to `to_ply` (a correction, current text 5.8).
    TakenBack {
        /// The number of moves that stand.
        to_ply: u32,
        /// The moves taken back, ICCS.
        moves: Vec<String>,
        /// Why.
        #[serde(default)]
        note: String,
        /// When.
        at_ms: u64,
        /// Who took the action (see [`Signer`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Signer>,
    },
    /// A player claimed a repetition draw and the referee found no draw to claim (code:
    /// `no_repetition` or `repetition_forbidden`). Recorded for the arbiter, who may rule it
    /// a foul (compare 2.8(2), a false natural-limit claim); the game goes on.
    ClaimRefused {
        /// The claimant.
        by: Color,
        /// The referee's reason ([`xiangqi_referee::ClaimError::code`]).
        code: String,
        /// The ply when claimed.
        ply: u32,
    },
    /// The game ended.
    Ended {
        /// Why.
        ruling: Ruling,
        /// When (for a flag: an instant after the deadline).
        at_ms: u64,
    },
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default_options(o: &GameOptions) -> bool {
    *o == GameOptions::default()
}

impl Event {
    /// The event as clients see it: the sealed move is never shown.
    pub fn public(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let (Event::Sealed { .. } | Event::SealCorrected { .. }, Some(map)) =
            (self, value.as_object_mut())
        {
            map.remove("sealed");
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_move_is_not_public() {
        let e = Event::Sealed {
            by: Color::Black,
            at_ms: 10,
            sealed: "h9g7".into(),
        };
        let public = e.public().to_string();
        assert!(!public.contains("h9g7"), "{public}");
        assert!(serde_json::to_string(&e).unwrap().contains("h9g7"));
    }
}
