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

    /// A tournament as a TRF file in `version`'s layout (written with [`TrfFile::write`]).
    ///
    /// ```
    /// use xiangqi_tournament::{trf::{TrfFile, TrfVersion}, Player, Settings, Tournament, Outcome};
    /// let mut t = Tournament::new("Open", vec![Player::new("Li"), Player::new("Wang")], Settings::swiss(1)).unwrap();
    /// t.pair_next_round().unwrap();
    /// t.set_result(1, 1, Outcome::Draw).unwrap();
    /// let f = TrfFile::from_tournament(&t, TrfVersion::Trf2026);
    /// assert_eq!(f.players[0].cells[0].opponent, Some(2));
    /// let back = TrfFile::parse(&f.write(TrfVersion::Trf2026)).unwrap().to_tournament(Some(t.settings.scoring)).unwrap();
    /// assert_eq!(back.rounds, t.rounds);
    /// ```
    pub fn from_tournament(t: &Tournament, version: TrfVersion) -> TrfFile {
        let sc = &t.settings.scoring;
        let history = History::build(t.players.len(), &t.rounds, sc, &[]);
        let mut rank = vec![None; t.players.len()];
        for row in &t.standings().rows {
            rank[row.player.index()] = Some(row.rank);
        }
        let players = t
            .players
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let id = PlayerId::from_index(i);
                let (cells, total) = cells_of(t, &history, id);
                TrfPlayer {
                    id: id.0,
                    sex: String::new(),
                    title: String::new(),
                    name: player.name.clone(),
                    rating: player.rating.map(|r| r.min(9999)),
                    federation: player
                        .club
                        .as_deref()
                        .filter(|c| c.chars().count() <= 3)
                        .unwrap_or("")
                        .to_string(),
                    fide_id: String::new(),
                    birth: String::new(),
                    points: Some(total),
                    rank: rank[i],
                    cells,
                }
            })
            .collect();
        let (kind, coded) = type_of(t);
        let o = &t.settings.swiss;
        TrfFile {
            version,
            name: t.name.clone(),
            rounds: Some(t.planned_rounds()),
            initial_colour: o.initial_colour,
            scoring: TrfScoring {
                pab: rescale(sc.bye, sc.win),
                ..TrfScoring::default()
            },
            kind: kind.into(),
            coded_type: coded,
            players,
            byes: o
                .requested_byes
                .iter()
                .map(|&(round, p, pts)| {
                    let k = match rescale(pts, sc.win).halves() {
                        h if h >= 2 => 'F',
                        1 => 'H',
                        _ => 'Z',
                    };
                    (k, round, vec![p.0])
                })
                .collect(),
            accelerations: accelerations(t),
            forbidden: o
                .forbidden
                .iter()
                .map(|(a, b, ids)| (*a, *b, ids.iter().map(|p| p.0).collect()))
                .collect(),
            other: Vec::new(),
        }
    }
}

/// Every fictitious point of the event as explicit accelerations (one per round and run of
/// consecutive players with the same points), so that a Baku event reads back the same in
/// programs that do not know the method by name.
fn accelerations(t: &Tournament) -> Vec<super::Acceleration> {
    let mut out: Vec<super::Acceleration> = Vec::new();
    let n = t.players.len() as u32;
    for r in 1..=t.planned_rounds() {
        for id in 1..=n {
            let pts = t.fictitious(PlayerId(id), r);
            if pts == Points::ZERO {
                continue;
            }
            match out.last_mut() {
                Some(a) if a.rounds == (r, r) && a.points == pts && a.ids.1 + 1 == id => {
                    a.ids.1 = id
                }
                _ => out.push(super::Acceleration {
                    points: pts,
                    rounds: (r, r),
                    ids: (id, id),
                }),
            }
        }
    }
    out
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

/// A player's round cells (results in TRF's scale, games not yet played as pending) and
/// his total.
fn cells_of(t: &Tournament, history: &History, id: PlayerId) -> (Vec<TrfCell>, Points) {
    let sc = &t.settings.scoring;
    let empty = TrfCell {
        opponent: None,
        colour: None,
        result: ResultCode::ZeroBye,
    };
    let mut cells = vec![empty; t.rounds.len()];
    let mut total = Points::ZERO;
    for e in history.entries(id) {
        let value = rescale(e.points, sc.win);
        total += value;
        cells[e.round as usize - 1] = match e.kind {
            EntryKind::Bye => TrfCell {
                result: ResultCode::Pab,
                ..empty
            },
            EntryKind::Rest => TrfCell {
                result: match value.halves() {
                    h if h >= 2 => ResultCode::FullBye,
                    1 => ResultCode::HalfBye,
                    _ => ResultCode::ZeroBye,
                },
                ..empty
            },
            EntryKind::Game {
                opponent,
                side,
                result,
            } => TrfCell {
                opponent: Some(opponent.0),
                colour: Some(side),
                result: match result {
                    PlayerResult::Win => ResultCode::Win,
                    PlayerResult::Draw => ResultCode::Draw,
                    PlayerResult::Loss => ResultCode::Loss,
                    PlayerResult::ForfeitWin => ResultCode::ForfeitWin,
                    PlayerResult::ForfeitLoss => ResultCode::ForfeitLoss,
                },
            },
        };
    }
    for r in &t.rounds {
        for g in r.games.iter().filter(|g| g.outcome.is_none()) {
            if let Some(side) = g.side_of(id) {
                let opp = if side == Mover::First {
                    g.second
                } else {
                    g.first
                };
                cells[r.number as usize - 1] = TrfCell {
                    opponent: Some(opp.0),
                    colour: Some(side),
                    result: ResultCode::Pending,
                };
            }
        }
    }
    (cells, total)
}

/// The file's type (`092`) and coded type (`192`) for a tournament's system.
fn type_of(t: &Tournament) -> (&'static str, String) {
    match &t.settings.system {
        System::RoundRobin { cycles: 2, .. } => ("Double Round Robin", String::new()),
        System::RoundRobin { .. } => ("Round Robin", String::new()),
        System::Swiss { variant, .. } => match variant {
            SwissVariant::Dutch => (
                "Swiss System",
                if t.settings.swiss.baku {
                    "FIDE_DUTCH_2026_BAKU".to_string()
                } else {
                    "FIDE_DUTCH_2026".to_string()
                },
            ),
            SwissVariant::Chinese => ("Swiss System (Chinese)", String::new()),
            SwissVariant::Rules1960 => ("Swiss System (1960)", String::new()),
        },
    }
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
