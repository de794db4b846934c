//! The tree below the root: principal variation search with null-move pruning, late-move
//! reductions and check extensions, the transposition table's cut-offs, and quiescence.

use xiangqi::{Move, MoveList};

use super::tt::{Bound, Entry};
use super::{Frame, INF, MATE, MAX_PLY, RULE_WIN, Searcher, eval, order};

/// The node being searched: remaining depth (after the check extension), window, distance from
/// the root, and whether the side to move is in check.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    beta: i32,
    ply: usize,
    in_check: bool,
}

impl Searcher {
    pub(super) fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if let Some(s) = self.settled_score(ply) {
            return s;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_time() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let entry = self.tt.probe(key);
        if !pv_node && let Some(s) = entry.and_then(|e| table_cut(e, depth, alpha, beta, ply)) {
            return s;
        }
        if null_ok
            && !pv_node
            && !in_check
            && let Some(s) = self.null_move_cut(depth, beta, ply)
        {
            return s;
        }
        let mut moves = MoveList::new();
        self.pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            // Mate and stalemate both lose (1960 rules §3; current text 2.3).
            return -MATE + ply as i32;
        }
        let mut scored = self
            .order
            .score(&self.pos, &moves, entry.and_then(|e| e.mv), ply);
        let node = Node {
            depth,
            beta,
            ply,
            in_check,
        };
        let Some((best, best_move)) = self.search_moves(&mut scored, node, alpha) else {
            return 0;
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// The moves of a node searched best first: the best score and move, `alpha` raised and
    /// the principal variation extended as they improve, until one fails high; `None` when
    /// the search was stopped.
    fn search_moves(
        &mut self,
        scored: &mut [(Move, i32)],
        node: Node,
        mut alpha: i32,
    ) -> Option<(i32, Option<Move>)> {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let mut best = -INF;
        let mut best_move = None;
        let mut i = 0;
        while let Some(m) = order::pick(scored, i) {
            let quiet = self.pos.piece_at(m.to()).is_none();
            let undo = self.make(m);
            let score = self.move_score(node, alpha, i, quiet);
            self.unmake(m, undo);
            if self.aborted {
                return None;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.order.reward(m, ply, depth);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        Some((best, best_move))
    }

    /// The score of a node settled before any search: a repetition ruled, the move limit
    /// reached (a draw), or the deepest ply (the static evaluation).
    fn settled_score(&mut self, ply: usize) -> Option<i32> {
        if let Some(s) = self.repetition_score(ply) {
            return Some(s);
        }
        if self.pos.halfmoves() >= self.limit_plies {
            return Some(0);
        }
        if ply >= MAX_PLY - 1 {
            return Some(eval::evaluate(&self.pos));
        }
        None
    }

    /// Null-move pruning: when the side to move, with a major piece left and standing at or
    /// above `beta`, could pass and still hold `beta` on a reduced search, the node fails
    /// high (`Some(beta)`); `Some(0)` when the search was stopped meanwhile.
    fn null_move_cut(&mut self, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        let us = self.pos.turn();
        if depth < 3 || !eval::has_major(&self.pos, us) || eval::evaluate(&self.pos) < beta {
            return None;
        }
        let passed = self.pos.passed()?;
        let saved = std::mem::replace(&mut self.pos, passed);
        self.frames.push(Frame {
            hash: self.pos.hash(),
            mv: None,
            irreversible: true,
        });
        let r = if depth > 6 { 3 } else { 2 };
        let s = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
        self.frames.pop();
        self.pos = saved;
        if self.aborted {
            return Some(0);
        }
        (s >= beta && s < RULE_WIN - MAX_PLY as i32).then_some(beta)
    }

    /// The score of the `i`-th move, just made: the first with the full window, the others
    /// with a null window (late quiet ones reduced) and again in full when they beat `alpha`.
    fn move_score(&mut self, node: Node, alpha: i32, i: usize, quiet: bool) -> i32 {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        if i == 0 {
            return -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
        }
        let reduce = if quiet && !node.in_check && depth >= 3 && i >= 4 && !self.pos.is_check() {
            1 + i32::from(i >= 12 && depth >= 6)
        } else {
            0
        };
        let mut s = -self.negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, true);
        if s > alpha && !self.aborted && (reduce > 0 || s < beta) {
            s = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
        }
        s
    }

    /// The principal variation at `ply`: `m`, then the one found below it.
    fn extend_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][0] = Some(m);
        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }

    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_time() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return eval::evaluate(&self.pos);
        }
        let in_check = self.pos.is_check();
        let mut moves = MoveList::new();
        self.pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        let mut best = -INF;
        if !in_check {
            let stand = eval::evaluate(&self.pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut scored = order::captures(&self.pos, &moves, in_check);
        let mut i = 0;
        while let Some(m) = order::pick(&mut scored, i) {
            i += 1;
            let undo = self.make(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.unmake(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The table's score for a node searched at least as deep, if it settles the node without a
/// search: exact, or a bound beyond the window.
fn table_cut(e: Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if e.depth < depth {
        return None;
    }
    let s = from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= RULE_WIN - MAX_PLY as i32 * 2 {
        score + ply as i32
    } else if score <= -RULE_WIN + MAX_PLY as i32 * 2 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= RULE_WIN - MAX_PLY as i32 * 2 {
        score - ply as i32
    } else if score <= -RULE_WIN + MAX_PLY as i32 * 2 {
        score + ply as i32
    } else {
        score
    }
}
