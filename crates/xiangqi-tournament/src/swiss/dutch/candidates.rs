//! The candidates of one bracket in the order of FIDE Handbook C.04.3 (2026) articles 4.2–4.4:
//! sets of MDPs (4.4, lexicographic), and the exchanges between S1 and S2 of a homogeneous
//! remainder (4.3).

/// The number of `k`-subsets of `0..n`, saturating.
pub(super) fn combinations_count(n: usize, k: usize) -> usize {
    (0..k.min(n)).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// `k`-subsets of `0..n` in lexicographic order, all of them (callers bound their number).
pub(super) fn combinations(n: usize, k: usize) -> Combinations {
    Combinations {
        n,
        cur: (k <= n).then(|| (0..k).collect()),
    }
}

/// The `k`-subsets of `0..n` in lexicographic order, one at a time: the search's work budget,
/// not a cap on their number, bounds how many are looked at (art. 4.4 orders every set of
/// MDPs).
pub(super) struct Combinations {
    n: usize,
    cur: Option<Vec<usize>>,
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let out = self.cur.take()?;
        let (n, k) = (self.n, out.len());
        if let Some(i) = (0..k).rev().find(|&i| out[i] < n - k + i) {
            let mut cur = out.clone();
            cur[i] += 1;
            for j in i + 1..k {
                cur[j] = cur[j - 1] + 1;
            }
            self.cur = Some(cur);
        }
        Some(out)
    }
}

/// Whether [`exchanges`] lists every exchange of art. 4.3 for a remainder of `n` with `p` in
/// S1: it generates those of at most one player each way, and of two for remainders of up to
/// 24. Where it does not, a search of its candidates is not complete, and the bracket is left
/// to the matching (`super::exact`), which reaches every exchange.
pub(super) fn exchanges_complete(n: usize, p: usize) -> bool {
    let most = p.min(n - p);
    most <= 1 || (most == 2 && n <= 24)
}

/// An exchange between S1 and S2: positions leaving S1 and positions entering it.
pub(super) type Exchange = (Vec<usize>, Vec<usize>);

/// The exchanges of a homogeneous group of `n` with `p` players in S1, in the order of
/// art. 4.3: none first, then one player each way, then two (groups of up to 24); within a
/// size by the difference of the exchanged BSN sums, then the highest BSN leaving S1, then
/// the lowest entering it. BSNs are positions + 1.
pub(super) fn exchanges(n: usize, p: usize) -> Vec<Exchange> {
    let mut out: Vec<Exchange> = vec![(Vec::new(), Vec::new())];
    if p == 0 {
        return out;
    }
    let mut ones: Vec<(usize, std::cmp::Reverse<usize>, usize)> = Vec::new();
    for a in 0..p {
        for b in p..n {
            ones.push((b - a, std::cmp::Reverse(a), b));
        }
    }
    ones.sort_unstable();
    out.extend(
        ones.iter()
            .map(|&(_, std::cmp::Reverse(a), b)| (vec![a], vec![b])),
    );
    if n <= 24 && p >= 2 {
        let mut twos = Vec::new();
        for a1 in 0..p {
            for a2 in a1 + 1..p {
                for b1 in p..n {
                    for b2 in b1 + 1..n {
                        let diff = (b1 + b2) - (a1 + a2);
                        twos.push((diff, std::cmp::Reverse((a2, a1)), (b1, b2)));
                    }
                }
            }
        }
        twos.sort_unstable();
        out.extend(
            twos.iter()
                .map(|&(_, std::cmp::Reverse((a2, a1)), (b1, b2))| (vec![a1, a2], vec![b1, b2])),
        );
    }
    out
}

/// S1 and S2 of `group` (in art. 1.2 order) after exchange `x`.
pub(super) fn split(group: &[usize], p: usize, x: &Exchange) -> (Vec<usize>, Vec<usize>) {
    let in_s1 = |k: usize| (k < p && !x.0.contains(&k)) || x.1.contains(&k);
    let s1 = (0..group.len())
        .filter(|&k| in_s1(k))
        .map(|k| group[k])
        .collect();
    let s2 = (0..group.len())
        .filter(|&k| !in_s1(k))
        .map(|k| group[k])
        .collect();
    (s1, s2)
}
