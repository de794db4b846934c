//! Team events: board order (分台制), team matches, and the whole-team round robin
//! (全队循环制), 1960 §8 二.

use serde::{Deserialize, Serialize};

use crate::{Error, PlayerResult, Points, Scoring};

/// Every legal line-up of `boards` players from a squad of `squad` registered in strength
/// order: any subset, but board 1 must be the highest-ranked player fielded, and so on down
/// (1960 §8 二(一)). There are C(squad, boards) of them: 4 boards from 6 players give 15 —
/// the 1960 text says 12, which undercounts (`1-2-3-4` … `3-4-5-6` is 15 combinations).
///
/// ```
/// use xiangqi_tournament::team::legal_lineups;
/// let l = legal_lineups(6, 4).unwrap();
/// assert_eq!(l.len(), 15);
/// assert_eq!(l.first().unwrap(), &vec![1, 2, 3, 4]);
/// assert_eq!(l.last().unwrap(), &vec![3, 4, 5, 6]);
/// ```
pub fn legal_lineups(squad: u32, boards: u32) -> Result<Vec<Vec<u32>>, Error> {
    if boards == 0 || boards > squad {
        return Err(Error::LineUp(format!(
            "{boards} boards cannot be filled from a squad of {squad}"
        )));
    }
    if squad > 24 {
        return Err(Error::LineUp(format!(
            "a squad of {squad} is more than the 24 this lists"
        )));
    }
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(boards as usize);
    fn go(next: u32, squad: u32, boards: u32, current: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if current.len() as u32 == boards {
            out.push(current.clone());
            return;
        }
        let need = boards - current.len() as u32;
        for p in next..=squad + 1 - need {
            current.push(p);
            go(p + 1, squad, boards, current, out);
            current.pop();
        }
    }
    go(1, squad, boards, &mut current, &mut out);
    Ok(out)
}

/// Checks a line-up (registered ranks, board 1 first) against the registered order.
///
/// ```
/// use xiangqi_tournament::team::check_lineup;
/// assert!(check_lineup(&[1, 3, 4, 6], 6).is_ok());
/// assert!(check_lineup(&[2, 1, 3, 4], 6).is_err());
/// ```
pub fn check_lineup(lineup: &[u32], squad: u32) -> Result<(), Error> {
    for (board, &rank) in lineup.iter().enumerate() {
        if rank == 0 || rank > squad {
            return Err(Error::LineUp(format!(
                "board {}: no player ranked {rank} in a squad of {squad}",
                board + 1
            )));
        }
        if board > 0 && rank <= lineup[board - 1] {
            return Err(Error::LineUp(format!(
                "board {} has rank {rank} below board {}'s rank {}: boards must follow the registered order",
                board + 1,
                board,
                lineup[board - 1]
            )));
        }
    }
    Ok(())
}

/// How a team match is scored: match points (大分/场分) for winning, drawing and losing the
/// match; board points (小分) are the game points summed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScoring {
    /// Match points for winning the match.
    pub win: Points,
    /// For a drawn match.
    pub draw: Points,
    /// For losing.
    pub loss: Points,
}

impl Default for MatchScoring {
    /// 2/1/0, the usual team scoring (TRF-2026 tag 362 default).
    fn default() -> MatchScoring {
        MatchScoring {
            win: Points::whole(2),
            draw: Points::whole(1),
            loss: Points::ZERO,
        }
    }
}

/// The score of one team match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatchScore {
    /// Board points (小分) of the home (first-listed) team and the away team.
    pub board_points: [Points; 2],
    /// Match points (大分).
    pub match_points: [Points; 2],
}

/// Scores a team match from the home team's result on each board.
///
/// ```
/// use xiangqi_tournament::{team::{score_match, MatchScoring}, PlayerResult::*, Points, Scoring};
/// let s = score_match(&[Win, Draw, Loss, Win], &Scoring::rules_1960(), &MatchScoring::default());
/// assert_eq!(s.board_points, [Points::whole(5), Points::whole(3)]);
/// assert_eq!(s.match_points, [Points::whole(2), Points::ZERO]);
/// ```
pub fn score_match(
    home_results: &[PlayerResult],
    scoring: &Scoring,
    ms: &MatchScoring,
) -> TeamMatchScore {
    let flip = |r: PlayerResult| match r {
        PlayerResult::Win => PlayerResult::Loss,
        PlayerResult::Loss => PlayerResult::Win,
        PlayerResult::Draw => PlayerResult::Draw,
        PlayerResult::ForfeitWin => PlayerResult::ForfeitLoss,
        PlayerResult::ForfeitLoss => PlayerResult::ForfeitWin,
    };
    let home: Points = home_results.iter().map(|&r| scoring.points(r)).sum();
    let away: Points = home_results.iter().map(|&r| scoring.points(flip(r))).sum();
    let match_points = match home.cmp(&away) {
        std::cmp::Ordering::Greater => [ms.win, ms.loss],
        std::cmp::Ordering::Equal => [ms.draw, ms.draw],
        std::cmp::Ordering::Less => [ms.loss, ms.win],
    };
    TeamMatchScore {
        board_points: [home, away],
        match_points,
    }
}

