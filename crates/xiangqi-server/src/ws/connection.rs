//! A game's socket once open: the catch-up, the live events, presence and rematch notices,
//! pings (the round trip, for lag compensation), and the client's messages.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::SinkExt;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::ids::GameId;
use crate::limit::Bucket;
use crate::room::{Live, RoomHandle, Subscription};
use crate::state::AppState;
use xiangqi_game::{Action, Actor};

/// How often the server pings (and so measures the round trip).
const PING_EVERY: Duration = Duration::from_secs(5);
/// A connection silent this long (no message, no pong) is closed.
const SILENCE: Duration = Duration::from_secs(30);
/// Rate-limited messages tolerated before the connection is closed.
pub(super) const STRIKES: u32 = 20;

/// One socket of a game.
pub(super) struct Connection {
    pub(super) app: Arc<AppState>,
    pub(super) room: RoomHandle,
    pub(super) id: GameId,
    /// The token the actor was recognised by (sent on with a follower's actions).
    pub(super) token: Option<String>,
    pub(super) actor: Option<Actor>,
    pub(super) bucket: Bucket,
    pub(super) strikes: u32,
    /// Smoothed round trip from ping frames, ms.
    pub(super) rtt_ms: Option<u64>,
    pub(super) last_heard: Instant,
    /// While a player's socket: his presence (see [`crate::presence`]).
    pub(super) joined: Option<crate::presence::Joined>,
    /// Whether the socket asked for presence messages (`?presence=1`).
    pub(super) hears_presence: bool,
}

