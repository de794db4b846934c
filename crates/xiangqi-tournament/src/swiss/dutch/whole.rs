//! C8 valued inside a maximum-weight matching of the rest of the round, as bbpPairings values
//! every criterion (its `README.txt`: "BBP Pairings always performs pairings using a weighted
//! matching algorithm"), instead of a search of the following bracket.
//!
//! FIDE Handbook C.04.3 (2026) C8: "minimise the number of downfloaters and the pairing
//! score differences in the following bracket" (C6 and C7 applied to that bracket only),
//! among the choices that keep the round complete (C4). For the downfloaters `D` of a bracket,
//! the following bracket has `D` as its MDPs and the next scoregroup as its residents (who
//! share one score `n`); below it are the rest of the round's players. One graph holds them
//! all (with a vertex for the PAB if their number is odd, adjacent to those who may take it,
//! C2 and the C5 minimum):
//!
//! * every edge carries the same large weight, so that a maximum-weight matching is perfect
//!   where a perfect one exists (C4: the rest of the round can be paired);
//! * below it, costs as digits of one integer, most significant first: the number of the
//!   following bracket's players who do not get a partner in it (C6 of that bracket: an MDP
//!   meets only a resident, art. 3–4), then C7 of that bracket, its PSD — every pair's score
//!   difference and every downfloater's score less one win below `n`, compared highest
//!   first. Of two lists of one length, the one with fewer entries at the highest value
//!   where they differ is the lower, so each distinct value is a digit counting its entries,
//!   the highest value the most significant.
//!
//! The maximum is the bracket's C8 value exactly, whatever exchanges (art. 4.3) it needs.

use super::field::Field;
use super::quality::Quality;

/// Where a player of the graph belongs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A downfloater of the bracket above: an MDP of the following bracket.
    Mdp,
    /// A resident of the following bracket.
    Resident,
    /// A player below the following bracket.
    Below,
}

/// The best value of the following bracket — [its downfloaters, its PSD's length, the PSD
/// highest first], as `bracket`'s probes count it — for the MDPs `mdps` coming into the
/// bracket of `residents` with `below` under it, over every pairing that completes the round:
/// `Some(None)` if none does, `None` if the digits do not fit the integer. The last bracket
/// (nobody below) leaves at most the PAB unpaired, and two MDPs cannot be paired in it.
pub(crate) fn following_value(
    f: &Field<'_>,
    mdps: &[usize],
    residents: &[usize],
    below: &[usize],
) -> Option<Option<Quality>> {
    let g = Graph::new(f, mdps, residents, below)?;
    let mate = crate::matching::weighted::max_weight_matching(g.size, &g.edges());
    if mate.iter().any(Option::is_none) {
        return Some(None);
    }
    Some(Some(g.value(&mate)))
}

/// The graph of the rest of the round, with the place of each digit of the weights.
struct Graph<'f, 'a> {
    f: &'f Field<'a>,
    players: Vec<(usize, Part)>,
    /// The residents' score `n`, in half-points.
    n: i64,
    /// A win, in half-points.
    win: i64,
    /// The PSD's possible positive entries, highest first: one digit each.
    levels: Vec<i64>,
    /// The value of one in each digit, the downfloaters' first.
    places: Vec<i128>,
    /// The weight every edge carries, above every cost.
    big: i128,
    /// Vertices: the players, and the PAB if they are odd.
    size: usize,
    /// Nobody below: the last bracket.
    last: bool,
}

