//! The move tree of a DhtmlXQ game: the main line (`movelist`), the branches
//! (`move_PARENT_PLY_BRANCH`, each leaving its parent's line before ply `PLY`), and the
//! comments keyed by branch and ply (`commentPLY`, `commentBRANCH_PLY`), hung onto one tree.

use std::collections::BTreeMap;

use xiangqi::Move;

use super::fields::{error, square};
use crate::tree::{RawNode, RawTree};
use crate::{ErrorKind, Place, RecordError};

/// The lines and comments of a game, as its fields give them.
#[derive(Default)]
pub(super) struct Lines {
    /// By branch number; the main line is branch 0.
    branches: BTreeMap<u32, Branch>,
    /// By (branch, ply); (0, 0) is the game's comment.
    comments: BTreeMap<(u32, u32), String>,
}

impl Lines {
    /// The `movelist` field: the main line.
    pub(super) fn main_line(&mut self, value: &str, place: Place) {
        self.branches.insert(0, Branch::new(0, 1, value, place));
    }

    /// A `move_PARENT_PLY_BRANCH` field, given `ids` after `move_`; `false` when the ids are
    /// not three numbers with a ply of at least 1.
    pub(super) fn branch(&mut self, ids: &str, value: &str, place: Place) -> bool {
        let ids: Vec<Option<u32>> = ids.split('_').map(|n| n.parse().ok()).collect();
        match ids.as_slice() {
            [Some(p), Some(n), Some(b)] if *n >= 1 => {
                self.branches.insert(*b, Branch::new(*p, *n, value, place));
                true
            }
            _ => false,
        }
    }

    /// A `comment…` field, given `ids` after `comment`: `PLY` (main line) or `BRANCH_PLY`;
    /// `false` when it is neither (a field of another kind that starts so).
    pub(super) fn comment(&mut self, ids: &str, value: &str) -> bool {
        let ids: Vec<Option<u32>> = ids.split('_').map(|n| n.parse().ok()).collect();
        let key = match ids.as_slice() {
            [Some(n)] => (0, *n),
            [Some(b), Some(n)] => (*b, *n),
            _ => return false,
        };
        if let Some(text) = crate::text::normalize_comment(&value.replace("||", "\n")) {
            self.comments.insert(key, text);
        }
        true
    }

    /// The tree of every line; a branch that cannot be placed is a problem.
    pub(super) fn into_tree(mut self, game: usize, problems: &mut Vec<RecordError>) -> RawTree {
        place_branches(&mut self.branches, &self.comments, game, problems)
    }
}

/// The moves of a movelist: 4 digits each, `x1y1x2y2`.
fn read_moves(value: &str) -> Vec<(Option<Move>, String)> {
    let digits: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    digits
        .chunks(4)
        .map(|c| {
            let text: String = c.iter().collect();
            let d: Vec<u8> = c
                .iter()
                .filter_map(|c| c.to_digit(10))
                .map(|d| d as u8)
                .collect();
            let mv = match d.as_slice() {
                [x1, y1, x2, y2] => square(*x1, *y1)
                    .zip(square(*x2, *y2))
                    .map(|(a, b)| Move::new(a, b)),
                _ => None,
            };
            (mv, format!("DhtmlXQ {text}"))
        })
        .collect()
}

struct Branch {
    parent: u32,
    start: u32,
    moves: Vec<(Option<Move>, String)>,
    place: Place,
    /// Node index of each of its plies once placed.
    nodes: Vec<usize>,
}

impl Branch {
    /// Branch from `parent`, first move at ply `start`, its moves written in `value`.
    fn new(parent: u32, start: u32, value: &str, place: Place) -> Branch {
        Branch {
            parent,
            start,
            moves: read_moves(value),
            place,
            nodes: Vec::new(),
        }
    }
}

/// Hangs every branch onto the tree under the node it branches from (a branch whose parent
/// comes later is placed once its parent is; one that never fits is a problem).
fn place_branches(
    branches: &mut BTreeMap<u32, Branch>,
    comments: &BTreeMap<(u32, u32), String>,
    game: usize,
    problems: &mut Vec<RecordError>,
) -> RawTree {
    let mut tree = RawTree::new(comments.get(&(0, 0)).cloned());
    let mut pending: Vec<u32> = branches.keys().copied().collect();
    let mut placed: Vec<u32> = Vec::new();
    loop {
        let before = pending.len();
        pending.retain(|&id| {
            let (parent_id, start) = (branches[&id].parent, branches[&id].start);
            // The node the branch's first move follows: ply start-1 along the parent's line.
            let anchor = if id == 0 {
                Some(0)
            } else if !placed.contains(&parent_id) {
                return true;
            } else {
                node_at(branches, parent_id, start - 1)
            };
            let Some(mut node) = anchor else {
                let b = &branches[&id];
                problems.push(error(
                    game,
                    b.place,
                    ErrorKind::BadField {
                        field: format!("move_{parent_id}_{start}_{id}"),
                        why: format!("branch {parent_id} has no ply {}", start - 1),
                    },
                ));
                return false;
            };
            let b = &branches[&id];
            let mut nodes = Vec::with_capacity(b.moves.len());
            let line_comment = comments.get(&(id, start - 1)).filter(|_| id != 0).cloned();
            for (k, (mv, text)) in b.moves.iter().enumerate() {
                let ply = start + k as u32;
                let comment = comments.get(&(id, ply)).cloned();
                let line_comment = if k == 0 { line_comment.clone() } else { None };
                node = tree.add(
                    node,
                    RawNode {
                        mv: *mv,
                        text: text.clone(),
                        comment,
                        line_comment,
                        children: Vec::new(),
                        place: b.place,
                    },
                );
                nodes.push(node);
            }
            if let Some(b) = branches.get_mut(&id) {
                b.nodes = nodes;
            }
            placed.push(id);
            false
        });
        if pending.is_empty() || pending.len() == before {
            break;
        }
    }
    for id in pending {
        let b = &branches[&id];
        problems.push(error(
            game,
            b.place,
            ErrorKind::BadField {
                field: format!("move_{}_{}_{id}", b.parent, b.start),
                why: format!("its parent branch {} does not exist", b.parent),
            },
        ));
    }
    tree
}

/// The node at global ply `ply` along branch `id` (0 = the root).
fn node_at(branches: &BTreeMap<u32, Branch>, mut id: u32, ply: u32) -> Option<usize> {
    if ply == 0 {
        return Some(0);
    }
    for _ in 0..=branches.len() {
        let b = branches.get(&id)?;
        if ply >= b.start {
            return b.nodes.get((ply - b.start) as usize).copied();
        }
        if id == 0 {
            return None;
        }
        id = b.parent;
    }
    None
}
