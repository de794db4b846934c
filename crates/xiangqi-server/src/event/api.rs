//! The events' routes (documented in `API.md`, section Events).

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use xiangqi_clock::Side;
use xiangqi_tournament::Outcome;
use xiangqi_tournament::export::{Crosstable, to_trf};

use super::links;
use super::model::{Competition, Refused};
use super::request::{
    LineupRequest, WithdrawRequest, parse_create_event, parse_player, parse_result, parse_team,
};
use crate::api::{base_url, bearer};
use crate::error::{ApiError, Holder};
use crate::ids::{GameId, Token, TokenHash};
use crate::request::body;
use crate::server::AppState;
use xiangqi_game::{Adjudged, ForfeitReason};

type App = State<Arc<AppState>>;

/// The events' routes, merged into the server's router.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/e/{id}", get(super::pages::event_page))
        .route("/e/{id}/organiser", get(super::pages::organiser_page))
        .route("/e/{id}/player", get(super::pages::player_page))
        .route("/assets/events/{file}", get(super::pages::asset))
        .route("/api/events", post(create).get(list))
        .route("/api/events/{id}", get(show))
        .route("/api/events/{id}/players", post(add_player))
        .route("/api/events/{id}/teams", post(add_team))
        .route("/api/events/{id}/lineups", post(lineup))
        .route("/api/events/{id}/draw", post(draw))
        .route("/api/events/{id}/rounds", post(next_round))
        .route("/api/events/{id}/results", post(enter_result))
        .route("/api/events/{id}/withdraw", post(withdraw))
        .route("/api/events/{id}/me", get(me))
        .route("/api/events/{id}/links", get(list_links).post(reissue_link))
        .route("/api/events/{id}/ws", get(live))
        .route("/api/events/{id}/officials", post(appoint))
        .route("/api/events/{id}/assign", post(assign))
        .route("/api/events/{id}/export", get(export))
        .route(
            "/api/events/{id}/adjourned",
            get(super::adjourned::list).post(super::adjourned::schedule),
        )
        .route("/api/games/{id}/event", get(super::of_game::show))
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> ApiError {
        ApiError::EventRefused(r.0, r.1)
    }
}

fn random_error(e: getrandom::Error) -> ApiError {
    ApiError::Storage(format!("random source: {e}"))
}

/// Who a token is to the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Organiser,
    Arbiter,
    Player(u32),
    Captain(u32),
}

/// Who the bearer is; `need` names whose token the action needs, for the refusals.
fn role(c: &Competition, headers: &HeaderMap, need: Holder) -> Result<Role, ApiError> {
    let token = bearer(headers).map_err(|_| ApiError::TokenNeeded(need))?;
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
    if is(&c.organiser_sha256) {
        return Ok(Role::Organiser);
    }
    // The chief arbiter and his deputies (`officials.rs`).
    let deputy = |o: &super::arbiters::Official| {
        o.role == super::arbiters::OfficialRole::Deputy && is(&o.token_sha256)
    };
    if is(&c.arbiter_sha256) || c.officials.iter().any(deputy) {
        return Ok(Role::Arbiter);
    }
    if let Some(t) = c.teams.iter().find(|t| is(&t.token_sha256)) {
        return Ok(Role::Captain(t.id));
    }
    c.entries
        .iter()
        .find(|e| is(&e.token_sha256))
        .map(|e| Role::Player(e.id))
        .ok_or(ApiError::NotHolder(need))
}

fn organiser(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    match role(c, headers, Holder::Organiser)? {
        Role::Organiser => Ok(()),
        _ => Err(ApiError::NotHolder(Holder::Organiser)),
    }
}

fn find<'a>(all: &'a HashMap<String, Competition>, id: &str) -> Result<&'a Competition, ApiError> {
    all.get(id).ok_or(ApiError::NoEvent)
}

