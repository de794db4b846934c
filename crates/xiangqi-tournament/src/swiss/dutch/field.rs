//! The whole field of one round (FIDE Handbook C.04.3 art. 1–2): the players in art. 1.2
//! order, who may meet whom under the absolute criteria (C1–C3, forbidden pairs, clubs), who
//! may take the PAB (C2, C5), and whether a set of players can still be paired (C4).

use super::colour::{Claim, Strength, colour_numbers, hi_gets_white};
use super::player::{DutchPlayer, DutchRound};
use crate::matching::maximum_matching;
use crate::{Error, PlayerId, Points};

/// A greedy matching to start the blossom algorithm from: in the dense graphs of a Swiss
/// round it is usually already perfect, and the exact search then only confirms it.
fn greedy(adj: &[Vec<usize>]) -> Vec<Option<usize>> {
    let mut mate = vec![None; adj.len()];
    for v in 0..adj.len() {
        if mate[v].is_none()
            && let Some(&w) = adj[v].iter().find(|&&w| w != v && mate[w].is_none())
        {
            mate[v] = Some(w);
            mate[w] = Some(v);
        }
    }
    mate
}

/// `compat[a * n + b]`: players `a` and `b` may meet — they have not met (C1), are not a
/// forbidden pair, would not both need the same absolute colour outside the topscorers (C3),
/// and are not club-mates where clubs are kept apart.
fn compatibility(players: &[DutchPlayer], round: &DutchRound, top: &[bool]) -> Vec<bool> {
    let n = players.len();
    let index: std::collections::HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut compat = vec![true; n * n];
    let mut forbid = |a: usize, b: usize| {
        compat[a * n + b] = false;
        compat[b * n + a] = false;
    };
    for (i, p) in players.iter().enumerate() {
        forbid(i, i);
        for o in &p.opponents {
            if let Some(&j) = index.get(o) {
                forbid(i, j);
            }
        }
    }
    for (a, b) in &round.forbidden {
        if let (Some(&i), Some(&j)) = (index.get(a), index.get(b)) {
            forbid(i, j);
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            let (pi, si) = players[i].colours.preference();
            let (pj, sj) = players[j].colours.preference();
            let c3 = !top[i]
                && !top[j]
                && si == Strength::Absolute
                && sj == Strength::Absolute
                && pi == pj;
            let club = round.clubs_apart
                && players[i].club.is_some()
                && players[i].club == players[j].club;
            if c3 || club {
                forbid(i, j);
            }
        }
    }
    compat
}

/// Pairs (indices) and the PAB player of a complete pairing.
pub(crate) type Completion = (Vec<(usize, usize)>, Option<usize>);

/// The whole field of one round: order, absolute compatibility, PAB rule.
pub(crate) struct Field<'a> {
    pub(crate) players: &'a [DutchPlayer],
    pub(crate) round: &'a DutchRound,
    pub(crate) n: usize,
    /// `compat[a * n + b]`: a and b may meet (C1, C3, forbidden pairs, clubs).
    compat: Vec<bool>,
    /// Topscorers (art. 1.8; final round only).
    pub(crate) top: Vec<bool>,
    /// Players who may end the round with the PAB (C2 and the C5 minimum).
    pub(crate) bye_ok: Vec<bool>,
    /// Indices in art. 1.2 order (score, then TPN).
    pub(crate) order: Vec<usize>,
    /// `rank[i]`: the position of player `i` in `order`.
    pub(crate) rank: Vec<usize>,
    /// The pairing number art. 5.2.5 reads for each player ([`colour_numbers`]).
    numbers: Vec<u32>,
}

