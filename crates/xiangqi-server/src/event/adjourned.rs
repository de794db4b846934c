//! Adjourned games and their resumption (1960 §18 五: the arbiters "排定未了局续赛的次序").
//!
//! An event game is adjourned when its side to move has sealed (封棋, 1960 §11 四). The
//! event lists every such game with its envelope as the paragraph after §11 四 describes the
//! cover: both players' names, the position when play stopped, who sealed and which move
//! (第几着), and the time each side had used. The sealed move itself is never shown: the
//! game keeps it until both players resume ([`xiangqi_clock::Envelope`]).
//!
//! The organiser, the chief arbiter or a deputy sets the date and time each adjourned game
//! resumes; the event page and the game's page show it.
//!
//! # Decisions
//!
//! * **The games' record is the source of truth.** Whether a game is adjourned is read from
//!   its stored events (every node reads the same), not from a room in memory, so the list
//!   is the same on every node of a cluster.
//! * **Only an adjourned game is scheduled**, for a time not past and within a year; a new
//!   time replaces the old one. A schedule outlives the resumption in the record (the event
//!   keeps when the game was to resume) but the list of adjourned games drops the game once
//!   it resumed or ended.
//! * **Times are Unix milliseconds** in the API; the pages show them in the reader's local
//!   time, so nobody converts time zones by hand.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use xiangqi_clock::Side;
use xiangqi_game::{Adjournment, Game};

use super::arbiters::OfficialRole;
use super::model::{Competition, Refused, refuse};
use crate::api::bearer;
use crate::error::{ApiError, Holder};
use crate::ids::{GameId, TokenHash};
use crate::request::body;
use crate::server::AppState;

/// The longest a resumption may be scheduled ahead: a year.
const MAX_AHEAD_MS: u64 = 366 * 24 * 3600 * 1000;

/// When an adjourned game resumes (1960 §18 五).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumption {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// When play resumes, Unix ms.
    pub at_unix_ms: u64,
}

/// `POST /api/events/{id}/adjourned`: when board `board` of round `round` resumes.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ScheduleRequest {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// When, Unix ms.
    pub at_unix_ms: u64,
}

/// The cover of a game's envelope, read from its record: what the arbiter writes on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// Who sealed.
    pub sealer: Side,
    /// The sealer's move number of the sealed move (第几着).
    pub move_number: u32,
    /// The position when play stopped (FEN).
    pub fen: String,
    /// When it was sealed, Unix ms.
    pub sealed_unix_ms: u64,
    /// Time used by each side, ms (red, black).
    pub used_ms: [u64; 2],
    /// Who asked to resume so far (red, black).
    pub ready: [bool; 2],
}

/// The envelope's cover of the game recorded by `events`, if it is adjourned now.
///
/// ```
/// use xiangqi_clock::Side;
/// use xiangqi_game::{Action, Event, Game};
/// use xiangqi_server::event::adjourned::cover;
/// let created = Event::Created {
///     control: "90m".into(), rules: Default::default(),
///     fen: xiangqi::Position::start().fen(), created_unix_ms: 1_000, options: Default::default(),
/// };
/// let mut game = Game::from_created(&created).unwrap();
/// let mut events = vec![created];
/// let steps = [(Side::Red, Action::Move { text: "h2e2".into(), lag_ms: 0 }),
///              (Side::Red, Action::Adjourn(xiangqi_game::Answer::Offer)),
///              (Side::Black, Action::Adjourn(xiangqi_game::Answer::Accept))];
/// for (t, (side, action)) in (1..).zip(steps) {
///     for e in game.decide(side, &action, t * 1000).events { game.apply(&e); events.push(e); }
/// }
/// assert!(cover(&events).is_none(), "agreed, not yet sealed");
/// for e in game.decide(Side::Black, &Action::Seal { text: "h9g7".into() }, 9_000).events {
///     events.push(e);
/// }
/// let c = cover(&events).unwrap();
/// assert_eq!((c.sealer, c.move_number), (Side::Black, 1));
/// assert!(c.sealed_unix_ms > 1_000, "after the game's creation");
/// assert!(c.fen.contains(" b"), "black to move: {}", c.fen);
/// ```
pub fn cover(events: &[xiangqi_game::Event]) -> Option<Cover> {
    let (first, rest) = events.split_first()?;
    let mut game = Game::from_created(first).ok()?;
    for e in rest {
        game.apply(e);
    }
    if game.ruling().is_some() {
        return None;
    }
    let Adjournment::Sealed { ready, .. } = game.adjournment() else {
        return None;
    };
    let envelope = game.clock().envelope()?;
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let used = envelope.time_used();
    Some(Cover {
        sealer: envelope.sealer(),
        move_number: envelope.move_number(),
        fen: game.position().fen(),
        sealed_unix_ms: game
            .created_unix_ms()
            .saturating_add(ms(envelope.sealed_at())),
        used_ms: [ms(used[Side::Red]), ms(used[Side::Black])],
        ready: [ready[Side::Red], ready[Side::Black]],
    })
}

