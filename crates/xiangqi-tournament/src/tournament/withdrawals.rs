//! Withdrawals and exclusions (退出比赛, 取消比赛资格): who is still in the event, and the
//! results a withdrawal leaves.

use super::{Error, Outcome, PlayerId, System, Tournament, Withdrawal, WithdrawalEffect};

impl Tournament {
    pub(super) fn withdrawal(&self, p: PlayerId) -> Option<&Withdrawal> {
        self.withdrawals.iter().find(|w| w.player == p)
    }

    /// Whether `p` takes part in round `round`.
    pub fn is_active(&self, p: PlayerId, round: u32) -> bool {
        self.withdrawal(p).is_none_or(|w| round <= w.after_round)
    }

    /// Records that `player` withdraws after round `after_round`; returns the effect, decided
    /// by the withdrawal rule from the games he has played against those due.
    pub fn withdraw(
        &mut self,
        player: PlayerId,
        after_round: u32,
    ) -> Result<WithdrawalEffect, Error> {
        if player.0 == 0 || player.index() >= self.players.len() {
            return Err(Error::UnknownPlayer(player.0));
        }
        if self.withdrawal(player).is_some() {
            return Err(Error::Settings(format!(
                "player {player} has already withdrawn"
            )));
        }
        let played = self
            .rounds
            .iter()
            .take(after_round as usize)
            .flat_map(|r| &r.games)
            .filter(|g| g.side_of(player).is_some() && g.outcome.is_some())
            .count() as u32;
        let n = self.players.len() as u32;
        let due = match self.settings.system {
            System::RoundRobin { cycles, .. } => (n - 1) * cycles,
            System::Swiss { rounds, .. } => rounds,
        };
        let effect = if 2 * played < due {
            WithdrawalEffect::Annulled
        } else {
            WithdrawalEffect::RestForfeited
        };
        self.withdrawals.push(Withdrawal {
            player,
            after_round,
            effect,
        });
        // Games already paired after the withdrawal: defaults or nothing.
        for r in self.rounds.iter_mut().filter(|r| r.number > after_round) {
            r.games.retain(|g| {
                !(effect == WithdrawalEffect::Annulled
                    && g.side_of(player).is_some()
                    && g.outcome.is_none())
            });
            for g in r.games.iter_mut().filter(|g| g.outcome.is_none()) {
                if g.first == player {
                    g.outcome = Some(Outcome::SecondWinsByForfeit);
                } else if g.second == player {
                    g.outcome = Some(Outcome::FirstWinsByForfeit);
                }
            }
        }
        Ok(effect)
    }

    /// Players whose games do not count (withdrawn with games annulled).
    pub fn excluded(&self) -> Vec<PlayerId> {
        self.withdrawals
            .iter()
            .filter(|w| w.effect == WithdrawalEffect::Annulled)
            .map(|w| w.player)
            .collect()
    }
}
