//! The lobby: open challenges (a time control, a rule set, a colour) that anyone may accept.
//!
//! Decisions:
//! * **A challenge is a game already created.** `POST /api/challenges` creates an ordinary
//!   game at once; the creator gets his own link only (no arbiter's link: the opponent is a
//!   stranger) and waits on the game page. The free side's token is held here, in memory, for
//!   whoever accepts first; it is handed out once and forgotten.
//! * **In memory, per node.** The list is not stored: a restart forgets the open challenges
//!   (their games remain, waiting, as any game whose opponent never came). With several nodes
//!   each node has its own lobby.
//! * **Live.** Every change is sent to the lobby's sockets (`/api/lobby/ws`) as the whole list;
//!   a challenge older than [`MAX_AGE_MS`] is dropped at the next change or look.
//! * **A bounded list**: at most [`MAX_OPEN`] challenges; the creation rate limit of games
//!   applies to challenges too.

use std::sync::{Mutex, PoisonError};

use serde::Serialize;
use tokio::sync::watch;
use xiangqi::Color;

/// How long a challenge stays open (ms).
pub const MAX_AGE_MS: u64 = 60 * 60 * 1000;

/// The most challenges open at once.
pub const MAX_OPEN: usize = 200;

/// One open challenge as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Challenge {
    /// The challenge's id (the game's id: one challenge per game).
    pub id: String,
    /// The time control, in the clock's text form.
    pub control: String,
    /// The rule set's name (`chinese`, `asian`, `chinese1960`).
    pub rules: String,
    /// The creator's side.
    pub creator: Color,
    /// The side left for whoever accepts.
    pub open_side: Color,
    /// When it was made, Unix ms.
    pub created_unix_ms: u64,
}

#[derive(Debug)]
struct Open {
    public: Challenge,
    /// The free side's token (secret): handed to the one who accepts.
    token: String,
}

/// The open challenges of this node, and the channel their sockets listen to.
///
/// ```
/// use xiangqi_server::lobby::{Challenge, Lobby};
/// use xiangqi::Color;
/// let lobby = Lobby::default();
/// let c = Challenge { id: "g1".into(), control: "5m+3s".into(), rules: "chinese".into(),
///     creator: Color::Red, open_side: Color::Black, created_unix_ms: 0 };
/// lobby.open(c, "secret".into(), 0).unwrap();
/// assert_eq!(lobby.list(1).len(), 1);
/// assert_eq!(lobby.accept("g1", 1).unwrap().1, "secret");
/// assert!(lobby.accept("g1", 1).is_none(), "taken once");
/// ```
#[derive(Debug)]
pub struct Lobby {
    open: Mutex<Vec<Open>>,
    tx: watch::Sender<String>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            open: Mutex::new(Vec::new()),
            tx: watch::channel(message(&[])).0,
        }
    }
}

/// The socket message: `{"type": "lobby", "challenges": [...]}`.
pub fn message(challenges: &[Challenge]) -> String {
    serde_json::json!({"type": "lobby", "challenges": challenges}).to_string()
}

impl Lobby {
    fn with<T>(&self, now_ms: u64, f: impl FnOnce(&mut Vec<Open>) -> T) -> T {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let before = open.len();
        open.retain(|o| now_ms.saturating_sub(o.public.created_unix_ms) < MAX_AGE_MS);
        let expired = open.len() != before;
        let len = open.len();
        let out = f(&mut open);
        if expired || open.len() != len {
            let list: Vec<Challenge> = open.iter().map(|o| o.public.clone()).collect();
            self.tx.send_replace(message(&list));
        }
        out
    }

    /// Opens a challenge whose free side plays with `token`.
    ///
    /// # Errors
    ///
    /// When [`MAX_OPEN`] challenges are open: the caller answers `429`.
    pub fn open(&self, c: Challenge, token: String, now_ms: u64) -> Result<(), Challenge> {
        self.with(now_ms, |open| {
            if open.len() >= MAX_OPEN {
                return Err(c);
            }
            open.push(Open { public: c, token });
            Ok(())
        })
    }

    /// The open challenges, oldest first.
    pub fn list(&self, now_ms: u64) -> Vec<Challenge> {
        self.with(now_ms, |open| {
            open.iter().map(|o| o.public.clone()).collect()
        })
    }

    /// Takes challenge `id` for its acceptor: the challenge and the free side's token, once.
    pub fn accept(&self, id: &str, now_ms: u64) -> Option<(Challenge, String)> {
        self.with(now_ms, |open| {
            let i = open.iter().position(|o| o.public.id == id)?;
            let taken = open.remove(i);
            Some((taken.public, taken.token))
        })
    }

    /// Withdraws challenge `id` (its creator's request); whether it was open.
    pub fn cancel(&self, id: &str, now_ms: u64) -> bool {
        self.with(now_ms, |open| {
            let before = open.len();
            open.retain(|o| o.public.id != id);
            open.len() != before
        })
    }

    /// The list's messages: the current one at once, then each change.
    pub fn subscribe(&self) -> watch::Receiver<String> {
        self.tx.subscribe()
    }
}
