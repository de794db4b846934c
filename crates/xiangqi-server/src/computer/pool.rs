//! The server's engines: the levels of the built-in engine, the shared search pool and the
//! external engines, and the checks of a computer opponent at a game's creation.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use xiangqi::Color;
use xiangqi::{Move, Position};
use xiangqi_engine::search::Limits;
use xiangqi_engine::{EngineSpec, Go, Pool, PoolBusy, PoolRequest, Reply, Ticket};
use xiangqi_referee::RuleSet;

use crate::config::EngineOpt;
use crate::error::{ApiError, Invalid};
use crate::request::Creator;
use xiangqi_game::opponent::Opponent;
use xiangqi_game::{GameOptions, GameView};

/// The built-in engine's levels, 1 to 4: what each may search for one move (the clock may
/// cut it shorter).
pub const LEVELS: [(u8, &str); 4] = [(1, "depth 1"), (2, "depth 3"), (3, "300 ms"), (4, "1 s")];

/// The level of a game created without one; `GET /api/computer` says it, so the home page's
/// level box starts where the API does.
///
/// ```
/// assert!(xiangqi_server::computer::LEVELS.iter().any(|(n, _)| *n == xiangqi_server::computer::DEFAULT_LEVEL));
/// ```
pub const DEFAULT_LEVEL: u8 = 2;

/// The search limits of a level.
///
/// ```
/// use xiangqi_server::computer::level_limits;
/// assert_eq!(level_limits(2).unwrap().depth, Some(3));
/// assert!(level_limits(9).is_none());
/// ```
pub fn level_limits(level: u8) -> Option<Limits> {
    let time = |ms| Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    match level {
        1 => Some(Limits::depth(1)),
        2 => Some(Limits::depth(3)),
        3 => Some(time(300)),
        4 => Some(time(1000)),
        _ => None,
    }
}

/// The server's engines: one shared pool of built-in search threads.
pub struct Computers {
    pool: Pool,
    threads: usize,
    external: Vec<EngineSpec>,
    /// Searches of external engines at once (as many as the pool's threads).
    pub(super) slots: Arc<Semaphore>,
}

impl std::fmt::Debug for Computers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Computers")
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl Computers {
    /// Starts the pool.
    pub fn new(opt: &EngineOpt) -> Computers {
        let threads = match opt.engine_threads {
            0 => std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1))
                .max(1),
            n => n,
        };
        Computers {
            pool: Pool::new(threads, opt.engine_queue.max(1), opt.engine_hash_mb.max(1)),
            threads,
            external: opt.engines.clone(),
            slots: Arc::new(Semaphore::new(threads)),
        }
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The external engines, by name.
    pub fn external(&self) -> impl Iterator<Item = &str> {
        self.external.iter().map(|e| e.config.name.as_str())
    }

    pub(super) fn spec(&self, name: &str) -> Option<&EngineSpec> {
        self.external.iter().find(|e| e.config.name == name)
    }

    /// Queues a search.
    ///
    /// # Errors
    ///
    /// [`PoolBusy`] at once when the queue is full.
    pub fn submit(&self, request: PoolRequest) -> Result<Ticket, PoolBusy> {
        self.pool.submit(request)
    }
}

/// Checks a computer opponent at creation: a known engine and level, not a pairs game. The
/// creator takes the other side, whatever `creator` said.
///
/// # Errors
///
/// [`ApiError::InvalidOptions`] naming what is wrong.
pub fn check(
    computers: &Computers,
    options: &GameOptions,
    creator: &mut Creator,
) -> Result<(), ApiError> {
    let Some(o) = &options.computer else {
        return Ok(());
    };
    let invalid = |en: String, zh: String| Err(Invalid::option("computer", en, zh));
    if o.engine != "builtin" && computers.spec(&o.engine).is_none() {
        let mut known = vec!["builtin"];
        known.extend(computers.external());
        return invalid(
            format!(
                "computer.engine {:?}: this server has {}",
                o.engine,
                known.join(", ")
            ),
            format!(
                "本服务器没有引擎{:?}（可用：{}）",
                o.engine,
                known.join("、")
            ),
        );
    }
    if o.engine == "builtin" && level_limits(o.level.unwrap_or(DEFAULT_LEVEL)).is_none() {
        let level = o.level.unwrap_or(0);
        return invalid(
            format!("computer.level {level}: expected 1 to {}", LEVELS.len()),
            format!("电脑的级别{level}：应为1至{}", LEVELS.len()),
        );
    }
    if options.pairs.is_some() {
        return invalid(
            "computer: not in a pairs game".to_owned(),
            "双人赛（pairs）不能与电脑对弈".to_owned(),
        );
    }
    let human = match o.side {
        Color::Red => Color::Black,
        Color::Black => Color::Red,
    };
    // `creator` is ignored: the person who creates the game plays the computer.
    *creator = Creator::Color(human);
    Ok(())
}

/// Drops the engine's link from the creation answer: no one plays with its token.
pub fn hide_token(options: &GameOptions, answer: &mut serde_json::Value) {
    if let (Some(o), Some(map)) = (&options.computer, answer.as_object_mut()) {
        map.remove(match o.side {
            Color::Red => "red",
            Color::Black => "black",
        });
    }
}

/// The computer opponent of a stored game (from its `created` event).
pub fn opponent_of(stored: &crate::store::StoredGame) -> Option<Opponent> {
    match stored.events.first() {
        Some(xiangqi_game::Event::Created { options, .. }) => options.computer.clone(),
        _ => None,
    }
}

/// The game so far as a pool request.
pub(crate) fn request(view: &GameView, ply: usize, go: Go, level: Limits) -> Option<PoolRequest> {
    let start = Position::from_fen(&view.start_fen).ok()?;
    let moves = view
        .moves
        .iter()
        .take(ply)
        .map(|m| m.parse::<Move>().ok())
        .collect::<Option<Vec<_>>>()?;
    let rules: RuleSet = view.rules.parse().ok()?;
    Some(PoolRequest {
        start,
        moves,
        go,
        level,
        rules,
    })
}

/// Waits for a ticket on a blocking thread, so no runtime thread is held.
pub(crate) async fn answer(ticket: Ticket, timeout: Duration) -> Option<Reply> {
    tokio::task::spawn_blocking(move || ticket.wait(timeout))
        .await
        .ok()
        .flatten()
        .and_then(Result::ok)
}
