//! What a game's room tells the rest of the server: a game ended, a foul was committed.
//!
//! A room publishes; whoever cares (the competitions, which score their boards from it)
//! subscribes. The room never calls up into them: it knows only this channel, so the files
//! that play a game sit below the files that run competitions. The channel is unbounded and
//! in order: a room never waits on a subscriber, and no news is dropped (a game's end is a
//! competition's result).

use tokio::sync::mpsc;
use xiangqi_clock::BySide;
use xiangqi_game::Ruling;

use crate::ids::GameId;

/// One piece of news from a game.
#[derive(Debug, Clone)]
pub enum GameNews {
    /// The game ended (stored before this is sent).
    Ended {
        /// The game.
        game: GameId,
        /// How.
        ruling: Ruling,
    },
    /// A foul was committed: the game's count of fouls by side now.
    Fouls {
        /// The game.
        game: GameId,
        /// Fouls by side.
        fouls: BySide<u32>,
    },
}

/// The sending end, one clone per room.
#[derive(Debug, Clone)]
pub struct Publisher {
    tx: mpsc::UnboundedSender<GameNews>,
}

/// The receiving end: the one subscriber.
pub type Subscriber = mpsc::UnboundedReceiver<GameNews>;

impl Publisher {
    /// A publisher and its subscriber.
    ///
    /// ```
    /// use xiangqi_server::news::{GameNews, Publisher};
    /// let (publisher, mut subscriber) = Publisher::channel();
    /// let game = xiangqi_server::ids::GameId::parse("abcdefghjk").unwrap();
    /// publisher.publish(GameNews::Fouls { game, fouls: Default::default() });
    /// assert!(matches!(subscriber.try_recv(), Ok(GameNews::Fouls { .. })));
    /// ```
    pub fn channel() -> (Publisher, Subscriber) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Publisher { tx }, rx)
    }

    /// Sends `news`; with no subscriber left (the server stopping) it is dropped.
    pub fn publish(&self, news: GameNews) {
        let _ = self.tx.send(news);
    }
}