/// Records a player's arrival, on the owner (see [`RoomHandle::arrive`]).
pub(super) async fn arrive(
    app: &Arc<AppState>,
    room: &RoomHandle,
    id: &GameId,
    token: &str,
    actor: Actor,
) -> Result<(), serde_json::Value> {
    if !room.is_follower() {
        return room.arrive(actor).await.map_err(|e| e.body());
    }
    match actor {
        Actor::Player { side, .. } if !room.has_arrived(side) => {
            let raw = serde_json::Value::Null;
            match crate::cluster::relay::act(app, id, token, &Action::Arrive, &raw).await {
                Err(body) if body["status"] != 409 => Err(body),
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

impl Connection {
    /// Serves the socket until it closes: the events after `since`, then everything live.
    pub(super) async fn run(mut self, mut socket: WebSocket, since: u64) {
        let Ok(sub) = self.room.subscribe(since).await else {
            return;
        };
        let Subscription {
            missed,
            state,
            mut seq,
            mut live,
        } = sub;
        // Counted before the hello: whoever hears of this socket hears of the player first.
        let mut presence = self.app.presence.watch(&self.id);
        self.seat();
        let mut greeting: Vec<Utf8Bytes> = missed;
        greeting.push(state);
        greeting.push(self.hello().to_string().into());
        if self.hears_presence {
            let now = *presence.receiver_mut().borrow_and_update();
            greeting.push(crate::presence::message(now).into());
        }
        for text in greeting {
            if socket.send(Message::Text(text)).await.is_err() {
                return;
            }
        }
        let hears = self.hears_presence;
        let mut rematch = self.app.rematches.subscribe(&self.id);
        let mut ping = tokio::time::interval(PING_EVERY);
        loop {
            tokio::select! {
                changed = rematch.receiver_mut().changed(), if hears => {
                    if changed.is_err() { break; }
                    let notice = rematch.receiver_mut().borrow_and_update().clone();
                    let text = notice.message(self.side()).to_string();
                    if socket.send(Message::Text(text.into())).await.is_err() { break; }
                }
                changed = presence.receiver_mut().changed(), if hears => {
                    if changed.is_err() { break; }
                    let now = *presence.receiver_mut().borrow_and_update();
                    let text = crate::presence::message(now);
                    if socket.send(Message::Text(text.into())).await.is_err() { break; }
                }
                incoming = socket.recv() => {
                    let Some(Ok(message)) = incoming else { break };
                    self.last_heard = Instant::now();
                    let reply = self.on_message(message).await;
                    self.app.metrics.ws_message.record_duration(self.last_heard.elapsed());
                    match reply {
                        Reply::None => {}
                        Reply::Send(text) => {
                            if socket.send(Message::Text(text)).await.is_err() { break; }
                        }
                        Reply::Close => {
                            let frame = CloseFrame { code: 1008, reason: "rate limit".into() };
                            let _ = socket.send(Message::Close(Some(frame))).await;
                            break;
                        }
                    }
                }
                event = live.recv() => {
                    if !self.deliver(&mut socket, event, &mut seq, &mut live).await { break; }
                }
                _ = ping.tick() => {
                    if self.last_heard.elapsed() > SILENCE { break; }
                    if socket.send(self.ping()).await.is_err() { break; }
                }
            }
        }
    }

    /// Sends a live event (or, when this socket fell behind, what it missed); `false` once
    /// the socket or the room is gone.
    async fn deliver(
        &self,
        socket: &mut WebSocket,
        event: Result<Live, RecvError>,
        seq: &mut u64,
        live: &mut broadcast::Receiver<Live>,
    ) -> bool {
        match event {
            Ok(event) => {
                if event.seq <= *seq {
                    return true;
                }
                *seq = event.seq;
                // A player's event goes out with a ping (the round trip measured right before
                // the reply, for lag compensation), in one write.
                if socket.feed(Message::Text(event.text)).await.is_err()
                    || (self.actor.is_some() && socket.feed(self.ping()).await.is_err())
                    || socket.flush().await.is_err()
                {
                    return false;
                }
                self.app
                    .metrics
                    .delivery
                    .record_duration(event.sent.elapsed());
                true
            }
            Err(RecvError::Lagged(_)) => {
                // Too slow to keep up: catch up from the last event sent.
                let Ok(again) = self.room.subscribe(*seq).await else {
                    return false;
                };
                *live = again.live;
                *seq = again.seq;
                for text in again.missed.into_iter().chain([again.state]) {
                    if socket.send(Message::Text(text)).await.is_err() {
                        return false;
                    }
                }
                true
            }
            Err(RecvError::Closed) => false,
        }
    }

    /// The side of a player's socket.
    fn side(&self) -> Option<xiangqi::Color> {
        match self.actor {
            Some(Actor::Player { side, .. }) => Some(side),
            _ => None,
        }
    }

    /// Counts this socket as its player's presence (once it knows whose it is).
    pub(super) fn seat(&mut self) {
        if let Some(Actor::Player { side, .. }) = self.actor
            && self.joined.as_ref().is_none_or(|j| j.side() != side)
        {
            self.joined = Some(self.app.presence.join(&self.id, side));
        }
    }

    /// `{"type":"hello","side":…,"role":"player"|"arbiter"|"spectator","seat":…}`.
    pub(super) fn hello(&self) -> serde_json::Value {
        let (side, role, seat) = match self.actor {
            Some(Actor::Player { side, seat }) => (Some(side), "player", Some(seat)),
            Some(Actor::Arbiter) => (None, "arbiter", None),
            None => (None, "spectator", None),
        };
        serde_json::json!({"type": "hello", "side": side, "role": role, "seat": seat})
    }

    /// A ping stamped with the time, so its pong gives the round trip.
    fn ping(&self) -> Message {
        let stamp = self.app.time.now_ms().to_be_bytes().to_vec();
        Message::Ping(stamp.into())
    }

    pub(super) fn on_pong(&mut self, payload: &[u8]) {
        let Ok(stamp) = <[u8; 8]>::try_from(payload) else {
            return;
        };
        let sent = u64::from_be_bytes(stamp);
        let rtt = self.app.time.now_ms().saturating_sub(sent);
        if rtt > 10_000 {
            return;
        }
        // Smoothed like TCP's SRTT (weight 1/4 to the new sample).
        self.rtt_ms = Some(match self.rtt_ms {
            None => rtt,
            Some(old) => (old * 3 + rtt) / 4,
        });
    }
}

/// What the socket answers a message.
pub(super) enum Reply {
    None,
    Send(Utf8Bytes),
    Close,
}
