//! Who takes an arbiter's action, named from the token he acted with, so that the game's
//! events and its record say who ruled (1960 §18: 总裁判长, 副总裁判长, 裁判员). For a game
//! of an event: the organiser, the event's arbiter (the chief), a deputy or a board arbiter
//! with his name (`event/officials.rs`); for a game outside any event: the game's arbiter
//! link. The game stores the name in each event it decides (`xiangqi_game::Signer`).

use xiangqi_game::{ArbiterRole, Signer};

use crate::ids::TokenHash;
use xiangqi_competition::Competition;
use xiangqi_competition::arbiters::OfficialRole;

/// The official `token` names in event `c` (whose game is acted on); `None` if the token
/// is no official's of the event. The room's own arbiter token signs as
/// [`ArbiterRole::Game`] (`event::games::signed`).
pub fn signer_in(c: &Competition, token: &str) -> Option<Signer> {
    let is = |hex: &str| TokenHash::from_hex(hex).is_some_and(|h| h.matches(token));
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
