//! A tournament read from a stranger's file checked before use: settings, players, rounds
//! and results that fit one another.

use super::{Error, PlayerId, Tournament, check_settings};

impl Tournament {
    /// Checks the internal consistency of a file read from outside.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        let n = self.players.len() as u32;
        let bad = |m: String| Error::File {
            line: 0,
            column: 0,
            message: m,
        };
        if !(2..=100_000).contains(&n) {
            return Err(bad(format!("{n} players: an event has 2 to 100000")));
        }
        check_settings(&self.settings, self.players.len()).map_err(|e| bad(e.to_string()))?;
        if self.rounds.len() > self.planned_rounds() as usize {
            return Err(bad(format!(
                "{} rounds stored, the event has {}",
                self.rounds.len(),
                self.planned_rounds()
            )));
        }
        let check = |p: PlayerId| {
            if p.0 == 0 || p.0 > n {
                Err(bad(format!("player {p} does not exist")))
            } else {
                Ok(())
            }
        };
        for (i, r) in self.rounds.iter().enumerate() {
            if r.number != i as u32 + 1 {
                return Err(bad(format!(
                    "round {} is stored as number {}",
                    i + 1,
                    r.number
                )));
            }
            let mut seen = std::collections::HashSet::new();
            for g in &r.games {
                check(g.first)?;
                check(g.second)?;
                if !seen.insert(g.first) || !seen.insert(g.second) {
                    return Err(bad(format!(
                        "round {}: a player is on two boards",
                        r.number
                    )));
                }
            }
            if let Some((p, pts)) = r.bye {
                check(p)?;
                if pts.halves().abs() > 1000 {
                    return Err(bad(format!("round {}: bye worth {pts} points", r.number)));
                }
                if !seen.insert(p) {
                    return Err(bad(format!(
                        "round {}: player {p} has a bye and a game",
                        r.number
                    )));
                }
            }
        }
        for w in &self.withdrawals {
            check(w.player)?;
        }
        Ok(())
    }
}
