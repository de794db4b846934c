//! A computer opponent chosen at creation (`"computer": {…}` in `POST /api/games`), stored in
//! the game's options so that a restart brings the opponent back with the game. The room
//! knows nothing of engines: the computer plays through the same actions as a person
//! (the server's `computer` module).

use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// The engine that plays one side.
///
/// ```
/// use xiangqi_game::opponent::Opponent;
/// let o: Opponent = serde_json::from_str(r#"{"side":"black","engine":"builtin","level":2}"#).unwrap();
/// assert_eq!(o.level, Some(2));
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Opponent {
    /// The side the computer plays.
    pub side: Color,
    /// `builtin`, or the name of an engine given to `xq serve --engine`.
    #[serde(default = "builtin")]
    pub engine: String,
    /// The built-in engine's level (1 to 4); ignored for an external engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

fn builtin() -> String {
    "builtin".to_owned()
}
