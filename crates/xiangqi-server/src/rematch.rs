//! Rematches: after a game, either player offers a rematch with the colours swapped; when the
//! other asks too, the new game is created (same control and rules, the names swapped) and
//! each player is sent his own link on his sockets of the old game.
//!
//! Decisions:
//! * **Asked twice is agreed.** `POST /api/games/{id}/rematch` by one player is the offer
//!   (`{"type": "rematch", "offered_by": "red"}` to the game's sockets that asked for
//!   `presence=1`); the same request by the other creates the game. A second request by the
//!   offerer changes nothing; after the creation any request answers the caller's own link.
//! * **Private links.** The new game has new tokens; a player's socket hears only his own link
//!   (`{"type": "rematch", "game": "…", "url": "/g/…#t=…"}`), others only the game's id.
//! * **In memory, per node**, like presence: a restart forgets offers (the games remain); a
//!   game's entry goes with its last socket.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use tokio::sync::watch;
use xiangqi::Color;

use crate::ids::GameId;

/// What the game's sockets know of its rematch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
    /// Who offered, while the offer stands.
    pub offered_by: Option<Color>,
    /// The new game, once agreed: its id and each old side's token in it.
    pub next: Option<Next>,
}

/// An agreed rematch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Next {
    /// The new game's id.
    pub id: String,
    /// The token of the old game's Red and Black in the new game (their colours swapped).
    pub tokens: [String; 2],
}

impl Notice {
    /// The socket message for a socket of `side` (`None`: the arbiter or a spectator).
    ///
    /// ```
    /// use xiangqi_server::rematch::{Next, Notice};
    /// use xiangqi::Color;
    /// let n = Notice { offered_by: None, next: Some(Next { id: "g".into(), tokens: ["r".into(), "b".into()] }) };
    /// assert_eq!(n.message(Some(Color::Black))["url"], "/g/g#t=b");
    /// assert!(n.message(None).get("url").is_none());
    /// ```
    pub fn message(&self, side: Option<Color>) -> serde_json::Value {
        let mut m = serde_json::json!({"type": "rematch", "offered_by": self.offered_by});
        if let Some(next) = &self.next {
            m["game"] = next.id.clone().into();
            if let Some(side) = side {
                m["url"] = format!("/g/{}#t={}", next.id, next.tokens[index(side)]).into();
            }
        }
        m
    }
}

pub(crate) fn index(side: Color) -> usize {
    match side {
        Color::Red => 0,
        Color::Black => 1,
    }
}

/// What a rematch request comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The offer stands (made now or before).
    Offered(Color),
    /// Both asked: the caller creates the game, then calls [`Rematches::agreed`].
    Create,
    /// Already agreed: the caller's link.
    Done(Next),
}

/// The rematch offers of the games on this node.
///
/// ```
/// use xiangqi_server::ids::GameId;
/// use xiangqi_server::rematch::{Next, Rematches, Step};
/// use xiangqi::Color;
/// let r = Rematches::default();
/// let id = GameId::parse("abcdefghjk").unwrap();
/// assert_eq!(r.ask(&id, Color::Red), Step::Offered(Color::Red));
/// assert_eq!(r.ask(&id, Color::Red), Step::Offered(Color::Red));
/// assert_eq!(r.ask(&id, Color::Black), Step::Create);
/// r.agreed(&id, Next { id: "n".into(), tokens: ["a".into(), "b".into()] });
/// assert!(matches!(r.ask(&id, Color::Red), Step::Done(_)));
/// assert_eq!(r.entries(), 1);
/// ```
#[derive(Debug, Default)]
pub struct Rematches {
    games: Mutex<HashMap<GameId, watch::Sender<Notice>>>,
}

impl Rematches {
    fn with<T>(&self, id: &GameId, f: impl FnOnce(&watch::Sender<Notice>) -> T) -> T {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let tx = games
            .entry(id.clone())
            .or_insert_with(|| watch::channel(Notice::default()).0);
        f(tx)
    }

    /// Player `side` of game `id` asks for a rematch.
    pub fn ask(&self, id: &GameId, side: Color) -> Step {
        self.with(id, |tx| {
            let now = tx.borrow().clone();
            if let Some(next) = now.next {
                return Step::Done(next);
            }
            match now.offered_by {
                Some(by) if by != side => Step::Create,
                Some(by) => Step::Offered(by),
                None => {
                    tx.send_replace(Notice {
                        offered_by: Some(side),
                        next: None,
                    });
                    Step::Offered(side)
                }
            }
        })
    }

    /// The new game of game `id` exists: every socket of the old game hears it.
    pub fn agreed(&self, id: &GameId, next: Next) {
        self.with(id, |tx| {
            tx.send_replace(Notice {
                offered_by: None,
                next: Some(next),
            });
        });
    }

    /// A socket's view of game `id`'s rematch, kept until the guard is dropped; the game's
    /// entry goes with its last socket.
    pub fn subscribe(self: &std::sync::Arc<Self>, id: &GameId) -> Watching {
        Watching {
            rx: self.with(id, watch::Sender::subscribe),
            rematches: self.clone(),
            id: id.clone(),
        }
    }

    /// How many games hold an offer or a socket's view here (an entry goes with the last).
    pub fn entries(&self) -> usize {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.len()
    }
}

/// A socket watching a game's rematch.
#[derive(Debug)]
pub struct Watching {
    rx: watch::Receiver<Notice>,
    rematches: std::sync::Arc<Rematches>,
    id: GameId,
}

impl Watching {
    /// The receiver, to wait on.
    pub fn receiver_mut(&mut self) -> &mut watch::Receiver<Notice> {
        &mut self.rx
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        drop(std::mem::replace(
            &mut self.rx,
            watch::channel(Notice::default()).1,
        ));
        let mut games = self
            .rematches
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if games
            .get(&self.id)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            games.remove(&self.id);
        }
    }
}
