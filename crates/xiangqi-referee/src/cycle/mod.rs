//! Repetition cycles and the 棋例 rulings (issue 4): the classification of every move of a
//! repeated cycle and the verdict under the Chinese (CXA) or Asian (AXF) rules.

use xiangqi::{Color, Move, Position};

use crate::{Reason, RuleSet};

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

/// Rules on a repetition cycle.
///
/// `start`: the position at the first occurrence of the repeated position; `moves`: the plies
/// from it to the latest occurrence (playing them on `start` returns to the same position with
/// the same side to move; ≥ 2 plies).
pub fn rule_cycle(start: &Position, moves: &[Move], rules: RuleSet) -> CycleVerdict {
    let _ = (start, moves, rules);
    CycleVerdict {
        loser: None,
        reason: Reason::RepetitionDraw,
        rule: String::new(),
        explanation_zh: "循环不变，判和".to_owned(),
        explanation_en: "The cycle repeats with no forbidden move; the game is drawn".to_owned(),
    }
}
