//! The blossom algorithm against brute force on small graphs.

use super::max_weight_matching;

/// The heaviest total weight of any matching, by trying every one.
fn brute(n: usize, edges: &[(usize, usize, i128)]) -> i128 {
    fn go(v: usize, n: usize, w: &[Vec<i128>], used: &mut Vec<bool>) -> i128 {
        if v == n {
            return 0;
        }
        if used[v] {
            return go(v + 1, n, w, used);
        }
        used[v] = true;
        let mut best = go(v + 1, n, w, used);
        for u in v + 1..n {
            if !used[u] && w[v][u] > 0 {
                used[u] = true;
                best = best.max(w[v][u] + go(v + 1, n, w, used));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut w = vec![vec![0i128; n]; n];
    for &(a, b, x) in edges {
        w[a][b] = w[a][b].max(x);
        w[b][a] = w[a][b];
    }
    go(0, n, &w, &mut vec![false; n])
}

/// The weight of `mate`, after checking it is a matching of existing edges.
fn weight_of(n: usize, edges: &[(usize, usize, i128)], mate: &[Option<usize>]) -> i128 {
    assert_eq!(mate.len(), n);
    let mut total = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "not symmetric at {v}");
            if v < u {
                let w = edges
                    .iter()
                    .filter(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                    .map(|e| e.2)
                    .max();
                total += w.unwrap_or_else(|| panic!("{v}-{u} is no edge"));
            }
        }
    }
    total
}

/// A small linear congruential generator: the test is reproducible without dependencies.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn triangle_and_pendant() {
    // The triangle's heavy edge loses to the two edges that cover all four vertices.
    let edges = [(0, 1, 5), (1, 2, 6), (0, 2, 5), (2, 3, 4)];
    let mate = max_weight_matching(4, &edges);
    assert_eq!(weight_of(4, &edges, &mate), 9);
}

#[test]
fn blossom_must_be_expanded() {
    // A five-cycle with tails: the optimum needs a blossom formed, then opened again.
    let edges = [
        (0, 1, 8),
        (1, 2, 8),
        (2, 3, 8),
        (3, 4, 8),
        (4, 0, 8),
        (0, 5, 5),
        (2, 6, 9),
        (6, 7, 10),
        (3, 8, 3),
    ];
    let mate = max_weight_matching(9, &edges);
    assert_eq!(weight_of(9, &edges, &mate), brute(9, &edges));
}

#[test]
fn random_graphs_match_brute_force() {
    let mut rng = Lcg(7);
    for case in 0..4000 {
        let n = 1 + rng.below(11) as usize;
        let density = 1 + rng.below(10);
        let spread = [2, 5, 100, 1 << 40][rng.below(4) as usize];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(10) < density {
                    edges.push((a, b, 1 + rng.below(spread) as i128));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        assert_eq!(
            weight_of(n, &edges, &mate),
            brute(n, &edges),
            "case {case}: {n} vertices {edges:?}"
        );
    }
}

#[test]
fn cardinality_first_by_a_large_constant() {
    // A path 0-1-2-3 weighing 1, 10, 1: by weight alone the middle edge; with a constant
    // larger than the total added, both outer edges (the perfect matching).
    let plain = [(0, 1, 1), (1, 2, 10), (2, 3, 1)];
    assert_eq!(max_weight_matching(4, &plain)[1], Some(2));
    let big: Vec<_> = plain.iter().map(|&(a, b, w)| (a, b, w + 100)).collect();
    assert_eq!(
        max_weight_matching(4, &big),
        vec![Some(1), Some(0), Some(3), Some(2)]
    );
}

#[test]
fn ignores_loops_nonpositive_and_out_of_range_edges() {
    let edges = [(0, 0, 9), (0, 1, -3), (1, 5, 4), (1, 2, 0)];
    assert_eq!(max_weight_matching(3, &edges), vec![None, None, None]);
}
