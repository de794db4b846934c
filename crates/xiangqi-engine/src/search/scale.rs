//! The search's scales, below every file of the search: the score of a mate and of a win by
//! rule, and the deepest ply searched.

/// Mate in 0 plies; a side mated at ply `p` scores `-MATE + p`.
pub const MATE: i32 = 30_000;
/// Wins and losses by a repetition ruling score `±(RULE_WIN - ply)`.
pub const RULE_WIN: i32 = 20_000;
/// Above every score: the bounds of a full window.
pub const INF: i32 = 32_000;
/// The deepest ply searched.
pub const MAX_PLY: usize = 100;
