//! The built-in engine as a [`Player`] in our own process (no pipes): for tests, for the
//! runner's overhead benchmark, and for a server that plays the computer.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use xiangqi::notation::Notation;
use xiangqi::{Move, Position};
use xiangqi_referee::{Options, Referee, RuleSet};

use crate::dialect::Go;
use crate::error::EngineError;
use crate::player::{Player, Reply, Request};
use crate::protocol::{Info, Score};
use crate::search::{Limits, MATE, MAX_PLY, Searcher};

/// A random number generator small enough to own (xorshift64*), for the random mover.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// The built-in engine with its level: caps on depth, nodes and time that apply to every
/// move on top of what the game asks; or a random mover.
pub struct Builtin {
    name: String,
    searcher: Searcher,
    /// The level's caps.
    pub caps: Limits,
    /// The rule set its search follows.
    pub rules: RuleSet,
    random: Option<Rng>,
}

impl Builtin {
    /// The engine at a level given by `caps`.
    ///
    /// ```
    /// use xiangqi_engine::{Builtin, Player};
    /// use xiangqi_engine::search::Limits;
    /// let engine = Builtin::new("depth 3", Limits::depth(3));
    /// assert_eq!(engine.name(), "depth 3");
    /// ```
    pub fn new(name: &str, caps: Limits) -> Builtin {
        Builtin::with_hash(name, caps, 16)
    }

    /// The engine with a table of `hash_mb` megabytes.
    pub fn with_hash(name: &str, caps: Limits, hash_mb: usize) -> Builtin {
        Builtin {
            name: name.to_owned(),
            searcher: Searcher::new(hash_mb),
            caps,
            rules: RuleSet::Chinese,
            random: None,
        }
    }

    /// A player that picks a uniformly random legal move (seeded, so reproducible).
    pub fn random(name: &str, seed: u64) -> Builtin {
        Builtin {
            name: name.to_owned(),
            // It never searches: the smallest table.
            searcher: Searcher::new(0),
            caps: Limits::depth(1),
            rules: RuleSet::Chinese,
            random: Some(Rng::new(seed)),
        }
    }
}

/// The tighter of two optional limits.
fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The search limits for a request: the game's clock and limits, capped by the level.
pub(crate) fn limits_for(go: &Go, pos: &Position, caps: &Limits) -> Limits {
    let clock = go.clock.map(|c| {
        let own = c.side(pos.turn());
        (own.time, own.increment, c.moves_to_go)
    });
    Limits {
        depth: min_opt(go.depth, caps.depth),
        nodes: min_opt(go.nodes, caps.nodes),
        movetime: min_opt(go.movetime, caps.movetime),
        clock,
    }
}

/// The search's score as engines report it.
pub(crate) fn score_of(score: i32) -> Score {
    if score.abs() >= MATE - MAX_PLY as i32 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if score > 0 { moves } else { -moves })
    } else {
        Score::Cp(score)
    }
}

impl Player for Builtin {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        self.searcher.clear();
        Ok(())
    }

    fn go(&mut self, req: &Request) -> Result<Reply, EngineError> {
        let started = Instant::now();
        let reply = |mv: Option<Move>, info: Option<Info>| Reply {
            mv: mv.map(|m| m.to_string()),
            notation: Notation::Iccs,
            draw: false,
            resign: false,
            info,
            elapsed: started.elapsed(),
        };
        if let Some(rng) = self.random.as_mut() {
            let moves: Vec<Move> = if req.allowed.is_empty() {
                req.position.legal_moves().iter().copied().collect()
            } else {
                req.allowed.to_vec()
            };
            let m = (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
            return Ok(reply(m, None));
        }
        let mut referee = Referee::new(req.start.clone(), Options::new(self.rules));
        for &m in req.moves {
            if referee.play(m).is_err() {
                // A game the referee has decided: search from the position itself.
                let mut pos = referee.position().clone();
                let _ = pos.play(m);
                referee = Referee::new(pos, Options::new(self.rules));
            }
        }
        let mut limits = limits_for(&req.go, req.position, &self.caps);
        if let Some(deadline) = req.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            limits.movetime = min_opt(
                limits.movetime,
                Some(left.saturating_sub(Duration::from_millis(30))),
            );
        }
        let only = (!req.allowed.is_empty()).then_some(req.allowed);
        self.searcher.stop_flag().store(false, Ordering::Relaxed);
        let result = self.searcher.search(&referee, &limits, only, &mut |_| {});
        let i = &result.info;
        let info = Info {
            depth: Some(i.depth),
            seldepth: Some(i.seldepth),
            score: Some(score_of(i.score)),
            nodes: Some(i.nodes),
            time_ms: Some(i.elapsed.as_millis() as u64),
            pv: i.pv.iter().map(|m| m.to_string()).collect(),
            ..Info::default()
        };
        Ok(reply(result.best, Some(info)))
    }
}
