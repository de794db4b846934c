//! The room's task: the one owner of a live [`Game`], deciding, storing and announcing
//! everything done to it, and running its flag timer.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc};
use xiangqi::Color;

use super::handle::{
    Acted, Command, FOLLOW_IDLE, FOLLOW_REREAD, IDLE_FINISHED, Live, RecordData, Role, RoomHandle,
    RoomServices, Subscription, arrival_bit,
};
use crate::error::ApiError;
use crate::fault::Fault;
use crate::ids::GameId;
use crate::news::GameNews;
use crate::store::StoredGame;
use xiangqi_game::{Event, Game, GameView};

/// The task's state.
struct Room {
    id: GameId,
    services: RoomServices,
    game: Game,
    /// `{"type":"event",…}` per event, index `seq - 1`.
    history: Vec<Utf8Bytes>,
    live: broadcast::Sender<Live>,
    arrived: Arc<AtomicU8>,
    role: Role,
    /// Set when the room must leave memory (a lost lease, a failed write in cluster mode).
    leaving: bool,
}

/// Rebuilds a game from storage and starts its room. `restart_from` is the server's last
/// heartbeat (Unix ms) when this process started, to pause a clock across the outage.
///
/// # Errors
///
/// If the stored events do not make a game.
pub(crate) fn restore(
    services: RoomServices,
    id: GameId,
    stored: StoredGame,
    role: Role,
) -> Result<(RoomHandle, impl Future<Output = ()> + Send), ApiError> {
    let game = replay(&id, &stored.events)?;
    let history = (1..)
        .zip(&stored.events)
        .map(|(seq, e)| event_text(seq, e))
        .collect();
    let (tx, rx) = mpsc::channel(64);
    // Slots are allocated up front, per game; a socket that falls further behind catches
    // up from the history instead.
    let (live, _) = broadcast::channel(64);
    let arrived = Arc::new(AtomicU8::new(0));
    let handle = RoomHandle {
        tx,
        red: stored.red,
        black: stored.black,
        more: stored.more,
        arrived: arrived.clone(),
        follower: matches!(role, Role::Follower { .. }),
    };
    let room = Room {
        id,
        services,
        game,
        history,
        live,
        arrived,
        role,
        leaving: false,
    };
    room.note_arrivals();
    Ok((handle, room.run(rx)))
}

/// The game that stored `events` make (the first is its creation).
///
/// # Errors
///
/// If they do not make a game.
pub(crate) fn replay(id: &GameId, events: &[Event]) -> Result<Game, ApiError> {
    let (first, rest) = events
        .split_first()
        .ok_or_else(|| Fault::Replay(format!("game {id} has no events")))?;
    let mut game =
        Game::from_created(first).map_err(|e| Fault::Replay(format!("game {id}: {}", e.0)))?;
    for event in rest {
        game.apply(event);
    }
    Ok(game)
}

