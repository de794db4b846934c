//! When the search's choice in a bracket stands although it did not generate every exchange
//! of FIDE Handbook C.04.3 (2026) art. 4.3 it went past.

use super::Bracket;
use crate::swiss::dutch::exact::Exact;
use crate::swiss::dutch::quality::c9_at;

impl Bracket<'_, '_> {
    /// Whether the search's choice, found without seeing every exchange (art. 4.3), is still
    /// the rules' own: its value is the best the matching finds over every candidate, and no
    /// candidate it did not generate comes before it. Those differ from a generated one only
    /// in the remainder's exchange — larger than any generated for the same MDP pairs, so
    /// later (4.3: fewer players exchanged first) — unless their MDP pairs come earlier (4.4,
    /// 4.2); none do when the choice pairs every MDP, each with the first resident left that he
    /// may meet.
    pub(super) fn proven_by_value(&mut self, all: &[usize], max_pairs: usize) -> bool {
        let Some((q, _, _, key)) = self.best.clone() else {
            return false;
        };
        let mut used = vec![false; self.residents.len()];
        let first_mdp_part = self.mdps.len() <= self.residents.len()
            && key.len() >= 2 + self.mdps.len()
            && key[..2] == [0, 0]
            && self.mdps.iter().enumerate().all(|(i, &m)| {
                let k = (0..self.residents.len())
                    .find(|&k| !used[k] && self.f.compatible(m, self.residents[k]));
                k.inspect(|&k| used[k] = true) == Some(key[2 + i])
            });
        if !first_mdp_part {
            return false;
        }
        let Some(groups) = self.downfloater_groups(all, max_pairs) else {
            return false;
        };
        let Some((best_key, sets)) = groups.first() else {
            return false;
        };
        let c9 = c9_at(&q);
        if q[..=c9] != best_key[..] {
            return false;
        }
        let (mdps, residents) = (self.mdps.clone(), self.residents.clone());
        Exact::new(self.f, &mdps, &residents).reaches_best(sets, &q[c9 + 1..])
    }
}
