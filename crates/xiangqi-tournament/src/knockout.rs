//! Knockouts (淘汰制, 1960 §9 一): single and double elimination with seeds and byes, a
//! third-place play-off, and the re-drawn card knockout of the current text (2.9).

use serde::{Deserialize, Serialize};

use crate::{Error, Lots, PlayerId};

mod double;

/// Bracket positions of seeds 1…size (size a power of two) so that the top seeds meet as
/// late as possible: 1 v size, and seeds 1 and 2 in opposite halves.
///
/// ```
/// use xiangqi_tournament::knockout::seed_positions;
/// assert_eq!(seed_positions(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
/// ```
pub fn seed_positions(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size.max(1) {
        let n = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// Where a side of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Entrant with this seed (beyond the field: a bye).
    Seed(u32),
    /// The winner of match `n` (index into [`Bracket::matches`]).
    Winner(usize),
    /// The loser of match `n`.
    Loser(usize),
}

/// One match of a bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketMatch {
    /// Label, e.g. `W1-3` (winners' round 1, match 3), `L2-1`, `GF`, `3rd`.
    pub label: String,
    /// The two sides.
    pub sides: [Source; 2],
    /// The winner, once decided (side index 0 or 1).
    pub winner: Option<usize>,
}

/// A side once resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A player.
    Player(PlayerId),
    /// Nobody: a bye.
    Bye,
    /// Not known yet.
    Pending,
}

/// A knockout bracket: a list of matches fed by seeds, winners and losers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Number of entrants (seeds 1…entrants are players, higher seeds are byes).
    pub entrants: u32,
    /// The matches, in playing order.
    pub matches: Vec<BracketMatch>,
}

impl Bracket {
    /// Single elimination for `entrants` players seeded 1…n: the bracket is the next power of
    /// two; the missing seeds are byes, which fall to the top seeds. With `third_place`, the
    /// semi-final losers play off for third (附加赛).
    ///
    /// ```
    /// use xiangqi_tournament::knockout::{Bracket, Slot};
    /// use xiangqi_tournament::PlayerId;
    /// let b = Bracket::single(6, false).unwrap();
    /// // Seeds 1 and 2 have byes in round 1 and appear in round 2.
    /// assert_eq!(b.slot(b.matches[0].sides[0]), Slot::Player(PlayerId(1)));
    /// assert_eq!(b.playable().len(), 2);
    /// ```
    pub fn single(entrants: u32, third_place: bool) -> Result<Bracket, Error> {
        if entrants < 2 {
            return Err(Error::Settings(
                "a knockout needs at least two players".into(),
            ));
        }
        let size = entrants.next_power_of_two();
        let pos = seed_positions(size);
        let mut matches = Vec::new();
        let mut prev: Vec<usize> = Vec::new();
        for (k, pair) in pos.chunks(2).enumerate() {
            matches.push(BracketMatch {
                label: format!("W1-{}", k + 1),
                sides: [Source::Seed(pair[0]), Source::Seed(pair[1])],
                winner: None,
            });
            prev.push(matches.len() - 1);
        }
        let mut round = 2;
        let mut semis = Vec::new();
        while prev.len() > 1 {
            if prev.len() == 2 {
                semis = prev.clone();
            }
            let mut next = Vec::new();
            for (k, pair) in prev.chunks(2).enumerate() {
                matches.push(BracketMatch {
                    label: format!("W{round}-{}", k + 1),
                    sides: [Source::Winner(pair[0]), Source::Winner(pair[1])],
                    winner: None,
                });
                next.push(matches.len() - 1);
            }
            prev = next;
            round += 1;
        }
        if third_place && semis.len() == 2 {
            matches.push(BracketMatch {
                label: "3rd".into(),
                sides: [Source::Loser(semis[0]), Source::Loser(semis[1])],
                winner: None,
            });
        }
        let mut b = Bracket { entrants, matches };
        b.settle_byes();
        Ok(b)
    }

