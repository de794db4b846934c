//! The built-in engine: iterative deepening principal-variation search with quiescence, a
//! transposition table, null-move pruning, late-move reductions, check extensions, killer
//! and history ordering, and the referee's repetition rulings.
//!
//! The recipe is the common core of ElephantEye (`xqbase/eleeye` `README.md`), XQWLight
//! (`xqbase/xqwlight`) and Wukong (`maksimKorzh/wukong-xiangqi` `docs/SPECS.MD`).
//! What is ours is the rules: at the root every legal move is tried against the
//! [`Referee`] itself, so a move that would complete a forbidden cycle (its author losing)
//! is never chosen while another move exists, one that completes an allowed cycle scores a
//! draw, and one that wins by rule (the opponent's forbidden cycle, mate) scores a win.
//! Inside the tree a position that recurs since the last capture is ruled by
//! [`cycle::rule_cycle`](xiangqi_referee::cycle::rule_cycle) under the game's rule set (cached per cycle): the offender scores a
//! loss, an allowed cycle a draw.
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_engine::search::{Limits, Searcher, MATE};
//! use xiangqi_referee::{Options, Referee};
//! // Red mates in one with doubled cannons (重炮).
//! let pos = Position::from_fen("3akab2/9/9/9/9/9/9/7C1/4C4/3K5 w").unwrap();
//! let referee = Referee::new(pos, Options::default());
//! let mut searcher = Searcher::new(1);
//! let result = searcher.search(&referee, &Limits::depth(3), None, &mut |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "h2e2");
//! assert_eq!(result.info.score, MATE - 1);
//! ```

pub mod eval;
mod order;
mod repetition;
mod root;
mod scale;
mod tree;
pub mod tt;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use xiangqi::{Color, Move, Position, Undo};
use xiangqi_referee::{Referee, RuleSet};

use order::Ordering as MoveOrdering;
use tt::Table;

use scale::INF;
pub use scale::{MATE, MAX_PLY, RULE_WIN};

/// How long, how deep or how wide to search; the search stops at the first limit reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations to complete.
    pub depth: Option<u32>,
    /// Nodes to search.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The clock: time left, increment, moves to the next control.
    pub clock: Option<(Duration, Duration, Option<u32>)>,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// A fixed node count.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// (soft, hard) time: stop deepening after soft, abort at hard.
    fn times(&self) -> (Option<Duration>, Option<Duration>) {
        let overhead = Duration::from_millis(30);
        let mut soft = self.movetime;
        let mut hard = self.movetime;
        if let Some((left, inc, mtg)) = self.clock {
            let usable = left.saturating_sub(overhead);
            let share = usable / mtg.unwrap_or(30).clamp(1, 30) + inc * 3 / 4;
            let s = share.min(usable / 2);
            let h = (s * 3).min(usable / 2).max(s);
            soft = Some(soft.map_or(s, |m| m.min(s)));
            hard = Some(hard.map_or(h, |m| m.min(h)));
        }
        (soft, hard)
    }
}

/// What the search reports after each iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move (see [`MATE`], [`RULE_WIN`]).
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move, `None` when the side to move has none (or the game is over).
    pub best: Option<Move>,
    /// The last complete iteration.
    pub info: SearchInfo,
}

/// One ply of the game or of the search path.
#[derive(Clone, Copy)]
struct Frame {
    /// The hash after the move.
    hash: u64,
    mv: Option<(Move, Undo)>,
    /// A capture or a null move: no repetition reaches back across it.
    irreversible: bool,
}

/// The built-in engine's search state: the table, the ordering heuristics, the stop flag.
pub struct Searcher {
    tt: Table,
    order: MoveOrdering,
    stop: Arc<AtomicBool>,
    nodes: u64,
    node_limit: Option<u64>,
    hard: Option<Instant>,
    started: Instant,
    aborted: bool,
    seldepth: usize,
    frames: Vec<Frame>,
    pos: Position,
    rules: RuleSet,
    limit_plies: u32,
    cycles: HashMap<u64, Option<Color>>,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    root_pv: Vec<Move>,
}

impl Searcher {
    /// A searcher with a table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_mb),
            order: MoveOrdering::new(),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            node_limit: None,
            hard: None,
            started: Instant::now(),
            aborted: false,
            seldepth: 0,
            frames: Vec::new(),
            pos: Position::start(),
            rules: RuleSet::Chinese,
            limit_plies: 120,
            cycles: HashMap::new(),
            pv: vec![[None; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_pv: Vec::new(),
        }
    }

    /// The flag that stops a running search (set it from another thread; clear it before
    /// the next search: the search itself leaves it alone, so a stop sent before the search
    /// started is not lost).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order = MoveOrdering::new();
        self.cycles.clear();
    }

    /// Resizes the table.
    pub fn set_hash(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// Searches the position the referee is in. `only`: the moves to consider (UCI
    /// `searchmoves`, or the legal moves less UCCI's `banmoves`). `info` is called after
    /// every completed iteration.
    pub fn search(
        &mut self,
        referee: &Referee,
        limits: &Limits,
        only: Option<&[Move]>,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.started = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes;
        let (soft, hard) = limits.times();
        self.hard = hard.map(|h| self.started + h);
        self.tt.new_search();
        self.order.age();
        self.rules = referee.options().rules;
        self.limit_plies = referee.options().limit().map_or(u32::MAX, |l| l.plies());
        self.load_game(referee);
        let mut roots = self.root_moves(referee, only);
        let mut last = SearchInfo {
            depth: 0,
            seldepth: 0,
            score: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        let Some(first) = roots.first() else {
            return SearchResult {
                best: None,
                info: last,
            };
        };
        let mut best = first.mv;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let score = self.root_search(&mut roots, depth as i32);
            if self.aborted && depth > 1 {
                break;
            }
            best = roots[0].mv;
            let mut pv = vec![best];
            pv.extend(self.root_pv.iter().copied());
            last = SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                pv,
            };
            info(&last);
            if self.aborted
                || roots.len() == 1
                || score.abs() >= MATE - depth as i32
                || soft.is_some_and(|s| self.started.elapsed() * 2 > s)
            {
                break;
            }
        }
        last.nodes = self.nodes;
        last.elapsed = self.started.elapsed();
        SearchResult {
            best: Some(best),
            info: last,
        }
    }

    fn load_game(&mut self, referee: &Referee) {
        let mut pos = referee.start().clone();
        self.frames.clear();
        self.frames.push(Frame {
            hash: pos.hash(),
            mv: None,
            irreversible: true,
        });
        for &m in referee.moves() {
            let capture = pos.piece_at(m.to()).is_some();
            let undo = pos.play_unchecked(m);
            self.frames.push(Frame {
                hash: pos.hash(),
                mv: Some((m, undo)),
                irreversible: capture,
            });
        }
        self.pos = pos;
    }

    pub(super) fn make(&mut self, m: Move) -> Undo {
        let capture = self.pos.piece_at(m.to()).is_some();
        let undo = self.pos.play_unchecked(m);
        self.frames.push(Frame {
            hash: self.pos.hash(),
            mv: Some((m, undo)),
            irreversible: capture,
        });
        undo
    }

    pub(super) fn unmake(&mut self, m: Move, undo: Undo) {
        self.frames.pop();
        self.pos.undo(m, undo);
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self.hard.is_some_and(|h| Instant::now() >= h);
            if late || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        self.aborted
    }
}
