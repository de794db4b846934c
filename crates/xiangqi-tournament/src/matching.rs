//! Maximum matching in a general graph (Edmonds' blossom algorithm, 1965).
//!
//! Used as the Swiss pairing's guarantee: when the fast preference-ordered search gives up,
//! a maximum matching on the "may play each other" graph either finds a complete pairing or
//! proves that none exists. [`weighted`] finds a matching of maximum weight.

pub mod weighted;

/// Grows `mate` (a partial matching: `mate[v] = Some(w)` iff `mate[w] = Some(v)`) to a
/// maximum matching of the graph with adjacency lists `adj`. Existing pairs are kept unless an
/// augmenting path passes through them.
///
/// ```
/// use xiangqi_tournament::matching::maximum_matching;
/// // A triangle 0-1-2 with a pendant 3 on 2: the maximum matching has two edges.
/// let adj = vec![vec![1, 2], vec![0, 2], vec![0, 1, 3], vec![2]];
/// let mut mate = vec![Some(1), Some(0), None, None];
/// maximum_matching(&adj, &mut mate);
/// assert_eq!(mate.iter().filter(|m| m.is_some()).count(), 4);
/// ```
pub fn maximum_matching(adj: &[Vec<usize>], mate: &mut [Option<usize>]) {
    let n = adj.len();
    let mut search = Search {
        adj,
        parent: vec![None; n],
        base: (0..n).collect(),
        used: vec![false; n],
        blossom: vec![false; n],
        queue: Vec::with_capacity(n),
    };
    for root in 0..n {
        if mate[root].is_none()
            && let Some(end) = search.find_path(root, mate)
        {
            let mut v = Some(end);
            while let Some(x) = v {
                let Some(px) = search.parent[x] else { break };
                let next = mate[px];
                mate[x] = Some(px);
                mate[px] = Some(x);
                v = next;
            }
        }
    }
}

struct Search<'a> {
    adj: &'a [Vec<usize>],
    parent: Vec<Option<usize>>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Search<'_> {
    fn find_path(&mut self, root: usize, mate: &[Option<usize>]) -> Option<usize> {
        let n = self.adj.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = None);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for i in 0..self.adj[v].len() {
                let to = self.adj[v][i];
                if self.base[v] == self.base[to] || mate[v] == Some(to) {
                    continue;
                }
                let to_is_outer = to == root || mate[to].is_some_and(|m| self.parent[m].is_some());
                if to_is_outer {
                    let cur = self.lca(v, to, mate);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, cur, to, mate);
                    self.mark_path(to, cur, v, mate);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    match mate[to] {
                        None => return Some(to),
                        Some(m) => {
                            self.used[m] = true;
                            self.queue.push(m);
                        }
                    }
                }
            }
        }
        None
    }

    fn lca(&self, mut a: usize, mut b: usize, mate: &[Option<usize>]) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            match mate[a].and_then(|m| self.parent[m]) {
                Some(next) => a = next,
                None => break,
            }
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            match mate[b].and_then(|m| self.parent[m]) {
                Some(next) => b = next,
                None => return b,
            }
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, mate: &[Option<usize>]) {
        while self.base[v] != b {
            let Some(m) = mate[v] else { return };
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[m]] = true;
            self.parent[v] = Some(child);
            child = m;
            match self.parent[m] {
                Some(next) => v = next,
                None => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_max(adj: &[Vec<usize>]) -> usize {
        fn go(v: usize, adj: &[Vec<usize>], used: &mut Vec<bool>) -> usize {
            if v == adj.len() {
                return 0;
            }
            if used[v] {
                return go(v + 1, adj, used);
            }
            let mut best = go(v + 1, adj, used);
            used[v] = true;
            for &w in &adj[v] {
                if w > v && !used[w] {
                    used[w] = true;
                    best = best.max(1 + go(v + 1, adj, used));
                    used[w] = false;
                }
            }
            used[v] = false;
            best
        }
        go(0, adj, &mut vec![false; adj.len()])
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut lots = crate::Lots::new(99);
        for _ in 0..400 {
            let n = 1 + lots.below(11) as usize;
            let mut adj = vec![Vec::new(); n];
            for a in 0..n {
                for b in a + 1..n {
                    if lots.below(100) < 35 {
                        adj[a].push(b);
                        adj[b].push(a);
                    }
                }
            }
            let mut mate = vec![None; n];
            maximum_matching(&adj, &mut mate);
            for (v, m) in mate.iter().enumerate() {
                if let Some(w) = m {
                    assert_eq!(mate[*w], Some(v));
                    assert!(adj[v].contains(w));
                }
            }
            let size = mate.iter().filter(|m| m.is_some()).count() / 2;
            assert_eq!(size, brute_max(&adj));
        }
    }
}
