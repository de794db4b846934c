//! The server games of an event's boards: created when a round is paired, and their endings
//! flowing back into the event.

use std::sync::Arc;

use xiangqi::Color;
use xiangqi_competition::create_event::{EventSpec, parse_create_event};
use xiangqi_competition::{Board, Competition, Refused};
use xiangqi_game::{Actor, Event, GameResult, Ruling};
use xiangqi_tournament::Outcome;

use crate::error::ApiError;
use crate::ids::{GameId, TokenHash};
use crate::new_game::Seats;
use crate::request::parse_template;
use crate::state::AppState;
use crate::store::MoreTokens;

fn digest(hex: &str) -> Result<TokenHash, ApiError> {
    TokenHash::from_hex(hex).ok_or_else(|| ApiError::Storage("a bad token digest".into()))
}

/// A player's name as a game's seat shows it (registered names are already checked).
fn seat_name(name: &str) -> Option<String> {
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Creates the server game of board `b`: the event's game options with the players' names,
/// the red player's and the black player's event tokens as the sides' tokens, and the event
/// arbiter's token as the game's arbiter token, by the server's one way of opening a game
/// ([`crate::new_game::open`]). Returns once the game is committed.
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
    // The event's template is read as `POST /api/games` reads a body; the names are the
    // event's, set on the typed options.
    let mut spec = parse_template(&c.game)?;
    spec.options.red_name = seat_name(&red.player.name);
    spec.options.black_name = seat_name(&black.player.name);
    let id = GameId::random().map_err(|e| ApiError::Storage(format!("random source: {e}")))?;
    let seats = Seats {
        red: digest(&red.token_sha256)?,
        black: digest(&black.token_sha256)?,
        more: MoreTokens {
            arbiter: Some(digest(&c.arbiter_sha256)?),
            red2: None,
            black2: None,
        },
    };
    crate::new_game::open(app, &id, &spec, seats).await?;
    Ok(id)
}

/// Reads `POST /api/events`, the games' template read by the reader of `POST /api/games`
/// ([`parse_template`]): a template that makes no game is refused when the event is made.
///
/// # Errors
///
/// `400` for JSON that is not the request, `422` naming the field or game option at fault.
///
/// ```
/// use xiangqi_server::event::games::parse_event;
/// assert!(parse_event(br#"{"system": "match", "rules": "chinese1960"}"#).is_ok());
/// assert!(parse_event(br#"{"system": "match", "rules": "1961"}"#).is_err());
/// assert!(parse_event(br#"{"system": "match", "options": {"fen": "x"}}"#).is_err());
/// ```
pub fn parse_event(bytes: &[u8]) -> Result<EventSpec, ApiError> {
    parse_create_event(bytes, |game| parse_template(game).map(|_| ()))
}

/// What a game's end means to the event, red first: a forfeit when the arbiter forfeited a
/// side before any move was made, or for a late arrival (the game was not played: `+-`,
/// `-+`, `--`); otherwise the result over the board.
///
/// ```
/// use xiangqi_server::event::games::outcome_of_game;
/// use xiangqi_server::game::GameResult;
/// use xiangqi_tournament::Outcome;
/// assert_eq!(outcome_of_game(GameResult::RedWins, "checkmate", 30), Some(Outcome::FirstWins));
/// assert_eq!(outcome_of_game(GameResult::BlackWins, "late_arrival", 0), Some(Outcome::SecondWinsByForfeit));
/// assert_eq!(outcome_of_game(GameResult::Ongoing, "", 3), None);
/// ```
pub fn outcome_of_game(result: GameResult, reason: &str, ply: u32) -> Option<Outcome> {
    let forfeit = xiangqi_game::Ending::parse(reason).is_default_win(ply);
    Some(match (result, forfeit) {
        (GameResult::RedWins, false) => Outcome::FirstWins,
        (GameResult::RedWins, true) => Outcome::FirstWinsByForfeit,
        (GameResult::BlackWins, false) => Outcome::SecondWins,
        (GameResult::BlackWins, true) => Outcome::SecondWinsByForfeit,
        (GameResult::Draw, _) => Outcome::Draw,
        (GameResult::BothLose, _) => Outcome::DoubleForfeit,
        (GameResult::Ongoing, _) => return None,
    })
}

