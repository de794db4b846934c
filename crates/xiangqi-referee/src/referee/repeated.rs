//! The referee's ruling on a repeated cycle (current text 4.2.3 and the 棋例; AXF rules 5
//! onwards; 1960 第五节): the cycle ruled by [`cycle::rule_and_report`], and under the book's
//! procedure the order to vary or the claimable draw it gives ([`Pending`]).

use super::Referee;
use crate::pending::Pending;
use crate::{GameResult, Ruling, cycle};

impl Referee {
    /// Under the book's procedure: the order or claimable draw for `ruled`, the ruling
    /// [`Procedure::Immediate`](crate::Procedure::Immediate) gives on the cycle from window index `first`; `Err` with a
    /// decided ruling when the ordered side cannot vary.
    pub(super) fn book_ruling(
        &mut self,
        ruled: Ruling,
        first: usize,
    ) -> Result<Ruling, Box<Ruling>> {
        let origin = (&self.origin.0, self.origin.1);
        let Some((start, moves)) = self
            .window
            .cycle(first, &self.moves, origin, &self.position)
        else {
            return Ok(Ruling::ongoing(ruled.ply));
        };
        let (pending, shown) =
            Pending::new(ruled, &start, moves, &self.position, self.options.rules)?;
        self.pending = Some(pending);
        Ok(shown)
    }

    /// The ruling on a repetition whose first occurrence is at window index `first`.
    pub(super) fn repetition(&self, ply: u32, first: usize) -> Option<Ruling> {
        let origin = (&self.origin.0, self.origin.1);
        let (start, cycle_moves) = self
            .window
            .cycle(first, &self.moves, origin, &self.position)?;
        let from_ply = ply as usize - cycle_moves.len() + 1;
        let (verdict, report) =
            cycle::rule_and_report(&start, cycle_moves, from_ply as u32, self.options.rules);
        let (result, offender) = match verdict.loser {
            Some(loser) => (GameResult::win_for(!loser), Some(loser)),
            None => (GameResult::Draw, None),
        };
        let rule = if verdict.rule.is_empty() {
            match self.options.rules {
                crate::RuleSet::Chinese => {
                    "中国象棋竞赛规则 4.2.3 循环反复三次，不变作和".to_owned()
                }
                crate::RuleSet::Asian => {
                    "AXF 象棋比赛规例 rule 5 (repetition without violation: draw)".to_owned()
                }
                crate::RuleSet::Chinese1960 => {
                    "中国象棋竞赛规则(1960) 第五节 (双方不变作和)".to_owned()
                }
            }
        } else {
            verdict.rule
        };
        let occurrences = self.options.repetition_trigger().unwrap_or(3);
        let (moves_en, moves_zh) = (report.moves_en(), report.moves_zh());
        Some(Ruling {
            cycle: Some(Box::new(report)),
            ..Ruling::new(
                result,
                Some(verdict.reason),
                ply,
                offender,
                rule,
                (
                    format!(
                        "{}. Cycle: {moves_en} (the position after ply {} occurs for the {} time at ply {ply}; plies {from_ply}–{ply})",
                        verdict.explanation_en.trim_end_matches('.'),
                        from_ply - 1,
                        ordinal(occurrences),
                    ),
                    format!(
                        "{}。着法：{moves_zh}（第{}着后的局面在第{ply}着第{occurrences}次出现，循环为第{from_ply}–{ply}着）",
                        verdict.explanation_zh.trim_end_matches('。'),
                        from_ply - 1,
                    ),
                ),
            )
        })
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
