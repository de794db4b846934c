//! The server games of an event's boards: created when a round is paired, and their endings
//! flowing back into the event.

use std::sync::Arc;

use super::model::{Board, Competition, outcome_of_game};
use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::request::parse_create;
use crate::server::AppState;
use crate::store::{MoreTokens, NewGame, StoredGame};
use xiangqi_clock::Side;
use xiangqi_game::{Actor, Event, Ruling};

fn digest(hex: &str) -> Result<TokenHash, ApiError> {
    TokenHash::from_hex(hex).ok_or_else(|| ApiError::Storage("a bad token digest".into()))
}

/// Creates the server game of board `b`: the event's game options with the players' names,
/// the red player's and the black player's event tokens as the sides' tokens, and the event
/// arbiter's token as the game's arbiter token. Returns once the game is committed.
///
/// # Errors
///
/// If the event's game options no longer make a game, or the write fails.
pub async fn create(app: &Arc<AppState>, c: &Competition, b: &Board) -> Result<GameId, ApiError> {
    let (Some(red), Some(black)) = (c.entry(b.red), c.entry(b.black)) else {
        return Err(ApiError::Storage(format!(
            "round {} board {}: unknown player",
            b.round, b.board
        )));
    };
    let mut body = c.game.clone();
    if let Some(map) = body.as_object_mut() {
        map.insert("red_name".into(), red.player.name.clone().into());
        map.insert("black_name".into(), black.player.name.clone().into());
    }
    let spec = parse_create(body.to_string().as_bytes())?;
    let id = GameId::random().map_err(|e| ApiError::Storage(format!("random source: {e}")))?;
    let created_unix_ms = app.time.now_ms();
    let created = Event::Created {
        control: spec.control.to_string(),
        rules: spec.rules,
        fen: spec.start.fen(),
        created_unix_ms,
        options: Box::new(spec.options),
    };
    let more = MoreTokens {
        arbiter: Some(digest(&c.arbiter_sha256)?),
        red2: None,
        black2: None,
    };
    let new = NewGame {
        id: id.clone(),
        created_unix_ms,
        red: digest(&red.token_sha256)?,
        black: digest(&black.token_sha256)?,
        more: more.clone(),
        created: created.clone(),
    };
    app.reserve(&id).await?;
    app.store.create_game(&new).await?;
    app.install_room(
        &id,
        StoredGame {
            red: new.red,
            black: new.black,
            more,
            events: vec![created],
        },
    )
    .await?;
    Ok(id)
}

/// The event's result of a game's ruling.
pub(crate) fn outcome_of_ruling(r: &Ruling) -> Option<xiangqi_tournament::Outcome> {
    outcome_of_game(r.result, &r.reason, r.ply)
}

/// Changes, on a task of its own, the event that plays game `id` (if any) with `change`
/// (given the event and the game's round and board; `Ok(false)`: nothing to store), then
/// commits it. In a cluster only the node serving the competitions changes them; it finds
/// a game's end and fouls by itself (`event::restore`, every renewal).
fn on_board(
    app: &Arc<AppState>,
    id: &GameId,
    what: &'static str,
    change: impl FnOnce(&mut Competition, u32, u32) -> Result<bool, super::model::Refused>
    + Send
    + 'static,
) {
    if app
        .cluster
        .as_ref()
        .is_some_and(|n| !n.serves_competitions())
    {
        return;
    }
    let (app, id) = (app.clone(), id.to_string());
    tokio::spawn(async move {
        let mut all = app.events.lock().await;
        let Some(mut c) = all
            .values()
            .find(|c| c.board_of_game(&id).is_some())
            .cloned()
        else {
            return;
        };
        let Some((round, board)) = c.board_of_game(&id) else {
            return;
        };
        match change(&mut c, round, board) {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!(game = %id, error = %e.0, "a game's {what} did not fit its event");
                return;
            }
        }
        let event = c.id.clone();
        if let Err(e) = app.events.commit(&mut all, c).await {
            tracing::error!(%event, game = %id, error = %e, "a game's {what} was not recorded");
        }
    });
}

