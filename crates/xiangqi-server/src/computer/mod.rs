//! Playing the computer: the built-in engine (at a few [`LEVELS`]) answers every move of a
//! game created with `"computer": {…}`, from a bounded pool of search threads shared by the
//! whole server.
//!
//! # Decisions
//!
//! * **The computer is a player, not a part of the room.** One task per computer game (its
//!   *driver*) watches the game's events; on the engine's turn it submits the game so far
//!   and the engine's clock to the [`Pool`] and plays the answer with
//!   [`RoomHandle::act`] — the very path of a person's move: the same referee, the same
//!   clock, which runs while the engine thinks. The room never waits for an engine; human
//!   games take no new branch.
//! * **A full pool delays, never blocks.** A refused search ([`PoolBusy`]) is retried with
//!   backoff (50 ms doubling to 1 s) while the engine's clock runs; the room's actor is never
//!   held, so a hundred computer games leave people's moves answered at once.
//! * **The engine has no token.** It acts as its side directly; the creation answer leaves
//!   its link out.
//! * The computer neither offers nor answers draws and adjournments; it does not resign.
//!   Pairs games are refused at creation.
//! * **External engines** (`xq serve --engine …`) run as one process per game, started at
//!   its first move and killed when the game ends; at most as many of them search at once
//!   as the pool has threads (a turn that finds them all busy waits as above). An engine
//!   that crashes, hangs or answers garbage is killed and started again at its next turn,
//!   while its clock runs: it loses on time if it never recovers.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;
use tokio::sync::broadcast::error::RecvError;
use xiangqi::{Move, Position};
use xiangqi_clock::Side;
use xiangqi_engine::search::Limits;
use xiangqi_engine::{
    ClockTimes, Engine, EngineSpec, Go, Player, Pool, PoolBusy, PoolRequest, Reply, Request,
    SideTime, Ticket, Timeouts,
};
use xiangqi_referee::RuleSet;

use crate::error::ApiError;
use crate::request::Creator;
use crate::room::RoomHandle;
use crate::state::AppState;
use xiangqi_game::opponent::Opponent;
use xiangqi_game::{Action, Actor, GameOptions, GameView};

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

/// The engine options of `xq serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineOpt {
    /// Search threads for computer games and analysis (0: the cores less one, at least 1).
    #[arg(long, env = "XQ_ENGINE_THREADS", default_value_t = 0)]
    pub engine_threads: usize,
    /// Searches that may wait for a thread (at least 1); beyond, analysis is refused (503)
    /// and a computer move retried.
    #[arg(long, env = "XQ_ENGINE_QUEUE", default_value_t = 32)]
    pub engine_queue: usize,
    /// Transposition table of each search thread, MB.
    #[arg(long, env = "XQ_ENGINE_HASH", default_value_t = 16)]
    pub engine_hash_mb: usize,
    /// Time one analysis request may search, ms.
    #[arg(long, env = "XQ_ANALYSIS_MS", default_value_t = 1000)]
    pub analysis_ms: u64,
    /// An external engine offered as an opponent, its words separate or in one quoted word:
    /// "name=NAME cmd=PROGRAM [arg=ARG]… [proto=uci|fsf|ucci|auto] [option.X=V]…
    /// [depth=N] [nodes=N] [movetime=MS]" (as `xq match --engine` takes them). Repeatable.
    #[arg(long = "engine", value_parser = parse_engine)]
    pub engines: Vec<EngineSpec>,
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    // The engine crate's one parser: separate words or one quoted word alike, a value keeping
    // its spaces up to the next known key (`cmd=./e -x`).
    let spec =
        EngineSpec::parse(&[text.to_owned()], 0, Timeouts::default()).map_err(|e| e.to_string())?;
    if !text
        .split_ascii_whitespace()
        .any(|w| w.starts_with("name="))
    {
        return Err("--engine: name=NAME is required (the home page offers it by name)".into());
    }
    if spec.config.name == "builtin" {
        return Err("--engine: the name \"builtin\" is the built-in engine's".into());
    }
    Ok(spec)
}

