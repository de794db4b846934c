//! Creating a game and reading one: `POST /api/games`, `GET /api/games/{id}` and
//! `GET /api/games/{id}/events?since=N`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use xiangqi::Color;

use super::access::{base_url, room};
use super::input::since;
use crate::error::ApiError;
use crate::fault::Fault;
use crate::ids::{GameId, Token};
use crate::request::{Creator, parse_create};
use crate::state::AppState;
use crate::store::MoreTokens;

/// The default time control: ten minutes and five seconds a move.
pub const DEFAULT_CONTROL: &str = crate::request::DEFAULT_CONTROL;

/// `POST /api/games`.
pub(crate) async fn create(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    app.limits.create(peer.ip())?;
    let answer = create_game(&app, &headers, &bytes).await?;
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// Creates a game from a `POST /api/games` body and answers its creation JSON (every link);
/// the lobby and rematches create theirs with it. The caller applies the rate limit.
pub(crate) async fn create_game(
    app: &Arc<AppState>,
    headers: &HeaderMap,
    bytes: &[u8],
) -> Result<serde_json::Value, ApiError> {
    let mut spec = parse_create(bytes)?;
    crate::computer::check(&app.computers, &spec.options, &mut spec.creator)?;
    let random = Fault::from;
    let creator = match spec.creator {
        Creator::Color(side) => side,
        Creator::Random => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(random)?;
            if b[0] & 1 == 0 {
                Color::Red
            } else {
                Color::Black
            }
        }
    };
    let id = GameId::random().map_err(random)?;
    let token = || Token::random().map_err(random);
    let (red, black, arbiter) = (token()?, token()?, token()?);
    let partners = match spec.options.pairs {
        Some(_) => Some((token()?, token()?)),
        None => None,
    };
    let more = MoreTokens {
        arbiter: Some(arbiter.hash()),
        red2: partners.as_ref().map(|(r, _)| r.hash()),
        black2: partners.as_ref().map(|(_, b)| b.hash()),
    };
    let seats = crate::new_game::Seats {
        red: red.hash(),
        black: black.hash(),
        more,
    };
    crate::new_game::open(app, &id, &spec, seats).await?;
    let base = base_url(app, headers);
    let link = |t: &Token| serde_json::json!({"token": t.as_str(), "url": format!("{base}/g/{id}#t={}", t.as_str())});
    let mut answer = serde_json::json!({
        "id": id.as_str(),
        "red": link(&red),
        "black": link(&black),
        "arbiter": link(&arbiter),
        "watch_url": format!("{base}/g/{id}"),
        "you": creator,
        "control": spec.control.to_string(),
        "rules": spec.rules.name(),
        "options": spec.options,
    });
    crate::computer::hide_token(&spec.options, &mut answer);
    if let (Some((red2, black2)), Some(map)) = (&partners, answer.as_object_mut()) {
        map.insert("red2".into(), link(red2));
        map.insert("black2".into(), link(black2));
    }
    Ok(answer)
}

/// `GET /api/games/{id}`.
pub(crate) async fn show(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let view = room(&app, &id).await?.view().await?;
    Ok(Json(view).into_response())
}

/// `GET /api/games/{id}/events?since=N`.
pub(crate) async fn events(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let since = since(query.as_deref())?;
    let sub = room(&app, &id).await?.subscribe(since).await?;
    let mut out = String::from("{\"events\":[");
    for (i, text) in sub.missed.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(text.as_str());
    }
    out.push_str("],\"state\":");
    out.push_str(sub.state.as_str());
    out.push('}');
    Ok(([(header::CONTENT_TYPE, "application/json")], out).into_response())
}
