//! The WebSocket `/api/games/{id}/ws?since=N`: numbered events, live, with replay.
//!
//! On connecting the client gets every event after `since` (`{"type":"event","seq":…}`), then
//! the state (`{"type":"state",…}`), then each new event as it happens, with the state after
//! it. A client that reconnects with the last `seq` it saw misses nothing.
//!
//! Players authenticate with `Authorization: Bearer` on the upgrade request (bots) or with an
//! `{"type":"auth","token":…}` message (browsers cannot set headers on a WebSocket); anyone
//! else only watches. The `Origin` of a browser must be the server's own (or allowed by
//! `--allow-origin`). Messages are size-limited and rate-limited per connection; a malformed
//! one gets an error message and the connection goes on.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::config::NetOpt;
use crate::error::ApiError;
use crate::ids::GameId;
use crate::limit::Bucket;
use crate::room::{RoomHandle, Subscription};
use crate::server::AppState;
use xiangqi_game::{Action, Actor, Answer, ArbiterAction};

/// How often the server pings (and so measures the round trip).
const PING_EVERY: Duration = Duration::from_secs(5);
/// A connection silent this long (no message, no pong) is closed.
const SILENCE: Duration = Duration::from_secs(30);
/// Rate-limited messages tolerated before the connection is closed.
const STRIKES: u32 = 20;

/// What a client may send (see `API.md`); `id`s come back in the answer.
#[derive(Deserialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum ClientMessage {
    Auth {
        token: String,
    },
    /// The arbiter's action, as the body of `POST /api/games/{id}/arbiter`.
    Arbiter {
        request: ArbiterAction,
        #[serde(default)]
        id: Option<u64>,
    },
    Move {
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        id: Option<u64>,
    },
    Resign {
        #[serde(default)]
        id: Option<u64>,
    },
    Claim {
        #[serde(default)]
        id: Option<u64>,
    },
    Draw {
        action: Answer,
        #[serde(default)]
        id: Option<u64>,
    },
    Adjourn {
        action: Answer,
        #[serde(default)]
        id: Option<u64>,
    },
    Seal {
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        id: Option<u64>,
    },
    Resume {
        #[serde(default)]
        id: Option<u64>,
    },
    Ping {
        #[serde(default)]
        n: Option<u64>,
    },
}

/// Reads one client message.
///
/// # Errors
///
/// [`ApiError::BadRequest`] saying what is wrong and where (line, column), or
/// [`ApiError::InvalidOptions`] for an arbiter action's number out of range.
///
/// ```
/// use xiangqi_server::ws::{parse_client_message, ClientMessage};
/// assert!(matches!(parse_client_message(br#"{"type":"ping","n":1}"#), Ok(ClientMessage::Ping { n: Some(1) })));
/// assert!(parse_client_message(br#"{"type":"arbiter","request":{"action":"pause"}}"#).is_ok());
/// // Malformed JSON: where; a missing field: which.
/// assert!(parse_client_message(b"{\"type\":\"ping\",}").unwrap_err().to_string().contains("line 1 column"));
/// assert!(parse_client_message(b"{\"type\":\"move\"}").unwrap_err().to_string().contains("`move`"));
/// ```
pub fn parse_client_message(bytes: &[u8]) -> Result<ClientMessage, ApiError> {
    let message: ClientMessage =
        serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("message: {e}")))?;
    if let ClientMessage::Arbiter { request, .. } = &message {
        request.validate().map_err(ApiError::InvalidOptions)?;
    }
    Ok(message)
}

