//! When an adjourned game resumes (1960 §18 五: the arbiters "排定未了局续赛的次序"): a new
//! time replaces the old; only an adjourned game is scheduled, for a time not past and within
//! a year. Whether a game is adjourned is its record's (the server reads it).

use super::model::{Competition, Refused, refuse};
use super::resumption::Resumption;

/// The longest a resumption may be scheduled ahead: a year.
const MAX_AHEAD_MS: u64 = 366 * 24 * 3600 * 1000;

impl Competition {
    /// When round `round`'s board `board` resumes, if scheduled.
    pub fn resumption(&self, round: u32, board: u32) -> Option<u64> {
        self.resumptions
            .iter()
            .find(|r| r.round == round && r.board == board)
            .map(|r| r.at_unix_ms)
    }

    /// Schedules the resumption of round `round`'s board `board` at `at` (Unix ms), `now`
    /// being the time; `adjourned` says whether its game is adjourned now.
    ///
    /// # Errors
    ///
    /// No such board, a board with its result, a game not adjourned, a time past or more
    /// than a year ahead.
    ///
    /// ```
    /// use xiangqi_competition::Competition;
    /// # let mut c: Competition = serde_json::from_value(serde_json::json!({
    /// #   "id": "e", "name": "E", "created_unix_ms": 0, "system": "swiss",
    /// #   "format": {"kind": "cards", "format": "best_of_three", "playoff": "lot"},
    /// #   "organiser_sha256": "", "arbiter_sha256": "", "game": {}, "lot_seed": 1, "entries": [],
    /// #   "boards": [{"round": 1, "board": 1, "red": 1, "black": 2}]})).unwrap();
    /// assert!(c.schedule_resumption(1, 1, 5_000, 1_000, true).is_ok());
    /// assert_eq!(c.resumption(1, 1), Some(5_000));
    /// assert!(c.schedule_resumption(1, 1, 500, 1_000, true).is_err(), "in the past");
    /// assert!(c.schedule_resumption(1, 2, 5_000, 1_000, true).is_err(), "no board 2");
    /// assert!(c.schedule_resumption(1, 1, 5_000, 1_000, false).is_err(), "not adjourned");
    /// ```
    pub fn schedule_resumption(
        &mut self,
        round: u32,
        board: u32,
        at: u64,
        now: u64,
        adjourned: bool,
    ) -> Result<(), Refused> {
        let b = &self.boards[self.board_at(round, board)?];
        if self.outcome_of(b).is_some() {
            return refuse(
                format!("round {round} board {board} has its result: nothing to resume"),
                format!("第{round}轮第{board}台已有结果，没有未了局可续赛"),
            );
        }
        if !adjourned {
            return refuse(
                format!(
                    "round {round} board {board} is not adjourned: only a game with a sealed move is scheduled for resumption"
                ),
                format!("第{round}轮第{board}台没有封棋：只有封棋的未了局才排定续赛"),
            );
        }
        if at < now {
            return refuse(
                "at_unix_ms: that time has passed",
                "续赛时间已经过去，请另选时间",
            );
        }
        if at - now > MAX_AHEAD_MS {
            return refuse("at_unix_ms: more than a year ahead", "续赛时间距今超过一年");
        }
        self.resumptions
            .retain(|r| !(r.round == round && r.board == board));
        self.resumptions.push(Resumption {
            round,
            board,
            at_unix_ms: at,
        });
        self.log.push(format!(
            "round {round} board {board}: resumption scheduled (1960 §18 五)"
        ));
        Ok(())
    }
}