impl Default for EngineOpt {
    fn default() -> EngineOpt {
        EngineOpt {
            engine_threads: 0,
            engine_queue: 32,
            engine_hash_mb: 16,
            analysis_ms: 1000,
            engines: Vec::new(),
        }
    }
}

/// The server's engines: one shared pool of built-in search threads.
pub struct Computers {
    pool: Pool,
    threads: usize,
    external: Vec<EngineSpec>,
    /// Searches of external engines at once (as many as the pool's threads).
    slots: Arc<Semaphore>,
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

    fn spec(&self, name: &str) -> Option<&EngineSpec> {
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
    let invalid = |m: String| Err(ApiError::InvalidOptions(m));
    if o.engine != "builtin" && computers.spec(&o.engine).is_none() {
        let mut known = vec!["builtin"];
        known.extend(computers.external());
        return invalid(format!(
            "computer.engine {:?}: this server has {}",
            o.engine,
            known.join(", ")
        ));
    }
    if o.engine == "builtin" && level_limits(o.level.unwrap_or(DEFAULT_LEVEL)).is_none() {
        return invalid(format!(
            "computer.level {}: expected 1 to {}",
            o.level.unwrap_or(0),
            LEVELS.len()
        ));
    }
    if options.pairs.is_some() {
        return invalid("computer: not in a pairs game".to_owned());
    }
    let human = match o.side {
        Side::Red => Side::Black,
        Side::Black => Side::Red,
    };
    // `creator` is ignored: the person who creates the game plays the computer.
    *creator = Creator::Side(human);
    Ok(())
}

/// Drops the engine's link from the creation answer: no one plays with its token.
pub fn hide_token(options: &GameOptions, answer: &mut serde_json::Value) {
    if let (Some(o), Some(map)) = (&options.computer, answer.as_object_mut()) {
        map.remove(match o.side {
            Side::Red => "red",
            Side::Black => "black",
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

/// Starts the driver of a game with a computer opponent (new, or loaded from storage).
pub fn attach(app: Arc<AppState>, room: RoomHandle, opponent: Option<Opponent>) {
    if let Some(opponent) = opponent {
        tokio::spawn(drive(app, room, opponent));
    }
}

const MIN_BACKOFF: Duration = Duration::from_millis(50);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

async fn drive(app: Arc<AppState>, room: RoomHandle, opponent: Opponent) {
    let Ok(mut sub) = room.subscribe(u64::MAX).await else {
        return;
    };
    let actor = Actor::Player {
        side: opponent.side,
        seat: 0,
    };
    let brain = match app.computers.spec(&opponent.engine) {
        Some(spec) => Brain::Process(
            Box::new(spec.clone()),
            Arc::new(std::sync::Mutex::new(None)),
        ),
        None => {
            Brain::Pool(level_limits(opponent.level.unwrap_or(DEFAULT_LEVEL)).unwrap_or_default())
        }
    };
    // A scheduled game: the computer is there from the start (4.1.5).
    let _ = crate::api::arrive(&room, actor).await;
    let mut backoff = MIN_BACKOFF;
    loop {
        let Ok(view) = room.view().await else { return };
        if view.ruling.is_some() {
            return;
        }
        let mut refused = false;
        if to_move(&view, opponent.side) {
            match think(&app, &view, &brain).await {
                Err(PoolBusy) => {
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
                Ok(Some(text)) => {
                    backoff = MIN_BACKOFF;
                    // The game changed while the engine thought (an arbiter's takeback, a
                    // pause): think again about the game as it is.
                    if room.view().await.map(|v| v.seq) != Ok(view.seq) {
                        continue;
                    }
                    let action = Action::Move { text, lag_ms: 0 };
                    match room.act(actor, action, false).await {
                        Ok(_) => continue,
                        Err(ApiError::Unavailable) => return,
                        Err(e) => {
                            tracing::debug!(error = %e, "the computer's move was refused");
                            refused = true;
                        }
                    }
                }
                Ok(None) => refused = true,
            }
        }
        // The next event; after a refusal (a scheduled start, a pause) look again in a
        // second even if nothing happens.
        let next = sub.live.recv();
        let got = if refused {
            match tokio::time::timeout(Duration::from_secs(1), next).await {
                Ok(r) => r.map(drop),
                Err(_) => Ok(()),
            }
        } else {
            next.await.map(drop)
        };
        if let Err(RecvError::Closed) = got {
            return;
        }
    }
}

fn to_move(view: &GameView, side: Side) -> bool {
    view.turn == side && !view.legal_moves.is_empty() && view.ruling.is_none()
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

/// What chooses the computer's moves.
enum Brain {
    /// The built-in engine at a level, in the shared pool.
    Pool(Limits),
    /// An external engine's process, this game's own, started at its first move and
    /// killed when the game's driver ends.
    Process(Box<EngineSpec>, Arc<std::sync::Mutex<Option<Engine>>>),
}

/// The engine's move for the position of `view`; `Ok(None)` if it has none to give.
async fn think(app: &AppState, view: &GameView, brain: &Brain) -> Result<Option<String>, PoolBusy> {
    let side_time = |c: &xiangqi_game::SideClock| SideTime {
        time: Duration::from_millis(c.left_ms),
        increment: Duration::ZERO,
    };
    let mine = match view.turn {
        Side::Red => &view.clocks.red,
        Side::Black => &view.clocks.black,
    };
    let go = Go {
        clock: Some(ClockTimes {
            red: side_time(&view.clocks.red),
            black: side_time(&view.clocks.black),
            moves_to_go: mine.moves_owed,
        }),
        ..Go::default()
    };
    let left = Duration::from_millis(mine.left_ms);
    let (spec, process) = match brain {
        Brain::Pool(level) => {
            let Some(request) = request(view, view.moves.len(), go, *level) else {
                return Ok(None);
            };
            let ticket = app.computers.submit(request)?;
            return Ok(answer(ticket, left + Duration::from_secs(5))
                .await
                .and_then(|r| r.mv));
        }
        Brain::Process(spec, process) => (spec.clone(), process.clone()),
    };
    let permit = app
        .computers
        .slots
        .clone()
        .try_acquire_owned()
        .map_err(|_| PoolBusy)?;
    let Some(request) = request(view, view.moves.len(), go, Limits::default()) else {
        return Ok(None);
    };
    let go = Go {
        depth: spec.limits.depth,
        nodes: spec.limits.nodes,
        movetime: spec.limits.movetime,
        ..go
    };
    let deadline = std::time::Instant::now() + left;
    let asked = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut slot = process.lock().unwrap_or_else(|p| p.into_inner());
        external_move(&mut slot, &spec, &request, go, deadline)
    });
    Ok(asked.await.ok().flatten())
}

/// One move from an external engine, starting it if need be; an engine that fails is
/// dropped (killed) and started afresh on the next turn, while its clock runs.
fn external_move(
    slot: &mut Option<Engine>,
    spec: &EngineSpec,
    req: &PoolRequest,
    go: Go,
    deadline: std::time::Instant,
) -> Option<String> {
    if slot.is_none() {
        match Engine::start(spec.config.clone()) {
            Ok(mut engine) => {
                if let Err(e) = engine.new_game() {
                    tracing::warn!(engine = %spec.config.name, error = %e, "engine failed");
                    return None;
                }
                *slot = Some(engine);
            }
            Err(e) => {
                tracing::warn!(engine = %spec.config.name, error = %e, "engine did not start");
                return None;
            }
        }
    }
    let engine = slot.as_mut()?;
    let mut position = req.start.clone();
    for &m in &req.moves {
        position.play_unchecked(m);
    }
    let reply = engine.go(&Request {
        start: &req.start,
        moves: &req.moves,
        position: &position,
        go,
        banned: &[],
        allowed: &[],
        deadline: Some(deadline),
    });
    match reply {
        Ok(reply) => reply.mv,
        Err(e) => {
            tracing::warn!(engine = %spec.config.name, error = %e, "engine failed");
            *slot = None;
            None
        }
    }
}
