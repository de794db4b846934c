//! The card knockout of the current text's 2.9 (`system: "cards"`): before every stage the
//! players still in draw cards (the tournament crate's [`card_draw`]): equal numbers meet,
//! the red card moves first, the K has a bye into the next stage. Each meeting is a match of
//! the event's games and play-off; the loser is out; the last one in is the champion.

use xiangqi_tournament::knockout::card_draw;
use xiangqi_tournament::matchplay::{Match, MatchFormat, MatchResult, Playoff};
use xiangqi_tournament::{Outcome, PlayerId};

use super::knockout_board::meeting_with_game;
use super::model::{Board, Competition, Format, Pairing, Refused, refuse};

impl Competition {
    /// The next round: a new draw when the stage is over, then the next game of every
    /// meeting of the stage still open.
    pub(crate) fn pair_cards_round(&mut self) -> Result<(u32, Vec<u32>), Refused> {
        let Format::Cards { format, playoff } = self.format.clone() else {
            return refuse("not a card knockout", "不是抽签淘汰赛");
        };
        let open_stage = self
            .cards
            .as_ref()
            .is_some_and(|c| c.pairings.iter().any(|p| p.decided.is_none()));
        let mut byes = Vec::new();
        if !open_stage {
            byes.extend(self.draw_cards_stage(format, playoff)?);
        }
        let round = self.boards.iter().map(|b| b.round).max().unwrap_or(0) + 1;
        let Some(c) = self.cards.as_ref() else {
            return refuse("not started", "比赛尚未开始");
        };
        let next: Vec<(usize, u32, u32, bool)> = c
            .pairings
            .iter()
            .filter(|p| p.decided.is_none())
            .filter_map(
                |p| match p.games.result(&mut xiangqi_tournament::Lots::new(0)) {
                    MatchResult::Continue { a_first, playoff } => {
                        let (red, black) = if a_first { (p.a, p.b) } else { (p.b, p.a) };
                        Some((p.index, red, black, playoff))
                    }
                    _ => None,
                },
            )
            .collect();
        for (k, (index, red, black, playoff)) in (1..).zip(next) {
            let board = Board {
                bracket_match: Some(index),
                playoff,
                ..Board::new(
                    round,
                    k,
                    self.id_of(PlayerId(red)),
                    self.id_of(PlayerId(black)),
                )
            };
            self.boards.push(board);
        }
        Ok((round, byes))
    }

    /// Draws the cards of the next stage (2.9): its meetings, A holding the red card, and
    /// its K (a bye into the next stage), by registration number.
    fn draw_cards_stage(
        &mut self,
        format: MatchFormat,
        playoff: Playoff,
    ) -> Result<Option<u32>, Refused> {
        let alive = self
            .cards
            .as_ref()
            .map(|c| c.alive.clone())
            .unwrap_or_default();
        if alive.len() < 2 {
            return refuse(
                "the card knockout is decided: no round left",
                "淘汰赛已决出名次：没有下一轮",
            );
        }
        let ids: Vec<PlayerId> = alive.iter().map(|&n| PlayerId(n)).collect();
        let mut lots = self.lots();
        let drawn = card_draw(&ids, &mut lots);
        let (seed, draw) = (self.lot_seed, self.lots_drawn);
        let Some(c) = self.cards.as_mut() else {
            return refuse("not started", "比赛尚未开始");
        };
        c.stage += 1;
        c.pairings = drawn
            .games
            .iter()
            .enumerate()
            .map(|(i, &(red, black))| Pairing {
                index: i,
                a: red.0,
                b: black.0,
                games: Match::new(format, playoff, true),
                decided: None,
            })
            .collect();
        c.bye = drawn.bye.map(|p| p.0);
        let cards: Vec<String> = drawn
            .cards
            .iter()
            .map(|(p, n, red)| match n {
                0 => format!("{}:K", p.0),
                n => format!("{}:{}{n}", p.0, if *red { "红" } else { "黑" }),
            })
            .collect();
        self.log.push(format!(
            "stage {}: cards drawn (2.9; seed {seed}, draw {draw}): {}",
            c.stage,
            cards.join(" ")
        ));
        Ok(drawn.bye.map(|b| self.id_of(b)))
    }

    /// A card-knockout game's result: into its meeting; a decided meeting puts the loser out.
    pub(crate) fn set_cards_board(&mut self, i: usize, outcome: Outcome) -> Result<(), Refused> {
        let (index, mut lots) = self.knockout_board(i, outcome)?;
        let Some(c) = self.cards.as_mut() else {
            return Ok(());
        };
        let Some((p, result)) = meeting_with_game(&mut c.pairings, index, outcome, &mut lots)
        else {
            return Ok(());
        };
        let (winner, loser, how) = match result {
            MatchResult::Won { a } if a => (p.a, p.b, "won"),
            MatchResult::Won { .. } => (p.b, p.a, "won"),
            MatchResult::ByLot { a } if a => (p.a, p.b, "by_lot"),
            MatchResult::ByLot { .. } => (p.b, p.a, "by_lot"),
            MatchResult::Continue { .. } | MatchResult::Drawn => return Ok(()),
        };
        p.decided = Some(how.to_owned());
        c.alive.retain(|&n| n != loser);
        c.out.push((loser, c.stage));
        if c.alive.len() == 1 {
            self.log
                .push(format!("number {winner} wins the card knockout"));
        }
        Ok(())
    }
}
