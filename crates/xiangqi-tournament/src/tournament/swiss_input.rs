//! What the Swiss pairing of the next round is given: each player's record as the chosen
//! system reads it.

use crate::history::{EntryKind, Game, History, Round};
use crate::swiss::dutch::{self, Colours, DutchPlayer, DutchRound, Float};
use crate::swiss::{self, FirstRound, SwissPairing, SwissPlayer, SwissVariant};
use crate::{Error, Mover, Outcome, PlayerId, Points, Tournament};

impl Tournament {
    pub(super) fn swiss_round(
        &self,
        number: u32,
        variant: SwissVariant,
        first_round: FirstRound,
    ) -> Result<Round, Error> {
        let history = self.history();
        let all = self.swiss_records(&history);
        let resting = self.requested_rests(number);
        let takes_part =
            |p: PlayerId| self.is_active(p, number) && !resting.iter().any(|r| r.0 == p);
        let pairing = if variant == SwissVariant::Dutch {
            let (players, round) = self.dutch_input(number, &history);
            let players: Vec<DutchPlayer> =
                players.into_iter().filter(|p| takes_part(p.id)).collect();
            dutch::pair(&players, &round)?
        } else {
            let clubs = self.settings.swiss.clubs.applies(number);
            let mut players: Vec<SwissPlayer> =
                all.into_iter().filter(|sp| takes_part(sp.id)).collect();
            if clubs {
                // 同队不相遇: a team-mate counts as already met, so never paired.
                let club = |p: PlayerId| self.players[p.index()].club.clone();
                let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
                for sp in &mut players {
                    if let Some(c) = club(sp.id) {
                        sp.opponents.extend(
                            ids.iter()
                                .filter(|&&o| o != sp.id && club(o).as_ref() == Some(&c)),
                        );
                    }
                }
            }
            let priority = self
                .settings
                .swiss
                .last_rounds_priority
                .filter(|lp| number + lp.rounds > self.planned_rounds());
            swiss::pair_round_with(&players, number, variant, first_round, priority)?
        };
        Ok(self.round_from(number, pairing, resting))
    }

    /// Every player's record as the Swiss systems other than the Dutch read it: score,
    /// opponents, sides of the games played, byes.
    fn swiss_records(&self, history: &History) -> Vec<SwissPlayer> {
        // One pass over the rounds collects everyone's opponents, sides and byes.
        let mut all: Vec<SwissPlayer> = (0..self.players.len())
            .map(|i| {
                let id = PlayerId::from_index(i);
                SwissPlayer {
                    id,
                    score: history.points(id),
                    sides: Vec::new(),
                    opponents: Vec::new(),
                    byes: 0,
                }
            })
            .collect();
        for r in &self.rounds {
            for g in &r.games {
                let played = g.outcome.is_some_and(Outcome::played);
                for (me, opp, side) in [
                    (g.first, g.second, crate::Mover::First),
                    (g.second, g.first, crate::Mover::Second),
                ] {
                    let sp = &mut all[me.index()];
                    sp.opponents.push(opp);
                    if played {
                        sp.sides.push(side);
                    }
                }
            }
            if let Some((b, _)) = r.bye {
                all[b.index()].byes += 1;
            }
        }
        all
    }

    /// The byes requested for round `number` (a rest with the points the settings give).
    fn requested_rests(&self, number: u32) -> Vec<(PlayerId, Points)> {
        self.settings
            .swiss
            .requested_byes
            .iter()
            // A requested bye names a player of the list (a stranger's file may say 0, which
            // is the bye itself, or a number past the end: such a request is no one's).
            .filter(|(r, p, _)| *r == number && (1..=self.players.len()).contains(&(p.0 as usize)))
            .map(|&(_, p, pts)| (p, pts))
            .collect()
    }

    fn round_from(
        &self,
        number: u32,
        pairing: SwissPairing,
        rests: Vec<(PlayerId, Points)>,
    ) -> Round {
        Round {
            number,
            games: pairing
                .boards
                .iter()
                .enumerate()
                .map(|(i, &(a, b))| Game::new(i as u32 + 1, a, b))
                .collect(),
            bye: pairing.bye.map(|p| (p, self.settings.scoring.bye)),
            rests,
            notes: pairing.notes,
        }
    }

