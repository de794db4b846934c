//! The blossoms of the weighted matching: labelling, finding the common ancestor of two
//! outer vertices, forming a blossom, rebasing it, augmenting along a path through blossoms,
//! and expanding one.

use super::{FREE, INNER, Matcher, OUTER};

impl Matcher {
    pub(super) fn leaves(&self, node: usize, out: &mut Vec<usize>) {
        if node < self.n {
            out.push(node);
        } else {
            for &c in &self.children[node] {
                self.leaves(c, out);
            }
        }
    }

    pub(super) fn set_label(&mut self, node: usize, label: u8, edge: Option<(usize, usize)>) {
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
    pub(super) fn label_inner(&mut self, v: usize, w: usize) {
        let b = self.top[w];
        self.set_label(b, INNER, Some((v, w)));
        let base = self.base[b];
        if let Some(m) = self.mate[base] {
            let mb = self.top[m];
            self.set_label(mb, OUTER, Some((base, m)));
        }
    }

    /// The outer node above outer node `b` in its tree, if `b` is not a root.
    pub(super) fn up(&self, b: usize) -> Option<usize> {
        let (x, _) = self.label_edge[b]?;
        let t = self.top[x];
        let (y, _) = self.label_edge[t]?;
        Some(self.top[y])
    }

    /// The nearest common outer node of the trees of `v` and `w` (both outer), if they are in
    /// one tree.
    pub(super) fn common_ancestor(&mut self, v: usize, w: usize) -> Option<usize> {
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
    pub(super) fn add_blossom(&mut self, lca: usize, v: usize, w: usize) {
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
    pub(super) fn child_holding(&self, b: usize, v: usize) -> usize {
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
    pub(super) fn rebase(&mut self, b: usize, v: usize) {
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
    pub(super) fn augment(&mut self, v: usize, w: usize) {
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
    pub(super) fn expand(&mut self, b: usize, end_of_stage: bool) {
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
}