/// Whether a browser at `origin` may open a socket on `host`.
///
/// ```
/// use xiangqi_server::ws::origin_allowed;
/// let net = xiangqi_server::Config::new("127.0.0.1:0".parse().unwrap(), "d".into()).net;
/// assert!(origin_allowed(None, Some("a:1"), &net));
/// assert!(origin_allowed(Some("http://a:1"), Some("a:1"), &net));
/// assert!(!origin_allowed(Some("http://evil.example"), Some("a:1"), &net));
/// assert!(!origin_allowed(Some("null"), Some("a:1"), &net));
/// ```
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>, net: &NetOpt) -> bool {
    let Some(origin) = origin else {
        // Not a browser: browsers always send Origin on a WebSocket handshake, and a
        // non-browser client can forge it anyway. Tokens, not origins, guard moves.
        return true;
    };
    if net
        .allow_origins
        .iter()
        .any(|o| o.trim_end_matches('/') == origin)
    {
        return true;
    }
    if let Some(public) = &net.public_url
        && public.trim_end_matches('/') == origin
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    if !origin_allowed(text(header::ORIGIN), text(header::HOST), &app.config.net) {
        return Ok((
            axum::http::StatusCode::FORBIDDEN,
            axum::Json(serde_json::json!({"error": "origin", "status": 403,
                "message": "WebSocket origin not allowed",
                "message_zh": "不接受来自此来源的WebSocket"})),
        )
            .into_response());
    }
    let since = crate::api::since(query.as_deref())?;
    let hears_presence = crate::presence::wanted(query.as_deref());
    let id = GameId::parse(&id).ok_or(ApiError::NotFound)?;
    // In a cluster, a follower when another node owns the game.
    let room = crate::cluster::follow::room_for_socket(&app, &id).await?;
    let token = crate::api::bearer(&headers).ok().map(str::to_owned);
    let actor = match &token {
        Some(token) => Some(
            crate::api::actor_of(&app, &room, &id, token)
                .await
                .ok_or(ApiError::WrongToken)?,
        ),
        None => None,
    };
    if let (Some(actor), Some(token)) = (actor, &token) {
        arrive(&app, &room, &id, token, actor)
            .await
            .map_err(|body| ApiError::Cluster(body["message"].as_str().unwrap_or("").into()))?;
    }
    let limit = app.config.limits.max_ws_message_bytes;
    let bucket = app.limits.ws_bucket();
    // Messages are small: a small read buffer (tungstenite's default is 128 KiB, zeroed, per
    // socket) keeps a thousand sockets cheap.
    Ok(ws
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| async move {
            let conn = Connection {
                app,
                room,
                id,
                token,
                actor,
                bucket,
                strikes: 0,
                rtt_ms: None,
                last_heard: Instant::now(),
                joined: None,
                hears_presence,
            };
            conn.run(socket, since).await;
        }))
}

struct Connection {
    app: Arc<AppState>,
    room: RoomHandle,
    id: GameId,
    /// The token the actor was recognised by (sent on with a follower's actions).
    token: Option<String>,
    actor: Option<Actor>,
    bucket: Bucket,
    strikes: u32,
    /// Smoothed round trip from ping frames, ms.
    rtt_ms: Option<u64>,
    last_heard: Instant,
    /// While a player's socket: his presence (see [`crate::presence`]).
    joined: Option<crate::presence::Joined>,
    /// Whether the socket asked for presence messages (`?presence=1`).
    hears_presence: bool,
}

