//! Who takes an arbiter's action, named from the token he acted with, so that the game's
//! events and its record say who ruled (1960 §18: 总裁判长, 副总裁判长, 裁判员). For a game
//! of an event: the organiser, the event's arbiter (the chief), a deputy or a board arbiter
//! with his name (`event/officials.rs`); for a game outside any event: the game's arbiter
//! link. The game stores the name in each event it decides (`xiangqi_game::Signer`).

use std::sync::Arc;

use xiangqi_game::{Action, ArbiterAction, ArbiterRole, Signer};

use crate::event::arbiters::OfficialRole;
use crate::ids::{GameId, TokenHash};
use crate::server::AppState;

/// The official `token` names on game `game`; `None` if the token is no official's.
pub async fn signer(app: &Arc<AppState>, game: &GameId, token: &str) -> Option<Signer> {
    let all = app.events.lock().await;
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
    let c = all
        .values()
        .find(|c| c.board_of_game(game.as_str()).is_some())?;
    let named = |role, name: &str| {
        Some(Signer {
            role,
            name: name.to_owned(),
        })
    };
    if is(&c.organiser_sha256) {
        return named(ArbiterRole::Organiser, "");
    }
    if is(&c.arbiter_sha256) {
        return named(ArbiterRole::Chief, "");
    }
    let o = c.officials.iter().find(|o| is(&o.token_sha256))?;
    let role = match o.role {
        OfficialRole::Deputy => ArbiterRole::Deputy,
        OfficialRole::Board => ArbiterRole::Board,
    };
    named(role, &o.name)
}

/// The arbiter's `action` as the game takes it: signed with the official the token names,
/// else with the game's own arbiter (the only other token that reaches an arbiter action).
pub async fn signed(
    app: &Arc<AppState>,
    id: &str,
    token: Option<&str>,
    action: ArbiterAction,
) -> Action {
    let Some(token) = token else {
        return Action::Arbiter(action);
    };
    let by = match GameId::parse(id) {
        Some(game) => signer(app, &game, token).await,
        None => None,
    };
    Action::Signed {
        by: by.unwrap_or(Signer {
            role: ArbiterRole::Game,
            name: String::new(),
        }),
        action,
    }
}
