//! A room's handle (what the rest of the server holds to act on a game, read it and follow
//! it), the commands it sends to the room's task, and what the room needs of the server.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{broadcast, mpsc, oneshot};
use xiangqi::Color;

use crate::cluster::Node;
use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::metrics::Metrics;
use crate::news::Publisher;
use crate::store::{MoreTokens, Store};
use crate::time::TimeBase;
use xiangqi_game::{Action, Actor, Game, GameView};

/// What a room needs of the server, and nothing more: where to store its events, the time,
/// where a move's time is measured, this node's leases (cluster mode) and where to publish
/// the game's end and fouls ([`crate::news`]).
#[derive(Debug, Clone)]
pub struct RoomServices {
    /// The database.
    pub store: Store,
    /// Now.
    pub time: TimeBase,
    /// Where the time of each move goes.
    pub metrics: Arc<Metrics>,
    /// This node, when several share the database: a room commits only while it holds the
    /// game's lease, and a follower reads what the owner stored.
    pub node: Option<Arc<Node>>,
    /// Where the game's end and fouls go.
    pub news: Publisher,
}

/// How long a finished game's room lingers without visitors before it leaves memory.
pub(super) const IDLE_FINISHED: Duration = Duration::from_secs(300);
/// How long a follower lingers without sockets.
pub(super) const FOLLOW_IDLE: Duration = Duration::from_secs(30);
/// How often a follower reads the database even without a notification.
pub(super) const FOLLOW_REREAD: Duration = Duration::from_secs(2);

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

pub(super) enum Command {
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
    pub(super) tx: mpsc::Sender<Command>,
    pub(super) red: TokenHash,
    pub(super) black: TokenHash,
    pub(super) more: MoreTokens,
    /// Bit 0: Red has arrived, bit 1: Black (see [`Game::arrived`]); set by the room.
    pub(super) arrived: Arc<AtomicU8>,
    pub(super) follower: bool,
}

pub(super) fn arrival_bit(side: Color) -> u8 {
    match side {
        Color::Red => 1,
        Color::Black => 2,
    }
}

impl RoomHandle {
    /// Which side `token` plays, if any (either partner's link in a pairs game).
    pub fn side_of(&self, token: &str) -> Option<Color> {
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
            [true, ..] => player(Color::Red, 0),
            [_, true, ..] => player(Color::Black, 0),
            [_, _, true, ..] => player(Color::Red, 1),
            [_, _, _, true, _] => player(Color::Black, 1),
            [.., true] => Some(Actor::Arbiter),
            _ => None,
        }
    }

    /// Whether `side` has opened the game (or need not: an unscheduled game).
    pub fn has_arrived(&self, side: Color) -> bool {
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

    /// Records that a player opened a scheduled game (late arrival, 4.1.5), once per side;
    /// the arbiter and the unscheduled games have nothing to record.
    ///
    /// # Errors
    ///
    /// A storage failure; the game's refusal (a finished game) is no error here.
    pub async fn arrive(&self, actor: Actor) -> Result<(), ApiError> {
        if let Actor::Player { side, .. } = actor
            && !self.has_arrived(side)
        {
            match self.act(actor, Action::Arrive, false).await {
                Ok(_) | Err(ApiError::Refused(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Asks the room to leave memory once the command in hand is done.
    pub async fn stop(&self) {
        let _ = self.tx.send(Command::Stop).await;
    }
}