async fn create(
    State(app): App,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    // Creating an event counts against the same allowance as creating a game.
    if !app.limits.create(peer.ip()) {
        return Err(ApiError::RateLimited);
    }
    let spec = parse_create_event(&bytes)?;
    let id = GameId::random().map_err(random_error)?.to_string();
    let organiser = Token::random().map_err(random_error)?;
    // Derived from the organiser's, so that his console can list it again (`links.rs`).
    let arbiter = links::token(&id, organiser.as_str(), links::Holder::Arbiter, 0);
    let lot_seed = match spec.lot_seed {
        Some(s) => s,
        None => {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b).map_err(random_error)?;
            u64::from_le_bytes(b)
        }
    };
    let c = Competition {
        id: id.clone(),
        name: spec.name,
        created_unix_ms: app.time.now_ms(),
        system: spec.system,
        format: spec.format,
        organiser_sha256: organiser.hash().to_hex(),
        arbiter_sha256: arbiter.hash().to_hex(),
        arbiter_link: 0,
        revoked: Vec::new(),
        officials: Vec::new(),
        game: spec.game,
        draw_by_lot: spec.draw_by_lot,
        lot_seed,
        lots_drawn: 0,
        entries: Vec::new(),
        tournament: None,
        bracket: None,
        boards: Vec::new(),
        log: Vec::new(),
        teams: Vec::new(),
        team_matches: Vec::new(),
        playoff_for_first: spec.playoff_for_first,
        playoff: None,
        drawn: None,
        groups: None,
        cards: None,
        resumptions: Vec::new(),
    };
    let mut all = app.events.lock().await;
    app.events.commit(&mut all, c).await?;
    drop(all);
    let base = base_url(&app, &headers);
    let answer = json!({
        "id": id,
        "url": format!("{base}/e/{id}"),
        "organiser": {"token": organiser.as_str(), "url": format!("{base}/e/{id}/organiser#t={}", organiser.as_str())},
        "arbiter": {"token": arbiter.as_str(), "url": format!("{base}/e/{id}/organiser#t={}", arbiter.as_str())},
        "lot_seed": lot_seed,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn list(State(app): App) -> Json<Value> {
    let open = app.events.open_events().await;
    let events: Vec<Value> = open
        .iter()
        .map(|c| {
            // The games being played now, to watch.
            let live: Vec<Value> = c
                .boards
                .iter()
                .filter(|b| b.game.is_some() && c.outcome_of(b).is_none())
                .map(|b| {
                    json!({
                        "round": b.round, "board": b.board, "game": b.game,
                        "red_name": c.name_of(b.red), "black_name": c.name_of(b.black),
                    })
                })
                .collect();
            json!({
                "live": live,
                "id": c.id, "name": c.name, "system": c.system, "status": c.status(),
                "players": c.field().count(), "round": c.boards.iter().map(|b| b.round).max().unwrap_or(0),
                "url": format!("/e/{}", c.id),
            })
        })
        .collect();
    Json(json!({ "events": events }))
}

async fn show(State(app): App, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    Ok(Json(c.view()))
}

async fn add_player(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let player = parse_player(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let n = c.register(player, String::new())?;
    // The player's token is derived from the organiser's (`links.rs`).
    let token = c
        .derive_first_link(bearer(&headers)?, n)
        .ok_or_else(|| Refused(format!("no player {n}"), format!("没有{n}号选手")))?;
    let number = c.entry(n).and_then(|e| e.number);
    app.events.commit(&mut all, c).await?;
    drop(all);
    let base = base_url(&app, &headers);
    let answer = json!({
        "player": n, "number": number, "token": token.as_str(),
        "url": format!("{base}/e/{id}/player#t={}", token.as_str()),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn add_team(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (name, squad) = parse_team(&bytes)?;
    let captain = Token::random().map_err(random_error)?;
    let tokens = (0..squad.len())
        .map(|_| Token::random().map_err(random_error))
        .collect::<Result<Vec<_>, _>>()?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let squad = squad
        .into_iter()
        .zip(tokens.iter().map(|t| t.hash().to_hex()))
        .collect();
    let (team, ids) = c.register_team(name, captain.hash().to_hex(), squad)?;
    // The squad's tokens are derived from the organiser's, to be listed again.
    let organiser_token = bearer(&headers)?;
    let tokens = ids
        .iter()
        .map(|n| c.derive_first_link(organiser_token, *n))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            Refused(
                "a squad player went missing".into(),
                "队员名单中少了一名队员".into(),
            )
        })?;
    app.events.commit(&mut all, c).await?;
    drop(all);
    let base = base_url(&app, &headers);
    let players: Vec<Value> = ids
        .iter()
        .zip(&tokens)
        .map(|(n, t)| json!({"player": n, "token": t.as_str(), "url": format!("{base}/e/{id}/player#t={}", t.as_str())}))
        .collect();
    let answer = json!({
        "team": team, "token": captain.as_str(),
        "url": format!("{base}/e/{id}/organiser#t={}", captain.as_str()), "players": players,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn lineup(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: LineupRequest = body(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    match role(&c, &headers, Holder::OrganiserOrCaptain)? {
        Role::Organiser => {}
        Role::Captain(t) if t == r.team => {}
        _ => return Err(ApiError::NotHolder(Holder::OrganiserOrCaptain)),
    }
    let before = c.boards.len();
    let complete = c.name_lineup(r.round, r.team, r.lineup)?;
    let mut boards = Vec::new();
    for i in before..c.boards.len() {
        let game = super::games::create(&app, &c, &c.boards[i]).await?;
        c.boards[i].game = Some(game.to_string());
        let b = &c.boards[i];
        boards.push(json!({"board": b.board, "red": b.red, "black": b.black, "game": b.game}));
    }
    app.events.commit(&mut all, c).await?;
    Ok(Json(
        json!({"round": r.round, "team": r.team, "complete": complete, "boards": boards}),
    ))
}

async fn draw(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let order = c.draw_numbers()?;
    let numbers: Vec<Value> = order
        .iter()
        .enumerate()
        .map(|(i, p)| json!({"number": i + 1, "player": p, "name": c.entry(*p).map(|e| e.player.name.clone())}))
        .collect();
    app.events.commit(&mut all, c).await?;
    Ok(Json(json!({ "numbers": numbers })))
}

async fn next_round(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let (round, byes) = c.pair_next_round()?;
    let mut boards = Vec::new();
    for i in 0..c.boards.len() {
        if c.boards[i].round != round {
            continue;
        }
        // A game decided before it began (a withdrawn player's) needs no board.
        if c.outcome_of(&c.boards[i]).is_none() {
            let game = super::games::create(&app, &c, &c.boards[i]).await?;
            c.boards[i].game = Some(game.to_string());
        }
        let b = &c.boards[i];
        boards.push(json!({
            "board": b.board, "red": b.red, "black": b.black, "game": b.game,
            "result": c.outcome_of(b).map(|o| o.to_string()),
        }));
    }
    let matches: Vec<Value> = c
        .team_matches
        .iter()
        .filter(|m| m.round == round)
        .map(|m| json!({"match": m.table_board, "home": m.teams[0], "away": m.teams[1]}))
        .collect();
    app.events.commit(&mut all, c).await?;
    let mut answer = json!({"round": round, "boards": boards, "byes": byes});
    if let (false, Some(map)) = (matches.is_empty(), answer.as_object_mut()) {
        map.insert("team_matches".into(), matches.into());
    }
    Ok(Json(answer))
}

/// The arbiter's action (the body of `POST /api/games/{id}/arbiter`, in JSON so that it can
/// be sent to the node that owns the game) that makes a server game end as the organiser's
/// result says.
fn ending(outcome: Outcome) -> Option<Value> {
    let adjudicate = |result: Adjudged| json!({"action": "adjudicate", "result": result, "note": "result entered by the organiser"});
    let forfeit =
        |side: Side| json!({"action": "forfeit", "side": side, "reason": ForfeitReason::Refusal});
    Some(match outcome {
        Outcome::FirstWins => adjudicate(Adjudged::RedWins),
        Outcome::SecondWins => adjudicate(Adjudged::BlackWins),
        Outcome::Draw => adjudicate(Adjudged::Draw),
        Outcome::FirstWinsByForfeit => forfeit(Side::Black),
        Outcome::SecondWinsByForfeit => forfeit(Side::Red),
        Outcome::DoubleForfeit => return None,
    })
}

async fn enter_result(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let (r, outcome) = parse_result(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    if !matches!(
        role(&c, &headers, Holder::OrganiserOrArbiter)?,
        Role::Organiser | Role::Arbiter
    ) {
        return Err(ApiError::NotHolder(Holder::OrganiserOrArbiter));
    }
    let game = c
        .boards
        .iter()
        .find(|b| b.round == r.round && b.board == r.board)
        .ok_or_else(|| {
            Refused(
                format!("round {} has no board {}", r.round, r.board),
                format!("第{}轮没有第{}台", r.round, r.board),
            )
        })?
        .game
        .clone();
    // A server game still going is ended the same way, so its record says what the event
    // says; one already over keeps its record.
    if let (Some(game), Some(action)) = (game.as_deref().and_then(GameId::parse), ending(outcome)) {
        // On whichever node owns the game (see `cluster::forward::arbitrate`); refused if
        // it is over.
        crate::cluster::forward::arbitrate(&app, &game, &action).await?;
    }
    c.set_result(r.round, r.board, outcome)?;
    app.events.commit(&mut all, c).await?;
    Ok(Json(
        json!({"round": r.round, "board": r.board, "result": outcome.to_string()}),
    ))
}

async fn withdraw(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: WithdrawRequest = body(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let note = c.withdraw(r.player)?;
    // His game of the round in progress, if unfinished, is the arbiter's to adjudicate
    // (1960 §14): it is listed so the console can offer it.
    let unfinished: Vec<Value> = c
        .boards
        .iter()
        .filter(|b| (b.red == r.player || b.black == r.player) && c.outcome_of(b).is_none())
        .map(|b| json!({"round": b.round, "board": b.board, "game": b.game}))
        .collect();
    app.events.commit(&mut all, c).await?;
    Ok(Json(
        json!({"player": r.player, "note": note, "to_adjudicate": unfinished}),
    ))
}

/// `GET /api/events/{id}/ws`: the event's view now, then again after every change (a
/// result coming in, a round paired…), instead of the pages polling. Read-only: messages
/// from the client are ignored; a ping every 25 s keeps proxies from closing it.
async fn live(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> Result<Response, ApiError> {
    use axum::extract::ws::Message;
    let text = |h| {
        headers
            .get(h)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
    };
    if !crate::ws::origin_allowed(text(header::ORIGIN), text(header::HOST), &app.config.net) {
        let refusal = json!({"error": "origin", "status": 403, "message": "WebSocket origin not allowed",
                             "message_zh": "不接受来自此来源的WebSocket"});
        return Ok((StatusCode::FORBIDDEN, Json(refusal)).into_response());
    }
    app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let mut changes = app.events.subscribe();
    Ok(ws
        .max_message_size(4096)
        .on_upgrade(move |mut socket| async move {
            let view = |c: Competition| json!({"type": "event", "event": c.view()}).to_string();
            let Some(c) = app.events.get(&id).await else {
                return;
            };
            if socket.send(Message::Text(view(c).into())).await.is_err() {
                return;
            }
            let mut ping = tokio::time::interval(std::time::Duration::from_secs(25));
            loop {
                let changed = tokio::select! {
                    changed = changes.recv() => changed,
                    _ = ping.tick() => {
                        if socket.send(Message::Ping(Bytes::new())).await.is_err() { return; }
                        continue;
                    }
                    incoming = socket.recv() => match incoming {
                        Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                        Some(Ok(_)) => continue,
                    },
                };
                // A page that fell behind gets the view now, which holds every change.
                let ours = match changed {
                    Ok(changed) => changed == id,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => true,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                };
                if !ours {
                    continue;
                }
                let Some(c) = app.events.get(&id).await else {
                    return;
                };
                if socket.send(Message::Text(view(c).into())).await.is_err() {
                    return;
                }
            }
        }))
}

/// `POST /api/events/{id}/officials` (organiser) `{"name", "role": "deputy" | "board"}`:
/// appoints an arbiter with his own link (`officials.rs`).
async fn appoint(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let r: super::request::OfficialRequest = body(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let n = c.add_official(&r.name, r.role)?;
    let token = c
        .derive_official_link(bearer(&headers)?, n)
        .ok_or_else(|| Refused(format!("no arbiter {n}"), format!("没有{n}号裁判")))?;
    app.events.commit(&mut all, c).await?;
    drop(all);
    let url = format!(
        "{}/e/{id}/organiser#t={}",
        base_url(&app, &headers),
        token.as_str()
    );
    let answer = json!({"official": n, "role": r.role, "token": token.as_str(), "url": url});
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `POST /api/events/{id}/assign` (organiser or chief arbiter) `{"round", "official",
/// "boards"}`: a board arbiter's boards in a round; warns beyond 1960 §18's ratios.
async fn assign(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: super::request::AssignRequest = body(&bytes)?;
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    if !matches!(
        role(&c, &headers, Holder::OrganiserOrArbiter)?,
        Role::Organiser | Role::Arbiter
    ) {
        return Err(ApiError::NotHolder(Holder::OrganiserOrArbiter));
    }
    let warnings = c.assign(r.official, r.round, &r.boards)?;
    app.events.commit(&mut all, c).await?;
    let (en, zh): (Vec<String>, Vec<String>) = warnings.into_iter().unzip();
    Ok(Json(json!({
        "official": r.official, "round": r.round, "boards": r.boards,
        "warnings": en, "warnings_zh": zh,
    })))
}

/// `GET /api/events/{id}/links` (organiser): every link of the event, again.
async fn list_links(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    organiser(&c, &headers)?;
    let secret = bearer(&headers)?;
    let base = base_url(&app, &headers);
    let url =
        |page: &str, t: Option<Token>| t.map(|t| format!("{base}/e/{id}/{page}#t={}", t.as_str()));
    let players: Vec<Value> = c
        .entries
        .iter()
        .filter(|e| !e.removed)
        .map(|e| {
            json!({
                "player": e.id, "number": e.number, "name": e.player.name, "club": e.player.club,
                "team": e.team.map(|t| t.0), "issued": e.link + 1,
                "url": url("player", c.link_token(secret, links::Holder::Player(e.id))),
            })
        })
        .collect();
    let officials: Vec<Value> = c
        .officials
        .iter()
        .map(|o| {
            json!({
                "official": o.id, "name": o.name, "role": o.role, "boards": o.boards,
                "issued": o.link + 1,
                "url": url("organiser", c.link_token(secret, links::Holder::Official(o.id))),
            })
        })
        .collect();
    Ok(Json(json!({
        "officials": officials,
        "event": c.name,
        "organiser": {"url": format!("{base}/e/{id}/organiser#t={secret}")},
        "arbiter": {"url": url("organiser", c.link_token(secret, links::Holder::Arbiter)),
                    "issued": c.arbiter_link + 1},
        "players": players,
    })))
}

/// `POST /api/events/{id}/links` (organiser) `{"player": N}` or `{"arbiter": true}`:
/// re-issues that link; the old one stops working at once, on every game of the event.
async fn reissue_link(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: super::request::ReissueRequest = body(&bytes)?;
    let holder = match (r.player, r.official, r.arbiter) {
        (Some(n), None, None | Some(false)) => links::Holder::Player(n),
        (None, Some(n), None | Some(false)) => links::Holder::Official(n),
        (None, None, Some(true)) => links::Holder::Arbiter,
        _ => {
            return Err(ApiError::Invalid(crate::error::Invalid::new(
                "player",
                "give one of a player's number, an official's number or \"arbiter\": true",
                "请给出选手编号、裁判编号或 \"arbiter\": true 之一",
            )));
        }
    };
    let mut all = app.events.lock().await;
    let mut c = find(&all, &id)?.clone();
    organiser(&c, &headers)?;
    let token = c.reissue(bearer(&headers)?, holder)?;
    app.events.commit(&mut all, c).await?;
    drop(all);
    let base = base_url(&app, &headers);
    let (page, who) = match holder {
        links::Holder::Arbiter => ("organiser", json!("arbiter")),
        links::Holder::Player(n) => ("player", json!(n)),
        links::Holder::Official(n) => ("organiser", json!({"official": n})),
    };
    Ok(Json(json!({
        "holder": who, "token": token.as_str(),
        "url": format!("{base}/e/{id}/{page}#t={}", token.as_str()),
    })))
}

async fn me(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let Role::Player(me) = role(&c, &headers, Holder::Player)? else {
        return Err(ApiError::NotHolder(Holder::Player));
    };
    let games: Vec<Value> = c
        .boards
        .iter()
        .filter(|b| b.red == me || b.black == me)
        .map(|b| {
            let (side, opponent) = if b.red == me {
                ("red", b.black)
            } else {
                ("black", b.red)
            };
            json!({
                "round": b.round, "board": b.board, "side": side, "opponent": opponent,
                "opponent_name": c.entry(opponent).map(|e| e.player.name.clone()),
                "game": b.game, "result": c.outcome_of(b).map(|o| o.to_string()),
            })
        })
        .collect();
    let current = c
        .boards
        .iter()
        .rev()
        .find(|b| (b.red == me || b.black == me) && c.outcome_of(b).is_none())
        .and_then(|b| b.game.clone());
    let entry = c.entry(me).ok_or(ApiError::NotHolder(Holder::Player))?;
    Ok(Json(json!({
        "player": me, "number": entry.number, "name": entry.player.name, "withdrawn": entry.removed,
        "current_game": current, "games": games,
    })))
}

async fn export(
    State(app): App,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let format = query
        .as_deref()
        .unwrap_or("")
        .split('&')
        .find_map(|p| p.strip_prefix("format="))
        .unwrap_or("html")
        .to_owned();
    let table = || {
        c.tournament.as_ref().ok_or_else(|| {
            ApiError::EventRefused(
                "no crosstable yet: the first round has not been paired, or a knockout (export it as pgn)".into(),
                "还没有成绩表：第一轮尚未编排，或这是淘汰赛（请导出PGN）".into(),
            )
        })
    };
    let (kind, text) = match format.as_str() {
        "trf" => ("text/plain; charset=utf-8", to_trf(table()?)),
        "csv" => (
            "text/csv; charset=utf-8",
            Crosstable::build(table()?).to_csv(),
        ),
        "html" => (
            "text/html; charset=utf-8",
            Crosstable::build(table()?).to_html(),
        ),
        "pgn" => ("text/plain; charset=utf-8", pgn(&app, &c).await?),
        other => {
            return Err(ApiError::Invalid(crate::error::Invalid::new(
                "format",
                format!("format={other}: expected trf, html, csv or pgn"),
                format!("导出格式{other}不可用：应为trf、html、csv或pgn"),
            )));
        }
    };
    let disposition = format!("attachment; filename=\"event-{id}.{format}\"");
    let mut response = (
        [
            (header::CONTENT_TYPE, kind.to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response();
    // An HTML crosstable is a download, never a page of this site.
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'".parse().expect("static"),
    );
    Ok(response)
}

/// Every game of the event, in round and board order, with the event's name and the round.
async fn pgn(app: &Arc<AppState>, c: &Competition) -> Result<String, ApiError> {
    let mut out = String::new();
    for b in &c.boards {
        let Some(id) = b.game.as_deref().and_then(GameId::parse) else {
            continue;
        };
        // From the database, the one truth, whichever node plays the game: it holds every
        // acknowledged move.
        let data = crate::export::stored_record(app, &id).await?;
        let text = crate::export::render(&data, crate::export::RecordFormat::PgnChinese)?;
        let name = c.name.replace(['"', '\\'], "'");
        let text = text.replacen(
            "[Event \"Xiangqi Arbiter\"]",
            &format!("[Event \"{name}\"]\n[Round \"{}.{}\"]", b.round, b.board),
            1,
        );
        out.push_str(&text);
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entered_result_ends_a_game_with_an_arbiter_action_the_game_reads() {
        use xiangqi_game::ArbiterAction;
        let read = |o| {
            let body = ending(o).map(|v| v.to_string());
            body.map(|b| crate::request::parse_arbiter(b.as_bytes()))
        };
        assert!(matches!(
            read(Outcome::FirstWins),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::RedWins,
                ..
            }))
        ));
        assert!(matches!(
            read(Outcome::SecondWins),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::BlackWins,
                ..
            }))
        ));
        assert!(matches!(
            read(Outcome::Draw),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::Draw,
                ..
            }))
        ));
        assert_eq!(
            read(Outcome::FirstWinsByForfeit),
            Some(Ok(ArbiterAction::Forfeit {
                side: Side::Black,
                reason: ForfeitReason::Refusal
            }))
        );
        assert_eq!(
            read(Outcome::SecondWinsByForfeit),
            Some(Ok(ArbiterAction::Forfeit {
                side: Side::Red,
                reason: ForfeitReason::Refusal
            }))
        );
        assert!(read(Outcome::DoubleForfeit).is_none());
    }
}
