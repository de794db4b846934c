//! Rulings: why a game ended, in the referee's JSON shape.
//!
//! Board endings (mate, stalemate, the natural limit, repetitions) are the referee's to
//! rule; [`Arbiter`] is the one place the server asks. Endings off the board (flag,
//! resignation, agreed draw) are ruled here with the article that makes them so.
//!
//! Citations are to the current rules summary in the seeds (`002`, 第4条): 4.1.1 将死,
//! 4.1.3 困毙, 4.1.4 time, 4.1.9 resignation, 4.2.2 agreed draw, 4.2.4 natural limit.

use serde::{Deserialize, Serialize};
use xiangqi::{Move, Position};
use xiangqi_clock::{Flag, Side};
use xiangqi_referee::RuleSet;

use super::color_side;

/// A game's result.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
    /// Not decided.
    Ongoing,
}

impl GameResult {
    /// The result in which `side` wins.
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::Red => GameResult::RedWins,
            Side::Black => GameResult::BlackWins,
        }
    }

    /// PGN's result tag: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Ongoing => "*",
        }
    }
}

/// Why a game ended, serialized like the referee's ruling (`docs/design.md`), with the
/// server's own reasons added: `flag`, `resignation`, `agreement`.
///
/// ```
/// use xiangqi_server::game::arbiter::{GameResult, Ruling};
/// use xiangqi_clock::Side;
/// let r = Ruling::resignation(Side::Black, 12);
/// assert_eq!(r.result, GameResult::RedWins);
/// assert_eq!(serde_json::to_value(&r).unwrap()["reason"], "resignation");
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The result.
    pub result: GameResult,
    /// `checkmate`, `stalemate`, `flag`, `resignation`, `agreement`, `natural_limit`,
    /// `perpetual_check`, … (the referee's reasons and the server's).
    pub reason: String,
    /// The ply at which the game was decided (number of moves played).
    pub ply: u32,
    /// The side that broke a rule or lost, where there is one.
    #[serde(default)]
    pub offender: Option<Side>,
    /// The rule's name and article.
    #[serde(default)]
    pub rule: String,
    /// In English.
    #[serde(default)]
    pub explanation: String,
    /// In Chinese.
    #[serde(default)]
    pub explanation_zh: String,
}

impl Ruling {
    /// `loser` resigned (4.1.9 自己宣布认输).
    pub fn resignation(loser: Side, ply: u32) -> Ruling {
        Ruling {
            result: GameResult::win_for(loser.other()),
            reason: "resignation".into(),
            ply,
            offender: Some(loser),
            rule: "current rules 4.1.9 (自己宣布认输)".into(),
            explanation: format!("{} resigned.", title(loser)),
            explanation_zh: format!("{}方认输。", zh(loser)),
        }
    }

    /// Both sides agreed a draw (4.2.2 一方提议作和，另一方表示同意).
    pub fn agreement(ply: u32) -> Ruling {
        Ruling {
            result: GameResult::Draw,
            reason: "agreement".into(),
            ply,
            offender: None,
            rule: "current rules 4.2.2 (提议作和，对方同意)".into(),
            explanation: "Draw agreed.".into(),
            explanation_zh: "双方同意和棋。".into(),
        }
    }

    /// A flag fell (4.1.4 在规定的时限内未走满规定的着数; 6.5 先超时者判负).
    pub fn flag(flag: &Flag, ply: u32) -> Ruling {
        let articles: Vec<String> = flag.citations().iter().map(|c| c.to_string()).collect();
        Ruling {
            result: GameResult::win_for(flag.winner()),
            reason: "flag".into(),
            ply,
            offender: Some(flag.loser),
            rule: articles.join("; "),
            explanation: format!("{} lost on time: {}.", title(flag.loser), flag.reason),
            explanation_zh: format!("{}方超时判负。", zh(flag.loser)),
        }
    }
}

