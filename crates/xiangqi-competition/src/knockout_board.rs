//! A knockout game's result (the bracket, 2.9's card knockout): recorded once, into its
//! meeting. What a decided meeting does next is each format's own (`bracket.rs`, `cards.rs`).

use xiangqi_tournament::matchplay::MatchResult;
use xiangqi_tournament::{Lots, Outcome};

use super::model::{Competition, Pairing, Refused, refuse};

impl Competition {
    /// Records board `i`'s result, refusing a second one (a knockout cannot go back), and
    /// returns the board's meeting (`bracket_match`) and the lots that decide a level one.
    pub(crate) fn knockout_board(
        &mut self,
        i: usize,
        outcome: Outcome,
    ) -> Result<(Option<usize>, Lots), Refused> {
        let (round, board) = (self.boards[i].round, self.boards[i].board);
        if self.boards[i].outcome.is_some() {
            return refuse(
                format!(
                    "round {round} board {board} already has its result; a knockout cannot go back"
                ),
                format!("第{round}轮第{board}台已有结果：淘汰赛不能改判"),
            );
        }
        self.boards[i].outcome = Some(outcome);
        Ok((self.boards[i].bracket_match, self.lots()))
    }
}

/// The meeting `index` among `pairings` with the game's `outcome` added, and where the
/// meeting stands after it; `None` if no meeting has that index.
pub(crate) fn meeting_with_game<'a>(
    pairings: &'a mut [Pairing],
    index: Option<usize>,
    outcome: Outcome,
    lots: &mut Lots,
) -> Option<(&'a mut Pairing, MatchResult)> {
    let p = pairings.iter_mut().find(|p| Some(p.index) == index)?;
    p.games.games.push(outcome);
    let result = p.games.result(lots);
    Some((p, result))
}
