//! Knockouts and matches: a bracket of the tournament crate ([`Bracket`](xiangqi_tournament::knockout::Bracket)) whose every
//! pairing is a [`Match`] (games, colours by lot then alternated, play-off); a round is the
//! next game of every pairing still open, and a decided pairing advances the bracket.

use xiangqi_tournament::knockout::Slot;
use xiangqi_tournament::matchplay::{Match, MatchResult};
use xiangqi_tournament::{Lots, Outcome, PlayerId};

use super::knockout_board::meeting_with_game;
use super::model::{Board, Competition, Format, Pairing, Refused, refuse};

impl Competition {
    pub(crate) fn pair_bracket_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Format::Bracket {
            format, playoff, ..
        } = self.format.clone()
        else {
            return refuse("no bracket", "尚未排出淘汰赛的对阵表");
        };
        let mut lots = self.lots();
        let lot = (self.lot_seed, self.lots_drawn);
        let Some(state) = self.bracket.as_mut() else {
            return refuse("no bracket", "尚未排出淘汰赛的对阵表");
        };
        if state.bracket.champion().is_some() {
            return refuse(
                "the event is decided: no round left",
                "比赛已决出名次：没有下一轮",
            );
        }
        for index in state.bracket.playable() {
            if state.pairings.iter().any(|p| p.index == index) {
                continue;
            }
            let m = &state.bracket.matches[index];
            let side = |k: usize| match state.bracket.slot(m.sides[k]) {
                Slot::Player(p) => p.0,
                _ => 0,
            };
            // 1960 §10: the first game's colours by lot, then alternated.
            let a_first = lots.below(2) == 0;
            let (a, b) = (side(0), side(1));
            self.log.push(format!(
                "{}: colours by lot (seed {}, draw {}): number {} moves first in game 1",
                m.label,
                lot.0,
                lot.1,
                if a_first { a } else { b }
            ));
            state.pairings.push(Pairing {
                index,
                a,
                b,
                games: Match::new(format, playoff, a_first),
                decided: None,
            });
        }
        let round = state.rounds + 1;
        let mut boards = Vec::new();
        for p in state.pairings.iter().filter(|p| p.decided.is_none()) {
            let MatchResult::Continue {
                a_first,
                playoff: is_playoff,
            } = p.games.result(&mut Lots::new(0))
            else {
                continue;
            };
            let (red, black) = if a_first { (p.a, p.b) } else { (p.b, p.a) };
            boards.push((p.index, red, black, is_playoff));
        }
        if boards.is_empty() {
            return refuse("no pairing is waiting for a game", "没有等待对局的对阵");
        }
        state.rounds = round;
        for (i, (index, red, black, playoff)) in boards.into_iter().enumerate() {
            let board = Board {
                bracket_match: Some(index),
                playoff,
                ..Board::new(
                    round,
                    i as u32 + 1,
                    self.id_of(PlayerId(red)),
                    self.id_of(PlayerId(black)),
                )
            };
            self.boards.push(board);
        }
        Ok((round, Vec::new()))
    }

    /// A bracket game's result: into its match, and the bracket once the match is decided.
    pub(crate) fn set_bracket_board(&mut self, i: usize, outcome: Outcome) -> Result<(), Refused> {
        let (index, mut lots) = self.knockout_board(i, outcome)?;
        let Some(state) = self.bracket.as_mut() else {
            return Ok(());
        };
        let Some((p, result)) = meeting_with_game(&mut state.pairings, index, outcome, &mut lots)
        else {
            return Ok(());
        };
        let (winner, how) = match result {
            MatchResult::Won { a } => (if a { p.a } else { p.b }, "won"),
            MatchResult::ByLot { a } => (if a { p.a } else { p.b }, "by_lot"),
            MatchResult::Continue { .. } | MatchResult::Drawn => return Ok(()),
        };
        p.decided = Some(how.to_owned());
        let idx = p.index;
        state.bracket.record(idx, PlayerId(winner))?;
        if how == "by_lot" {
            self.log.push(format!(
                "{}: level after the play-off, decided by lot (seed {}, draw {}) for number {winner}",
                state.bracket.matches[idx].label, self.lot_seed, self.lots_drawn
            ));
        }
        Ok(())
    }
}
