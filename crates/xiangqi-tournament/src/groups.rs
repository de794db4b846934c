//! Grouped round robin with seeds (分组循环制, 1960 §9 三): seeded players spread over the
//! groups, a round robin in each group, the top finishers of every group in a final round
//! robin, and the rest, if the organiser wishes, in a consolation event (经验交流赛).

use serde::{Deserialize, Serialize};

use crate::{Error, Player, PlayerId, Settings, Tournament};

/// Distributes players (in seed order, best first) over `groups` groups by the snake
/// (serpentine) method: seeds 1…g go to groups 1…g, seeds g+1…2g back from group g to 1, and
/// so on, so every group gets one player of each strength band and the group strengths sum
/// evenly. Returns 0-based indices into `players` per group.
///
/// ```
/// use xiangqi_tournament::groups::snake;
/// assert_eq!(snake(8, 3), vec![vec![0, 5, 6], vec![1, 4, 7], vec![2, 3]]);
/// ```
pub fn snake(players: usize, groups: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); groups.max(1)];
    let g = out.len();
    for i in 0..players {
        let (row, col) = (i / g, i % g);
        let k = if row % 2 == 0 { col } else { g - 1 - col };
        out[k].push(i);
    }
    out
}

/// A grouped event: the group round robins, then the final (and a consolation event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupedEvent {
    /// One round robin per group; group player `n` maps to `members[g][n - 1]` overall.
    pub groups: Vec<Tournament>,
    /// Overall player numbers of each group's members, in the group's own numbering.
    pub members: Vec<Vec<PlayerId>>,
    /// The final round robin, once the groups are over.
    pub final_stage: Option<Tournament>,
    /// Overall numbers of the finalists, in the final's own numbering.
    pub finalists: Vec<PlayerId>,
}

impl GroupedEvent {
    /// Splits `players` (put in starting order first: seeds, then rating) into `groups`
    /// groups by the snake, each a round robin under `settings`.
    ///
    /// ```
    /// use xiangqi_tournament::{groups::GroupedEvent, Player, Settings};
    /// let ps: Vec<Player> = (1..=12).map(|i| Player::new(format!("P{i}")).with_seed(i)).collect();
    /// let ev = GroupedEvent::new("城市赛", ps, 3, Settings::round_robin_1960()).unwrap();
    /// assert_eq!(ev.groups.len(), 3);
    /// assert_eq!(ev.members[0].iter().map(|p| p.0).collect::<Vec<_>>(), [1, 6, 7, 12]);
    /// ```
    pub fn new(
        name: &str,
        players: Vec<Player>,
        groups: usize,
        settings: Settings,
    ) -> Result<GroupedEvent, Error> {
        if groups == 0 || players.len() < groups * 2 {
            return Err(Error::Settings(format!(
                "{} players cannot fill {groups} groups of two or more",
                players.len()
            )));
        }
        let players = crate::player::starting_order(players);
        let mut tournaments = Vec::new();
        let mut members = Vec::new();
        for (g, idx) in snake(players.len(), groups).into_iter().enumerate() {
            let list: Vec<Player> = idx.iter().map(|&i| players[i].clone()).collect();
            // Keep the overall order inside the group: starting_order is stable, and seeds
            // are increasing along the snake.
            let t = Tournament::new(&format!("{name} group {}", g + 1), list, settings.clone())?;
            members.push(idx.into_iter().map(PlayerId::from_index).collect());
            tournaments.push(t);
        }
        Ok(GroupedEvent {
            groups: tournaments,
            members,
            final_stage: None,
            finalists: Vec::new(),
        })
    }

    /// The top `per_group` of every group (overall numbers), group winners first, then the
    /// runners-up, and so on, each band in group order.
    pub fn qualifiers(&self, per_group: usize) -> Vec<PlayerId> {
        let tables: Vec<Vec<PlayerId>> = self
            .groups
            .iter()
            .zip(&self.members)
            .map(|(t, m)| {
                t.standings()
                    .rows
                    .iter()
                    .map(|r| m[r.player.index()])
                    .collect()
            })
            .collect();
        (0..per_group)
            .flat_map(|place| tables.iter().filter_map(move |t| t.get(place).copied()))
            .collect()
    }

    /// Starts the final round robin among the top `per_group` of every group, once every
    /// group has played all its rounds.
    pub fn start_final(
        &mut self,
        all_players: &[Player],
        per_group: usize,
        settings: Settings,
    ) -> Result<(), Error> {
        for t in &self.groups {
            if t.rounds.len() < t.planned_rounds() as usize
                || t.rounds.iter().any(|r| !r.unfinished().is_empty())
            {
                return Err(Error::Settings(format!("{} is not finished", t.name)));
            }
        }
        let finalists = self.qualifiers(per_group);
        let ordered = crate::player::starting_order(all_players.to_vec());
        let list: Vec<Player> = finalists
            .iter()
            .map(|p| {
                ordered
                    .get(p.index())
                    .cloned()
                    .ok_or(Error::UnknownPlayer(p.0))
            })
            .collect::<Result<Vec<Player>, Error>>()?
            .into_iter()
            // Finalists are numbered in qualifying order, not by their old seeds.
            .map(|mut p: Player| {
                p.seed = None;
                p
            })
            .collect();
        self.final_stage = Some(Tournament::new("final", list, settings)?);
        self.finalists = finalists;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    #[test]
    fn snake_balances_seed_sums() {
        for (n, g) in [(16, 4), (12, 3), (20, 4), (9, 2)] {
            let groups = snake(n, g);
            assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), n);
            let sums: Vec<usize> = groups.iter().map(|x| x.iter().sum()).collect();
            // An even number of full snake rows gives every group the same seed total.
            if n % g == 0 && (n / g) % 2 == 0 {
                assert!(sums.iter().all(|&s| s == sums[0]), "{sums:?}");
            }
            // Every group gets exactly one of the top g seeds.
            assert!(groups.iter().all(|x| x[0] < g));
        }
    }

    #[test]
    fn groups_then_final() {
        let ps: Vec<Player> = (1..=8)
            .map(|i| Player::new(format!("P{i}")).with_seed(i))
            .collect();
        let mut ev = GroupedEvent::new("e", ps.clone(), 2, Settings::round_robin_1960()).unwrap();
        for t in &mut ev.groups {
            for r in 1..=t.planned_rounds() {
                t.pair_next_round().unwrap();
                let boards: Vec<_> = t.rounds[r as usize - 1]
                    .games
                    .iter()
                    .map(|g| (g.board, g.first < g.second))
                    .collect();
                // The better seed always wins.
                for (b, first_better) in boards {
                    t.set_result(
                        r,
                        b,
                        if first_better {
                            Outcome::FirstWins
                        } else {
                            Outcome::SecondWins
                        },
                    )
                    .unwrap();
                }
            }
        }
        assert_eq!(
            ev.qualifiers(2).iter().map(|p| p.0).collect::<Vec<_>>(),
            [1, 2, 4, 3]
        );
        ev.start_final(&ps, 2, Settings::round_robin_1960())
            .unwrap();
        let f = ev.final_stage.as_ref().unwrap();
        assert_eq!(
            f.players
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>(),
            ["P1", "P2", "P4", "P3"]
        );
    }
}
