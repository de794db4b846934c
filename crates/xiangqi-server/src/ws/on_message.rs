//! A client's message on a game's socket: authentication, a ping, or an action for the
//! game (rate-limited, checked against who the socket is, sent to the room or, on a node
//! that only follows the game, to its owner).

use std::time::Instant;

use axum::extract::ws::Message;

use super::connection::{Connection, Reply, STRIKES, arrive};
use super::message::{ClientMessage, error_body, error_text, parse_client_message};
use crate::error::ApiError;
use xiangqi_game::Action;

impl Connection {
    /// `{"type":"auth","token":…}`: the socket becomes its player's or the arbiter's.
    async fn on_auth(&mut self, token: String) -> Reply {
        let actor = crate::api::actor_of(&self.app, &self.room, &self.id, &token).await;
        Reply::Send(match actor {
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
        })
    }

    /// Answers a message from the client.
    pub(super) async fn on_message(&mut self, message: Message) -> Reply {
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
            ClientMessage::Auth { token } => return self.on_auth(token).await,
            ClientMessage::Arbiter { request, id } => (self.signed(request).await, id),
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
            ClientMessage::Limit { ground, id } => (Action::AskLimit { ground }, id),
        };
        let Some(actor) = self.actor else {
            return Reply::Send(error_text(&ApiError::MissingToken, id));
        };
        if !actor.may_take(&action) {
            return Reply::Send(error_text(&ApiError::WrongToken, id));
        }
        let started = Instant::now();
        let acted = match (&self.token, self.room.is_follower()) {
            (Some(token), true) => {
                let raw = serde_json::from_str(text.as_str()).unwrap_or_default();
                crate::cluster::relay::act(&self.app, &self.id, token, &action, &raw).await
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

    /// An arbiter's action signed with the official this socket's token names (his name in
    /// the record).
    async fn signed(&self, request: xiangqi_game::ArbiterAction) -> Action {
        let token = self.token.as_deref();
        crate::event::games::signed(&self.app, self.id.as_str(), token, request).await
    }
}
