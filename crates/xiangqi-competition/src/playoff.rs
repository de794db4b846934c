//! The play-off for a shared first place (1960 §13 四: 重要比赛的冠军，如积分相等，可以加赛一局
//! 或数局决定): when the event asks for one, players level on first place after the last
//! round meet again in a round robin of their own (one game for two players, by the
//! tournament crate's Berger tables), their order set by the play-off points, and by lot if
//! they are level again.

use xiangqi_tournament::{Mover, Scoring, berger};

use super::model::{Board, Competition, PlayoffState, Refused};

impl Competition {
    /// Registration numbers sharing first place in the table's standings.
    fn shared_first(&self) -> Vec<u32> {
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        let s = t.standings();
        let top: Vec<u32> = s
            .rows
            .iter()
            .filter(|r| r.rank == 1)
            .filter_map(|r| self.by_number(r.player.0).map(|e| e.id))
            .collect();
        if top.len() > 1 { top } else { Vec::new() }
    }

    /// Whether players share first place in the table.
    pub(crate) fn first_is_shared(&self) -> bool {
        !self.shared_first().is_empty()
    }

    /// Whether the table's rounds are all paired and played.
    fn table_done(&self) -> bool {
        self.tournament.as_ref().is_some_and(|t| {
            t.rounds.len() as u32 >= t.planned_rounds()
                && t.rounds.last().is_none_or(|r| r.unfinished().is_empty())
        })
    }

    /// Pairs the next play-off round, if a play-off is due: `None` when there is none.
    pub(crate) fn pair_playoff_round(&mut self) -> Result<Option<(u32, Vec<u32>)>, Refused> {
        if !self.playoff_for_first || !self.table_done() {
            return Ok(None);
        }
        if self.playoff.is_none() {
            let players = self.shared_first();
            if players.is_empty() {
                return Ok(None);
            }
            let first_round = self.boards.iter().map(|b| b.round).max().unwrap_or(0) + 1;
            self.log.push(format!(
                "first place shared by {}: a play-off (1960 §13 四)",
                players
                    .iter()
                    .map(|p| format!("#{p}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            self.playoff = Some(PlayoffState {
                players,
                first_round,
                rounds: 0,
                order: None,
            });
        }
        let Some(p) = self.playoff.clone() else {
            return Ok(None);
        };
        let table = berger::table(p.players.len() as u32);
        if p.rounds as usize >= table.len() {
            return Ok(None);
        }
        let round = p.first_round + p.rounds;
        let mut byes = Vec::new();
        let fixtures = &table[p.rounds as usize];
        let mut board = 0;
        for f in fixtures {
            let id = |n: u32| p.players[n as usize - 1];
            if f.is_bye() {
                byes.push(id(f.first.max(f.second)));
                continue;
            }
            board += 1;
            self.boards.push(Board {
                playoff: true,
                ..Board::new(round, board, id(f.first), id(f.second))
            });
        }
        if let Some(state) = self.playoff.as_mut() {
            state.rounds += 1;
        }
        Ok(Some((round, byes)))
    }

    /// Once every play-off game has its result: the order, by play-off points, level ones
    /// by lot (recorded in the log).
    pub(crate) fn settle_playoff(&mut self) {
        let Some(p) = self.playoff.clone() else {
            return;
        };
        if p.order.is_some() || p.rounds as usize != berger::table(p.players.len() as u32).len() {
            return;
        }
        let games: Vec<&Board> = self
            .boards
            .iter()
            .filter(|b| b.playoff && b.bracket_match.is_none())
            .collect();
        if games.iter().any(|b| b.outcome.is_none()) {
            return;
        }
        let scoring = Scoring::rules_1960();
        let points = |id: u32| -> i32 {
            games
                .iter()
                .filter_map(|b| {
                    let side = if b.red == id {
                        Mover::First
                    } else if b.black == id {
                        Mover::Second
                    } else {
                        return None;
                    };
                    Some(scoring.points(b.outcome?.for_side(side)).halves())
                })
                .sum()
        };
        let scored: Vec<(i32, u32)> = p.players.iter().map(|&id| (points(id), id)).collect();
        let mut lots = self.lots();
        let draw = self.lots_drawn;
        let mut order: Vec<(i32, u64, u32)> = scored
            .into_iter()
            .map(|(pts, id)| (pts, lots.next_u64(), id))
            .collect();
        order.sort_by_key(|&(pts, lot, _)| (std::cmp::Reverse(pts), lot));
        let level = order.windows(2).any(|w| w[0].0 == w[1].0);
        if level {
            self.log.push(format!(
                "play-off level on points: order drawn by lot (seed {}, draw {draw})",
                self.lot_seed
            ));
        }
        let order: Vec<u32> = order.into_iter().map(|(_, _, id)| id).collect();
        self.log
            .push(format!("play-off decided: #{} first", order[0]));
        if let Some(state) = self.playoff.as_mut() {
            state.order = Some(order);
        }
    }

    /// The play-off's place for registration number `id` (1-based), once decided.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// let c = four(r#"{"system": "round_robin", "playoff_for_first": true}"#);
    /// assert_eq!(c.playoff_place(1), None); // no play-off decided
    /// ```
    pub fn playoff_place(&self, id: u32) -> Option<usize> {
        let order = self.playoff.as_ref()?.order.as_ref()?;
        order.iter().position(|&p| p == id).map(|i| i + 1)
    }
}
