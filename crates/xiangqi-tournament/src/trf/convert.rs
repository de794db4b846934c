//! Between a [`TrfFile`] and a [`Tournament`].
//!
//! TRF scores are on the 1/½/0 scale (or the file's `162`); an event scored 2/1/0 is written
//! on that scale and read back with the scoring the caller asks for.

use super::{ResultCode, TrfCell, TrfFile, TrfPlayer, TrfScoring, TrfVersion};
use crate::history::{EntryKind, Game, History, Round};
use crate::swiss::{FirstRound, SwissVariant};
use crate::tournament::{FORMAT, SwissOptions, WithdrawalRule};
use crate::{
    Error, Mover, Outcome, Player, PlayerId, PlayerResult, Points, Scoring, Settings, System,
    TieBreakPreset, Tournament,
};

mod from_tournament;

fn bad(message: String) -> Error {
    Error::File {
        line: 0,
        column: 0,
        message,
    }
}

/// `t`'s points rescaled so that a win is worth 1 (TRF's scale).
fn rescale(p: Points, win: Points) -> Points {
    if win.halves() <= 0 {
        return p;
    }
    Points::from_halves(p.halves() * 2 / win.halves())
}

impl TrfFile {
    /// The file as a tournament that can be paired on. `scoring` overrides the file's point
    /// system (e.g. 2/1/0 for an event the file states on the 1/½/0 scale).
    ///
    /// Player ids must be 1 to n; every round cell becomes a game, a pairing-allocated bye
    /// (`U`) or a rest (`H`, `F`, `Z`, blank); a player's stated points must equal the sum of
    /// his results (as bbpPairings also insists).
    ///
    /// ```
    /// use xiangqi_tournament::trf::TrfFile;
    /// // Columns: id 5–8, name 15–47, rating 49–52, points 81–84, round 1 from 92.
    /// let line = |id: u32, name: &str, pts: &str, cell: &str| {
    ///     format!("001 {id:>4}      {name:<33} 1800 {:3} {:>11} {:10} {pts:>4} {:>4}  {cell}", "", "", "", "")
    /// };
    /// let text = format!("012 Open\nXXR 1\n{}\n{}\n", line(1, "Li", "1.0", "   2 w 1"), line(2, "Wang", "0.0", "   1 b 0"));
    /// let t = TrfFile::parse(&text).unwrap().to_tournament(None).unwrap();
    /// assert_eq!(t.rounds[0].games[0].outcome, Some(xiangqi_tournament::Outcome::FirstWins));
    /// assert_eq!(t.planned_rounds(), 1);
    /// // A points column that does not add up is refused.
    /// let wrong = text.replace("  1.0", "  0.5");
    /// assert!(TrfFile::parse(&wrong).unwrap().to_tournament(None).is_err());
    /// ```
    pub fn to_tournament(&self, scoring: Option<Scoring>) -> Result<Tournament, Error> {
        let players = self.numbered_players()?;
        let s = self.scoring;
        let scoring = scoring.unwrap_or(Scoring {
            win: s.win,
            draw: s.draw,
            loss: s.loss,
            forfeit_win: s.win,
            forfeit_loss: s.absence,
            bye: s.pab,
        });
        check_totals(&players, &s)?;
        let played = played_rounds(&players);
        let planned = self
            .rounds
            .unwrap_or(played as u32)
            .max(played as u32)
            .max(1);
        let rounds = (0..played)
            .map(|r| self.round(&players, r, &scoring))
            .collect::<Result<Vec<_>, _>>()?;
        let text = format!("{} {}", self.kind, self.coded_type).to_ascii_lowercase();
        let swiss = SwissOptions {
            // TRF-2026: `250` records make the `192` acceleration method be disregarded.
            baku: text.contains("baku") && self.accelerations.is_empty(),
            accelerations: self.accelerations.clone(),
            forbidden: self
                .forbidden
                .iter()
                .map(|(a, b, ids)| (*a, *b, ids.iter().map(|&i| PlayerId(i)).collect()))
                .collect(),
            initial_colour: self.initial_colour.or_else(|| first_colour(&players)),
            requested_byes: self.requested_byes(&players, played, &scoring),
            ..SwissOptions::default()
        };
        let t = Tournament {
            format: FORMAT.into(),
            name: self.name.clone(),
            settings: Settings {
                system: system_named(&text, planned),
                scoring,
                tiebreaks: TieBreakPreset::FideSwiss.chain(),
                withdrawal_rule: WithdrawalRule::Fide,
                swiss,
            },
            players: players
                .iter()
                .map(|p| Player {
                    name: p.name.clone(),
                    club: (!p.federation.is_empty()).then(|| p.federation.clone()),
                    rating: p.rating,
                    seed: None,
                })
                .collect(),
            rounds,
            withdrawals: Vec::new(),
        };
        t.validate()?;
        Ok(t)
    }

