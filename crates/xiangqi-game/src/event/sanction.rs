//! What the arbiter records with a foul and with a warning: the one definition both events
//! flatten in.

use serde::{Deserialize, Serialize};
use xiangqi_referee::Signer;

/// What the arbiter records with a foul and with a warning, after the side (and a foul's
/// kind): one definition for both events, so that their fields, and the order the JSON
/// writes them in (`side`, `foul`, `note`, `count`, `ply`, `by`), cannot drift apart. It is
/// flattened into each event rather than holding the side, because a foul's kind stands
/// between the side and the rest.
///
/// ```
/// use xiangqi::Color;
/// use xiangqi_game::{Event, FoulKind, Sanction};
/// let sanction = Sanction { note: String::new(), count: 2, ply: 31, by: None };
/// let foul = Event::Foul { side: Color::Red, foul: FoulKind::IllegalMove, sanction: sanction.clone() };
/// let json = serde_json::to_string(&foul).unwrap();
/// assert_eq!(json, r#"{"kind":"foul","side":"red","foul":"illegal_move","note":"","count":2,"ply":31}"#);
/// assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), foul);
/// let warned = Event::Warned { side: Color::Black, sanction };
/// let json = serde_json::to_string(&warned).unwrap();
/// assert_eq!(json, r#"{"kind":"warned","side":"black","note":"","count":2,"ply":31}"#);
/// assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), warned);
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Sanction {
    /// The arbiter's words.
    #[serde(default)]
    pub note: String,
    /// The side's fouls (or warnings) in this game, this one included.
    pub count: u32,
    /// The ply (moves played) when it was recorded.
    pub ply: u32,
    /// Who took the action (see [`Signer`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Signer>,
}
