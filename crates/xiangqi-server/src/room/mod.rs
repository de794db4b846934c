//! A live game's room: one task that owns the [`Game`], stores its events, runs the flag timer
//! and streams numbered events to everyone watching.
//!
//! Every action on a game goes through its room's inbox, so actions on one game never race
//! (lila's per-game actor, pychess's move lock). An action is decided, its events stored
//! (committed to SQLite), and only then applied and announced: a client never hears of a move
//! the database does not have.
//!
//! # Restarts
//!
//! When the server starts, every unfinished game is loaded and replayed. If the side to move's
//! clock was running, the room records `clock_paused` at the server's last heartbeat (written
//! every second) and `clock_resumed` now: the side to move is charged for the thinking time it
//! had up to (at most one second before) the crash, and not for the outage. Its clock runs
//! again from the moment the server is back. A flag that had already fallen (with its grace)
//! before the crash is declared at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, oneshot};
use xiangqi_clock::Side;

use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::state::AppState;
use crate::store::{MoreTokens, StoredGame};
use xiangqi_game::{Action, Actor, Event, Game, GameView};

/// How long a finished game's room lingers without visitors before it leaves memory.
const IDLE_FINISHED: Duration = Duration::from_secs(300);
/// How long a follower lingers without sockets.
const FOLLOW_IDLE: Duration = Duration::from_secs(30);
/// How often a follower reads the database even without a notification.
const FOLLOW_REREAD: Duration = Duration::from_secs(2);

/// An event as broadcast: its number and the JSON text sent to every WebSocket.
#[derive(Clone, Debug)]
pub struct Live {
    /// The event's number.
    pub seq: u64,
    /// `{"type":"event","seq":…,"event":{…},"state":{…}}`.
    pub text: Utf8Bytes,
    /// When the room sent it.
    pub sent: Instant,
}

/// What a subscriber gets: the events it missed, the state now, and the live stream.
#[derive(Debug)]
pub struct Subscription {
    /// `{"type":"event",…}` messages after the `since` it asked for.
    pub missed: Vec<Utf8Bytes>,
    /// The `{"type":"state",…}` message.
    pub state: Utf8Bytes,
    /// The sequence number of the last event in `missed`/`state`.
    pub seq: u64,
    /// Later events.
    pub live: broadcast::Receiver<Live>,
}

/// Data for writing the game's record.
#[derive(Debug, Clone)]
pub struct RecordData {
    /// The game.
    pub game: Game,
    /// Its id.
    pub id: GameId,
}

/// What an action came to, once stored.
#[derive(Debug, Clone)]
pub struct Acted {
    /// The number of the game's last event.
    pub seq: u64,
    /// The state after it, as JSON (the `GET /api/games/{id}` answer), when asked for.
    pub state: Option<Utf8Bytes>,
}

enum Command {
    Act {
        actor: Actor,
        action: Action,
        with_state: bool,
        reply: oneshot::Sender<Result<Acted, ApiError>>,
    },
    View {
        reply: oneshot::Sender<GameView>,
    },
    Subscribe {
        since: u64,
        reply: oneshot::Sender<Subscription>,
    },
    Record {
        reply: oneshot::Sender<RecordData>,
    },
    /// Leave memory now (this node lost, or is giving up, the game's lease).
    Stop,
}

/// What a room does with its game.
#[derive(Debug, Clone)]
pub enum Role {
    /// Owns it: decides, stores, runs the flag timer. `last_alive` (Unix ms) is when the
    /// previous owner was last known alive, to pause a running clock across the outage
    /// (the previous run's heartbeat, or the lapsed lease's last renewal).
    Owner {
        /// See above.
        last_alive: Option<u64>,
    },
    /// Follows it for this node's sockets while another node owns it (cluster mode, see
    /// [`crate::cluster`]): replays what the owner stored, woken by `poke`; refuses actions.
    Follower {
        /// Rung when the game has new events in the database.
        poke: Arc<tokio::sync::Notify>,
    },
}

/// A cheap handle to a room.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
    red: TokenHash,
    black: TokenHash,
    more: MoreTokens,
    /// Bit 0: Red has arrived, bit 1: Black (see [`Game::arrived`]); set by the room.
    arrived: Arc<AtomicU8>,
    follower: bool,
}

fn arrival_bit(side: Side) -> u8 {
    match side {
        Side::Red => 1,
        Side::Black => 2,
    }
}

impl RoomHandle {
    /// Which side `token` plays, if any (either partner's link in a pairs game).
    pub fn side_of(&self, token: &str) -> Option<Side> {
        self.actor_of(token).and_then(Actor::side)
    }

