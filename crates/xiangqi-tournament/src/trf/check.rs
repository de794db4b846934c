//! The cross-checks of a file read: ids, opponents that name each other back, and
//! accelerations that TRF16 could write back.

use super::TrfFile;
use super::read::bad;
use crate::Error;

impl TrfFile {
    /// Cross-checks the player section: ids unique, opponents exist and agree.
    pub(super) fn check(&self) -> Result<(), Error> {
        self.check_acceleration_totals()?;
        let max = self.players.iter().map(|p| p.id).max().unwrap_or(0) as usize;
        let mut by_id = vec![None; max + 1];
        for (i, p) in self.players.iter().enumerate() {
            if p.id == 0 || by_id[p.id as usize].replace(i).is_some() {
                return Err(bad(
                    0,
                    5,
                    format!("player id {} is used twice or is 0", p.id),
                ));
            }
        }
        for p in &self.players {
            for (r, c) in p.cells.iter().enumerate() {
                let Some(o) = c.opponent else { continue };
                let back = by_id
                    .get(o as usize)
                    .copied()
                    .flatten()
                    .and_then(|j| self.players[j].cells.get(r));
                let agrees = back.is_some_and(|b| {
                    b.opponent == Some(p.id)
                        && (c.colour.is_none() || b.colour.is_none() || b.colour != c.colour)
                });
                if o == p.id || !agrees {
                    return Err(bad(
                        0,
                        92 + 10 * r,
                        format!(
                            "round {}: player {} has opponent {o}, whose line does not \
                             name {} back with the other colour",
                            r + 1,
                            p.id,
                            p.id
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// TRF16 has no `250`: the writer gives each player one `XXA` value per round, the sum of
    /// the accelerations covering them, in four columns. A file whose sums do not fit could
    /// not be written back, so it is refused here (a fuzzer's find: two `250` records of 51
    /// points over the same players, `tests/data/fuzz-trf-250-sum.trf`). Per player, the sums
    /// are swept over the rounds where an acceleration starts or ends, not round by round.
    fn check_acceleration_totals(&self) -> Result<(), Error> {
        for p in &self.players {
            let mut steps: Vec<(u32, i32)> = Vec::new();
            for a in &self.accelerations {
                if (a.ids.0..=a.ids.1).contains(&p.id) && a.rounds.0 <= a.rounds.1 {
                    steps.push((a.rounds.0, a.points.halves()));
                    steps.push((a.rounds.1.saturating_add(1), -a.points.halves()));
                }
            }
            steps.sort_unstable();
            let mut total = 0i64;
            for (i, &(round, delta)) in steps.iter().enumerate() {
                total += i64::from(delta);
                let last_at_round = steps.get(i + 1).is_none_or(|n| n.0 != round);
                let text = format!("{:.1}", total as f64 / 2.0);
                if last_at_round && total != 0 && text.len() > 4 {
                    return Err(bad(
                        0,
                        0,
                        format!(
                            "player {}'s accelerations add up to {text} points in round \
                             {round}: more than fits the four-column field",
                            p.id
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
