//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
//! (the primal-dual method).
//!
//! Sources (facts, not code): J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices",
//! J. Res. NBS 69B (1965); Z. Galil, "Efficient algorithms for finding maximum matching in
//! graphs", ACM Computing Surveys 18(1), 1986, §3–4 (the dual updates δ1–δ4, blossoms shrunk
//! and expanded within a stage). bbpPairings pairs the FIDE Dutch system with a matching of
//! this kind (Galil, Micali and Gabow 1986) (its own documentation says so).
//!
//! Integer weights stay exact: weights are doubled inside, so every dual variable stays an
//! integer (every vertex of the alternating forest has a dual of the same parity as the free
//! vertices, whose duals are all equal; the slack of an edge between two outer blossoms is
//! then even). Each δ step scans the edges, so a stage costs O(n·m) at worst; a matching of
//! the edges that are tight at the start (greedy) is taken first, which in a Swiss round,
//! where most pairs weigh the same, leaves few stages.

mod blossoms;

/// A maximum-weight matching of the graph on `n` vertices with edges `(a, b, weight)`:
/// `mate[v] = Some(w)` iff `mate[w] = Some(v)`. Edges of weight ≤ 0, loops and edges to
/// vertices `≥ n` are ignored; of parallel edges the heaviest counts. Weights must lie within
/// ±2^120 (the sums of duals must not overflow).
///
/// To get a maximum-cardinality matching of maximum weight among those, add to every weight
/// a constant larger than the sum of all weights.
///
/// ```
/// use xiangqi_tournament::matching::weighted::max_weight_matching;
/// // A path 0-1-2-3 weighing 2, 3, 2: the two outer edges (4) beat the middle one (3).
/// let mate = max_weight_matching(4, &[(0, 1, 2), (1, 2, 3), (2, 3, 2)]);
/// assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
/// ```
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, i128)]) -> Vec<Option<usize>> {
    let mut m = Matcher::new(n, edges);
    m.greedy_start();
    while m.stage() {}
    m.mate[..n].to_vec()
}

const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;

struct Matcher {
    n: usize,
    /// Edges (a, b, doubled weight).
    edges: Vec<(usize, usize, i128)>,
    /// Edge indices at each vertex.
    incident: Vec<Vec<usize>>,
    mate: Vec<Option<usize>>,
    /// Node ids: vertices `0..n`, blossoms `n..2n`.
    parent: Vec<Option<usize>>,
    /// The top-level node holding each vertex.
    top: Vec<usize>,
    /// A blossom's children around its cycle, the base's child first.
    children: Vec<Vec<usize>>,
    /// `links[b][k] = (x, y)`: the edge from child k (x) to child k + 1 (y), cyclically.
    links: Vec<Vec<(usize, usize)>>,
    base: Vec<usize>,
    label: Vec<u8>,
    /// The edge (x outside, y inside) through which a top-level node got its label; `None`
    /// for the roots of the alternating forest.
    label_edge: Vec<Option<(usize, usize)>>,
    /// Vertex duals, and blossom duals (both in doubled units).
    dual: Vec<i128>,
    in_use: Vec<bool>,
    spare: Vec<usize>,
    queue: Vec<usize>,
    mark: Vec<bool>,
}

