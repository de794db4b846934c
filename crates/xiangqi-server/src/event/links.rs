//! The secret links of an event (the arbiters', the players', the team captains'), listed
//! again at any time and re-issued on demand: someone always loses his link.
//!
//! The server keeps only the digests of tokens (API.md, *Create a game*). A player's and the
//! arbiter's tokens are therefore *derived* from the organiser's
//! ([`Token::derive`](crate::ids::Token::derive): HMAC-SHA-256 keyed by the organiser's
//! token, over the event, the holder and the link's generation), so that whoever holds the
//! organiser's link, and only he, can be shown every link again. A captain's link acts only
//! on the event's own routes (his team's line-ups), where the current digest alone is
//! recognised: the old one stops working at once. Re-issuing a link takes
//! the next generation; the old digest is kept in `revoked` and refused on the games that
//! still hold it, while the new token is recognised on them through the event
//! (`event::games::actor_in_event`). Links registered before this scheme (random tokens)
//! are not listed (`null`) until they are re-issued.

use crate::ids::{Token, TokenHash};
use xiangqi_competition::{Competition, Refused};

/// Whose link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// The event arbiter (chief arbiter).
    Arbiter,
    /// A player, by registration number.
    Player(u32),
    /// A deputy or board arbiter, by his number (`officials.rs`).
    Official(u32),
    /// A team's captain (领队), by the team's number: he names the line-ups.
    Captain(u32),
}

fn label(event: &str, holder: Holder, generation: u32) -> String {
    match holder {
        Holder::Arbiter => format!("{event}/arbiter/{generation}"),
        Holder::Player(n) => format!("{event}/player/{n}/{generation}"),
        Holder::Official(n) => format!("{event}/official/{n}/{generation}"),
        Holder::Captain(n) => format!("{event}/captain/{n}/{generation}"),
    }
}

/// The token of `holder`'s link of generation `generation` in event `event`, derived from
/// the organiser's token.
///
/// ```
/// use xiangqi_server::event::links::{Holder, token};
/// let a = token("ev", "secret", Holder::Player(1), 0);
/// assert_ne!(a, token("ev", "secret", Holder::Player(1), 1));
/// assert_ne!(a, token("ev", "secret", Holder::Player(2), 0));
/// assert_ne!(a, token("ev", "other", Holder::Player(1), 0));
/// ```
pub fn token(event: &str, organiser: &str, holder: Holder, generation: u32) -> Token {
    Token::derive(organiser, &label(event, holder, generation))
}

fn matches(hex: &str, token: &Token) -> bool {
    TokenHash::from_hex(hex).is_some_and(|h| h.matches(token.as_str()))
}

fn digest_and_generation(c: &Competition, holder: Holder) -> Option<(&str, u32)> {
    match holder {
        Holder::Arbiter => Some((&c.arbiter_sha256, c.arbiter_link)),
        Holder::Player(n) => c.entry(n).map(|e| (e.token_sha256.as_str(), e.link)),
        Holder::Official(n) => c
            .officials
            .iter()
            .find(|o| o.id == n)
            .map(|o| (o.token_sha256.as_str(), o.link)),
        Holder::Captain(n) => c
            .teams
            .iter()
            .find(|t| t.id == n)
            .map(|t| (t.token_sha256.as_str(), t.link)),
    }
}

/// The current token of `holder`'s link, if it was derived from `organiser` (the
/// organiser's token); `None` for a link made before links were derived.
pub(crate) fn link_token(c: &Competition, organiser: &str, holder: Holder) -> Option<Token> {
    let (digest, generation) = digest_and_generation(c, holder)?;
    let t = token(&c.id, organiser, holder, generation);
    matches(digest, &t).then_some(t)
}

/// Where `holder`'s digest and link generation are kept, to change them; `None` when there
/// is no such player, official or team.
fn slot(c: &mut Competition, holder: Holder) -> Option<(&mut String, &mut u32)> {
    match holder {
        Holder::Arbiter => Some((&mut c.arbiter_sha256, &mut c.arbiter_link)),
        Holder::Player(n) => c
            .entries
            .iter_mut()
            .find(|e| e.id == n)
            .map(|e| (&mut e.token_sha256, &mut e.link)),
        Holder::Official(n) => c
            .officials
            .iter_mut()
            .find(|o| o.id == n)
            .map(|o| (&mut o.token_sha256, &mut o.link)),
        Holder::Captain(n) => c
            .teams
            .iter_mut()
            .find(|t| t.id == n)
            .map(|t| (&mut t.token_sha256, &mut t.link)),
    }
}

/// The refusal for a holder the event does not have.
fn missing(holder: Holder) -> Refused {
    match holder {
        Holder::Player(n) => Refused::Missing(format!("no player {n}"), format!("没有{n}号选手")),
        Holder::Official(n) => {
            Refused::Missing(format!("no arbiter {n}"), format!("没有{n}号裁判"))
        }
        Holder::Captain(n) => Refused::Missing(format!("no team {n}"), format!("没有{n}号队")),
        Holder::Arbiter => Refused::Missing("no arbiter".into(), "没有裁判长".into()),
    }
}

/// Re-issues `holder`'s link: the next generation's token replaces the digest, the old
/// digest is revoked. Returns the new token.
///
/// # Errors
///
/// When there is no such player, official or team.
pub(crate) fn reissue(
    c: &mut Competition,
    organiser: &str,
    holder: Holder,
) -> Result<Token, Refused> {
    let id = c.id.clone();
    let (digest, link) = slot(c, holder).ok_or_else(|| missing(holder))?;
    *link += 1;
    let t = token(&id, organiser, holder, *link);
    let old = std::mem::replace(digest, t.hash().to_hex());
    c.revoked.push(old);
    c.log.push(match holder {
        Holder::Arbiter => format!("the arbiter's link re-issued (link {})", c.arbiter_link),
        Holder::Player(n) => format!("player {n}'s link re-issued"),
        Holder::Official(n) => format!("arbiter {n}'s link re-issued"),
        Holder::Captain(n) => format!("team {n}'s captain's link re-issued"),
    });
    Ok(t)
}

/// Gives a just-registered player, a just-registered team's captain or a just-appointed
/// official his first link, derived from `organiser` (instead of any token he was
/// registered with). Returns it.
///
/// # Errors
///
/// When there is no such player, official or team.
pub(crate) fn first_link(
    c: &mut Competition,
    organiser: &str,
    holder: Holder,
) -> Result<Token, Refused> {
    let t = token(&c.id, organiser, holder, 0);
    let (digest, link) = slot(c, holder).ok_or_else(|| missing(holder))?;
    *link = 0;
    *digest = t.hash().to_hex();
    Ok(t)
}