    /// Who `token` belongs to: a player (and which partner) or the arbiter.
    pub fn actor_of(&self, token: &str) -> Option<Actor> {
        // Every digest is compared, so timing does not tell which one matched.
        let matches = |t: &Option<TokenHash>| t.as_ref().is_some_and(|t| t.matches(token));
        let found = [
            self.red.matches(token),
            self.black.matches(token),
            matches(&self.more.red2),
            matches(&self.more.black2),
            matches(&self.more.arbiter),
        ];
        let player = |side, seat| Some(Actor::Player { side, seat });
        match found {
            [true, ..] => player(Side::Red, 0),
            [_, true, ..] => player(Side::Black, 0),
            [_, _, true, ..] => player(Side::Red, 1),
            [_, _, _, true, _] => player(Side::Black, 1),
            [.., true] => Some(Actor::Arbiter),
            _ => None,
        }
    }

    /// Whether `side` has opened the game (or need not: an unscheduled game).
    pub fn has_arrived(&self, side: Side) -> bool {
        self.arrived.load(Ordering::Relaxed) & arrival_bit(side) != 0
    }

    /// Whether this is a follower (see [`Role`]): actions go to the owner instead.
    pub fn is_follower(&self) -> bool {
        self.follower
    }

    /// Whether the room's task has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, ApiError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(make(reply))
            .await
            .map_err(|_| ApiError::Unavailable)?;
        answer.await.map_err(|_| ApiError::Unavailable)
    }

    /// Has `actor` do `action`; once stored, the last event's number and (if `with_state`)
    /// the new state as JSON.
    ///
    /// # Errors
    ///
    /// The game's refusal, or a storage failure (then nothing changed).
    pub async fn act(
        &self,
        actor: Actor,
        action: Action,
        with_state: bool,
    ) -> Result<Acted, ApiError> {
        self.ask(|reply| Command::Act {
            actor,
            action,
            with_state,
            reply,
        })
        .await?
    }

    /// The state now.
    ///
    /// # Errors
    ///
    /// If the room is gone.
    pub async fn view(&self) -> Result<GameView, ApiError> {
        self.ask(|reply| Command::View { reply }).await
    }

    /// Events after `since`, the state, and the live stream.
    ///
    /// # Errors
    ///
    /// If the room is gone.
    pub async fn subscribe(&self, since: u64) -> Result<Subscription, ApiError> {
        self.ask(|reply| Command::Subscribe { since, reply }).await
    }

    /// A copy of the game, for its record.
    ///
    /// # Errors
    ///
    /// If the room is gone.
    pub async fn record(&self) -> Result<RecordData, ApiError> {
        self.ask(|reply| Command::Record { reply }).await
    }

    /// Asks the room to leave memory once the command in hand is done.
    pub async fn stop(&self) {
        let _ = self.tx.send(Command::Stop).await;
    }
}

/// The task's state.
struct Room {
    id: GameId,
    app: Arc<AppState>,
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
    app: Arc<AppState>,
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
        app,
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
        .ok_or_else(|| ApiError::Storage(format!("game {id} has no events")))?;
    let mut game =
        Game::from_created(first).map_err(|e| ApiError::Storage(format!("game {id}: {}", e.0)))?;
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
        self.app
            .time
            .now_ms()
            .saturating_sub(self.game.created_unix_ms())
    }

    fn view(&self) -> GameView {
        self.game.view(self.id.as_str(), self.now())
    }

    fn note_arrivals(&self) {
        let bits = [Side::Red, Side::Black]
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
        self.app.forget_room(&self.id);
    }

    /// Replays the events the owner stored after the last one here (a follower's catch-up).
    async fn catch_up(&mut self) {
        let Some(node) = self.app.cluster.as_ref() else {
            return;
        };
        match node
            .events_since(&self.app, &self.id, self.game.seq())
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
                self.app
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
                self.app.metrics.decide.record_duration(started.elapsed());
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
        if let Some(node) = &self.app.cluster
            && !node.holds(&crate::cluster::game_resource(&self.id))
        {
            // The lease may lapse before it could be renewed: another node may own the game.
            self.leaving = true;
            return Err(ApiError::Cluster(
                "this node no longer owns the game".into(),
            ));
        }
        let appended = self
            .app
            .store
            .append(&self.id, self.game.seq() + 1, &events, finished.as_deref())
            .await;
        if let Err(e) = appended {
            // With several nodes, a failed write may mean another node wrote first: the
            // game is reloaded from the database by whichever node serves it next.
            self.leaving |= self.app.cluster.is_some();
            return Err(e.into());
        }
        if let Some(Event::Ended { ruling, .. }) =
            events.iter().find(|e| matches!(e, Event::Ended { .. }))
        {
            crate::event::game_ended(&self.app, &self.id, ruling);
        }
        let state = self.announce(&events);
        if events.iter().any(|e| matches!(e, Event::Foul { .. })) {
            crate::event::game_fouls(&self.app, &self.id, self.game.fouls());
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
        self.app.metrics.publish.record_duration(started.elapsed());
        state
    }
}

async fn sleep_until(at: Option<std::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}
