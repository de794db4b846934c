//! Fouls recorded on an event's games reach the event: the 1960 tie-break on 违例 (1960 §13
//! 二 and §15 二: "违例较少者名次列前"), the crosstable's notes and the standings.
//!
//! Every foul the arbiter records on a board's game (and the refused repeated draw offer the
//! game records by itself) is counted on the board (`Board::fouls`, red first) and given to
//! the tournament crate's game (`Tournament::set_fouls`), whose `FewerFouls` criterion ranks
//! with it. A team event's table is of teams, so its boards' fouls are on the boards and in
//! the notes but not in a tie-break; a knockout has no tie-break on them.

use serde_json::{Value, json};

use super::model::{Competition, Refused};

impl Competition {
    /// Sets the fouls of round `round`'s board `board` (red first). Returns whether they
    /// changed.
    ///
    /// # Errors
    ///
    /// When the round has no such board.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// c.pair_next_round().unwrap();
    /// assert_eq!(c.set_fouls(1, 1, [1, 0]), Ok(true));
    /// assert_eq!(c.set_fouls(1, 1, [1, 0]), Ok(false));
    /// assert!(c.set_fouls(1, 7, [1, 0]).is_err());
    /// ```
    pub fn set_fouls(&mut self, round: u32, board: u32, fouls: [u32; 2]) -> Result<bool, Refused> {
        let i = self.board_at(round, board)?;
        if self.boards[i].fouls == fouls {
            return Ok(false);
        }
        self.boards[i].fouls = fouls;
        let b = &self.boards[i];
        if b.team_match.is_some() || b.playoff || b.bracket_match.is_some() {
            return Ok(true);
        }
        if let (Some((stage, round, board)), Some(g)) = (b.stage, self.groups.as_mut()) {
            if let Some(t) = g.stage_mut(stage) {
                t.set_fouls(round, board, fouls).map_err(Refused::from)?;
            }
            return Ok(true);
        }
        if let Some(t) = self.tournament.as_mut() {
            t.set_fouls(round, board, fouls).map_err(Refused::from)?;
        }
        Ok(true)
    }

    /// Each player's fouls in the whole event, by registration number.
    pub(crate) fn fouls_of(&self, player: u32) -> u32 {
        self.boards
            .iter()
            .map(|b| match player {
                p if p == b.red => b.fouls[0],
                p if p == b.black => b.fouls[1],
                _ => 0,
            })
            .sum()
    }

    /// The crosstable's notes: every board with a foul, in round and board order.
    pub(crate) fn foul_notes(&self) -> Value {
        let notes: Vec<Value> = self
            .boards
            .iter()
            .filter(|b| b.fouls != [0, 0])
            .flat_map(|b| {
                [(b.red, b.fouls[0], "red"), (b.black, b.fouls[1], "black")]
                    .into_iter()
                    .filter(|(_, n, _)| *n > 0)
                    .map(|(p, n, side)| {
                        json!({
                            "round": b.round, "board": b.board, "player": p, "side": side,
                            "name": self.name_of(p), "fouls": n,
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        Value::Array(notes)
    }
}
