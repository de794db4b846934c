//! The pairing of a round other than the first when the simple order fails: candidates in
//! order, a bounded search, and the maximum matching that proves a pairing exists.

use super::{Context, SEARCH_BUDGET, SwissVariant, maximum_matching};

impl<'a> Context<'a> {
    /// Preference order of partners for `seq[start - 1]`: positions of free players after it.
    pub(super) fn candidates(&self, seq: &[usize], start: usize, free: &[bool]) -> Vec<usize> {
        let p = seq[start - 1];
        let mut c: Vec<(u32, bool, usize)> = (start..seq.len())
            .filter(|&j| free[j] && self.compatible(p, seq[j]))
            .map(|j| {
                let q = seq[j];
                let clash = match self.variant {
                    SwissVariant::Rules1960 | SwissVariant::Dutch => false,
                    SwissVariant::Chinese => {
                        let (a, b) = (self.colours[p].preference(), self.colours[q].preference());
                        a.is_some() && a == b
                    }
                };
                (self.group[q], clash, j)
            })
            .collect();
        c.sort_unstable();
        c.into_iter().map(|t| t.2).collect()
    }

    /// Top-down depth-first search: the highest unpaired player takes his most preferred
    /// partner; on a dead end the latest choice is revised. Gives up after a fixed budget.
    pub(super) fn search(&self, seq: &[usize]) -> Option<Vec<(usize, usize)>> {
        let n = seq.len();
        let mut free = vec![true; n];
        // Frames: (position of the top player, candidate positions, next candidate).
        let mut frames: Vec<(usize, Vec<usize>, usize)> = Vec::with_capacity(n / 2);
        let mut work = 0usize;
        let mut start = 0usize;
        loop {
            while start < n && !free[start] {
                start += 1;
            }
            if start == n {
                break;
            }
            let cands = self.candidates(seq, start + 1, &free);
            work += 1;
            frames.push((start, cands, 0));
            // Advance: take the next candidate of the top frame, backtracking as needed.
            loop {
                let (s, cands, next) = frames.last_mut()?;
                if *next < cands.len() {
                    let q = cands[*next];
                    *next += 1;
                    free[*s] = false;
                    free[q] = false;
                    start = *s + 1;
                    break;
                }
                let s = *s;
                frames.pop();
                work += 1;
                if work > SEARCH_BUDGET + n {
                    return None;
                }
                free[s] = true;
                if let Some((ps, pc, pn)) = frames.last() {
                    free[*ps] = true;
                    free[pc[*pn - 1]] = true;
                }
            }
        }
        Some(
            frames
                .iter()
                .map(|(s, cands, next)| (seq[*s], seq[cands[*next - 1]]))
                .collect(),
        )
    }

    /// The guarantee: a maximum matching in widening windows of neighbouring places.
    pub(super) fn by_matching(&self, seq: &[usize]) -> Option<Vec<(usize, usize)>> {
        let n = seq.len();
        let mut window = 16usize;
        loop {
            let w = window.min(n);
            let adj: Vec<Vec<usize>> = (0..n)
                .map(|i| {
                    let lo = i.saturating_sub(w);
                    let hi = (i + w + 1).min(n);
                    (lo..hi)
                        .filter(|&j| self.compatible(seq[i], seq[j]))
                        .collect()
                })
                .collect();
            let mut mate: Vec<Option<usize>> = vec![None; n];
            for i in 0..n {
                if mate[i].is_none()
                    && let Some(&j) = adj[i].iter().find(|&&j| j > i && mate[j].is_none())
                {
                    mate[i] = Some(j);
                    mate[j] = Some(i);
                }
            }
            maximum_matching(&adj, &mut mate);
            if mate.iter().all(Option::is_some) {
                return Some(
                    (0..n)
                        .filter_map(|i| mate[i].filter(|&j| j > i).map(|j| (seq[i], seq[j])))
                        .collect(),
                );
            }
            if w >= n {
                return None;
            }
            window *= 4;
        }
    }
}