impl<'f, 'a> Graph<'f, 'a> {
    /// The graph, or `None` if the digits do not fit the integer.
    fn new(
        f: &'f Field<'a>,
        mdps: &[usize],
        residents: &[usize],
        below: &[usize],
    ) -> Option<Graph<'f, 'a>> {
        let players: Vec<(usize, Part)> = mdps
            .iter()
            .map(|&x| (x, Part::Mdp))
            .chain(residents.iter().map(|&x| (x, Part::Resident)))
            .chain(below.iter().map(|&x| (x, Part::Below)))
            .collect();
        let score = |i: usize| i64::from(f.players[i].score.halves());
        let n = residents.first().map_or(0, |&r| score(r));
        let win = i64::from(f.round.win.halves());
        let mut levels: Vec<i64> = mdps
            .iter()
            .flat_map(|&m| [score(m) - n, score(m) - n + win])
            .chain([win])
            .filter(|&v| v > 0)
            .collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let digits = 1 + levels.len();
        let count = (mdps.len() + residents.len()) as i128;
        // Each player of the bracket adds at most one to each digit.
        let mut places = vec![1i128; digits];
        for k in (0..digits - 1).rev() {
            places[k] = places[k + 1].checked_mul(count + 1)?;
        }
        let big = places[0].checked_mul(count + 1)?;
        let size = players.len() + players.len() % 2;
        big.checked_mul(4 * size as i128 + 4)
            .filter(|&x| x < 1i128 << 118)?;
        Some(Graph {
            f,
            players,
            n,
            win,
            levels,
            places,
            big,
            size,
            last: below.is_empty(),
        })
    }

    fn score(&self, i: usize) -> i64 {
        i64::from(self.f.players[i].score.halves())
    }

    fn level(&self, v: i64) -> Option<usize> {
        self.levels.iter().position(|&l| l == v)
    }

    /// The PSD entry of a player of the bracket who does not get a partner in it.
    fn float_entry(&self, x: usize, part: Part) -> i64 {
        match part {
            Part::Mdp => self.score(x) - self.n + self.win,
            _ => self.win,
        }
    }

    /// The cost of one player of the bracket who does not get a partner in it.
    fn floats(&self, x: usize, part: Part) -> i128 {
        let k = self.level(self.float_entry(x, part));
        self.places[0] + k.map_or(0, |k| self.places[1 + k])
    }

    /// The cost of a pair: its score difference in the bracket, else each side's float.
    fn cost(&self, (a, pa): (usize, Part), (b, pb): (usize, Part)) -> i128 {
        if in_bracket(pa, pb) {
            let k = self.level((self.score(a) - self.score(b)).abs());
            return k.map_or(0, |k| self.places[1 + k]);
        }
        // Two MDPs never meet in the bracket (art. 3–4), nor does anyone a player below.
        let one = |x: usize, p: Part| {
            if p == Part::Below {
                0
            } else {
                self.floats(x, p)
            }
        };
        one(a, pa) + one(b, pb)
    }

    /// The edges: every compatible pair (two MDPs not in the last bracket), and the PAB.
    fn edges(&self) -> Vec<(usize, usize, i128)> {
        let (players, m) = (&self.players, self.players.len());
        let mut edges = Vec::new();
        for x in 0..m {
            for y in x + 1..m {
                let two_mdps = players[x].1 == Part::Mdp && players[y].1 == Part::Mdp;
                if self.f.compatible(players[x].0, players[y].0) && !(self.last && two_mdps) {
                    edges.push((x, y, self.big - self.cost(players[x], players[y])));
                }
            }
            if m % 2 == 1 && self.f.bye_ok[players[x].0] {
                let (i, part) = players[x];
                let c = if part == Part::Below {
                    0
                } else {
                    self.floats(i, part)
                };
                edges.push((x, m, self.big - c));
            }
        }
        edges
    }

    /// The value read off the matching, as the search's probe counts it.
    fn value(&self, mate: &[Option<usize>]) -> Quality {
        let m = self.players.len();
        let (mut down, mut list) = (0i64, Vec::new());
        for (x, &(i, part)) in self.players.iter().enumerate() {
            if part == Part::Below {
                continue;
            }
            match mate[x].filter(|&y| y < m).map(|y| (y, self.players[y])) {
                Some((y, (j, pj))) if in_bracket(part, pj) => {
                    if x < y {
                        list.push((self.score(i) - self.score(j)).abs());
                    }
                }
                _ => {
                    down += 1;
                    list.push(self.float_entry(i, part));
                }
            }
        }
        list.sort_unstable_by(|a, b| b.cmp(a));
        let mut q: Quality = vec![down, list.len() as i64];
        q.extend(list);
        q
    }
}

/// Whether two players would meet inside the following bracket.
fn in_bracket(pa: Part, pb: Part) -> bool {
    pa != Part::Below && pb != Part::Below && !(pa == Part::Mdp && pb == Part::Mdp)
}