    /// Resolves a source.
    pub fn slot(&self, s: Source) -> Slot {
        match s {
            Source::Seed(n) if n <= self.entrants => Slot::Player(PlayerId(n)),
            Source::Seed(_) => Slot::Bye,
            Source::Winner(m) | Source::Loser(m) => {
                let mt = &self.matches[m];
                let sides = [self.slot(mt.sides[0]), self.slot(mt.sides[1])];
                let want_winner = matches!(s, Source::Winner(_));
                match (sides, mt.winner) {
                    ([Slot::Bye, Slot::Bye], _) => Slot::Bye,
                    ([Slot::Bye, x], _) | ([x, Slot::Bye], _) => {
                        if want_winner {
                            x
                        } else {
                            Slot::Bye
                        }
                    }
                    (_, Some(w)) => sides[if want_winner { w } else { 1 - w }],
                    _ => Slot::Pending,
                }
            }
        }
    }

    /// Walk-overs need no entry: [`Bracket::slot`] passes a player through a bye, so this only
    /// checks that the bracket's first matches resolve.
    fn settle_byes(&mut self) {
        debug_assert!(self.matches.iter().all(|m| m.sides.iter().all(|s| match s {
            Source::Winner(i) | Source::Loser(i) => *i < self.matches.len(),
            Source::Seed(_) => true,
        })));
    }

    /// Indices of matches that can be played now: both sides known players, no winner yet,
    /// and — for a reset final — only when the losers' champion won the first final.
    pub fn playable(&self) -> Vec<usize> {
        (0..self.matches.len())
            .filter(|&i| {
                let m = &self.matches[i];
                if m.winner.is_some() {
                    return false;
                }
                if m.label == "GF2" {
                    let gf = i - 1;
                    return self.matches[gf].winner == Some(1);
                }
                matches!(
                    (self.slot(m.sides[0]), self.slot(m.sides[1])),
                    (Slot::Player(_), Slot::Player(_))
                )
            })
            .collect()
    }

    /// Records the winner of match `index`.
    pub fn record(&mut self, index: usize, winner: PlayerId) -> Result<(), Error> {
        if !self.playable().contains(&index) {
            return Err(Error::Settings(format!(
                "match {index} cannot be decided now"
            )));
        }
        let m = &self.matches[index];
        let side = [0, 1]
            .into_iter()
            .find(|&k| self.slot(m.sides[k]) == Slot::Player(winner))
            .ok_or(Error::UnknownPlayer(winner.0))?;
        self.matches[index].winner = Some(side);
        Ok(())
    }

