//! A game's actions over HTTP: `POST /api/games/{id}/moves`, `…/arbiter`, `…/resign`,
//! `…/claim`, `…/draw`, `…/adjourn`, `…/seal`, `…/resume`, `…/limit`, all one handler that reads the
//! action its path names and has the game decide it as the request's token; and
//! `…/arrive`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, post};

use super::access::{actor, actor_of, room};
use super::input::bearer;
use crate::error::ApiError;
use crate::ids::GameId;
use crate::request::{AnswerRequest, MoveRequest, SealRequest, body, parse_arbiter, parse_limit};
use crate::state::AppState;
use xiangqi_game::{Action, Actor};

/// How a route reads its action: it has none to read, or it reads the request's body.
#[derive(Clone, Copy)]
pub enum Reads {
    /// The path alone says the action.
    Nothing(fn() -> Action),
    /// The body says it (a bad body is a 400 naming what is wrong).
    Body(fn(&[u8]) -> Result<Action, ApiError>),
}

/// Every action a game's HTTP API takes, by the last segment of its path.
///
/// ```
/// let paths: Vec<&str> = xiangqi_server::api::actions::actions().iter().map(|(p, _)| *p).collect();
/// assert_eq!(paths, ["moves", "arbiter", "resign", "claim", "draw", "adjourn", "seal", "resume", "limit"]);
/// ```
pub fn actions() -> [(&'static str, Reads); 9] {
    [
        ("moves", Reads::Body(read_move)),
        (
            "arbiter",
            Reads::Body(|b| Ok(Action::Arbiter(parse_arbiter(b)?))),
        ),
        ("resign", Reads::Nothing(|| Action::Resign)),
        // A claim of a repetition draw; the referee checks it (a false claim is a 409 with
        // the referee's code, recorded for the arbiter).
        ("claim", Reads::Nothing(|| Action::Claim)),
        ("draw", Reads::Body(|b| Ok(Action::Draw(answer(b)?)))),
        ("adjourn", Reads::Body(|b| Ok(Action::Adjourn(answer(b)?)))),
        ("seal", Reads::Body(read_seal)),
        ("resume", Reads::Nothing(|| Action::Resume)),
        // A player asks for a move limit (1960 §12 一); the arbiter declares it.
        ("limit", Reads::Body(read_limit)),
    ]
}

fn read_move(bytes: &[u8]) -> Result<Action, ApiError> {
    let request: MoveRequest = body(bytes)?;
    Ok(Action::Move {
        text: request.mv,
        lag_ms: request.lag_ms,
    })
}

fn read_limit(bytes: &[u8]) -> Result<Action, ApiError> {
    let ground = parse_limit(bytes)?.ground;
    Ok(Action::AskLimit { ground })
}

fn read_seal(bytes: &[u8]) -> Result<Action, ApiError> {
    let request: SealRequest = body(bytes)?;
    Ok(Action::Seal { text: request.mv })
}

fn answer(bytes: &[u8]) -> Result<xiangqi_game::Answer, ApiError> {
    let request: AnswerRequest = body(bytes)?;
    Ok(request.action)
}

/// The route of an action read as `reads` says.
pub(crate) fn route(reads: Reads) -> MethodRouter<Arc<AppState>> {
    post(
        move |State(app): State<Arc<AppState>>,
              Path(id): Path<String>,
              headers: HeaderMap,
              request: Request| async move {
            let action = match reads {
                Reads::Nothing(make) => make(),
                Reads::Body(read) => match Bytes::from_request(request, &app).await {
                    Ok(bytes) => match read(&bytes) {
                        Ok(action) => action,
                        Err(e) => return e.into_response(),
                    },
                    Err(rejection) => return rejection.into_response(),
                },
            };
            act(&app, &id, &headers, action).await.into_response()
        },
    )
}

async fn act(
    app: &Arc<AppState>,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Response, ApiError> {
    let room = room(app, id).await?;
    // An arbiter's action is signed with the official who took it (his name in the record).
    let action = match action {
        Action::Arbiter(request) => {
            crate::event::games::signed(app, id, bearer(headers).ok(), request).await
        }
        other => other,
    };
    let actor =
        if action.is_arbiters() && crate::cluster::forward::competition_arbiter(app, headers) {
            Actor::Arbiter
        } else {
            let game = GameId::parse(id).ok_or(ApiError::NotFound)?;
            actor_of(app, &room, &game, bearer(headers)?)
                .await
                .ok_or(ApiError::WrongToken)?
        };
    // Refused before anything is queued (the game would refuse it too, as not yours).
    if !actor.may_take(&action) {
        return Err(ApiError::WrongToken);
    }
    room.arrive(actor).await?;
    let started = std::time::Instant::now();
    let acted = room.act(actor, action, true).await;
    app.metrics.act.record_duration(started.elapsed());
    let state = acted?.state.unwrap_or_default();
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        Bytes::from(state),
    )
        .into_response())
}

/// `POST /api/games/{id}/arrive`: a player says they are here (what any request with their
/// token does; a WebSocket on another node of a cluster sends it for its player).
pub(crate) async fn arrive_now(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = room(&app, &id).await?;
    let actor = actor(&app, &room, &headers)?;
    room.arrive(actor).await?;
    Ok(Json(room.view().await?).into_response())
}
