//! Which players of a game have a socket open: the pages' sign that the opponent is
//! connected (`{"type": "presence", "red": true, "black": false}` on the WebSocket).
//!
//! Decisions:
//! * **Asked for.** A socket opened with `?presence=1` hears it; others hear nothing new, so
//!   existing clients read exactly the messages they did before. Every player's socket counts.
//! * **Not an event.** Presence is not part of the game: it is not stored, not replayed and
//!   not in the records; a socket hears the presence now when it connects and each change.
//! * **A player is present while any of his sockets is open** (a second tab, a reconnect
//!   that overlaps the old socket). The arbiter and spectators are not counted.
//! * **Per node.** With several nodes a socket counts on the node it is connected to; a
//!   player connected through another node shows as absent there (said in API.md).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::watch;
use xiangqi::Color;

use crate::ids::GameId;

/// Red's and Black's presence.
pub type Present = [bool; 2];

fn index(side: Color) -> usize {
    match side {
        Color::Red => 0,
        Color::Black => 1,
    }
}

#[derive(Debug)]
struct Entry {
    counts: [u32; 2],
    tx: watch::Sender<Present>,
}

/// The open players' sockets of every game on this node.
///
/// ```
/// use std::sync::Arc;
/// use xiangqi_server::ids::GameId;
/// use xiangqi_server::presence::Presence;
/// use xiangqi::Color;
/// let presence = Arc::new(Presence::default());
/// let id = GameId::parse("abcdefghjk").unwrap();
/// let watching = presence.watch(&id);
/// let red = presence.join(&id, Color::Red);
/// assert_eq!(*watching.receiver().borrow(), [true, false]);
/// drop(red);
/// assert_eq!(*watching.receiver().borrow(), [false, false]);
/// drop(watching);
/// assert!(presence.is_empty());
/// ```
#[derive(Debug, Default)]
pub struct Presence {
    games: Mutex<HashMap<GameId, Entry>>,
}

impl Presence {
    fn with<T>(&self, id: &GameId, f: impl FnOnce(&mut Entry) -> T) -> T {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = games.entry(id.clone()).or_insert_with(|| Entry {
            counts: [0, 0],
            tx: watch::channel([false, false]).0,
        });
        f(entry)
    }

    /// A socket's view of game `id`'s presence, kept until the returned guard is dropped.
    pub fn watch(self: &Arc<Self>, id: &GameId) -> Watching {
        let rx = self.with(id, |e| e.tx.subscribe());
        Watching {
            presence: self.clone(),
            id: id.clone(),
            rx,
        }
    }

    /// A player's socket of `side` is open until the returned guard is dropped.
    pub fn join(self: &Arc<Self>, id: &GameId, side: Color) -> Joined {
        self.change(id, side, true);
        Joined {
            presence: self.clone(),
            id: id.clone(),
            side,
        }
    }

    fn change(&self, id: &GameId, side: Color, up: bool) {
        self.with(id, |e| {
            let n = &mut e.counts[index(side)];
            *n = if up { *n + 1 } else { n.saturating_sub(1) };
            let now = [e.counts[0] > 0, e.counts[1] > 0];
            e.tx.send_if_modified(|p| std::mem::replace(p, now) != now);
        });
    }

    /// Forgets a game nobody watches and no player is connected to.
    fn tidy(&self, id: &GameId) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if games
            .get(id)
            .is_some_and(|e| e.counts == [0, 0] && e.tx.receiver_count() == 0)
        {
            games.remove(id);
        }
    }

    /// How many games have an entry (for tests: entries do not pile up).
    pub fn len(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no game has an entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A socket watching a game's presence.
#[derive(Debug)]
pub struct Watching {
    presence: Arc<Presence>,
    id: GameId,
    rx: watch::Receiver<Present>,
}

impl Watching {
    /// The receiver: `borrow()` for now, `changed()` to wait for a change.
    pub fn receiver(&self) -> &watch::Receiver<Present> {
        &self.rx
    }

    /// The receiver, to wait on.
    pub fn receiver_mut(&mut self) -> &mut watch::Receiver<Present> {
        &mut self.rx
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        // This receiver still counts until it is dropped: replace it first.
        let (_, lone) = watch::channel([false, false]);
        drop(std::mem::replace(&mut self.rx, lone));
        self.presence.tidy(&self.id);
    }
}

/// A player's open socket.
#[derive(Debug)]
pub struct Joined {
    presence: Arc<Presence>,
    id: GameId,
    side: Color,
}

impl Joined {
    /// The side this socket plays.
    pub fn side(&self) -> Color {
        self.side
    }
}

impl Drop for Joined {
    fn drop(&mut self) {
        self.presence.change(&self.id, self.side, false);
        self.presence.tidy(&self.id);
    }
}

/// The socket message: `{"type": "presence", "red": …, "black": …}`.
///
/// ```
/// let m: serde_json::Value = serde_json::from_str(&xiangqi_server::presence::message([true, false])).unwrap();
/// assert_eq!(m, serde_json::json!({"type": "presence", "red": true, "black": false}));
/// ```
pub fn message(p: Present) -> String {
    serde_json::json!({"type": "presence", "red": p[0], "black": p[1]}).to_string()
}

/// Whether a WebSocket's query asks for presence messages (`presence=1`).
///
/// ```
/// use xiangqi_server::presence::wanted;
/// assert!(wanted(Some("since=3&presence=1")));
/// assert!(!wanted(Some("since=3")) && !wanted(None) && !wanted(Some("presence=0")));
/// ```
pub fn wanted(query: Option<&str>) -> bool {
    query.is_some_and(|q| q.split('&').any(|pair| pair == "presence=1"))
}