    /// The champion, once the last match is decided.
    pub fn champion(&self) -> Option<PlayerId> {
        let last = self
            .matches
            .iter()
            .rposition(|m| m.label == "GF2" || m.label == "GF" || !m.label.starts_with('3'))?;
        // A reset final that is not needed: the first final decides.
        let idx = if self.matches[last].label == "GF2" && self.matches[last - 1].winner == Some(0) {
            last - 1
        } else {
            last
        };
        let m = &self.matches[idx];
        match self.slot(m.sides[m.winner?]) {
            Slot::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// One round of the re-drawn knockout: pairs and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRound {
    /// (red card: moves first, black card).
    pub games: Vec<(PlayerId, PlayerId)>,
    /// The player who drew the K.
    pub bye: Option<PlayerId>,
    /// Each player's card, as drawn: (player, number, red?) — number 0 is the K.
    pub cards: Vec<(PlayerId, u32, bool)>,
}

/// The card draw of the current text, 2.9: the players still in draw from two sets of cards
/// numbered 1…k (one red set, one black set) plus one K when their number is odd; equal
/// numbers play each other, the red card moves first (plays red), the K has a bye into the
/// next round. With 13 players: 6 games and a bye, then 3 games and a bye, then two
/// semi-finals and the final.
///
/// ```
/// use xiangqi_tournament::{knockout::card_draw, Lots, PlayerId};
/// let players: Vec<PlayerId> = (1..=13).map(PlayerId).collect();
/// let r = card_draw(&players, &mut Lots::new(5));
/// assert_eq!((r.games.len(), r.bye.is_some()), (6, true));
/// ```
pub fn card_draw(players: &[PlayerId], lots: &mut Lots) -> CardRound {
    let k = players.len() as u32 / 2;
    let mut deck: Vec<(u32, bool)> = (1..=k).flat_map(|n| [(n, true), (n, false)]).collect();
    if players.len() % 2 == 1 {
        deck.push((0, false));
    }
    lots.shuffle(&mut deck);
    let cards: Vec<(PlayerId, u32, bool)> = players
        .iter()
        .zip(&deck)
        .map(|(&p, &(n, red))| (p, n, red))
        .collect();
    let mut games = Vec::new();
    for n in 1..=k {
        let red = cards.iter().find(|c| c.1 == n && c.2).map(|c| c.0);
        let black = cards.iter().find(|c| c.1 == n && !c.2).map(|c| c.0);
        if let (Some(r), Some(b)) = (red, black) {
            games.push((r, b));
        }
    }
    let bye = cards.iter().find(|c| c.1 == 0).map(|c| c.0);
    CardRound { games, bye, cards }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a bracket with the better seed always winning; returns the champion and the
    /// number of matches played.
    fn play(b: &mut Bracket) -> (Option<PlayerId>, usize) {
        let mut played = 0;
        while let Some(&i) = b.playable().first() {
            let m = &b.matches[i];
            let (Slot::Player(x), Slot::Player(y)) = (b.slot(m.sides[0]), b.slot(m.sides[1]))
            else {
                unreachable!()
            };
            b.record(i, x.min(y)).unwrap();
            played += 1;
        }
        (b.champion(), played)
    }

    #[test]
    fn single_elimination_plays_n_minus_one_games() {
        for n in 2..=33 {
            let mut b = Bracket::single(n, false).unwrap();
            let (champ, played) = play(&mut b);
            assert_eq!(champ, Some(PlayerId(1)), "n={n}");
            assert_eq!(played as u32, n - 1, "n={n}");
        }
        let mut b = Bracket::single(8, true).unwrap();
        assert_eq!(play(&mut b), (Some(PlayerId(1)), 8));
    }

    #[test]
    fn double_elimination_everyone_but_the_champion_loses_twice() {
        for n in 3..=20u32 {
            let mut b = Bracket::double(n, true).unwrap();
            let (champ, played) = play(&mut b);
            assert_eq!(champ, Some(PlayerId(1)), "n={n}");
            // n − 1 players lose twice, the champion never: 2(n − 1) defeats, one per game.
            assert_eq!(played as u32, 2 * (n - 1), "n={n}");
        }
    }

    #[test]
    fn card_draw_pairs_everyone_once() {
        let mut lots = Lots::new(9);
        let mut left: Vec<PlayerId> = (1..=13).map(PlayerId).collect();
        let mut shape = Vec::new();
        while left.len() > 1 {
            let r = card_draw(&left, &mut lots);
            shape.push((r.games.len(), r.bye.is_some()));
            let mut seen: Vec<PlayerId> = r
                .games
                .iter()
                .flat_map(|g| [g.0, g.1])
                .chain(r.bye)
                .collect();
            seen.sort();
            assert_eq!(seen, left);
            assert!(
                r.games
                    .iter()
                    .all(|g| r.cards.iter().any(|c| c.0 == g.0 && c.2))
            );
            left = r.games.iter().map(|g| g.0.min(g.1)).chain(r.bye).collect();
            left.sort();
        }
        // 2.9's 13-player example: 6 games + bye, 3 games + bye, semi-finals, final.
        assert_eq!(shape, vec![(6, true), (3, true), (2, false), (1, false)]);
    }
}