/// Called by a game's room once its end is committed: the event that plays the game (if
/// any) records the result. Runs on its own task, so the room never waits for the event.
pub fn game_ended(app: &Arc<AppState>, id: &GameId, ruling: &Ruling) {
    let Some(outcome) = outcome_of_ruling(ruling) else {
        return;
    };
    // 除名 (1960 §18 九): the loser also leaves the event (`disqualification.rs`).
    let disqualified = ruling
        .offender
        .filter(|_| ruling.reason == "disqualification");
    on_board(app, id, "result", move |c, round, board| {
        let waiting = c
            .boards
            .iter()
            .find(|b| b.round == round && b.board == board)
            .is_some_and(|b| c.outcome_of(b).is_none());
        // A result the organiser or arbiter entered stands.
        if !waiting {
            return Ok(false);
        }
        c.set_result(round, board, outcome)?;
        if let Some(side) = disqualified
            && let Err(e) = c.disqualify(round, board, side)
        {
            tracing::warn!(error = %e.0, "a disqualified player could not leave his event");
        }
        Ok(true)
    });
}

/// Called by a game's room when a foul is committed: the event that plays the game (if any)
/// counts it (`fouls.rs`). Runs on its own task, like a game's end.
pub fn game_fouls(app: &Arc<AppState>, id: &GameId, fouls: xiangqi_clock::BySide<u32>) {
    on_board(app, id, "fouls", move |c, round, board| {
        c.set_fouls(round, board, [fouls.red, fouls.black])
    });
}

/// The arbiter's `action` on game `id` as the game takes it: signed with the official the
/// token names in the event that plays the game (`desk_signer.rs`), else with the game's own
/// arbiter (the only other token that reaches an arbiter action); unsigned without a token
/// (a competition's action forwarded by another node).
pub async fn signed(
    app: &Arc<AppState>,
    id: &str,
    token: Option<&str>,
    action: xiangqi_game::ArbiterAction,
) -> xiangqi_game::Action {
    let Some(token) = token else {
        return xiangqi_game::Action::Arbiter(action);
    };
    let by = {
        let all = app.events.lock().await;
        all.values()
            .find(|c| c.board_of_game(id).is_some())
            .and_then(|c| crate::desk_signer::signer_in(c, token))
    };
    xiangqi_game::Action::Signed {
        by: by.unwrap_or(xiangqi_game::Signer {
            role: xiangqi_game::ArbiterRole::Game,
            name: String::new(),
        }),
        action,
    }
}

/// Who `token` is on game `game` by the event that plays it, when the game itself does not
/// hold it: the organiser (the arbiter of his event's games), the event arbiter (the chief),
/// a deputy, the board's assigned arbiter (`officials.rs`), or a player whose link was
/// re-issued after the game was created (`links.rs`).
pub async fn actor_in_event(app: &Arc<AppState>, game: &GameId, token: &str) -> Option<Actor> {
    let all = app.events.lock().await;
    let c = all
        .values()
        .find(|c| c.board_of_game(game.as_str()).is_some())?;
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
    if is(&c.organiser_sha256) || is(&c.arbiter_sha256) {
        return Some(Actor::Arbiter);
    }
    let b = c
        .boards
        .iter()
        .find(|b| b.game.as_deref() == Some(game.as_str()))?;
    // A deputy on every game; a board arbiter on the boards assigned to him.
    if c.officials
        .iter()
        .any(|o| is(&o.token_sha256) && o.covers(b.round, b.board))
    {
        return Some(Actor::Arbiter);
    }
    [(b.red, Side::Red), (b.black, Side::Black)]
        .into_iter()
        .find(|(p, _)| c.entry(*p).is_some_and(|e| is(&e.token_sha256)))
        .map(|(_, side)| Actor::Player { side, seat: 0 })
}