/// The event's result of a game's ruling.
pub(crate) fn outcome_of_ruling(r: &Ruling) -> Option<Outcome> {
    outcome_of_game(r.result, r.reason_name(), r.ply)
}

/// The fouls of each side in a stored game's events (the last count of each side's
/// `foul` events), for the start-up's catching up.
pub(crate) fn stored_fouls(events: &[Event]) -> [u32; 2] {
    let mut fouls = [0, 0];
    for e in events {
        if let Event::Foul { side, sanction, .. } = e {
            fouls[usize::from(*side == Color::Black)] = sanction.count;
        }
    }
    fouls
}

/// Changes, on a task of its own, the event that plays game `id` (if any) with `change`
/// (given the event and the game's round and board; `Ok(false)`: nothing to store), then
/// commits it. In a cluster only the node serving the competitions changes them; it finds
/// a game's end and fouls by itself (`event::restore`, every renewal).
fn on_board(
    app: &Arc<AppState>,
    id: &GameId,
    what: &'static str,
    change: impl FnOnce(&mut Competition, u32, u32) -> Result<bool, Refused> + Send + 'static,
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
        let Some(handle) = app.events.settled_playing(&id).await else {
            return;
        };
        let game = id.clone();
        let done = handle
            .run(move |desk| async move {
                let mut c = desk.copy();
                let Some((round, board)) = c.board_of_game(&game) else {
                    return Ok(());
                };
                match change(&mut c, round, board) {
                    Ok(true) => desk.commit(c).await,
                    Ok(false) => Ok(()),
                    Err(e) => {
                        tracing::warn!(%game, error = %e, "a game's {what} did not fit its event");
                        Ok(())
                    }
                }
            })
            .await;
        if let Err(e) = done {
            let event = handle.state().id.clone();
            tracing::error!(%event, game = %id, error = %e, "a game's {what} was not recorded");
        }
    });
}

/// Called by a game's room once its end is committed: the event that plays the game (if
/// any) records the result. Runs on its own task, so the room never waits for the event.
pub fn game_ended(app: &Arc<AppState>, id: &GameId, ruling: &Ruling) {
    let ruling = ruling.clone();
    on_board(app, id, "result", move |c, round, board| {
        record_ending(c, round, board, &ruling)
    });
}

/// Records a game's end on its board as the books have it: the result, and for a
/// disqualification (除名, 1960 §18 九) the player's leaving the event as well
/// (`disqualification.rs`), wherever the end is found (the room's news on the node serving
/// the competitions, or the catching up after a start or on another node's games,
/// `restore.rs`). A result the organiser or arbiter entered first stands. Whether the event
/// changed.
pub(crate) fn record_ending(
    c: &mut Competition,
    round: u32,
    board: u32,
    ruling: &Ruling,
) -> Result<bool, Refused> {
    let Some(outcome) = outcome_of_ruling(ruling) else {
        return Ok(false);
    };
    let waiting = c
        .boards
        .iter()
        .find(|b| b.round == round && b.board == board)
        .is_some_and(|b| c.outcome_of(b).is_none());
    if !waiting {
        return Ok(false);
    }
    c.set_result(round, board, outcome)?;
    let disqualified = ruling
        .offender
        .filter(|_| ruling.reason == Some(xiangqi_game::Ending::Disqualification));
    if let Some(side) = disqualified
        && let Err(e) = c.disqualify(round, board, mover_of(side))
    {
        tracing::warn!(error = %e, "a disqualified player could not leave his event");
    }
    Ok(true)
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
    let by = app
        .events
        .playing(id)
        .and_then(|h| crate::desk_signer::signer_in(&h.state(), token));
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
    let c = app.events.playing(game.as_str())?.state();
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
    [(b.red, Color::Red), (b.black, Color::Black)]
        .into_iter()
        .find(|(p, _)| c.entry(*p).is_some_and(|e| is(&e.token_sha256)))
        .map(|(_, side)| Actor::Player { side, seat: 0 })
}

/// The board's seat of a game's side: red moves first on an event's board.
fn mover_of(side: Color) -> xiangqi_tournament::Mover {
    match side {
        Color::Red => xiangqi_tournament::Mover::First,
        Color::Black => xiangqi_tournament::Mover::Second,
    }
}