impl Matcher {
    fn new(n: usize, input: &[(usize, usize, i128)]) -> Matcher {
        // Of parallel edges the heaviest: sorted by ends, heaviest first, then the first kept.
        let mut edges: Vec<(usize, usize, i128)> = input
            .iter()
            .filter(|&&(a, b, w)| a != b && a < n && b < n && w > 0)
            .map(|&(a, b, w)| (a.min(b), a.max(b), 2 * w))
            .collect();
        edges.sort_unstable_by_key(|&(a, b, w)| (a, b, std::cmp::Reverse(w)));
        edges.dedup_by_key(|e| (e.0, e.1));
        let mut incident = vec![Vec::new(); n];
        for (k, &(a, b, _)) in edges.iter().enumerate() {
            incident[a].push(k);
            incident[b].push(k);
        }
        let max = edges.iter().map(|e| e.2 / 2).max().unwrap_or(0);
        let mut dual = vec![max; n];
        dual.resize(2 * n, 0);
        Matcher {
            n,
            edges,
            incident,
            mate: vec![None; n],
            parent: vec![None; 2 * n],
            top: (0..n).collect(),
            children: vec![Vec::new(); 2 * n],
            links: vec![Vec::new(); 2 * n],
            base: (0..2 * n).map(|b| b.min(n.saturating_sub(1))).collect(),
            label: vec![FREE; 2 * n],
            label_edge: vec![None; 2 * n],
            dual,
            in_use: vec![false; 2 * n],
            spare: (n..2 * n).rev().collect(),
            queue: Vec::new(),
            mark: vec![false; 2 * n],
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (a, b, w) = self.edges[k];
        self.dual[a] + self.dual[b] - w
    }

    /// Edges of the heaviest weight are tight under the starting duals: a greedy matching of
    /// them keeps every invariant (matched edges tight, free vertices' duals equal).
    fn greedy_start(&mut self) {
        for k in 0..self.edges.len() {
            let (a, b, _) = self.edges[k];
            if self.slack(k) == 0 && self.mate[a].is_none() && self.mate[b].is_none() {
                self.mate[a] = Some(b);
                self.mate[b] = Some(a);
            }
        }
    }

    /// One stage: grows the forest from the free vertices until an augmentation (true) or
    /// until no augmentation can raise the weight (false).
    fn stage(&mut self) -> bool {
        let n = self.n;
        for x in 0..2 * n {
            self.label[x] = FREE;
            self.label_edge[x] = None;
        }
        self.queue.clear();
        for v in 0..n {
            if self.mate[v].is_none() && self.label[self.top[v]] == FREE {
                let t = self.top[v];
                self.set_label(t, OUTER, None);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        let augmented = loop {
            if let Some(done) = self.grow() {
                break done;
            }
            if !self.dual_step() {
                break false;
            }
        };
        for b in n..2 * n {
            if self.in_use[b]
                && self.parent[b].is_none()
                && self.label[b] == OUTER
                && self.dual[b] == 0
            {
                self.expand(b, true);
            }
        }
        augmented
    }

    /// Scans the queued outer vertices' tight edges. `Some(true)` after an augmentation,
    /// `None` when the queue runs dry.
    fn grow(&mut self) -> Option<bool> {
        while let Some(v) = self.queue.pop() {
            for idx in 0..self.incident[v].len() {
                let k = self.incident[v][idx];
                let (a, b, _) = self.edges[k];
                let w = if a == v { b } else { a };
                let (bv, bw) = (self.top[v], self.top[w]);
                if bv == bw || self.label[bv] != OUTER || self.slack(k) != 0 {
                    continue;
                }
                match self.label[bw] {
                    FREE => self.label_inner(v, w),
                    OUTER => match self.common_ancestor(v, w) {
                        Some(lca) => self.add_blossom(lca, v, w),
                        None => {
                            self.augment(v, w);
                            return Some(true);
                        }
                    },
                    _ => {}
                }
            }
        }
        None
    }

    /// Changes the duals by the largest δ that keeps them feasible and makes something new
    /// tight (or expands an inner blossom). False when δ1 (an outer vertex's dual reaching
    /// zero) is the limit: the matching is then of maximum weight.
    fn dual_step(&mut self) -> bool {
        let n = self.n;
        // (δ, kind, what): kind 1 vertex dual, 2 edge to a free node, 3 edge between outer
        // nodes, 4 inner blossom's dual.
        let mut best: Option<(i128, u8, usize)> = None;
        let mut offer = |d: i128, kind: u8, what: usize| {
            if best.is_none_or(|(b, _, _)| d < b) {
                best = Some((d, kind, what));
            }
        };
        for v in 0..n {
            if self.label[self.top[v]] == OUTER {
                offer(self.dual[v], 1, v);
            }
        }
        for k in 0..self.edges.len() {
            let (a, b, _) = self.edges[k];
            let (ta, tb) = (self.top[a], self.top[b]);
            if ta == tb {
                continue;
            }
            match (self.label[ta], self.label[tb]) {
                (OUTER, OUTER) => offer(self.slack(k) / 2, 3, k),
                (OUTER, FREE) | (FREE, OUTER) => offer(self.slack(k), 2, k),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.in_use[b] && self.parent[b].is_none() && self.label[b] == INNER {
                offer(self.dual[b] / 2, 4, b);
            }
        }
        let Some((delta, kind, what)) = best else {
            return false;
        };
        for v in 0..n {
            match self.label[self.top[v]] {
                OUTER => self.dual[v] -= delta,
                INNER => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.in_use[b] && self.parent[b].is_none() {
                match self.label[b] {
                    OUTER => self.dual[b] += 2 * delta,
                    INNER => self.dual[b] -= 2 * delta,
                    _ => {}
                }
            }
        }
        match kind {
            1 => false,
            2 | 3 => {
                let (a, b, _) = self.edges[what];
                let outer = if self.label[self.top[a]] == OUTER {
                    a
                } else {
                    b
                };
                self.queue.push(outer);
                true
            }
            _ => {
                self.expand(what, false);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests;
