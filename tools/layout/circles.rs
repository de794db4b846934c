//! The circles of the graph of files.

use super::graph::{Module, absolute, resolve, scan};
use super::tree::File;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Every circle among the files: each strongly connected set of files, shown as one circle
/// through it with the line behind each arrow.
pub fn circles(files: &[File]) -> Vec<(Vec<usize>, String)> {
    let mut modules: BTreeMap<Vec<String>, Module> = BTreeMap::new();
    let mut mentions = Vec::new();
    for (f, file) in files.iter().enumerate() {
        scan(f, file, &mut modules, &mut mentions);
    }
    let mut edges: BTreeMap<(usize, usize), (usize, String)> = BTreeMap::new();
    for m in &mentions {
        let Some(abs) = absolute(&m.module, &m.path, &modules, 0) else {
            continue;
        };
        let Some(to) = resolve(&abs, &modules, 0) else {
            continue;
        };
        if to != m.file {
            edges
                .entry((m.file, to))
                .or_insert((m.line, m.path.join("::")));
        }
    }
    let reach = |from: usize| -> BTreeMap<usize, usize> {
        // Breadth first, each file with the file it was reached from.
        let mut seen = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(a) = queue.pop_front() {
            for &(_, b) in edges.range((a, 0)..(a + 1, 0)).map(|(k, _)| k) {
                if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(b) {
                    e.insert(a);
                    queue.push_back(b);
                }
            }
        }
        seen
    };
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for start in 0..files.len() {
        let seen = reach(start);
        if done.contains(&start) || !seen.contains_key(&start) {
            continue;
        }
        let set: Vec<usize> = seen
            .keys()
            .copied()
            .filter(|&b| reach(b).contains_key(&start))
            .collect();
        done.extend(set.iter().copied());
        // The shortest circle through `start`, walked back from `start` to itself.
        let mut circle = vec![start];
        let mut at = seen[&start];
        while at != start {
            circle.push(at);
            at = seen[&at];
        }
        circle.reverse();
        let mut text = format!("{} files in one circle:", set.len());
        for (n, &a) in circle.iter().enumerate() {
            let b = circle[(n + 1) % circle.len()];
            let (line, path) = &edges[&(a, b)];
            text += &format!(
                "\n  {} → {}  (line {line}: {path})",
                files[a].rel, files[b].rel
            );
        }
        if set.len() > circle.len() {
            let all: Vec<&str> = set.iter().map(|&f| files[f].rel.as_str()).collect();
            text += &format!("\n  the whole set: {}", all.join(", "));
        }
        out.push((set, text));
    }
    out
}
