//! Why an engine game ended: the referee's ruling, a flag, a forfeit, a resignation or an
//! adjudication. Below both the game loop and the score adjudication, which both end games.

use xiangqi::Color;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The referee ruled (an illegal move included).
    Ruled,
    /// A flag fell.
    Flag {
        /// Who lost on time.
        loser: Color,
    },
    /// An engine failed (crash, hang, garbage, no move, unreadable move).
    Forfeit {
        /// The side whose engine failed.
        loser: Color,
        /// What happened.
        why: String,
    },
    /// An engine resigned (`bestmove … resign`) or the resign rule acted.
    Resigned {
        /// Who resigned.
        loser: Color,
        /// By the resign rule rather than by the engine.
        adjudicated: bool,
    },
    /// The draw rule or the ply limit acted.
    AdjudicatedDraw,
}