impl<'a> Field<'a> {
    pub(crate) fn new(
        players: &'a [DutchPlayer],
        round: &'a DutchRound,
    ) -> Result<Field<'a>, Error> {
        let n = players.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(players[i].score), players[i].id));
        let final_round = round.round == round.rounds;
        let played = i32::try_from(round.round.saturating_sub(1)).unwrap_or(i32::MAX);
        let top: Vec<bool> = players
            .iter()
            .map(|p| final_round && 2 * p.score.halves() > played * round.win.halves())
            .collect();
        let compat = compatibility(players, round, &top);
        let mut rank = vec![0; n];
        for (k, &i) in order.iter().enumerate() {
            rank[i] = k;
        }
        let field = Field {
            players,
            round,
            n,
            compat,
            top,
            bye_ok: vec![false; n],
            order,
            rank,
            numbers: colour_numbers(
                &players.iter().map(|p| p.id.0).collect::<Vec<_>>(),
                round.round,
            ),
        };
        if n % 2 == 1 {
            return field.with_bye_scoregroup();
        }
        if !field.completes(&(0..n).collect::<Vec<_>>()) {
            return Err(Error::NoPairing {
                round: round.round,
                reason: "no pairing keeps the absolute criteria C1–C3".into(),
            });
        }
        Ok(field)
    }

    /// C5: the PAB goes to the lowest score at which an eligible player can take it and
    /// everyone else still be paired; those of that score may take it.
    fn with_bye_scoregroup(mut self) -> Result<Field<'a>, Error> {
        let players = self.players;
        let mut scores: Vec<Points> = players
            .iter()
            .filter(|p| !p.pab_ineligible)
            .map(|p| p.score)
            .collect();
        scores.sort();
        scores.dedup();
        let all: Vec<usize> = (0..self.n).collect();
        for s in scores {
            self.bye_ok = players
                .iter()
                .map(|p| !p.pab_ineligible && p.score == s)
                .collect();
            if self.completes(&all) {
                return Ok(self);
            }
        }
        Err(Error::NoPairing {
            round: self.round.round,
            reason: "no player can take the bye with everyone else paired (C1–C4)".into(),
        })
    }

    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compat[a * self.n + b]
    }

    /// C4: `rest` can all be paired (one of them taking the PAB if their number is odd).
    pub(crate) fn completes(&self, rest: &[usize]) -> bool {
        self.complete(rest).is_some()
    }

    /// A pairing of all of `rest` (and the PAB player if their number is odd), if one exists.
    pub(crate) fn complete(&self, rest: &[usize]) -> Option<Completion> {
        if let Some(found) = self.complete_greedily(rest) {
            return Some(found);
        }
        let m = rest.len();
        let odd = m % 2 == 1;
        let size = m + usize::from(odd);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); size];
        for x in 0..m {
            for y in x + 1..m {
                if self.compatible(rest[x], rest[y]) {
                    adj[x].push(y);
                    adj[y].push(x);
                }
            }
            if odd && self.bye_ok[rest[x]] {
                adj[x].push(m);
                adj[m].push(x);
            }
        }
        let mut mate = greedy(&adj);
        maximum_matching(&adj, &mut mate);
        if !mate.iter().all(Option::is_some) {
            return None;
        }
        let pairs = (0..m)
            .filter_map(|x| {
                mate[x]
                    .filter(|&y| y > x && y < m)
                    .map(|y| (rest[x], rest[y]))
            })
            .collect();
        let bye = if odd { mate[m].map(|x| rest[x]) } else { None };
        Some((pairs, bye))
    }

    /// `complete`'s answer when each player in turn can take the next one free (or the PAB):
    /// in a Swiss round usually so, and found without building the graph.
    fn complete_greedily(&self, rest: &[usize]) -> Option<Completion> {
        let m = rest.len();
        let mut taken = vec![false; m];
        let mut pairs = Vec::with_capacity(m / 2);
        let mut bye = None;
        for x in 0..m {
            if taken[x] {
                continue;
            }
            taken[x] = true;
            let (a, mut scan) = (rest[x], x + 1);
            loop {
                match (scan..m).find(|&y| !taken[y]) {
                    Some(y) if self.compatible(a, rest[y]) => {
                        taken[y] = true;
                        pairs.push((a, rest[y]));
                        break;
                    }
                    Some(y) => scan = y + 1,
                    None if m % 2 == 1 && bye.is_none() && self.bye_ok[a] => {
                        bye = Some(a);
                        break;
                    }
                    None => return None,
                }
            }
        }
        Some((pairs, bye))
    }

    /// Art. 3.9: the MDPs `mdps` and the residents `residents` can be paired as one last
    /// bracket — an MDP only against a resident (art. 3–4 never pair two MDPs), everyone
    /// paired but the PAB.
    pub(crate) fn completes_as_bracket(&self, mdps: &[usize], residents: &[usize]) -> bool {
        let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let m = all.len();
        let odd = m % 2 == 1;
        let size = m + usize::from(odd);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); size];
        for x in 0..m {
            for y in x + 1..m {
                if self.compatible(all[x], all[y]) && (x >= mdps.len() || y >= mdps.len()) {
                    adj[x].push(y);
                    adj[y].push(x);
                }
            }
            if odd && self.bye_ok[all[x]] {
                adj[x].push(m);
                adj[m].push(x);
            }
        }
        let mut mate = greedy(&adj);
        maximum_matching(&adj, &mut mate);
        mate.iter().all(Option::is_some)
    }

    /// The largest number of pairs within `set` (absolute criteria only).
    pub(crate) fn max_pairs(&self, set: &[usize]) -> usize {
        let m = set.len();
        let adj: Vec<Vec<usize>> = (0..m)
            .map(|x| {
                (0..m)
                    .filter(|&y| y != x && self.compatible(set[x], set[y]))
                    .collect()
            })
            .collect();
        let mut mate = greedy(&adj);
        maximum_matching(&adj, &mut mate);
        mate.iter().filter(|x| x.is_some()).count() / 2
    }

    /// Whether `hi` (ranked above `lo`) gets white.
    pub(crate) fn hi_white(&self, hi: usize, lo: usize) -> bool {
        let claim = |i: usize| Claim {
            colours: &self.players[i].colours,
            tpn: self.numbers[i],
        };
        hi_gets_white(claim(hi), claim(lo), self.round.initial_colour)
    }
}
