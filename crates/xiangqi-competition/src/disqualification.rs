//! A player disqualified at the desk (除名, 1960 §18 九: 运动员违反纪律者，给予处分（从警告
//! 直至除名）; current text 8.8), as the event takes it.
//!
//! The game he was disqualified in ends as his loss (the game's ruling, reason
//! `disqualification`), recorded as played, not as a forfeit. The books say nothing more of a
//! disqualified player's standing than that the arbiter settles it (1960 §18 六: 解决运动员退出
//! 或除名的问题), and give one rule for a player who leaves an event before its end, §14: fewer
//! than half of his games played, they are all cancelled; half or more, his remaining games are
//! lost by default. We apply that rule to him (a disqualified player leaves the event), after
//! his game's result is recorded, and log it as a disqualification, not a withdrawal.

use xiangqi_tournament::Mover;

use crate::error::Refused;
use crate::model::Competition;

impl Competition {
    /// The player who moves `side` (first: the board's red) of round `round`, board `board`
    /// is disqualified: he leaves the event as §14 says. Returns the log's note.
    ///
    /// ```
    /// use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// use xiangqi_tournament::Mover;
    /// let spec = parse_create_event(br#"{"name": "Club", "system": "round_robin"}"#, |_| {
    ///     Ok::<(), SpecError>(())
    /// })
    /// .unwrap();
    /// let mut c = Competition::new(spec, "ev1", 0, 42, ["a1b2", "c3d4"]);
    /// assert!(c.disqualify(1, 1, Mover::First).is_err()); // no such board yet
    /// ```
    ///
    /// # Errors
    ///
    /// No such board, or an event that cannot drop a player (a team's line-up, a knockout).
    pub fn disqualify(&mut self, round: u32, board: u32, side: Mover) -> Result<String, Refused> {
        let b = &self.boards[self.board_at(round, board)?];
        let player = match side {
            Mover::First => b.red,
            Mover::Second => b.black,
        };
        let left = self.withdraw(player)?;
        // The withdrawal's note says "withdrew": the log says what happened.
        self.log.pop();
        let note = format!(
            "disqualified at round {round}, board {board} (1960 §18 九; current 8.8); he leaves the event: {}",
            left.split_once(": ")
                .map_or(left.as_str(), |(_, effect)| effect)
        );
        self.log.push(note.clone());
        Ok(note)
    }
}