fn title(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Black => "Black",
    }
}

fn zh(side: Side) -> &'static str {
    match side {
        Side::Red => "红",
        Side::Black => "黑",
    }
}

/// The board's judge for one game.
///
/// Until the referee crate's `Referee` lands, this rules on what the position alone shows:
/// mate, stalemate and the natural limit (60 moves a side without a capture, 4.2.4). The
/// repetition rulings (棋例) need the referee; switching is local to this type.
#[derive(Debug, Clone)]
pub struct Arbiter {
    rules: RuleSet,
}

impl Arbiter {
    /// A judge for a game from `start` under `rules`.
    pub fn new(_start: &Position, rules: RuleSet) -> Arbiter {
        Arbiter { rules }
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The ruling if `m`, played into `after` as ply number `ply`, ends the game. Does not
    /// record the move (see [`Arbiter::play`]).
    pub fn judge(&self, _m: Move, after: &Position, ply: u32) -> Option<Ruling> {
        board_ending(after, ply)
    }

    /// Records a move that was played.
    pub fn play(&mut self, _m: Move) {}
}

/// Mate, stalemate or the natural limit, from the position alone.
fn board_ending(after: &Position, ply: u32) -> Option<Ruling> {
    let to_move = after.turn();
    let loser = color_side(to_move);
    if after.is_checkmate() {
        return Some(Ruling {
            result: GameResult::win_for(loser.other()),
            reason: "checkmate".into(),
            ply,
            offender: Some(loser),
            rule: "current rules 4.1.1 (将死)".into(),
            explanation: format!(
                "{} is checkmated: its general is in check and no move saves it.",
                title(loser)
            ),
            explanation_zh: format!("{}方被将死。", zh(loser)),
        });
    }
    if after.is_stalemate() {
        return Some(Ruling {
            result: GameResult::win_for(loser.other()),
            reason: "stalemate".into(),
            ply,
            offender: Some(loser),
            rule: "current rules 4.1.3 (困毙)".into(),
            explanation: format!(
                "{} has no legal move (困毙, stalemate) and loses.",
                title(loser)
            ),
            explanation_zh: format!("{}方被困毙，判负。", zh(loser)),
        });
    }
    if after.halfmoves() >= 120 {
        return Some(Ruling {
            result: GameResult::Draw,
            reason: "natural_limit".into(),
            ply,
            offender: None,
            rule: "current rules 4.2.4 (自然限着: 60 回合)".into(),
            explanation: "Sixty moves by each side without a capture: a draw by the natural limit."
                .into(),
            explanation_zh: "连续60个回合双方均未吃子，按自然限着判和。".into(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_is_ruled_a_win_for_the_mover() {
        // The pawn steps to e8 with the rook behind it; the horse on g7 covers f9 and the
        // red king on d0 takes d9 away (the generals may not face each other).
        let pos = Position::from_fen("4k4/9/4P1N2/9/9/9/9/9/9/3KR4 w - - 0 1").unwrap();
        let m: Move = "e7e8".parse().unwrap();
        let mut after = pos.clone();
        after.play(m).unwrap();
        assert!(after.is_checkmate(), "the test position must be mate");
        let r = Arbiter::new(&pos, RuleSet::Chinese)
            .judge(m, &after, 1)
            .unwrap();
        assert_eq!(r.result, GameResult::RedWins);
        assert_eq!(r.reason, "checkmate");
        assert_eq!(r.offender, Some(Side::Black));
    }

    #[test]
    fn natural_limit_draws() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 80").unwrap();
        let m: Move = "a1a2".parse().unwrap();
        let mut after = pos.clone();
        after.play(m).unwrap();
        let r = Arbiter::new(&pos, RuleSet::Chinese)
            .judge(m, &after, 1)
            .unwrap();
        assert_eq!(r.result, GameResult::Draw);
        assert_eq!(r.reason, "natural_limit");
    }
}
