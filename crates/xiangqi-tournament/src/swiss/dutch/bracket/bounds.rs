//! Lower bounds of a bracket's quality (C6–C21), for the search to stop at a candidate that
//! reaches them, and the downfloater sets the search tries in order of their exact C6–C9.

use super::{Bracket, MAX_SETS};
use crate::Mover;
use crate::swiss::dutch::Strength;
use crate::swiss::dutch::candidates::{combinations, combinations_count};
use crate::swiss::dutch::criteria::float_back;
use crate::swiss::dutch::field::Field;
use crate::swiss::dutch::next::psd_bound;
use crate::swiss::dutch::player::Float;
use crate::swiss::dutch::quality::{Quality, c9_at};

impl<'f, 'a> Bracket<'f, 'a> {
    /// The bound of the candidates whose downfloaters are `down`: `key` (C6–C9 exact), C10–C11
    /// as `bound`, C12–C13 of the players left to pair, C14–C21 by `float_floor`.
    pub(super) fn set_bound(
        &self,
        key: &[i64],
        bound: &[i64],
        all: &[usize],
        down: &[usize],
    ) -> Quality {
        let mut b = key.to_vec();
        b.extend_from_slice(&bound[c9_at(bound) + 1..]);
        let c9 = c9_at(&b);
        let left: Vec<usize> = all.iter().copied().filter(|x| !down.contains(x)).collect();
        (b[c9 + 3], b[c9 + 4]) = self.colour_floor(&left, 0);
        b[c9 + 5..c9 + 13].copy_from_slice(&self.float_floor(down));
        b
    }

    /// Lower bounds of C14–C21 for the candidates whose downfloaters are `down` (residents
    /// sharing one score `r`): C14/C16 count the floaters who floated down one/two rounds
    /// before, exactly; every MDP not floating is paired with a resident and floats down
    /// again, his difference `s − r` counted in C18/C20 if he floated down before, exactly;
    /// each is paired with a different resident, so at least as many residents as there are
    /// paired MDPs beyond those who did not float up before are repeated upfloaters (C15/C17),
    /// each with at least the smallest such differences (C19/C21).
    pub(super) fn float_floor(&self, down: &[usize]) -> [i64; 8] {
        let p = self.f.players;
        let (r, _) = self.resident_and_win();
        let sd = |m: usize| i64::from(p[m].score.halves()) - r;
        let paired: Vec<usize> = self
            .mdps
            .iter()
            .copied()
            .filter(|m| !down.contains(m))
            .collect();
        let mut c = [0i64; 8]; // C14 … C21
        for (back, k) in [(1usize, 0usize), (2, 2)] {
            c[k] = down
                .iter()
                .filter(|&&d| float_back(&p[d].floats, back) == Float::Down)
                .count() as i64;
            c[4 + k] = paired
                .iter()
                .filter(|&&m| float_back(&p[m].floats, back) == Float::Down)
                .map(|&m| sd(m))
                .sum();
            let fresh = self
                .residents
                .iter()
                .filter(|x| !down.contains(x) && float_back(&p[**x].floats, back) != Float::Up)
                .count();
            let forced = paired.len().saturating_sub(fresh);
            c[1 + k] = forced as i64;
            let mut diffs: Vec<i64> = paired.iter().map(|&m| sd(m)).collect();
            diffs.sort_unstable();
            c[5 + k] = diffs[..forced].iter().sum();
        }
        c
    }

    /// C6, C7, C8 and C9 depend only on who floats (in a bracket whose residents share one score:
    /// the PSD is each paired MDP's difference to the residents, each floater's to one win
    /// below them, and zeros; C8 is the following bracket's value for those floaters). The
    /// sets of the fewest floaters with whom the rest of the bracket can be paired (an MDP only
    /// against a resident) and the round completed (C4), grouped by their value, best first;
    /// `None` where this does not apply or the sets are too many. If no set of the fewest
    /// floaters the bracket allows completes the round, two more float (C6 among the choices
    /// that keep C4), and so on.
    #[allow(clippy::type_complexity)]
    pub(super) fn downfloater_groups(
        &mut self,
        all: &[usize],
        max_pairs: usize,
    ) -> Option<Vec<(Quality, Vec<Vec<usize>>)>> {
        if self.mixed || self.clb.is_some() {
            return None;
        }
        for pairs in (0..=max_pairs).rev() {
            if let Some(groups) = self.floater_sets(all, pairs)? {
                return Some(groups);
            }
        }
        None
    }