    /// The players in the order of their ids, which must run from 1 without gaps.
    fn numbered_players(&self) -> Result<Vec<&TrfPlayer>, Error> {
        let mut players: Vec<&TrfPlayer> = self.players.iter().collect();
        players.sort_by_key(|p| p.id);
        if players
            .iter()
            .enumerate()
            .any(|(i, p)| p.id as usize != i + 1)
        {
            return Err(bad(format!(
                "player ids must run from 1 to {} without gaps",
                players.len()
            )));
        }
        Ok(players)
    }

    /// The byes asked for in advance: `240` lines for rounds not yet paired, and the cells
    /// after the last paired round.
    fn requested_byes(
        &self,
        players: &[&TrfPlayer],
        played: usize,
        scoring: &Scoring,
    ) -> Vec<(u32, PlayerId, Points)> {
        let in_cells = players.iter().flat_map(|p| {
            p.cells.iter().enumerate().skip(played).map(|(r, c)| {
                let pts = match c.result {
                    ResultCode::FullBye => scoring.win,
                    ResultCode::HalfBye => scoring.draw,
                    _ => Points::ZERO,
                };
                (r as u32 + 1, PlayerId(p.id), pts)
            })
        });
        self.byes
            .iter()
            .filter(|(_, round, _)| *round as usize > played)
            .flat_map(|(kind, round, ids)| {
                let pts = match kind {
                    'F' => scoring.win,
                    'H' => scoring.draw,
                    _ => Points::ZERO,
                };
                ids.iter().map(move |&i| (*round, PlayerId(i), pts))
            })
            .chain(in_cells)
            .collect()
    }

    fn round(&self, players: &[&TrfPlayer], r: usize, sc: &Scoring) -> Result<Round, Error> {
        let mut round = Round {
            number: r as u32 + 1,
            ..Round::default()
        };
        let cell = |p: &TrfPlayer| {
            p.cells.get(r).copied().unwrap_or(TrfCell {
                opponent: None,
                colour: None,
                result: ResultCode::ZeroBye,
            })
        };
        for p in players {
            let c = cell(p);
            let me = PlayerId(p.id);
            let Some(o) = c.opponent else {
                match c.result {
                    ResultCode::Pab => {
                        if round.bye.replace((me, sc.bye)).is_some() {
                            return Err(bad(format!(
                                "round {}: two pairing-allocated byes",
                                r + 1
                            )));
                        }
                    }
                    ResultCode::FullBye | ResultCode::ForfeitWin => round.rests.push((me, sc.win)),
                    ResultCode::HalfBye => round.rests.push((me, sc.draw)),
                    _ => round.rests.push((me, Points::ZERO)),
                }
                continue;
            };
            if o < p.id {
                continue; // the pair is built from the lower id's line
            }
            let other = cell(players[o as usize - 1]);
            let p_first = match (c.colour, other.colour) {
                (Some(side), _) => side == Mover::First,
                (None, Some(side)) => side == Mover::Second,
                (None, None) => true,
            };
            let (first, second, fc, sc2) = if p_first {
                (me, PlayerId(o), c.result, other.result)
            } else {
                (PlayerId(o), me, other.result, c.result)
            };
            use ResultCode::*;
            let outcome = match (fc, sc2) {
                (Win | UnratedWin, Loss | UnratedLoss) => Some(Outcome::FirstWins),
                (Loss | UnratedLoss, Win | UnratedWin) => Some(Outcome::SecondWins),
                (Draw | UnratedDraw, Draw | UnratedDraw) => Some(Outcome::Draw),
                (ForfeitWin, ForfeitLoss) => Some(Outcome::FirstWinsByForfeit),
                (ForfeitLoss, ForfeitWin) => Some(Outcome::SecondWinsByForfeit),
                (ForfeitLoss, ForfeitLoss) => Some(Outcome::DoubleForfeit),
                (Pending, Pending) => None,
                (a, b) => {
                    return Err(bad(format!(
                        "round {}: players {first} and {second} record {:?} and {:?}, which do \
                         not fit together",
                        r + 1,
                        a.symbol(),
                        b.symbol()
                    )));
                }
            };
            let mut g = Game::new(round.games.len() as u32 + 1, first, second);
            g.outcome = outcome;
            round.games.push(g);
        }
        Ok(round)
    }
}

