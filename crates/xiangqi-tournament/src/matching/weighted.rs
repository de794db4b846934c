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

    fn leaves(&self, node: usize, out: &mut Vec<usize>) {
        if node < self.n {
            out.push(node);
        } else {
            for &c in &self.children[node] {
                self.leaves(c, out);
            }
        }
    }

    fn set_label(&mut self, node: usize, label: u8, edge: Option<(usize, usize)>) {
        self.label[node] = label;
        self.label_edge[node] = edge;
        if label == OUTER {
            let mut v = Vec::new();
            self.leaves(node, &mut v);
            self.queue.extend(v);
        }
    }

    /// Labels `w`'s blossom inner through the edge `(v, w)`, and the blossom its base is
    /// matched to outer.
    fn label_inner(&mut self, v: usize, w: usize) {
        let b = self.top[w];
        self.set_label(b, INNER, Some((v, w)));
        let base = self.base[b];
        if let Some(m) = self.mate[base] {
            let mb = self.top[m];
            self.set_label(mb, OUTER, Some((base, m)));
        }
    }

    /// The outer node above outer node `b` in its tree, if `b` is not a root.
    fn up(&self, b: usize) -> Option<usize> {
        let (x, _) = self.label_edge[b]?;
        let t = self.top[x];
        let (y, _) = self.label_edge[t]?;
        Some(self.top[y])
    }

    /// The nearest common outer node of the trees of `v` and `w` (both outer), if they are in
    /// one tree.
    fn common_ancestor(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let (mut a, mut b) = (Some(self.top[v]), Some(self.top[w]));
        let mut found = None;
        while a.is_some() || b.is_some() {
            if let Some(x) = a {
                if self.mark[x] {
                    found = Some(x);
                    break;
                }
                self.mark[x] = true;
                path.push(x);
                a = self.up(x);
            }
            std::mem::swap(&mut a, &mut b);
        }
        for x in path {
            self.mark[x] = false;
        }
        found
    }

    /// Shrinks the odd cycle closed by the tight edge `(v, w)` through the common ancestor
    /// `lca` into a new outer blossom.
    fn add_blossom(&mut self, lca: usize, v: usize, w: usize) {
        let Some(b) = self.spare.pop() else {
            return;
        };
        // From v's side up to the ancestor (excluded), and the edges each node was labelled by.
        let climb = |m: &Matcher, start: usize| -> Vec<(usize, (usize, usize))> {
            let mut out = Vec::new();
            let mut x = start;
            while x != lca {
                let Some(e) = m.label_edge[x] else { break };
                out.push((x, e));
                x = m.top[e.0];
            }
            out
        };
        let side_v = climb(self, self.top[v]);
        let side_w = climb(self, self.top[w]);
        let mut children = vec![lca];
        let mut links = Vec::new();
        for &(node, (x, y)) in side_v.iter().rev() {
            links.push((x, y));
            children.push(node);
        }
        links.push((v, w));
        for &(node, (x, y)) in &side_w {
            children.push(node);
            links.push((y, x));
        }
        for &c in &children {
            self.parent[c] = Some(b);
        }
        let inner: Vec<usize> = children
            .iter()
            .copied()
            .filter(|&c| self.label[c] == INNER)
            .collect();
        self.base[b] = self.base[lca];
        self.children[b] = children;
        self.links[b] = links;
        self.in_use[b] = true;
        self.dual[b] = 0;
        let mut vs = Vec::new();
        self.leaves(b, &mut vs);
        for &x in &vs {
            self.top[x] = b;
        }
        let edge = self.label_edge[lca];
        self.label[b] = OUTER;
        self.label_edge[b] = edge;
        for c in inner {
            let mut vs = Vec::new();
            self.leaves(c, &mut vs);
            self.queue.extend(vs);
        }
    }

    /// The child of blossom `b` that holds vertex `v`.
    fn child_holding(&self, b: usize, v: usize) -> usize {
        let mut t = v;
        while self.parent[t] != Some(b) {
            match self.parent[t] {
                Some(p) => t = p,
                None => break,
            }
        }
        t
    }

    /// Makes vertex `v` the base of node `b`, swapping matched and unmatched edges along the
    /// even path from its child to the old base's.
    fn rebase(&mut self, b: usize, v: usize) {
        if b < self.n {
            return;
        }
        let t = self.child_holding(b, v);
        self.rebase(t, v);
        let len = self.children[b].len();
        let i = self.children[b].iter().position(|&c| c == t).unwrap_or(0);
        let steps: Vec<usize> = if i % 2 == 0 {
            (0..i).step_by(2).collect()
        } else {
            (i + 1..len).step_by(2).collect()
        };
        for k in steps {
            let (x, y) = self.links[b][k];
            let (cx, cy) = (self.children[b][k], self.children[b][(k + 1) % len]);
            self.rebase(cx, x);
            self.rebase(cy, y);
            self.mate[x] = Some(y);
            self.mate[y] = Some(x);
        }
        self.children[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.base[b] = v;
    }

    /// Augments along the path through the tight edge `(v, w)` joining two trees.
    fn augment(&mut self, v: usize, w: usize) {
        for (start, partner) in [(v, w), (w, v)] {
            let (mut s, mut j) = (start, partner);
            loop {
                let bs = self.top[s];
                let edge = self.label_edge[bs];
                self.rebase(bs, s);
                self.mate[s] = Some(j);
                let Some((tx, _)) = edge else { break };
                let bt = self.top[tx];
                let Some((sx, ty)) = self.label_edge[bt] else {
                    break;
                };
                self.rebase(bt, ty);
                self.mate[ty] = Some(sx);
                s = sx;
                j = ty;
            }
        }
    }

    /// Dissolves top-level blossom `b`. Within a stage (`b` inner, its dual at zero) the
    /// children on the even path from the entry to the base keep the tree labelled.
    fn expand(&mut self, b: usize, end_of_stage: bool) {
        let children = std::mem::take(&mut self.children[b]);
        let links = std::mem::take(&mut self.links[b]);
        for &c in &children {
            self.parent[c] = None;
            if c >= self.n && end_of_stage && self.dual[c] == 0 {
                self.expand(c, true);
            } else {
                let mut vs = Vec::new();
                self.leaves(c, &mut vs);
                for x in vs {
                    self.top[x] = c;
                }
                self.label[c] = FREE;
                self.label_edge[c] = None;
            }
        }
        if !end_of_stage
            && self.label[b] == INNER
            && let Some((x, y)) = self.label_edge[b]
        {
            let len = children.len();
            let entry = self.top[y];
            let j = children.iter().position(|&c| c == entry).unwrap_or(0);
            self.set_label(entry, INNER, Some((x, y)));
            let mut p = j;
            while p != 0 {
                if j % 2 == 0 {
                    // Backward: p-1 through its matched link, then p-2.
                    let (a1, b1) = links[p - 1];
                    self.set_label(children[p - 1], OUTER, Some((b1, a1)));
                    let (a2, b2) = links[p - 2];
                    self.set_label(children[p - 2], INNER, Some((b2, a2)));
                    p -= 2;
                } else {
                    let (a1, b1) = links[p];
                    self.set_label(children[(p + 1) % len], OUTER, Some((a1, b1)));
                    let (a2, b2) = links[(p + 1) % len];
                    self.set_label(children[(p + 2) % len], INNER, Some((a2, b2)));
                    p = (p + 2) % len;
                }
            }
        }
        self.label[b] = FREE;
        self.label_edge[b] = None;
        self.in_use[b] = false;
        self.dual[b] = 0;
        self.spare.push(b);
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