    /// `downfloater_groups` for the sets of floaters that leave `max_pairs` pairs: `None` if
    /// they are too many, `Some(None)` if none keeps the round complete.
    #[allow(clippy::type_complexity)]
    pub(super) fn floater_sets(
        &mut self,
        all: &[usize],
        max_pairs: usize,
    ) -> Option<Option<Vec<(Quality, Vec<Vec<usize>>)>>> {
        let down = all.len() - 2 * max_pairs;
        // Sets of one floater are as many as the players, and the matching values them at
        // once (`exact::Floaters`); larger sets are valued one by one.
        if down > 1 && combinations_count(all.len(), down) > MAX_SETS {
            return None;
        }
        let (resident, win) = self.resident_and_win();
        let len = max_pairs + down;
        let mut keyed: Vec<(Quality, Vec<usize>)> = Vec::new();
        for c in combinations(all.len(), down) {
            let mut d: Vec<usize> = c.iter().map(|&k| all[k]).collect();
            d.sort_by_key(|&i| self.f.rank[i]);
            let mdps: Vec<usize> = self
                .mdps
                .iter()
                .copied()
                .filter(|m| !d.contains(m))
                .collect();
            let residents: Vec<usize> = self
                .residents
                .iter()
                .copied()
                .filter(|r| !d.contains(r))
                .collect();
            if !self.f.completes_as_bracket(&mdps, &residents) {
                continue;
            }
            if self.last && (d.len() > 1 || d.first().is_some_and(|&x| !self.f.bye_ok[x])) {
                continue;
            }
            let Some(c8) = self.completion_and_c8(&d) else {
                continue;
            };
            let score = |i: usize| i64::from(self.f.players[i].score.halves());
            let mut list: Vec<i64> = mdps.iter().map(|&m| score(m) - resident).collect();
            list.extend(d.iter().map(|&x| score(x) - resident + win));
            list.sort_unstable_by(|a, b| b.cmp(a));
            list.resize(len, 0);
            let mut q: Quality = vec![down as i64, len as i64];
            q.extend(list);
            q.extend(c8);
            q.push(self.c9(&d));
            keyed.push((q, d));
        }
        keyed.sort();
        let mut groups: Vec<(Quality, Vec<Vec<usize>>)> = Vec::new();
        for (q, d) in keyed {
            match groups.last_mut() {
                Some((gq, sets)) if *gq == q => sets.push(d),
                _ => groups.push((q, vec![d])),
            }
        }
        Some((!groups.is_empty()).then_some(groups))
    }

    pub(super) fn lower_bound(&mut self, all: &[usize], max_pairs: usize) -> Quality {
        let down = all.len() - 2 * max_pairs;
        // C7: the PSD's bound (see `psd_bound`); in a bracket of mixed residents (the CLB) only
        // a win's difference for each downfloater is sure. A probe counts C7 alone.
        let (resident, win) = self.resident_and_win();
        let len = max_pairs + down;
        let mut q: Quality = vec![down as i64, len as i64];
        if self.mixed && !self.probe {
            let mut list = vec![win; down];
            list.resize(len, 0);
            q.extend(list);
        } else {
            q.extend(psd_bound(
                self.f,
                &self.mdps,
                self.residents.len(),
                resident,
                win,
                down,
                len,
            ));
        }
        if self.probe {
            return q;
        }
        // C8: exact when nothing floats; otherwise the optimistic "everyone below pairs",
        // with a PSD of zeros.
        q.extend(match self.next {
            Some(n) if down == 0 => self.following(&[], n),
            Some(n) => {
                let (m, pairs) = (n.len() + down, (n.len() + down) / 2);
                let mut c8 = vec![(m % 2) as i64, (m - pairs) as i64];
                c8.extend(std::iter::repeat_n(0, m - pairs));
                c8
            }
            None => vec![0, 0],
        });
        // C9: the fewest unplayed games among those who may take the PAB here (a single
        // floater who may take it is the PAB assignee: see `c9`).
        let c9 = if down == 1 {
            all.iter()
                .filter(|&&i| self.f.bye_ok[i])
                .map(|&i| i64::from(self.f.players[i].unplayed))
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        q.push(c9);
        let mut c = [0i64; 12];
        (c[2], c[3]) = self.colour_floor(all, down);
        q.extend(c);
        q
    }

    /// Lower bounds of C12 and C13 for a bracket of `all` of whom `down` float.
    pub(super) fn colour_floor(&self, all: &[usize], down: usize) -> (i64, i64) {
        let (mut w, mut b, mut none) = (0i64, 0i64, 0i64);
        for &i in all {
            match self.f.players[i].colours.preference().0 {
                Some(Mover::First) => w += 1,
                Some(Mover::Second) => b += 1,
                None => none += 1,
            }
        }
        let excess = (w - b - none).max(b - w - none) - down as i64;
        let c12 = (excess.max(0) + 1) / 2;
        // C13: two strong (or absolute) preferences for one colour cost one.
        let strong = |side: Mover| {
            all.iter()
                .filter(|&&i| {
                    let (p, st) = self.f.players[i].colours.preference();
                    p == Some(side) && st >= Strength::Strong
                })
                .count() as i64
        };
        let n = all.len() as i64;
        let (sw, sb) = (strong(Mover::First), strong(Mover::Second));
        let excess = (sw - (n - sw)).max(sb - (n - sb)) - down as i64;
        (c12, (excess.max(0) + 1) / 2)
    }
}

/// Lower bounds of the colour preferences (C12) and strong preferences (C13) the rest of S1
/// must leave unmet: a player who wants white keeps it only against one who does not, and a
/// strong or absolute preference loses only against another one for the same colour.
pub(super) fn colour_bound(f: &Field<'_>, s1: &[usize], s2: &[usize], used: &[bool]) -> (i64, i64) {
    let pref = |i: usize| f.players[i].colours.preference();
    let count = |set: &mut dyn Iterator<Item = usize>| {
        let mut c = [0i64; 5]; // white, black, none, strong white, strong black
        for i in set {
            match pref(i) {
                (Some(Mover::First), s) => {
                    c[0] += 1;
                    c[3] += i64::from(s >= Strength::Strong);
                }
                (Some(Mover::Second), s) => {
                    c[1] += 1;
                    c[4] += i64::from(s >= Strength::Strong);
                }
                (None, _) => c[2] += 1,
            }
        }
        c
    };
    let a = count(&mut s1.iter().copied());
    let free = used.iter().filter(|u| !**u).count() as i64;
    let b = count(
        &mut s2
            .iter()
            .enumerate()
            .filter(|(k, _)| !used[*k])
            .map(|(_, &i)| i),
    );
    let c12 = (a[0] - b[1] - b[2]).max(0) + (a[1] - b[0] - b[2]).max(0);
    let c13 = (a[3] - (free - b[3])).max(0) + (a[4] - (free - b[4])).max(0);
    (c12, c13)
}