    /// Player `i`'s record as the Dutch system reads it before round `number`: score (with
    /// fictitious points), colours, floats, opponents, whether a pairing-allocated bye is
    /// barred, games not played.
    fn dutch_player(
        &self,
        i: usize,
        number: u32,
        history: &History,
        before: &[Vec<Points>],
    ) -> DutchPlayer {
        let sc = &self.settings.scoring;
        let past = number.saturating_sub(1) as usize;
        let id = PlayerId::from_index(i);
        let mut p = DutchPlayer {
            id,
            score: history.points(id) + self.fictitious(id, number),
            colours: Colours::default(),
            floats: vec![Float::None; past],
            opponents: Vec::new(),
            pab_ineligible: false,
            unplayed: 0,
            club: self.players[i].club.clone(),
        };
        let mut played_in = vec![false; past];
        for e in history.entries(id) {
            let r = e.round as usize - 1;
            if r >= past {
                continue;
            }
            match e.kind {
                EntryKind::Game {
                    opponent,
                    side,
                    result,
                } if result.played() => {
                    played_in[r] = true;
                    p.opponents.push(opponent);
                    p.colours.played.push(side);
                    let (me, them) = (before[r][i], before[r][opponent.index()]);
                    p.floats[r] = match me.cmp(&them) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                }
                EntryKind::Bye => {
                    p.pab_ineligible = true;
                    p.floats[r] = Float::Down;
                }
                _ => {
                    if e.points >= sc.win {
                        p.pab_ineligible = true;
                    }
                    if e.points > sc.loss {
                        p.floats[r] = Float::Down;
                    }
                }
            }
        }
        p.unplayed = played_in.iter().filter(|x| !**x).count() as u32;
        p
    }

    /// Every player's record as the Dutch system reads it (C.04.3 art. 1.4, 1.7, C2, C9),
    /// with the fictitious points of any acceleration, and the round's parameters.
    pub fn dutch_input(&self, number: u32, history: &History) -> (Vec<DutchPlayer>, DutchRound) {
        let n = self.players.len();
        let sc = &self.settings.scoring;
        let past = number.saturating_sub(1) as usize;
        let before = points_before_each_round(history, n, past);
        let o = &self.settings.swiss;
        let players = (0..n)
            .map(|i| self.dutch_player(i, number, history, &before))
            .collect();
        let forbidden = o
            .forbidden
            .iter()
            .filter(|(a, b, _)| (*a..=*b).contains(&number))
            .flat_map(|(_, _, ids)| {
                ids.iter()
                    .enumerate()
                    .flat_map(move |(k, &a)| ids[k + 1..].iter().map(move |&b| (a, b)))
            })
            .collect();
        let round = DutchRound {
            round: number,
            rounds: self.planned_rounds(),
            win: sc.win,
            initial_colour: o.initial_colour.unwrap_or(Mover::First),
            forbidden,
            clubs_apart: o.clubs.applies(number),
        };
        (players, round)
    }

    /// Fictitious points of `p` for pairing round `number`: TRF `250` records, and the Baku
    /// acceleration (FIDE C.04.5.1): the first 2·⌈n/4⌉ players get a win's worth in the first
    /// half (rounded up) of the first half (rounded up) of the rounds, a draw's worth in the
    /// rest of the first half.
    pub fn fictitious(&self, p: PlayerId, number: u32) -> Points {
        let o = &self.settings.swiss;
        let mut extra: Points = o
            .accelerations
            .iter()
            .filter(|a| {
                (a.rounds.0..=a.rounds.1).contains(&number) && (a.ids.0..=a.ids.1).contains(&p.0)
            })
            .map(|a| a.points)
            .sum();
        if o.baku {
            let n = self.players.len() as u32;
            let group_a = 2 * n.div_ceil(4);
            let first_half = self.planned_rounds().div_ceil(2);
            if p.0 <= group_a {
                if number <= first_half.div_ceil(2) {
                    extra += self.settings.scoring.win;
                } else if number <= first_half {
                    extra += self.settings.scoring.draw;
                }
            }
        }
        extra
    }
}

/// Each player's points before each round up to `past` (for the floats).
fn points_before_each_round(history: &History, n: usize, past: usize) -> Vec<Vec<Points>> {
    let mut before = vec![vec![Points::ZERO; n]; past + 1];
    for i in 0..n {
        let mut total = Points::ZERO;
        let entries = history.entries(PlayerId::from_index(i));
        for (r, row) in before.iter_mut().enumerate() {
            row[i] = total;
            total += entries
                .iter()
                .filter(|e| e.round as usize == r + 1)
                .map(|e| e.points)
                .sum();
        }
    }
    before
}