/// Each player's points column, where given, must be the sum of his results.
fn check_totals(players: &[&TrfPlayer], s: &TrfScoring) -> Result<(), Error> {
    for p in players {
        let total: i32 = p
            .cells
            .iter()
            .map(|c| cell_points(c.result, s).halves())
            .sum();
        if let Some(stated) = p.points
            && stated.halves() != total
        {
            return Err(bad(format!(
                "player {}: the points column says {stated}, the results add up to {}",
                p.id,
                Points::from_halves(total)
            )));
        }
    }
    Ok(())
}

/// The rounds that were paired: up to the last with a game or a PAB. Cells after it (a `Z`,
/// `H` or `F` entered for the coming round) are byes asked for in advance.
fn played_rounds(players: &[&TrfPlayer]) -> usize {
    players
        .iter()
        .filter_map(|p| {
            p.cells
                .iter()
                .rposition(|c| c.opponent.is_some() || c.result == ResultCode::Pab)
        })
        .max()
        .map_or(0, |r| r + 1)
}

/// The system a file's type (`092`, `192`) names: a round robin, else a Swiss.
fn system_named(text: &str, planned: u32) -> System {
    if text.contains("robin") {
        return System::RoundRobin {
            cycles: if text.contains("double") { 2 } else { 1 },
            swap_last_two: false,
        };
    }
    System::Swiss {
        rounds: planned,
        variant: if text.contains("chinese") {
            SwissVariant::Chinese
        } else if text.contains("1960") {
            SwissVariant::Rules1960
        } else {
            SwissVariant::Dutch
        },
        first_round: FirstRound::Split,
    }
}

/// The initial colour of a file without `152`. TRF-2026 `152` is "mandatory only if it
/// differs from the colour of the highest ranked participant who was paired in the first
/// round": without it, that colour. Round 1's pairing numbers are those of the players
/// present in it (`swiss::dutch::colour_numbers`), so he is number 1 of that round; the
/// first player with a colour is turned round only if players paired in round 1 without one
/// (a PAB, a forfeit without colours) rank above him and make his number even.
fn first_colour(players: &[&TrfPlayer]) -> Option<Mover> {
    let mut number = 0u32;
    players.iter().find_map(|p| {
        let cell = p.cells.first()?;
        let paired = cell.opponent.is_some()
            || matches!(cell.result, ResultCode::Pab | ResultCode::ForfeitWin);
        number += u32::from(paired);
        let side = cell.colour?;
        Some(if number % 2 == 1 { side } else { side.other() })
    })
}

fn cell_points(r: ResultCode, s: &TrfScoring) -> Points {
    use ResultCode::*;
    match r {
        Win | UnratedWin | ForfeitWin | FullBye => s.win,
        Draw | UnratedDraw | HalfBye => s.draw,
        Loss | UnratedLoss => s.loss,
        ForfeitLoss | ZeroBye | Pending => s.absence,
        Pab => s.pab,
    }
}