impl Competition {
    /// When round `round`'s board `board` resumes, if scheduled.
    pub fn resumption(&self, round: u32, board: u32) -> Option<u64> {
        self.resumptions
            .iter()
            .find(|r| r.round == round && r.board == board)
            .map(|r| r.at_unix_ms)
    }

    /// Schedules the resumption of round `round`'s board `board` at `at` (Unix ms), `now`
    /// being the time; `adjourned` says whether its game is adjourned now.
    ///
    /// # Errors
    ///
    /// No such board, a board with its result, a game not adjourned, a time past or more
    /// than a year ahead.
    ///
    /// ```
    /// use xiangqi_server::event::model::Competition;
    /// # let mut c: Competition = serde_json::from_value(serde_json::json!({
    /// #   "id": "e", "name": "E", "created_unix_ms": 0, "system": "swiss",
    /// #   "format": {"kind": "cards", "format": "best_of_three", "playoff": "lot"},
    /// #   "organiser_sha256": "", "arbiter_sha256": "", "game": {}, "lot_seed": 1, "entries": [],
    /// #   "boards": [{"round": 1, "board": 1, "red": 1, "black": 2}]})).unwrap();
    /// assert!(c.schedule_resumption(1, 1, 5_000, 1_000, true).is_ok());
    /// assert_eq!(c.resumption(1, 1), Some(5_000));
    /// assert!(c.schedule_resumption(1, 1, 500, 1_000, true).is_err(), "in the past");
    /// assert!(c.schedule_resumption(1, 2, 5_000, 1_000, true).is_err(), "no board 2");
    /// assert!(c.schedule_resumption(1, 1, 5_000, 1_000, false).is_err(), "not adjourned");
    /// ```
    pub fn schedule_resumption(
        &mut self,
        round: u32,
        board: u32,
        at: u64,
        now: u64,
        adjourned: bool,
    ) -> Result<(), Refused> {
        let Some(b) = self
            .boards
            .iter()
            .find(|b| b.round == round && b.board == board)
        else {
            return refuse(
                format!("round {round} has no board {board}"),
                format!("第{round}轮没有第{board}台"),
            );
        };
        if self.outcome_of(b).is_some() {
            return refuse(
                format!("round {round} board {board} has its result: nothing to resume"),
                format!("第{round}轮第{board}台已有结果，没有未了局可续赛"),
            );
        }
        if !adjourned {
            return refuse(
                format!(
                    "round {round} board {board} is not adjourned: only a game with a sealed move is scheduled for resumption"
                ),
                format!("第{round}轮第{board}台没有封棋：只有封棋的未了局才排定续赛"),
            );
        }
        if at < now {
            return refuse(
                "at_unix_ms: that time has passed",
                "续赛时间已经过去，请另选时间",
            );
        }
        if at - now > MAX_AHEAD_MS {
            return refuse("at_unix_ms: more than a year ahead", "续赛时间距今超过一年");
        }
        self.resumptions
            .retain(|r| !(r.round == round && r.board == board));
        self.resumptions.push(Resumption {
            round,
            board,
            at_unix_ms: at,
        });
        self.log.push(format!(
            "round {round} board {board}: resumption scheduled (1960 §18 五)"
        ));
        Ok(())
    }
}

