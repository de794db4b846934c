//! Every candidate of a bracket, as the reference pairer generates them: the MDPs chosen,
//! the remainder's exchanges in art. 4.3 order, every assignment of S2 to S1.

use super::{Exchange, Reference, Visit};

impl<'a> Reference<'a> {
    /// Every candidate of the bracket of `mdps` and `residents` (both in art. 1.2 order) that
    /// keeps C1–C3, in generation order: the MDPs paired most first (3.1), their sets in
    /// lexicographic order (4.4), their opponents as transpositions of the residents (4.2); then
    /// the remainder with the most pairs first, its exchanges (4.3) and transpositions (4.2).
    /// `visit` gets the pairs and the downfloaters.
    pub(super) fn candidates(&self, mdps: &[usize], residents: &[usize], visit: &mut Visit<'_>) {
        let m0 = mdps.len();
        for m1 in (0..=m0.min(residents.len())).rev() {
            for chosen in subsets(m0, m1) {
                let s1: Vec<usize> = chosen.iter().map(|&k| mdps[k]).collect();
                let limbo: Vec<usize> = (0..m0)
                    .filter(|k| !chosen.contains(k))
                    .map(|k| mdps[k])
                    .collect();
                self.assign(&s1, residents, &[], &mut |pairs, left| {
                    self.remainder(left, pairs, &limbo, visit);
                });
            }
        }
    }

    pub(super) fn remainder(
        &self,
        rem: &[usize],
        fixed: &[(usize, usize)],
        limbo: &[usize],
        visit: &mut Visit<'_>,
    ) {
        for p in (0..=rem.len() / 2).rev() {
            for (out, inn) in exchanges(rem.len(), p) {
                let in_s1 = |k: usize| (k < p && !out.contains(&k)) || inn.contains(&k);
                let s1: Vec<usize> = (0..rem.len())
                    .filter(|&k| in_s1(k))
                    .map(|k| rem[k])
                    .collect();
                let s2: Vec<usize> = (0..rem.len())
                    .filter(|&k| !in_s1(k))
                    .map(|k| rem[k])
                    .collect();
                self.assign(&s1, &s2, fixed, &mut |pairs, left| {
                    let mut down = limbo.to_vec();
                    down.extend_from_slice(left);
                    visit(pairs, &down);
                });
            }
        }
    }

    /// Every injective assignment of `s2` players to the `s1` players, in lexicographic order
    /// of the `s2` positions; a pair that breaks C1–C3 ends that branch (no completion of it
    /// keeps C1–C3). `leaf` gets the pairs and the `s2` players left.
    pub(super) fn assign(
        &self,
        s1: &[usize],
        s2: &[usize],
        base: &[(usize, usize)],
        leaf: &mut Visit<'_>,
    ) {
        fn go(
            r: &Reference<'_>,
            s1: &[usize],
            s2: &[usize],
            used: &mut Vec<bool>,
            pairs: &mut Vec<(usize, usize)>,
            leaf: &mut Visit<'_>,
        ) {
            let i = pairs.len();
            if i == s1.len() {
                let left: Vec<usize> = (0..s2.len()).filter(|&k| !used[k]).map(|k| s2[k]).collect();
                leaf(pairs, &left);
                return;
            }
            for k in 0..s2.len() {
                if !used[k] && r.can[s1[i]][s2[k]] {
                    used[k] = true;
                    pairs.push((s1[i], s2[k]));
                    go(r, s1, s2, used, pairs, leaf);
                    pairs.pop();
                    used[k] = false;
                }
            }
        }
        let mut local: Vec<(usize, usize)> = Vec::new();
        let mut used = vec![false; s2.len()];
        go(self, s1, s2, &mut used, &mut local, &mut |mine, left| {
            let mut all = base.to_vec();
            all.extend_from_slice(mine);
            leaf(&all, left);
        });
    }
}

/// The `k`-subsets of `0..n`, lexicographic.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, k, &mut Vec::new(), &mut out);
    out
}

/// Every exchange between S1 (positions `0..p`) and S2 (`p..n`) of a homogeneous group, of
/// every size, in art. 4.3 order: fewest players exchanged; the smallest difference of the
/// exchanged BSN sums; the highest different BSN leaving S1; the lowest entering it.
fn exchanges(n: usize, p: usize) -> Vec<Exchange> {
    type Key = (usize, usize, std::cmp::Reverse<Vec<usize>>, Vec<usize>);
    let mut all: Vec<(Key, Exchange)> = Vec::new();
    for k in 0..=p.min(n - p) {
        for out in subsets(p, k) {
            for inn in subsets(n - p, k) {
                let inn: Vec<usize> = inn.iter().map(|&b| b + p).collect();
                let diff = inn.iter().sum::<usize>() - out.iter().sum::<usize>();
                let mut out_desc = out.clone();
                out_desc.reverse();
                all.push((
                    (k, diff, std::cmp::Reverse(out_desc), inn.clone()),
                    (out.clone(), inn),
                ));
            }
        }
    }
    all.sort();
    all.into_iter().map(|(_, x)| x).collect()
}