/// A team's line in a team round robin (全队循环 between several teams, or any team event):
/// match points (大分) first, then board points (小分), as 1960 §13 三 ranks two-game events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRow {
    /// Team number (1-based).
    pub team: u32,
    /// Place; equal match and board points share it.
    pub rank: u32,
    /// Match points.
    pub match_points: Points,
    /// Board points.
    pub board_points: Points,
}

/// Ranks teams from their matches: `(home, away, score)` with 1-based team numbers.
///
/// ```
/// use xiangqi_tournament::{team::{score_match, team_standings, MatchScoring}, PlayerResult::*, Scoring};
/// let (s, m) = (Scoring::rules_1960(), MatchScoring::default());
/// let games = [
///     (1, 2, score_match(&[Win, Draw, Draw, Loss], &s, &m)), // 4:4, drawn match
///     (1, 3, score_match(&[Win, Win, Draw, Loss], &s, &m)),  // 5:3, team 1 wins
///     (2, 3, score_match(&[Draw, Draw, Draw, Draw], &s, &m)), // 4:4
/// ];
/// let t = team_standings(3, &games);
/// assert_eq!((t[0].team, t[0].match_points.to_string()), (1, "3".to_string()));
/// assert_eq!((t[1].team, t[1].board_points.to_string()), (2, "8".to_string()));
/// ```
pub fn team_standings(teams: u32, matches: &[(u32, u32, TeamMatchScore)]) -> Vec<TeamRow> {
    let mut rows: Vec<TeamRow> = (1..=teams)
        .map(|team| TeamRow {
            team,
            rank: 0,
            match_points: Points::ZERO,
            board_points: Points::ZERO,
        })
        .collect();
    for &(home, away, score) in matches {
        for (t, k) in [(home, 0), (away, 1)] {
            if let Some(r) = rows.get_mut(t.wrapping_sub(1) as usize) {
                r.match_points += score.match_points[k];
                r.board_points += score.board_points[k];
            }
        }
    }
    rows.sort_by_key(|r| {
        (
            std::cmp::Reverse(r.match_points),
            std::cmp::Reverse(r.board_points),
            r.team,
        )
    });
    for i in 0..rows.len() {
        rows[i].rank = if i > 0
            && rows[i].match_points == rows[i - 1].match_points
            && rows[i].board_points == rows[i - 1].board_points
        {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// Whether the home team's player moves first on `board` (1-based): first on odd boards,
/// second on even boards, so each team has the first move on half the boards.
pub fn home_moves_first(board: u32) -> bool {
    board % 2 == 1
}

/// One game of a whole-team round robin: `a` of team A meets `b` of team B (0-based
/// registered ranks) in `round`; `a_first` says who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossGame {
    /// Round, 1-based.
    pub round: u32,
    /// Team A's player (1-based rank).
    pub a: u32,
    /// Team B's player (1-based rank).
    pub b: u32,
    /// Whether A's player moves first.
    pub a_first: bool,
}

/// The whole-team round robin (全队循环制, 1960 §8 二(二)) of two teams of `size` players:
/// every player of A meets every player of B once over `size` rounds, and — which is why the
/// 1960 text wants an even size — every player moves first exactly `size / 2` times; where the
/// search finds it (team sizes divisible by 4), in every round each team also moves first on
/// half the boards. Pairs follow a Latin square
/// (A_i meets B_(i+r)); sides are found by a small exact search.
///
/// ```
/// use xiangqi_tournament::team::whole_team_round_robin;
/// let games = whole_team_round_robin(4).unwrap();
/// assert_eq!(games.len(), 16);
/// assert_eq!(games.iter().filter(|g| g.a == 1 && g.a_first).count(), 2);
/// ```
pub fn whole_team_round_robin(size: u32) -> Result<Vec<CrossGame>, Error> {
    if size == 0 || size % 2 == 1 || size > 16 {
        return Err(Error::Settings(format!(
            "a whole-team round robin needs an even team size from 2 to 16 (1960 §8 二(二)), not {size}"
        )));
    }
    let m = size as usize;
    // With sizes divisible by 4 the round balance is reachable (A_i moves first in round r
    // iff (r − i) mod size < size/2 is one solution); otherwise only the players' balance is.
    let mut search = SideSearch::new(m, m.is_multiple_of(4));
    if !search.solve(0) {
        return Err(Error::Settings(format!(
            "no balanced whole-team schedule for teams of {size}"
        )));
    }
    let colour = search.colour;
    let mut games = Vec::with_capacity(m * m);
    for (r, row) in colour.iter().enumerate() {
        for (i, &first) in row.iter().enumerate() {
            games.push(CrossGame {
                round: r as u32 + 1,
                a: i as u32 + 1,
                b: ((i + r) % m) as u32 + 1,
                a_first: first,
            });
        }
    }
    Ok(games)
}

/// The search for the sides of a whole-team round robin of `m` boards: `colour[r][i]` says
/// A_i moves first in round r. Constraints: per A player and per B player (B_j meets
/// A_(j - r)) exactly m/2 firsts for A's side, and with `per_round` per round too.
struct SideSearch {
    m: usize,
    half: usize,
    per_round: bool,
    colour: Vec<Vec<bool>>,
    a_count: Vec<usize>,
    /// Rounds in which B_j moved second (A first).
    b_count: Vec<usize>,
    round_count: Vec<usize>,
}

impl SideSearch {
    fn new(m: usize, per_round: bool) -> SideSearch {
        SideSearch {
            m,
            half: m / 2,
            per_round,
            colour: vec![vec![false; m]; m],
            a_count: vec![0; m],
            b_count: vec![0; m],
            round_count: vec![0; m],
        }
    }

    /// Fills the cells from `cell` on (round by round, board by board); false if no
    /// assignment meets the constraints.
    fn solve(&mut self, cell: usize) -> bool {
        let (m, half) = (self.m, self.half);
        if cell == m * m {
            return true;
        }
        let (r, i) = (cell / m, cell % m);
        let j = (i + r) % m;
        let rounds_left_for_i = m - r; // including this one
        let boards_left_in_round = m - i;
        // Prefer alternating sides down the boards, so rounds stay near balance.
        let prefer = (i + r) % 2 == 0;
        for first in [prefer, !prefer] {
            let add = usize::from(first);
            let (na, nb, nr) = (
                self.a_count[i] + add,
                self.b_count[j] + add,
                self.round_count[r] + add,
            );
            // Each count must still be able to reach exactly `half`.
            let ok = na <= half
                && nb <= half
                && na + (rounds_left_for_i - 1) >= half
                && nb + (rounds_left_for_i - 1) >= half
                && (!self.per_round || (nr <= half && nr + (boards_left_in_round - 1) >= half));
            if !ok {
                continue;
            }
            self.colour[r][i] = first;
            self.a_count[i] = na;
            self.b_count[j] = nb;
            self.round_count[r] = nr;
            if self.solve(cell + 1) {
                return true;
            }
            self.a_count[i] -= add;
            self.b_count[j] -= add;
            self.round_count[r] -= add;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lineups_are_binomial() {
        let binom = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
        for squad in 1..=10u32 {
            for boards in 1..=squad {
                let l = legal_lineups(squad, boards).unwrap();
                assert_eq!(l.len() as u64, binom(squad as u64, boards as u64));
                assert!(l.iter().all(|x| check_lineup(x, squad).is_ok()));
            }
        }
        assert!(legal_lineups(3, 4).is_err());
    }

    #[test]
    fn whole_team_schedules_balance() {
        for size in [2u32, 4, 6, 8, 10, 12] {
            let games = whole_team_round_robin(size).unwrap();
            let m = size as usize;
            let mut met = std::collections::HashSet::new();
            for g in &games {
                assert!(met.insert((g.a, g.b)));
            }
            assert_eq!(met.len(), m * m);
            for p in 1..=size {
                assert_eq!(
                    games.iter().filter(|g| g.a == p && g.a_first).count(),
                    m / 2,
                    "A{p}"
                );
                assert_eq!(
                    games.iter().filter(|g| g.b == p && !g.a_first).count(),
                    m / 2,
                    "B{p}"
                );
            }
            for r in (1..=size).filter(|_| size % 4 == 0) {
                assert_eq!(
                    games.iter().filter(|g| g.round == r && g.a_first).count(),
                    m / 2
                );
            }
        }
        assert!(whole_team_round_robin(5).is_err());
    }
}