/// Whether `headers` carry the organiser's, the chief arbiter's or a deputy's link.
fn may_schedule(c: &Competition, headers: &HeaderMap) -> Result<(), ApiError> {
    let need = Holder::OrganiserOrArbiter;
    let token = bearer(headers).map_err(|_| ApiError::TokenNeeded(need))?;
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
    let deputy = c
        .officials
        .iter()
        .any(|o| o.role == OfficialRole::Deputy && is(&o.token_sha256));
    if is(&c.organiser_sha256) || is(&c.arbiter_sha256) || deputy {
        Ok(())
    } else {
        Err(ApiError::NotHolder(need))
    }
}

/// The boards of `c` still without a result whose game is adjourned, with their covers.
async fn adjourned_boards(
    app: &Arc<AppState>,
    c: &Competition,
) -> Result<Vec<(u32, u32, String, Cover)>, ApiError> {
    let mut out = Vec::new();
    for b in c.boards.iter().filter(|b| c.outcome_of(b).is_none()) {
        let Some(game) = b.game.as_deref() else {
            continue;
        };
        let Some(id) = GameId::parse(game) else {
            continue;
        };
        let Some(stored) = app.store.load(&id).await? else {
            continue;
        };
        if let Some(cover) = cover(&stored.events) {
            out.push((b.round, b.board, game.to_owned(), cover));
        }
    }
    Ok(out)
}

/// `GET /api/events/{id}/adjourned` (anyone): every adjourned game with its envelope's
/// cover and its resumption, if scheduled. Never the sealed move.
pub async fn list(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let c = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    let games = adjourned_boards(&app, &c).await?;
    let name = |n: u32| {
        c.entry(n)
            .map(|e| e.player.name.clone())
            .unwrap_or_default()
    };
    let side = |s: Side| if s == Side::Red { "red" } else { "black" };
    let rows: Vec<Value> = games
        .into_iter()
        .filter_map(|(round, board, game, cv)| {
            let b = c
                .boards
                .iter()
                .find(|b| b.round == round && b.board == board)?;
            Some(json!({
                "round": round, "board": board, "game": game,
                "red": b.red, "black": b.black, "red_name": name(b.red), "black_name": name(b.black),
                "sealed_by": side(cv.sealer), "move_number": cv.move_number, "fen": cv.fen,
                "sealed_unix_ms": cv.sealed_unix_ms, "used_ms": cv.used_ms, "ready": cv.ready,
                "resumes_unix_ms": c.resumption(round, board),
            }))
        })
        .collect();
    Ok(Json(json!({"adjourned": rows})))
}

/// `POST /api/events/{id}/adjourned` (organiser, chief arbiter or deputy) `{"round",
/// "board", "at_unix_ms"}`: schedules the resumption of an adjourned game.
pub async fn schedule(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: ScheduleRequest = body(&bytes)?;
    let snapshot = app.events.get(&id).await.ok_or(ApiError::NoEvent)?;
    may_schedule(&snapshot, &headers)?;
    // Read the game before taking the events' lock: a sealed game stays sealed until both
    // players resume, which the schedule does not need to be atomic with.
    let game = snapshot
        .boards
        .iter()
        .find(|b| b.round == r.round && b.board == r.board)
        .and_then(|b| b.game.clone());
    let adjourned = match game.as_deref().and_then(GameId::parse) {
        Some(g) => app
            .store
            .load(&g)
            .await?
            .is_some_and(|s| cover(&s.events).is_some()),
        None => false,
    };
    let now = app.time.now_ms();
    let mut all = app.events.lock().await;
    let mut c = all.get(&id).cloned().ok_or(ApiError::NoEvent)?;
    c.schedule_resumption(r.round, r.board, r.at_unix_ms, now, adjourned)?;
    app.events.commit(&mut all, c).await?;
    Ok(Json(json!({
        "round": r.round, "board": r.board, "at_unix_ms": r.at_unix_ms,
    })))
}