fn event_text(seq: u64, event: &Event) -> Utf8Bytes {
    let public = serde_json::to_string(&event.public()).unwrap_or_default();
    format!(r#"{{"type":"event","seq":{seq},"event":{public}}}"#).into()
}

impl Room {
    fn now(&self) -> u64 {
        self.services
            .time
            .now_ms()
            .saturating_sub(self.game.created_unix_ms())
    }

    fn view(&self) -> GameView {
        self.game.view(self.id.as_str(), self.now())
    }

    fn note_arrivals(&self) {
        let bits = [Color::Red, Color::Black]
            .into_iter()
            .filter(|s| self.game.arrived(*s))
            .map(arrival_bit)
            .fold(0, |a, b| a | b);
        self.arrived.store(bits, Ordering::Relaxed);
    }

    async fn run(mut self, rx: mpsc::Receiver<Command>) {
        match self.role.clone() {
            Role::Owner { last_alive } => self.own(rx, last_alive).await,
            Role::Follower { poke } => self.follow(rx, &poke).await,
        }
    }

    /// Replays the events the owner stored after the last one here (a follower's catch-up).
    async fn catch_up(&mut self) {
        if self.services.node.is_none() {
            return;
        }
        match self
            .services
            .store
            .events_since(&self.id, self.game.seq())
            .await
        {
            Ok(events) => {
                self.announce(&events);
            }
            Err(e) => tracing::warn!(game = %self.id, error = %e, "could not follow a game"),
        }
    }

    async fn follow(&mut self, mut rx: mpsc::Receiver<Command>, poke: &tokio::sync::Notify) {
        // A notification is a wake-up, the database the truth; a lost notification (a dropped
        // listener) is made good by the next poke or by this periodic read.
        let mut reread = tokio::time::interval(FOLLOW_REREAD);
        let mut idle_since = Instant::now();
        while !self.leaving {
            if self.live.receiver_count() > 0 {
                idle_since = Instant::now();
            } else if idle_since.elapsed() > FOLLOW_IDLE {
                break;
            }
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = poke.notified() => self.catch_up().await,
                _ = reread.tick() => self.catch_up().await,
            }
        }
    }

    async fn own(&mut self, mut rx: mpsc::Receiver<Command>, last_alive: Option<u64>) {
        if let Some(last_alive) = last_alive {
            let alive = last_alive.saturating_sub(self.game.created_unix_ms());
            let events = self.game.on_restart(alive, self.now());
            if let Err(e) = self.commit(events).await {
                tracing::error!(game = %self.id, error = %e, "could not record the restart");
            }
        }
        while !self.leaving {
            let timer = self.game.next_timer_ms().map(|ms| {
                self.services
                    .time
                    .instant_at(self.game.created_unix_ms().saturating_add(ms))
            });
            let idle = self.game.ruling().is_some() && self.live.receiver_count() == 0;
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until(timer), if timer.is_some() => {
                    let events = self.game.on_timer(self.now());
                    if let Err(e) = self.commit(events).await {
                        tracing::error!(game = %self.id, error = %e, "could not record a flag");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
                () = tokio::time::sleep(IDLE_FINISHED), if idle => break,
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Act {
                actor,
                action,
                with_state,
                reply,
            } => {
                if let Role::Follower { .. } = self.role {
                    let _ = reply.send(Err(ApiError::Cluster(
                        "this node only follows the game; its owner decides".into(),
                    )));
                    return;
                }
                let started = Instant::now();
                let decision = self.game.decide_as(actor, &action, self.now());
                self.services
                    .metrics
                    .decide
                    .record_duration(started.elapsed());
                let result = match self.commit(decision.events).await {
                    Err(e) => Err(e),
                    Ok(state) => match decision.refusal {
                        Some(r) => Err(r.into()),
                        None => Ok(Acted {
                            seq: self.game.seq(),
                            state: with_state.then(|| state.unwrap_or_else(|| self.state_json())),
                        }),
                    },
                };
                let _ = reply.send(result);
            }
            Command::View { reply } => {
                let _ = reply.send(self.view());
            }
            Command::Subscribe { since, reply } => {
                let from = usize::try_from(since)
                    .unwrap_or(usize::MAX)
                    .min(self.history.len());
                let mut state = serde_json::to_value(self.view()).unwrap_or_default();
                if let Some(map) = state.as_object_mut() {
                    map.insert("type".into(), "state".into());
                }
                let _ = reply.send(Subscription {
                    missed: self.history[from..].to_vec(),
                    state: state.to_string().into(),
                    seq: self.game.seq(),
                    live: self.live.subscribe(),
                });
            }
            Command::Record { reply } => {
                let _ = reply.send(RecordData {
                    game: self.game.clone(),
                    id: self.id.clone(),
                });
            }
            Command::Stop => self.leaving = true,
        }
    }

    /// The state now, as JSON.
    fn state_json(&self) -> Utf8Bytes {
        serde_json::to_string(&self.view())
            .unwrap_or_default()
            .into()
    }

    /// Stores `events`, then applies and announces them. Returns the state after the last
    /// one as JSON if it was made for the announcement (so an answer can reuse it).
    async fn commit(&mut self, events: Vec<Event>) -> Result<Option<Utf8Bytes>, ApiError> {
        if events.is_empty() {
            return Ok(None);
        }
        let finished = events.iter().find_map(|e| match e {
            Event::Ended { ruling, .. } => serde_json::to_value(ruling.result)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned)),
            _ => None,
        });
        if let Some(node) = &self.services.node
            && !node.holds(&crate::cluster::game_resource(&self.id))
        {
            // The lease may lapse before it could be renewed: another node may own the game.
            self.leaving = true;
            return Err(ApiError::Cluster(
                "this node no longer owns the game".into(),
            ));
        }
        let appended = self
            .services
            .store
            .append(&self.id, self.game.seq() + 1, &events, finished.as_deref())
            .await;
        if let Err(e) = appended {
            // With several nodes, a failed write may mean another node wrote first: the
            // game is reloaded from the database by whichever node serves it next.
            self.leaving |= self.services.node.is_some();
            return Err(e.into());
        }
        if let Some(Event::Ended { ruling, .. }) =
            events.iter().find(|e| matches!(e, Event::Ended { .. }))
        {
            self.services.news.publish(GameNews::Ended {
                game: self.id.clone(),
                ruling: ruling.clone(),
            });
        }
        let state = self.announce(&events);
        if events.iter().any(|e| matches!(e, Event::Foul { .. })) {
            self.services.news.publish(GameNews::Fouls {
                game: self.id.clone(),
                fouls: self.game.fouls(),
            });
        }
        Ok(state)
    }

    /// Applies `events` (already stored) and sends them to everyone watching; the state after
    /// the last one as JSON if it was made.
    fn announce(&mut self, events: &[Event]) -> Option<Utf8Bytes> {
        let started = Instant::now();
        let mut state = None;
        for event in events {
            self.game.apply(event);
            if matches!(event, Event::Arrived { .. }) {
                self.note_arrivals();
            }
            let seq = self.game.seq();
            let public = serde_json::to_string(&event.public()).unwrap_or_default();
            self.history
                .push(format!(r#"{{"type":"event","seq":{seq},"event":{public}}}"#).into());
            if self.live.receiver_count() > 0 {
                // The state is encoded once, straight from the view, and shared by every
                // socket (and by the mover's answer).
                let json = self.state_json();
                let text = format!(
                    r#"{{"type":"event","seq":{seq},"event":{public},"state":{}}}"#,
                    json.as_str()
                );
                let _ = self.live.send(Live {
                    seq,
                    text: text.into(),
                    sent: Instant::now(),
                });
                state = Some(json);
            } else {
                state = None;
            }
        }
        self.services
            .metrics
            .publish
            .record_duration(started.elapsed());
        state
    }
}

async fn sleep_until(at: Option<std::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}
