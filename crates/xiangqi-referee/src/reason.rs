//! Why a game ended (or why a ruling was made).

use std::fmt;

/// The reason behind a [`Ruling`](crate::Ruling), with the names `xq judge --json` prints
/// (see the referee's contract in `docs/architecture.md`).
///
/// ```
/// use xiangqi_referee::Reason;
/// assert_eq!(Reason::PerpetualCheck.name(), "perpetual_check");
/// assert_eq!(serde_json::to_string(&Reason::CheckAndChase).unwrap(), "\"check_and_chase\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// 将死: the side to move is in check and has no legal move; it loses.
    Checkmate,
    /// 困毙: the side to move is not in check and has no legal move; it loses.
    Stalemate,
    /// 长将: one side checks on every move of a repetition cycle.
    PerpetualCheck,
    /// 长捉: one side chases (threatens to win material) on every move of a cycle.
    PerpetualChase,
    /// 长杀: one side threatens mate on every move of a cycle.
    PerpetualMateThreat,
    /// 一将一捉: one side alternates check and chase through a cycle.
    CheckAndChase,
    /// A repetition cycle in which neither side (or both sides equally) offends: a draw.
    RepetitionDraw,
    /// The natural move limit (自然限着) was reached without a capture.
    NaturalLimit,
    /// Neither side has any piece that can cross the river to attack (无进攻子力).
    InsufficientMaterial,
    /// A move that is not legal in the position it was played in.
    IllegalMove,
}

impl Reason {
    /// All reasons, in the order the contract lists them.
    pub const ALL: [Reason; 10] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::PerpetualCheck,
        Reason::PerpetualChase,
        Reason::PerpetualMateThreat,
        Reason::CheckAndChase,
        Reason::RepetitionDraw,
        Reason::NaturalLimit,
        Reason::InsufficientMaterial,
        Reason::IllegalMove,
    ];

    /// The snake_case name used in JSON, e.g. `"perpetual_chase"`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::PerpetualChase => "perpetual_chase",
            Reason::PerpetualMateThreat => "perpetual_mate_threat",
            Reason::CheckAndChase => "check_and_chase",
            Reason::RepetitionDraw => "repetition_draw",
            Reason::NaturalLimit => "natural_limit",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::IllegalMove => "illegal_move",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
