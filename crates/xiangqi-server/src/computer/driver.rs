//! The computer's driver: one task per computer game that watches the game and, on the
//! engine's turn, asks the engine (the shared pool or the game's own external process) and
//! plays its answer as the side's player (see the module's decisions).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;
use xiangqi::Color;
use xiangqi_engine::search::Limits;
use xiangqi_engine::{
    ClockTimes, Engine, EngineSpec, Go, Player, PoolBusy, PoolRequest, Request, SideTime,
};

use super::pool::{Computers, DEFAULT_LEVEL, answer, level_limits, request};
use crate::error::ApiError;
use crate::room::RoomHandle;
use xiangqi_game::opponent::Opponent;
use xiangqi_game::{Action, Actor, GameView};

/// Starts the driver of a game with a computer opponent (new, or loaded from storage).
pub fn attach(computers: Arc<Computers>, room: RoomHandle, opponent: Option<Opponent>) {
    if let Some(opponent) = opponent {
        tokio::spawn(drive(computers, room, opponent));
    }
}

const MIN_BACKOFF: Duration = Duration::from_millis(50);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

async fn drive(computers: Arc<Computers>, room: RoomHandle, opponent: Opponent) {
    let Ok(mut sub) = room.subscribe(u64::MAX).await else {
        return;
    };
    let actor = Actor::Player {
        side: opponent.side,
        seat: 0,
    };
    let brain = match computers.spec(&opponent.engine) {
        Some(spec) => Brain::Process(
            Box::new(spec.clone()),
            Arc::new(std::sync::Mutex::new(None)),
        ),
        None => {
            Brain::Pool(level_limits(opponent.level.unwrap_or(DEFAULT_LEVEL)).unwrap_or_default())
        }
    };
    // A scheduled game: the computer is there from the start (4.1.5).
    let _ = room.arrive(actor).await;
    let mut backoff = MIN_BACKOFF;
    loop {
        let Ok(view) = room.view().await else { return };
        if view.ruling.is_some() {
            return;
        }
        let mut refused = false;
        if to_move(&view, opponent.side) {
            match think(&computers, &view, &brain).await {
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

fn to_move(view: &GameView, side: Color) -> bool {
    view.turn == side && !view.legal_moves.is_empty() && view.ruling.is_none()
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
async fn think(
    computers: &Computers,
    view: &GameView,
    brain: &Brain,
) -> Result<Option<String>, PoolBusy> {
    let side_time = |c: &xiangqi_game::SideClock| SideTime {
        time: Duration::from_millis(c.left_ms),
        increment: Duration::ZERO,
    };
    let mine = match view.turn {
        Color::Red => &view.clocks.red,
        Color::Black => &view.clocks.black,
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
            let ticket = computers.submit(request)?;
            return Ok(answer(ticket, left + Duration::from_secs(5))
                .await
                .and_then(|r| r.mv));
        }
        Brain::Process(spec, process) => (spec.clone(), process.clone()),
    };
    let permit = computers
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