/// Records a player's arrival, on the owner (see [`crate::api::arrive`]).
async fn arrive(
    app: &Arc<AppState>,
    room: &RoomHandle,
    id: &GameId,
    token: &str,
    actor: Actor,
) -> Result<(), serde_json::Value> {
    if !room.is_follower() {
        return crate::api::arrive(room, actor).await.map_err(|e| e.body());
    }
    match actor {
        Actor::Player { side, .. } if !room.has_arrived(side) => {
            let raw = serde_json::Value::Null;
            match crate::cluster::forward::act(app, id, token, &Action::Arrive, &raw).await {
                Err(body) if body["status"] != 409 => Err(body),
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

fn error_text(e: &ApiError, id: Option<u64>) -> Utf8Bytes {
    error_body(e.body(), id)
}

/// An error body as a socket message.
fn error_body(mut body: serde_json::Value, id: Option<u64>) -> Utf8Bytes {
    if let Some(map) = body.as_object_mut() {
        map.insert("type".into(), "error".into());
        if let Some(id) = id {
            map.insert("id".into(), id.into());
        }
    }
    body.to_string().into()
}

impl Connection {
    async fn run(mut self, mut socket: WebSocket, since: u64) {
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
        for text in missed {
            if socket.send(Message::Text(text)).await.is_err() {
                return;
            }
        }
        if socket.send(Message::Text(state)).await.is_err() {
            return;
        }
        let hello = self.hello().to_string();
        if socket.send(Message::Text(hello.into())).await.is_err() {
            return;
        }
        if self.hears_presence {
            let now = *presence.receiver_mut().borrow_and_update();
            let text = crate::presence::message(now);
            if socket.send(Message::Text(text.into())).await.is_err() {
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
                event = live.recv() => match event {
                    Ok(event) => {
                        if event.seq <= seq { continue; }
                        seq = event.seq;
                        // A player's event goes out with a ping (the round trip measured
                        // right before the reply, for lag compensation), in one write.
                        if socket.feed(Message::Text(event.text)).await.is_err() { break; }
                        if self.actor.is_some() && socket.feed(self.ping()).await.is_err() { break; }
                        if socket.flush().await.is_err() { break; }
                        self.app.metrics.delivery.record_duration(event.sent.elapsed());
                    }
                    Err(RecvError::Lagged(_)) => {
                        // Too slow to keep up: catch up from the last event sent.
                        let Ok(again) = self.room.subscribe(seq).await else { break };
                        live = again.live;
                        seq = again.seq;
                        let mut failed = false;
                        for text in again.missed.into_iter().chain([again.state]) {
                            if socket.send(Message::Text(text)).await.is_err() { failed = true; break; }
                        }
                        if failed { break; }
                    }
                    Err(RecvError::Closed) => break,
                },
                _ = ping.tick() => {
                    if self.last_heard.elapsed() > SILENCE { break; }
                    if socket.send(self.ping()).await.is_err() { break; }
                }
            }
        }
    }

    /// The side of a player's socket.
    fn side(&self) -> Option<xiangqi_clock::Side> {
        match self.actor {
            Some(Actor::Player { side, .. }) => Some(side),
            _ => None,
        }
    }

    /// Counts this socket as its player's presence (once it knows whose it is).
    fn seat(&mut self) {
        if let Some(Actor::Player { side, .. }) = self.actor
            && self.joined.as_ref().is_none_or(|j| j.side() != side)
        {
            self.joined = Some(self.app.presence.join(&self.id, side));
        }
    }

    /// `{"type":"hello","side":…,"role":"player"|"arbiter"|"spectator","seat":…}`.
    fn hello(&self) -> serde_json::Value {
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

    async fn on_message(&mut self, message: Message) -> Reply {
        let text = match message {
            Message::Text(text) => text,
            Message::Pong(payload) => {
                self.on_pong(&payload);
                return Reply::None;
            }
            Message::Ping(_) | Message::Close(_) => return Reply::None,
            Message::Binary(_) => {
                let e = ApiError::BadRequest("binary messages are not understood".into());
                return Reply::Send(error_text(&e, None));
            }
        };
        if !self.bucket.take(Instant::now()) {
            self.strikes += 1;
            if self.strikes > STRIKES {
                return Reply::Close;
            }
            return Reply::Send(error_text(&ApiError::RateLimited, None));
        }
        let message = match parse_client_message(text.as_bytes()) {
            Ok(m) => m,
            Err(e) => return Reply::Send(error_text(&e, None)),
        };
        let (action, id) = match message {
            ClientMessage::Ping { n } => {
                return Reply::Send(
                    serde_json::json!({"type": "pong", "n": n})
                        .to_string()
                        .into(),
                );
            }
            ClientMessage::Auth { token } => {
                let actor = crate::api::actor_of(&self.app, &self.room, &self.id, &token).await;
                return Reply::Send(match actor {
                    Some(actor) => {
                        self.actor = Some(actor);
                        self.seat();
                        let arrived = arrive(&self.app, &self.room, &self.id, &token, actor).await;
                        self.token = Some(token);
                        if let Err(body) = arrived {
                            return Reply::Send(error_body(body, None));
                        }
                        self.hello().to_string().into()
                    }
                    None => error_text(&ApiError::WrongToken, None),
                });
            }
            ClientMessage::Arbiter { request, id } => {
                let token = self.token.as_deref();
                (
                    crate::event::games::signed(&self.app, self.id.as_str(), token, request).await,
                    id,
                )
            }
            ClientMessage::Move { mv, id } => (
                Action::Move {
                    text: mv,
                    lag_ms: self.rtt_ms.unwrap_or(0),
                },
                id,
            ),
            ClientMessage::Resign { id } => (Action::Resign, id),
            ClientMessage::Claim { id } => (Action::Claim, id),
            ClientMessage::Draw { action, id } => (Action::Draw(action), id),
            ClientMessage::Adjourn { action, id } => (Action::Adjourn(action), id),
            ClientMessage::Seal { mv, id } => (Action::Seal { text: mv }, id),
            ClientMessage::Resume { id } => (Action::Resume, id),
        };
        let Some(actor) = self.actor else {
            return Reply::Send(error_text(&ApiError::MissingToken, id));
        };
        let allowed = match (&action, actor) {
            (a, Actor::Arbiter) if a.is_arbiters() => true,
            (Action::Move { .. }, _) => true,
            (a, _) if a.is_arbiters() => false,
            (_, Actor::Arbiter) => false,
            _ => true,
        };
        if !allowed {
            return Reply::Send(error_text(&ApiError::WrongToken, id));
        }
        let started = Instant::now();
        let acted = match (&self.token, self.room.is_follower()) {
            (Some(token), true) => {
                let raw = serde_json::from_str(text.as_str()).unwrap_or_default();
                crate::cluster::forward::act(&self.app, &self.id, token, &action, &raw).await
            }
            _ => self
                .room
                .act(actor, action, false)
                .await
                .map(|a| a.seq)
                .map_err(|e| e.body()),
        };
        self.app.metrics.act.record_duration(started.elapsed());
        Reply::Send(match acted {
            Ok(seq) => serde_json::json!({"type": "ack", "id": id, "seq": seq})
                .to_string()
                .into(),
            Err(body) => error_body(body, id),
        })
    }

    fn on_pong(&mut self, payload: &[u8]) {
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

enum Reply {
    None,
    Send(Utf8Bytes),
    Close,
}
